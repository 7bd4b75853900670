"""The results' and the review's 'the last <card>' and the third error's card in every language: each colour in the
form and order the language needs after an article (German 'die letzte schwarze 1', French 'le dernier 1 noir'),
for every colour of every preset."""

from __future__ import annotations

import pytest

from hanabi_desktop import i18n
from hanabi_desktop.engine import Discard, Game, GameRecord, get_variant
from hanabi_desktop.engine.variants import PRESETS
from hanabi_desktop.program.resources import locale_dir
from hanabi_desktop.review.report import loss_reason
from hanabi_desktop.table.ending import ending_lines

# What a native speaker writes for "the last <colour> <rank>" (the rank is {rank}), as the lines below use it.
LAST = {
    "en": {"red": "the last red {rank}", "yellow": "the last yellow {rank}", "green": "the last green {rank}",
           "blue": "the last blue {rank}", "white": "the last white {rank}",
           "multicolour": "the last multicolour {rank}", "rainbow": "the last rainbow {rank}",
           "black": "the last black {rank}"},
    "de": {"red": "die letzte rote {rank}", "yellow": "die letzte gelbe {rank}", "green": "die letzte grüne {rank}",
           "blue": "die letzte blaue {rank}", "white": "die letzte weiße {rank}",
           "multicolour": "die letzte bunte {rank}", "rainbow": "die letzte Regenbogen-{rank}",
           "black": "die letzte schwarze {rank}"},
    "fr": {"red": "le dernier {rank} rouge", "yellow": "le dernier {rank} jaune", "green": "le dernier {rank} vert",
           "blue": "le dernier {rank} bleu", "white": "le dernier {rank} blanc",
           "multicolour": "le dernier {rank} multicolore", "rainbow": "le dernier {rank} arc-en-ciel",
           "black": "le dernier {rank} noir"},
    "es": {"red": "el último {rank} rojo", "yellow": "el último {rank} amarillo", "green": "el último {rank} verde",
           "blue": "el último {rank} azul", "white": "el último {rank} blanco",
           "multicolour": "el último {rank} multicolor", "rainbow": "el último {rank} arcoíris",
           "black": "el último {rank} negro"},
    "ja": {"red": "最後の赤の{rank}", "yellow": "最後の黄の{rank}", "green": "最後の緑の{rank}", "blue": "最後の青の{rank}",
           "white": "最後の白の{rank}", "multicolour": "最後の多色の{rank}", "rainbow": "最後の虹の{rank}",
           "black": "最後の黒の{rank}"},
}


def every_colour() -> dict[str, str]:
    """Each suit name of the presets, with a preset that has it."""
    return {s.name: key for key, v in reversed(PRESETS.items()) for s in v.suits}


def last_copy_discarded(preset: str, suit_name: str) -> tuple[GameRecord, Game, Discard, int]:
    """A game where Ann discards on turn 3 the last copy of a needed card of `suit_name`: the record, the game just
    before the discard, the discard and the card's rank."""
    variant = get_variant(preset)
    for seed in range(200):
        g = Game.new(variant, 2, seed=seed, names=["Ann", "Bob"])
        held = [o for o in g.hands[0] if variant.suits[g.card(o).suit].name == suit_name and g.is_critical(g.card(o))]
        if held:
            g.apply(g.legal_actions()[-1])  # Ann clues (a discard needs a spent token)
            g.apply(g.legal_actions()[-1])  # Bob clues
            before = g.clone()
            discard = Discard(held[0])
            g.apply(discard)
            return GameRecord.of(g), before, discard, g.card(held[0]).rank
    raise AssertionError(f"no deal of {preset} gives Ann a last copy of {suit_name}")


@pytest.fixture(params=sorted(LAST))
def language(request: pytest.FixtureRequest):
    i18n.use_language(request.param, locale_dir())
    yield request.param
    i18n.use_language("en", locale_dir())


def test_every_colour_of_every_preset_has_words_after_the_last_in_every_language() -> None:
    assert set(every_colour()) == set(LAST["en"])
    assert all(set(words) == set(LAST["en"]) for words in LAST.values())


@pytest.mark.parametrize("suit_name", sorted(every_colour()))
def test_the_results_and_the_review_name_the_lost_last_copy_as_the_language_says_it(language: str,
                                                                                    suit_name: str) -> None:
    record, before, discard, rank = last_copy_discarded(every_colour()[suit_name], suit_name)
    said = LAST[language][suit_name].format(rank=rank)
    (line,) = ending_lines(record)
    assert said in line, line
    # The review says "défausse du dernier ..." (de + le)
    assert (said.replace("le dernier", "du dernier") if language == "fr" else said) in loss_reason(before, discard)


THIRD = {"en": "Bob misplayed red 3 on turn 4: the third error.",
         "de": "Bob spielte in Zug 4 die rote 3 falsch aus: der dritte Fehler.",
         "fr": "Bob a joué le 3 rouge à tort au tour 4 : la troisième erreur.",
         "es": "Bob jugó el 3 rojo por error en el turno 4: el tercer error.",
         "ja": "Bobが4手目に赤の3を出してミス：3回目のミスです。"}


def test_the_third_error_names_its_card_as_the_language_says_it(language: str) -> None:
    g = Game.new(get_variant("classic"), 2, seed=3, names=["Ann", "Bob"])
    while not g.over:
        g.apply(g.legal_actions()[0])  # the first card of each hand played blind: the storm comes
    assert ending_lines(GameRecord.of(g))[0] == THIRD[language]
