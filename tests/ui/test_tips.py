"""Which table tips apply, from the table model alone (no window)."""

from __future__ import annotations

from hanabi_desktop.engine import Discard, Game, PlayerView, RankClue, get_variant
from hanabi_desktop.lessons.catalogue import lesson
from hanabi_desktop.lessons.model import new_game
from hanabi_desktop.ui.tableview.model import build_model
from hanabi_desktop.ui.tableview.tips import TIPS, next_tip, tips_for


def keys(game: Game, seat: int = 0) -> list[str]:
    return [t.key for t in tips_for(build_model(PlayerView.of(game, seat)), game.variant.final_flourish)]


def test_a_new_classic_table_explains_the_pips_and_pace_first() -> None:
    game = Game.new(get_variant("classic"), 2, "tips-1", names=["Ann", "Bob"])
    found = keys(game)
    assert found[:2] == ["pips", "pace"]
    assert not {"bonus", "black", "flourish", "max"} & set(found)
    critical = any(game.is_critical(game.card(o)) for o in game.hands[1])
    assert ("critical" in found) == critical  # a 5 in Bob's hand is a last copy


def test_each_variant_brings_its_own_tip() -> None:
    assert "black" in keys(Game.new(get_variant("black-powder"), 2, 1))
    assert "bonus" in keys(Game.new(get_variant("flamboyants"), 2, 1))
    start = new_game(lesson("flourish-56"))  # Final flourish with the deck used up
    assert "flourish" in keys(start) and "flourish" not in keys(Game.new(get_variant("final-flourish"), 2, 1))


def test_the_best_score_tip_comes_when_a_last_copy_is_lost() -> None:
    g = Game.new(get_variant("classic"), 2, 0, names=["Ann", "Bob"])  # Ann holds a 5
    assert "max" not in keys(g, 1)
    g.apply(RankClue(1, g.deck[g.hands[1][0]].rank))
    g.apply(RankClue(0, g.deck[g.hands[0][0]].rank))
    g.apply(Discard(next(o for o in g.hands[0] if g.deck[o].rank == 5)))
    assert "max" in keys(g, 1)


def test_seen_tips_are_not_shown_again_and_every_tip_has_words() -> None:
    game = Game.new(get_variant("classic"), 2, "tips-1")
    applying = tips_for(build_model(PlayerView.of(game, 0)), False)
    assert next_tip(applying, set()).key == "pips"
    assert next_tip(applying, {"pips"}).key == "pace"
    assert next_tip(applying, {t.key for t in applying}) is None
    assert all(title and len(text) > 40 for title, text in TIPS.values())
