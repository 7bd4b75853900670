"""The rules text of a variant says one thing about how fireworks are built and scored."""

from __future__ import annotations

import pytest

from hanabi_desktop.engine import PRESETS, get_variant
from hanabi_desktop.lessons.rules_text import rules_text


@pytest.mark.parametrize("name", [k for k, v in PRESETS.items() if any(s.descending for s in v.suits)])
def test_a_descending_firework_is_never_called_1_to_5_nor_scored_by_its_top_card(name: str) -> None:
    text = rules_text(get_variant(name))
    assert "each from 1 up to 5 (" not in text  # the goal names the exception
    assert "black, which goes from 5 down to 1" in text
    assert "the sum of the top card of each firework" not in text
    assert "-1 point for every card missing from the black firework" in text


def test_the_classic_text_is_unchanged_in_substance() -> None:
    text = rules_text(get_variant("classic"))
    assert "each from 1 up to 5 (up to 25 points)" in text and "the sum of the top card of each firework" in text


@pytest.mark.parametrize("name", [k for k, v in PRESETS.items() if v.flamboyants])
def test_the_flamboyants_text_says_tile_then_draw_and_decides_the_edge_cases(name: str) -> None:
    text = rules_text(get_variant(name))
    assert "Then draw. Completing" not in text  # the rulebook and the engine: tile, then draw
    assert "reveals a bonus tile instead of returning a clue token (see below): apply it, then draw." in text
    assert "3. give one free colour clue to another player" in text and "4. give one free rank clue to another player" in text
    assert "no error token, the bonus is lost; a card that completes a firework reveals the next tile" in text
    assert "The completion that ends the game (every firework complete, or on the last turn of the last round) " \
           "reveals no tile and gains no clue token." in text
    assert ("the last round goes on as it was" in text) is not get_variant(name).final_flourish


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_rating_scale_has_no_floor_of_0_when_a_score_can_be_negative(name: str) -> None:
    variant = get_variant(name)
    text = rules_text(variant)
    if variant.final_flourish:
        return
    if any(s.penalty_scoring for s in variant.suits):
        assert "5 or less: horrible" in text and "0-5" not in text
    else:
        assert "0-5: horrible" in text
