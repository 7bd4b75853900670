"""The rules text of a variant says one thing about how fireworks are built and scored."""

from __future__ import annotations

import pytest

from hanabi_desktop.engine import PRESETS, get_variant
from hanabi_desktop.rules_text import rules_text


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
