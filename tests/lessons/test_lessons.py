"""The lessons as data: every scripted path is legal in the engine and reaches its end, the gate lets through
only the moves a step teaches and gives its reason for any other, and the practice bot plays the script."""

from __future__ import annotations

import pytest

from hanabi_desktop.engine import Game, IllegalAction, PlayerView
from hanabi_desktop.lessons.catalogue import lesson, lessons
from hanabi_desktop.lessons.model import (
    LESSON_OVER,
    NOT_YET,
    BotMove,
    Info,
    LessonRun,
    Move,
    Turn,
    new_game,
    play_through,
)
from hanabi_desktop.lessons.play import PRACTICE_DECK_LEFT, LessonBot, LessonSession, fair, practice_session

KEYS = [x.key for x in lessons()]


def walk(key: str, choose=lambda item: item.allow[0]) -> tuple[Game, LessonRun]:  # noqa: ANN001
    """Play lesson `key` as the guide says, through the gate: Next on every Info, the chosen allowed move on
    every Turn, the scripted move on every BotMove."""
    item = lesson(key)
    game = new_game(item)
    run = LessonRun(item)
    while not run.done:
        step = run.item
        if isinstance(step, Info):
            legal = game.legal_actions()
            assert not legal or run.refusal(game, legal[0]) == NOT_YET  # reading first: no move passes
            assert run.next()
            continue
        seat = game.current
        if isinstance(step, Turn):
            assert seat == item.you, f"{key}: a Turn comes when the player is not to act"
            action = choose(step).resolve(game)
            assert run.refusal(game, action) is None
        else:
            assert isinstance(step, BotMove)
            assert seat != item.you, f"{key}: a BotMove comes on the player's turn"
            action = step.move.resolve(game)
        game.apply(action)  # IllegalAction if the lesson's move is not legal in the engine
        run.moved(seat)
    if not game.over:
        assert run.refusal(game, game.legal_actions()[0]) == LESSON_OVER
    return game, run


@pytest.mark.parametrize("key", KEYS)
def test_every_lesson_plays_to_its_end_through_the_engine(key: str) -> None:
    game, run = walk(key)
    assert run.done and run.index == len(lesson(key).script)
    assert game.strikes <= 1  # only lesson 3's deliberate mistake
    assert play_through(lesson(key)).actions == game.actions  # the same path as the lesson's own list


@pytest.mark.parametrize("key", KEYS)
def test_every_allowed_alternative_keeps_the_script_legal(key: str) -> None:
    item = lesson(key)
    turns = [x for x in item.script if isinstance(x, Turn)]
    for k, turn in enumerate(turns):
        for alt in turn.allow[1:]:
            picks = {id(turn): alt}
            walk(key, choose=lambda t, picks=picks: picks.get(id(t), t.allow[0]))
        assert turns[k].allow, f"{key}: a Turn allows no move"


@pytest.mark.parametrize("key", KEYS)
def test_every_other_legal_move_is_refused_with_a_reason(key: str) -> None:
    item = lesson(key)
    game = new_game(item)
    run = LessonRun(item)
    refused = 0
    while not run.done:
        step = run.item
        if isinstance(step, Info):
            run.next()
            continue
        if isinstance(step, Turn):
            allowed = {m.resolve(game) for m in step.allow}
            for action in game.legal_actions():
                reason = run.refusal(game, action)
                assert (reason is None) == (action in allowed), (key, str(action))
                if reason is not None:
                    refused += 1
                    assert reason.strip() and reason in {step.wrong, *(r for _m, r in step.others)}
            action = step.allow[0].resolve(game)
        else:
            action = step.move.resolve(game)
        seat = game.current
        game.apply(action)
        run.moved(seat)
    assert refused > 0


def test_a_tempting_wrong_move_gets_its_own_reason() -> None:
    item = lesson("clues")
    game = new_game(item)
    run = LessonRun(item)
    run.next()  # past the first Info
    red = Move("clue", target=1, colour="red").resolve(game)
    assert run.refusal(game, red).startswith("Red touches only red 1")
    some_play = Move("play", slot=3).resolve(game)
    assert run.refusal(game, some_play) == run.item.wrong
    assert game.can(red) and game.can(some_play)  # the engine would take both: only the lesson says no


def test_the_lessons_cover_the_issue_in_order() -> None:
    numbers = [x.number for x in lessons()]
    assert numbers == ["1", "2", "3", "4", "5", "6a", "6b", "6c", "6d"]
    variants = {x.number: x.variant for x in lessons()}
    assert variants["6a"] == "colour-avalanche" and variants["6b"] == "black-powder"
    assert variants["6c"] == "flamboyants" and variants["6d"] == "final-flourish"


def test_lesson_4_ends_the_game_by_the_deck_and_rates_the_score() -> None:
    game = play_through(lesson("end-3"))
    assert game.over and game.end_reason.name == "DECK_OUT" and game.score == 24
    assert "24" in lesson("end-3").script[-1].text and "amazing" in game.variant.rating(24)


def test_final_flourish_lesson_plays_on_after_the_deck_and_wins() -> None:
    item = lesson("flourish-56")
    start = new_game(item)
    assert start.deck_count == 0 and not start.over
    game = play_through(item)
    assert game.over and game.won


def test_the_practice_bot_plays_the_script_and_sees_only_its_view() -> None:
    item = lesson("goal")
    session = LessonSession(item, threaded=False)
    try:
        session.hold = False
        entries = session.run_bots()
        assert [str(e.action) for e in entries] == [str(Move("clue", target=1, rank=1).resolve(session.game))]
        assert entries[0].explanation.startswith("Bob tells Ann")
        bot = session.bots[0]
        assert isinstance(bot, LessonBot)
        assert not any(isinstance(v, Game) for v in vars(bot).values())  # it holds no game, only views
        item2 = lesson("clues")
        game = play_through(item2, item2.moves()[:1])  # Ann's clue made: Bob (seat 1) is to play his red 1
        fresh = LessonBot(1, 2, game.variant, "lesson-clues/1")
        view = PlayerView.of(game, 1)
        assert all(view.card(o) is None for o in view.hands[1])  # its own cards are hidden from it
        assert fresh.decide(view).action == item2.moves()[1].resolve(game)  # the script, from the view alone
    finally:
        session.close()


def test_a_held_lesson_session_does_not_let_the_bot_move() -> None:
    session = LessonSession(lesson("goal"), threaded=False)
    try:
        assert session.hold and session.update(5.0) == [] and not session.log
        session.hold = False
        assert len(session.update(5.0)) == 1
    finally:
        session.close()


def test_an_illegal_scripted_move_would_be_caught() -> None:
    item = lesson("clues")
    game = new_game(item)
    with pytest.raises(IllegalAction):
        game.apply(Move("discard", slot=1).resolve(game))  # 8 clue tokens: the engine refuses a discard


def test_the_short_game_is_the_end_of_a_real_game_against_the_practice_bot() -> None:
    session = practice_session(lesson("black"), threaded=False, seed="practice-test")
    try:
        assert session.variant.name == "Black Powder" and session.is_bot(1) and not session.is_bot(0)
        assert session.game.deck_count <= PRACTICE_DECK_LEFT and not session.over
        assert fair(session.game)  # no error tile, every firework still possible: a fair game to take over
        assert session.autosave is None
        session.run_bots()
        assert session.current == 0 or session.over
    finally:
        session.close()


def test_a_progress_file_listing_more_than_the_game_has_keeps_what_it_can_and_says_so() -> None:
    import json

    from hanabi_desktop.lessons import learning

    lessons = {f"lesson-{i}": learning.DONE for i in range(50_000)}
    learning.learning_path().write_text(json.dumps({"format": learning.FORMAT, "lessons": lessons,
                                                    "tips": [f"tip-{i}" for i in range(3000)] + [10**400]}))
    loaded = learning.load_learning()
    assert len(loaded.lessons) == len(loaded.tips) == learning.MAX_ENTRIES
    assert "51000 more lessons and tips than the game has" in loaded.problem
    assert learning.learning_path().exists()  # read, not set aside: what it held that fits is kept
    learning.learning_path().write_text(json.dumps({"format": learning.FORMAT, "lessons": {"a": "done"}, "tips": []}))
    assert learning.load_learning() == learning.Learning({"a": "done"}, set())
