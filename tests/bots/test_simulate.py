"""The simulator and the `simulate` / `bots` commands."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from hanabi_desktop.bots import registry
from hanabi_desktop.bots import simulate as sim
from hanabi_desktop.bots.base import Bot, Decision
from hanabi_desktop.bots.habits import HABITS
from hanabi_desktop.bots.random_bot import RandomBot
from hanabi_desktop.cli import main
from hanabi_desktop.engine import Discard, Game, Play, PlayerView, get_variant

REQUIRED_KEYS = {"games", "mean_score", "stderr", "perfect_rate", "strikeout_rate", "mean_turns",
                 "decision_ms_p50", "decision_ms_p99", "games_per_second", "win_rate", "bots", "players",
                 "variant", "seed", "misplays_per_game"}


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_json_has_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "simulate", "--bot", "random", "--players", "3", "--games", "6",
                           "--seed", "7", "--json")
    assert code == 0
    data = json.loads(out)
    assert REQUIRED_KEYS <= data.keys()
    assert data["games"] == 6 and data["players"] == 3 and data["bots"] == ["random"] * 3
    assert data["seed"] == "7" and data["variant"] == "classic" and data["win_rate"] is None
    assert 0 <= data["mean_score"] <= 25 and data["decision_ms_p50"] <= data["decision_ms_p99"]


def test_simulate_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "simulate", "--bot", "conventions", "--players", "2", "--games", "2",
                           "--variant", "final-flourish")
    assert code == 0
    assert "mean score" in out and "p99" in out and "won" in out


def test_game_i_of_a_run_replays_alone() -> None:
    results, jobs = sim.play_games(["conventions"], 3, 3, seed="alone")
    assert jobs == 1
    for i, result in enumerate(results):
        alone = sim.play_game(["conventions"], 3, seed=f"alone/{i}")
        assert alone.actions == result.actions and alone.score == result.score
    assert len({r.actions for r in results}) == 3  # different decks


def test_two_processes_give_the_same_games_in_order() -> None:
    one, _ = sim.play_games(["random"], 4, 12, seed="jobs", options=("flamboyants",), jobs=1)
    two, jobs = sim.play_games(["random"], 4, 12, seed="jobs", options=("flamboyants",), jobs=2)
    assert jobs == 2
    assert [r.actions for r in one] == [r.actions for r in two]


def test_large_runs_use_both_cores_small_runs_one() -> None:
    assert sim.default_jobs(sim.PARALLEL_FROM - 1) == 1
    assert sim.default_jobs(1000) >= 1


def test_mixed_team(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "simulate", "--bot", "random", "--bot", "conventions", "--players", "2",
                           "--games", "2", "--json")
    assert code == 0
    assert json.loads(out)["bots"] == ["random", "conventions"]


def test_rule_options_reach_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "simulate", "--bot", "random", "--players", "2", "--games", "3",
                           "--empty-clues", "--final-flourish", "--flamboyants", "--json")
    data = json.loads(out)
    assert code == 0 and data["options"] == ["empty_clues", "final_flourish", "flamboyants"]
    assert data["win_rate"] is not None


@pytest.mark.parametrize("argv", [
    ["--bot", "nobody"],
    ["--bot", "beginner-proxy+nohabit"],
    ["--bot", "conventions+misplay"],
    ["--bot", "beginner-proxy+misplay=1.5"],
    ["--variant", "nowhere"],
    ["--players", "6"],
    ["--players", "1"],
    ["--games", "0"],
    ["--jobs", "0"],
    ["--bot", "random", "--bot", "random", "--players", "3"],
])
def test_usage_errors_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run_cli(capsys, "simulate", "--games", "2", *argv)
    assert code == 2 and not out
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


class _IllegalBot(RandomBot):
    name = "illegal"

    def decide(self, view: PlayerView) -> Decision:
        return Decision(Play(10_000), "playing a card I do not hold")


class _MumblingBot(RandomBot):
    name = "mumbling"

    def decide(self, view: PlayerView) -> Decision:
        return Decision(super().decide(view).action, "first line\nsecond line")


class _CrashingBot(RandomBot):
    name = "crashing"

    def decide(self, view: PlayerView) -> Decision:
        raise KeyError("oops")


@pytest.mark.parametrize(("cls", "words"), [(_IllegalBot, "illegal action"), (_MumblingBot, "one non-empty line"),
                                            (_CrashingBot, "KeyError")])
def test_a_faulty_bot_is_reported(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                  cls: type[Bot], words: str) -> None:
    monkeypatch.setitem(registry.BOTS, cls.name, f"{__name__}:{cls.__name__}")
    with pytest.raises(sim.BotFault, match=words):
        sim.play_game([cls.name], 2, seed="fault")
    code, _, err = run_cli(capsys, "simulate", "--bot", cls.name, "--players", "2", "--games", "1")
    assert code == 1 and words in err and "Traceback" not in err


def test_summary_statistics() -> None:
    def result(score: int, raw: int, reachable: int, end: str, won: bool, times: tuple[float, ...],
               misplays: int = 0, guesses: int = 0) -> sim.GameResult:
        return sim.GameResult("s", score, raw, reachable, end, misplays, misplays, guesses, 50, won, times,
                              len(times), ())

    results = [result(25, 25, 25, "perfect", True, (0.001, 0.002)),
               result(0, 12, 24, "strikeout", False, (0.003,), 3),
               result(20, 20, 22, "deck_out", False, tuple(0.004 for _ in range(97)), 1, 1)]
    s = sim.summarize(results, bots=["x"] * 2, players=2, variant="classic", options=(), seed=1, seconds=2.0,
                      jobs=1)
    assert s.mean_score == pytest.approx(15.0)
    assert s.stderr == pytest.approx(math.sqrt(175) / math.sqrt(3))
    assert s.perfect_rate == pytest.approx(1 / 3) and s.strikeout_rate == pytest.approx(1 / 3)
    assert s.games_per_second == pytest.approx(1.5) and s.mean_turns == 50
    assert s.misplays_per_game == pytest.approx(4 / 3) and s.guess_misplays_per_game == pytest.approx(1 / 3)
    assert s.decision_ms_p50 == pytest.approx(4.0) and s.decision_ms_p99 == pytest.approx(4.0)
    assert sim.percentile([1, 2, 3, 4], 50) == 2 and sim.percentile([1, 2, 3, 4], 99) == 4
    assert s.win_rate is None and (s.min_game_score, s.max_game_score) == (0, 25)
    # the 10 points a game below 25: one card lost in each of the last two games, 12 + 2 left unplayed, 12
    # played before the strikeout
    assert s.cards_lost_per_game == pytest.approx(4 / 3) and s.unplayed_per_game == pytest.approx(14 / 3)
    assert s.ending_lost_per_game == pytest.approx(4.0)


def test_scores_follow_the_rules() -> None:
    # a strikeout scores 0 though cards were played: the random bot strikes out almost always
    results, _ = sim.play_games(["random"], 2, 8, seed="rules")
    for r in results:
        assert r.misplays == r.strikes  # no bonus tile returned an error token in the classic game
        if r.end_reason == "strikeout":
            assert r.score == 0 and r.strikes == 3
        else:
            assert r.score == r.raw_score


def test_random_bot_explains_in_slot_terms() -> None:
    game = Game.new(get_variant("classic"), 2, seed=3)
    bot = RandomBot(0, 2, game.variant, seed=1)
    view = PlayerView.of(game, 0)
    assert RandomBot.describe(view, Play(view.my_hand[1])) == "playing slot 2"
    assert RandomBot.describe(view, Discard(view.my_hand[0])) == "discarding slot 1"
    texts = {bot.decide(view).explanation for _ in range(30)}
    assert all(t.startswith("random: ") for t in texts) and len(texts) > 1
    def choices(seed: int, seat: int = 0) -> list:
        other = RandomBot(seat, 2, game.variant, seed=seed)
        return [other.decide(view).action for _ in range(10)]

    assert choices(1) == choices(1)
    assert choices(1) != choices(2) and choices(1) != choices(1, seat=1)


def test_bots_command_lists_every_bot(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "bots")
    assert code == 0
    lines, _, habits = out.strip().partition("\n\n")
    lines = lines.splitlines()
    assert [line.split()[0] for line in lines] == registry.available()
    assert all(f"  {name} (rate" in habits for name in HABITS)
    for line, name in zip(lines, registry.available(), strict=True):
        assert registry.bot_class(name).description in line
        assert "human-style" in line
    assert "not human-style" in lines[registry.available().index("random")]


def test_headless_commands_never_import_pygame() -> None:
    code = ("import sys; from hanabi_desktop.cli import main; "
            "assert main(['simulate', '--bot', 'conventions', '--players', '2', '--games', '2', '--json']) == 0; "
            "assert main(['bots']) == 0; "
            "assert 'pygame' not in sys.modules, 'pygame was imported'")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


def test_misplays_option_prints_each_misplay_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    # the random bot misplays often: every misplay of the run is listed once, with its card and reason
    code, out, _ = run_cli(capsys, "simulate", "--bot", "random", "--players", "2", "--games", "3", "--seed",
                           "mp", "--misplays", "--json")
    assert code == 0
    data = json.loads(out)
    notes = data["misplay_notes"]
    assert len(notes) == round(data["misplays_per_game"] * 3)
    assert notes and all(" misplayed " in n and n.startswith("deck seed 'mp/") for n in notes)
    code, out, _ = run_cli(capsys, "simulate", "--bot", "random", "--players", "2", "--games", "3", "--seed",
                           "mp", "--misplays")
    assert out.count(" misplayed ") == len(notes)
    code, out, _ = run_cli(capsys, "simulate", "--bot", "random", "--players", "2", "--games", "3", "--seed", "mp")
    assert " misplayed " not in out


def test_a_clue_that_calls_four_cards_is_worded() -> None:
    # level 3, 5 players, deck seed h31/136: on turn 23 a clue prompts four clued cards in a row (a quadruple
    # prompt); its line had no name for it and the bot crashed (BotFault: KeyError ('prompt', 4))
    result = sim.play_game(["conventions@3"], 5, "classic", "h31/136")
    assert result.turns > 23 and result.explanations == result.turns


class _DiscardingBot(RandomBot):
    """Discards its oldest card whenever it may, else gives the first clue it may: it never plays."""

    name = "discarding"

    def decide(self, view: PlayerView) -> Decision:
        discard = Discard(view.my_hand[-1])
        if discard in view.legal:
            return Decision(discard, "discarding my oldest card")
        return Decision(next(a for a in view.legal if not isinstance(a, Play | Discard)), "a clue, as I must")


class _GuessingBot(RandomBot):
    """Plays its newest card every turn, as a guess when its name says so."""

    name = "guessing"
    marks_guesses = True

    def decide(self, view: PlayerView) -> Decision:
        return Decision(Play(view.my_hand[0]), "playing my newest card", guess=self.marks_guesses)


class _BlindBot(_GuessingBot):
    name = "blind"
    marks_guesses = False


def test_misplays_made_as_guesses_are_counted_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    # the same deal played twice by bots that play their newest card every turn: the same misplays, counted as
    # guesses only when the bot said so
    for cls in (_GuessingBot, _BlindBot):
        monkeypatch.setitem(registry.BOTS, cls.name, f"{__name__}:{cls.__name__}")
    guessed = sim.play_game([_GuessingBot.name], 2, seed="guesses")
    blind = sim.play_game([_BlindBot.name], 2, seed="guesses")
    assert guessed.actions == blind.actions and guessed.misplays == blind.misplays >= 1
    assert guessed.guess_misplays == guessed.misplays and blind.guess_misplays == 0
    mixed = sim.play_game([_GuessingBot.name, _BlindBot.name], 2, seed="guesses")
    assert 0 < mixed.guess_misplays < mixed.misplays  # each seat's misplays counted by its own decisions


def test_points_lost_are_split_into_cards_lost_unplayed_and_strikeouts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a team that only discards plays nothing: every point it could still reach is left unplayed, and the last
    # copies it threw away are lost (the engine's count, from the discard pile)
    monkeypatch.setitem(registry.BOTS, _DiscardingBot.name, f"{__name__}:{_DiscardingBot.__name__}")
    r = sim.play_game([_DiscardingBot.name], 2, seed="discards")
    assert r.raw_score == r.score == 0 and r.reachable < 25
    game = Game.new(get_variant("classic"), 2, seed="discards")
    for action in r.actions:
        game.apply(next(a for a in game.legal_actions() if str(a) == action))
    assert r.reachable == game.max_reachable_score()
    s = sim.summarize([r], bots=[_DiscardingBot.name] * 2, players=2, variant="classic", options=(),
                      seed="discards", seconds=1.0, jobs=1)
    assert s.cards_lost_per_game == 25 - r.reachable and s.unplayed_per_game == r.reachable
    assert s.ending_lost_per_game == 0
