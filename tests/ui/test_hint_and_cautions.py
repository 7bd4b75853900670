"""The hint and the optional warnings, without a window: computed from one seat's view only."""

from __future__ import annotations

import sys

from hanabi_desktop.bots.advice import views_of
from hanabi_desktop.engine import (
    ColourClue,
    Discard,
    Game,
    GameRecord,
    Play,
    PlayerView,
    RankClue,
    get_variant,
)
from hanabi_desktop.storage import Settings
from hanabi_desktop.table.cautions import chop, critical_on_chop, double_discard, third_error, warning
from hanabi_desktop.table.hint import advisor_for, describe_hint, hint_for


def _deck_with_own_cards_permuted(game: Game, seat: int) -> tuple:
    """`game`'s deck with `seat`'s dealt cards rotated among themselves (what that seat cannot see)."""
    deck = list(game.deck)
    hand = list(game.hands[seat])
    cards = [deck[o] for o in hand]
    assert len(set(cards)) > 1
    for o, c in zip(hand, cards[1:] + cards[:1], strict=True):
        deck[o] = c
    return tuple(deck)


def test_the_hint_depends_on_the_seats_view_only_never_its_own_hidden_cards() -> None:
    v = get_variant("classic")
    names = ["Ann", "Bob", "Cat"]
    a = Game.new(v, 3, seed="hint-proof", names=names)
    b = Game(v, 3, _deck_with_own_cards_permuted(a, 0), names=names)
    assert a.deck != b.deck
    # three clues between the teammates, none touching Ann's cards: Ann's views of both deals are alike
    for g in (a, b):
        g.apply(RankClue(1, g.deck[g.hands[1][0]].rank))
        g.apply(RankClue(2, g.deck[g.hands[2][0]].rank))
        g.apply(RankClue(1, g.deck[g.hands[1][-1]].rank))
    hints = []
    for g in (a, b):
        views = views_of(GameRecord.of(g), 0)
        assert all(o not in view.visible for view in views for o in view.hands[0])  # no own identity in sight
        hints.append(hint_for(views, "conventions"))
    assert hints[0] == hints[1]


def test_the_hint_is_the_bot_of_the_games_level_and_describes_a_clue_with_its_touched_cards() -> None:
    assert advisor_for([None, "conventions@2", "expert"]) == "conventions@2"
    assert advisor_for([None, "expert"]) == "conventions"
    g = Game.new(get_variant("classic"), 2, seed=5, names=["Ann", "Bob"])
    view = PlayerView.of(g, 0)
    rank = g.deck[g.hands[1][2]].rank
    hint = describe_hint(view, RankClue(1, rank), ["a reason"])
    touched = {o for o in g.hands[1] if g.deck[o].rank == rank}
    assert hint.cards == touched and hint.target == 1
    assert hint.text.startswith("Clue Bob " + str(rank)) and hint.explanation == "a reason"
    assert describe_hint(view, Play(g.hands[0][1])).text == "Play slot 2."


def test_a_colour_clue_hint_names_the_colour_in_the_players_language() -> None:
    """Found playing in French: the hint said 'Indice à Bob : green'."""
    from hanabi_desktop import i18n
    from hanabi_desktop.program.resources import locale_dir

    g = Game.new(get_variant("classic"), 2, seed=5, names=["Ann", "Bob"])
    card = g.deck[g.hands[1][0]]
    colour = g.variant.clue_colours.index(card.suit)
    i18n.use_translations(i18n.load_translations("fr", locale_dir()), "fr")
    text = describe_hint(PlayerView.of(g, 0), ColourClue(1, colour)).text
    english = g.variant.colour_names[colour]
    assert i18n._(english) != english and i18n._(english) in text and english not in text


def test_the_table_package_needs_no_pygame() -> None:
    import subprocess

    code = ("import importlib, pkgutil, sys, hanabi_desktop.table as t\n"
            "for m in pkgutil.iter_modules(t.__path__): importlib.import_module(f'hanabi_desktop.table.{m.name}')\n"
            "assert 'pygame' not in sys.modules and 'hanabi_desktop.table.door' in sys.modules")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def _game_with(deck_order: list, players: int = 2) -> Game:
    v = get_variant("classic")
    return Game(v, players, tuple(deck_order), names=["Ann", "Bob", "Cat"][:players])


def _find(v, pred, seeds=range(400)):  # noqa: ANN001, ANN202
    for seed in seeds:
        g = Game.new(v, 2, seed=seed, names=["Ann", "Bob"])
        if pred(g):
            return g
    raise AssertionError("no deal found")


def test_third_error_warns_only_with_two_errors_used_and_an_uncertain_card() -> None:
    v = get_variant("classic")
    g = _find(v, lambda g: sum(1 for o in g.hands[0][:3] if not g.is_playable(g.deck[o])) >= 2
              and sum(1 for o in g.hands[1][:3] if not g.is_playable(g.deck[o])) >= 1)
    misplays = [o for o in g.hands[0] if not g.is_playable(g.deck[o])]
    g.apply(Play(misplays[0]))
    assert third_error(PlayerView.of(g, 1), Play(g.hands[1][0])) is None  # one error used
    g.apply(Play(next(o for o in g.hands[1] if not g.is_playable(g.deck[o]))))
    assert g.strikes == 2
    view = PlayerView.of(g, 0)
    said = third_error(view, Play(g.hands[0][0]))
    assert said is not None and "game is lost" in said
    assert third_error(view, Discard(g.hands[0][0])) is None
    assert warning(view, Play(g.hands[0][0]), Settings()) is None  # off unless chosen
    assert warning(view, Play(g.hands[0][0]), Settings(warn_third_error=True)) == said


def test_a_critical_card_on_a_teammates_chop_warns_a_discard_until_it_is_clued() -> None:
    v = get_variant("classic")
    g = _find(v, lambda g: g.deck[g.hands[1][-1]].rank == 5)
    view = PlayerView.of(g, 0)
    assert chop(view, 1) == g.hands[1][-1]
    said = critical_on_chop(view, Discard(g.hands[0][0]))
    assert said is not None and "Bob's chop is" in said and "5" in said
    g.apply(RankClue(1, 5))  # saved: the chop moves on
    g.apply(RankClue(0, g.deck[g.hands[0][0]].rank))
    view = PlayerView.of(g, 0)
    assert chop(view, 1) != g.hands[1][-1]
    assert critical_on_chop(view, Discard(g.hands[0][0])) is None or "5" not in critical_on_chop(
        view, Discard(g.hands[0][0]))


def test_a_double_discard_warns_when_the_card_could_be_the_last_copy_just_made_critical() -> None:
    v = get_variant("classic")
    # Ann clues, Bob discards a 3 (of which one copy is left then): Ann's unknown discard could be the other
    g = _find(v, lambda g: g.deck[g.hands[1][-1]].rank in (2, 3, 4))
    g.apply(RankClue(1, g.deck[g.hands[1][0]].rank))
    g.apply(Discard(g.hands[1][-1]))
    view = PlayerView.of(g, 0)
    said = double_discard(view, Discard(g.hands[0][-1]))
    assert said is not None and "Double discard" in said
    assert double_discard(view, Play(g.hands[0][-1])) is None
