"""The rules of one variant in the game's own words, for the in-app Rules screen. No pygame.

The text is built from the `Variant`, so it always matches what the engine enforces::

    >>> from hanabi_desktop.engine import get_variant
    >>> text = rules_text(get_variant("black-powder"))
    >>> "descending" in text and "-1 point" in text and "legendary" in text
    True
"""

from __future__ import annotations

from hanabi_desktop.engine import MAX_CLUE_TOKENS, MAX_STRIKES, Variant
from hanabi_desktop.engine.cards import ColourClues
from hanabi_desktop.engine.events import Tile
from hanabi_desktop.engine.variants import RATINGS_25, RATINGS_30
from hanabi_desktop.i18n import _


def _ranks(copies: tuple[int, ...]) -> str:
    return ",".join(str(r) for r, n in zip(range(1, 6), copies, strict=True) for _ in range(n))


def rating_scale(variant: Variant) -> list[str]:
    """The rulebook's rating lines for this variant's maximum ('21-24: amazing')."""
    if variant.final_flourish:
        return [_("{score}: victory (every firework complete)").format(score=variant.max_score), _("anything else: defeat")]
    scale = RATINGS_30 if variant.max_score == 30 else RATINGS_25
    (top, text), *rest = scale
    # a penalty firework (Black Powder) can take a score below 0, so the lowest band has no bottom
    lines = [_("{score} or less: {rating}").format(score=top, rating=_(text)) if any(s.penalty_scoring for s in variant.suits)
             else f"0-{top}: {_(text)}"]
    low = top + 1
    for top, text in rest:
        lines.append(f"{low}-{top}: {_(text)}" if top > low else f"{top}: {_(text)}")
        low = top + 1
    return lines


def rules_text(variant: Variant) -> str:
    """Every rule of `variant`, as paragraphs separated by blank lines; headings end with a colon."""
    suits = variant.suits
    deck = variant.deck_size
    p = []
    p.append(f"{_(variant.name)}: {_(variant.description)}")
    p.append(_("The goal:"))
    down = [_(s.name) for s in suits if s.descending]
    how = (_("each from 1 up to 5") if not down else
           _("each from 1 up to 5, except {suit}, which goes from 5 down to 1").format(suit=_(" and ").join(down)))
    p.append(_("Together, build {n} fireworks, one per colour, {how} "
             "(up to {score} points). You never see your own cards: you hold them facing away "
             "and see everyone else's.").format(n=len(suits), how=how, score=variant.max_score))
    p.append(_("Set-up:"))
    colours = ", ".join(_(s.name) for s in suits)
    p.append(_("2 to 5 players. The deck has {deck} cards in {n} colours ({colours}). "
             "Each colour has ranks 1,1,1,2,2,3,3,4,4,5 unless said otherwise below. Hands: 5 cards with 2 or 3 "
             "players, 4 cards with 4 or 5. {clues} clue tokens are available; {strikes} error "
             "tokens end the game. New cards go to the newest (left) slot; you may rearrange your hand at any "
             "time.").format(deck=deck, n=len(suits), colours=colours, clues=MAX_CLUE_TOKENS, strikes=MAX_STRIKES))
    p.append(_("Your turn: exactly one of three actions:"))
    empty = (_("Empty clues are allowed here ('you have no blue cards').") if variant.empty_clues else
             _("A clue must touch at least one card."))
    p.append("  " + _("1. Give a clue (costs a clue token; not possible with none): tell one other player about ALL "
             "their cards of one colour, or of one rank. {empty}").format(empty=empty))
    p.append("  " + _("2. Discard a card (returns a clue token; not allowed while all {clues} are "
             "available). Then draw a card if the deck has any.").format(clues=MAX_CLUE_TOKENS))
    p.append("  " + (_("3. Play a card: if it continues its firework it is added; otherwise it goes to the discard pile "
             "and an error token is used. Completing a firework reveals a bonus tile instead of returning a clue "
             "token (see below): apply it, then draw.") if variant.flamboyants else
             _("3. Play a card: if it continues its firework it is added; otherwise it goes to the discard pile "
             "and an error token is used. Then draw. Completing a firework returns a clue token.")))
    p.append(_("The end:"))
    if variant.final_flourish:
        p.append(_("Final flourish: the game does not end when the deck runs out; play on with shrinking hands. "
                 "You WIN when every firework is complete. You LOSE at the third error, or the moment the last "
                 "copy of a card the display still needs is discarded or misplayed."))
    else:
        p.append(_("The game ends at once with the third error token (the storm: lost, score 0), or at "
                 "once when every firework is complete, or when the last card is drawn: then everyone, the "
                 "drawer included, takes one more turn."))
        penalty = [_(s.name) for s in suits if s.penalty_scoring]
        if penalty:
            p.append(_("Score: one point per card played on each firework, except {suit}, which "
                     "loses a point per card missing from it (see below).").format(suit=_(" and ").join(penalty)))
        else:
            p.append(_("Score: the sum of the top card of each firework."))
    special = []
    for s in suits:
        if s.colour_clues is ColourClues.ALL:
            special.append(_("{Suit} cards count as every colour for clues: a red clue touches red "
                           "and {suit} cards, and {suit} cannot be named. They build their own firework.").format(Suit=_(s.name).capitalize(), suit=_(s.name)))
        elif s.colour_clues is ColourClues.NONE:
            special.append(_("{Suit} cards are colourless: no clue may name {suit}, and colour "
                           "clues never touch them; rank clues work normally.").format(Suit=_(s.name).capitalize(), suit=_(s.name)))
        if s.copies != (3, 2, 2, 2, 1):
            special.append(_("{Suit} has {n} cards: ranks {ranks}.").format(Suit=_(s.name).capitalize(), n=s.size, ranks=_ranks(s.copies)))
        if s.descending:
            special.append(_("The {suit} firework is built in descending order: 5, 4, 3, 2, then 1.").format(suit=_(s.name)))
        if s.penalty_scoring:
            special.append(_("Scoring: -1 point for every card missing from the {suit} firework (none played: "
                           "-5); the other fireworks score as usual.").format(suit=_(s.name)))
    if variant.flamboyants:
        special.append(_("5 Flamboyants: six bonus tiles lie face down. Completing any firework reveals the top "
                       "one, instead of a clue token (once all six are used, the clue token again); the player makes "
                       "its choice before the turn passes, then draws; a tile with no possible choice is lost:"))
        notes = {
            Tile.RECOVER: _(" (with an empty deck: may do tile 6 instead)"),
            Tile.REPLAY: _(" (a card that does not fit goes back to the discard pile: no error token, the bonus is "
                           "lost; a card that completes a firework reveals the next tile)"),
        }
        special += [f"  {t.value}. {t.text}" + notes.get(t, "") for t in Tile]
        special.append(_("The completion that ends the game (every firework complete, or on the last turn of the "
                       "last round) reveals no tile and gains no clue token."))
        if not variant.final_flourish:
            special.append(_("Tile 5 with an empty deck in the last round: the card goes back into the deck and the "
                           "player draws it at once; the last round goes on as it was."))
    if special:
        p.append(_("This variant:"))
        p += special
    p.append(_("Rating:"))
    p += ["  " + line for line in rating_scale(variant)]
    return "\n\n".join(p)
