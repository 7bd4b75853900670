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
from hanabi_desktop.engine.events import TILE_TEXT, Tile
from hanabi_desktop.engine.variants import RATINGS_25, RATINGS_30


def _ranks(copies: tuple[int, ...]) -> str:
    return ",".join(str(r) for r, n in zip(range(1, 6), copies, strict=True) for _ in range(n))


def rating_scale(variant: Variant) -> list[str]:
    """The rulebook's rating lines for this variant's maximum ('21-24: amazing')."""
    if variant.final_flourish:
        return [f"{variant.max_score}: victory (every firework complete)", "anything else: defeat"]
    scale = RATINGS_30 if variant.max_score == 30 else RATINGS_25
    lines, low = [], 0
    for top, text in scale:
        lines.append(f"{low}-{top}: {text}" if top > low else f"{top}: {text}")
        low = top + 1
    return lines


def rules_text(variant: Variant) -> str:
    """Every rule of `variant`, as paragraphs separated by blank lines; headings end with a colon."""
    suits = variant.suits
    deck = variant.deck_size
    p = []
    p.append(f"{variant.name}: {variant.description}")
    p.append("The goal:")
    down = [s.name for s in suits if s.descending]
    how = ("each from 1 up to 5" if not down else
           f"each from 1 up to 5, except {' and '.join(down)}, which goes from 5 down to 1")
    p.append(f"Together, build {len(suits)} fireworks, one per colour, {how} "
             f"(up to {variant.max_score} points). You never see your own cards: you hold them facing away "
             "and see everyone else's.")
    p.append("Set-up:")
    colours = ", ".join(s.name for s in suits)
    p.append(f"2 to 5 players. The deck has {deck} cards in {len(suits)} colours ({colours}). "
             "Each colour has ranks 1,1,1,2,2,3,3,4,4,5 unless said otherwise below. Hands: 5 cards with 2 or 3 "
             f"players, 4 cards with 4 or 5. {MAX_CLUE_TOKENS} clue tokens are available; {MAX_STRIKES} error "
             "tokens end the game. New cards go to the newest (left) slot; you may rearrange your hand at any "
             "time.")
    p.append("Your turn: exactly one of three actions:")
    empty = ("Empty clues are allowed here ('you have no blue cards')." if variant.empty_clues else
             "A clue must touch at least one card.")
    p.append(f"  1. Give a clue (costs a clue token; not possible with none): tell one other player about ALL "
             f"their cards of one colour, or of one rank. {empty}")
    p.append(f"  2. Discard a card (returns a clue token; not allowed while all {MAX_CLUE_TOKENS} are "
             "available). Then draw a card if the deck has any.")
    p.append("  3. Play a card: if it continues its firework it is added; otherwise it goes to the discard pile "
             "and an error token is used. Then draw. Completing a firework returns a clue token"
             + (" (with 5 Flamboyants: reveals a bonus tile instead)." if variant.flamboyants else "."))
    p.append("The end:")
    if variant.final_flourish:
        p.append("Final flourish: the game does not end when the deck runs out; play on with shrinking hands. "
                 "You WIN when every firework is complete. You LOSE at the third error, or the moment the last "
                 "copy of a card the display still needs is discarded or misplayed.")
    else:
        p.append(f"The game ends at once with the {MAX_STRIKES}rd error token (the storm: lost, score 0), or at "
                 "once when every firework is complete, or when the last card is drawn: then everyone, the "
                 "drawer included, takes one more turn.")
        penalty = [s.name for s in suits if s.penalty_scoring]
        if penalty:
            p.append(f"Score: one point per card played on each firework, except {' and '.join(penalty)}, which "
                     "loses a point per card missing from it (see below).")
        else:
            p.append("Score: the sum of the top card of each firework.")
    special = []
    for s in suits:
        if s.colour_clues is ColourClues.ALL:
            special.append(f"{s.name.capitalize()} cards count as every colour for clues: a red clue touches red "
                           f"and {s.name} cards, and {s.name} cannot be named. They build their own firework.")
        elif s.colour_clues is ColourClues.NONE:
            special.append(f"{s.name.capitalize()} cards are colourless: no clue may name {s.name}, and colour "
                           "clues never touch them; rank clues work normally.")
        if s.copies != (3, 2, 2, 2, 1):
            special.append(f"{s.name.capitalize()} has {s.size} cards: ranks {_ranks(s.copies)}.")
        if s.descending:
            special.append(f"The {s.name} firework is built in descending order: 5, 4, 3, 2, then 1.")
        if s.penalty_scoring:
            special.append(f"Scoring: -1 point for every card missing from the {s.name} firework (none played: "
                           "-5); the other fireworks score as usual.")
    if variant.flamboyants:
        special.append("5 Flamboyants: six bonus tiles lie face down. Completing a firework reveals the top one, "
                       "instead of a clue token (once all six are used, the clue token again); the player makes "
                       "its choice before the turn passes; a tile with no possible choice is lost:")
        special += [f"  {t.value}. {TILE_TEXT[t]}" + (" (with an empty deck: may do tile 6 instead)"
                                                       if t is Tile.RECOVER else "") for t in Tile]
    if special:
        p.append("This variant:")
        p += special
    p.append("Rating:")
    p += ["  " + line for line in rating_scale(variant)]
    return "\n\n".join(p)
