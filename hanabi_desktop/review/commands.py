"""The `advise` and `review` subcommands of `hanabi-desktop` (headless: never import pygame).

A file that cannot be read or replayed gets one clear line (and exit code 1), never a traceback; the other
files are still reviewed.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from hanabi_desktop.engine import Action, Game, GameRecord, HanabiError
from hanabi_desktop.engine.records import action_to_json
from hanabi_desktop.engine.text import clean_text
from hanabi_desktop.i18n import _
from hanabi_desktop.review.report import Bound, Review, advise, review_game

FAILED = 1


def read_record(path: str) -> GameRecord:
    """The game record in file `path`; a `HanabiError` (or `SaveError`) saying what is wrong."""
    from hanabi_desktop.storage import read_user_file

    if not os.path.lexists(path):
        raise HanabiError(_("no such file"))
    return GameRecord.loads(read_user_file(Path(path), "game file"))


def action_text(game: Game, action: Action) -> str:
    """A log line for `action` made in `game` (which is left as it is)."""
    from hanabi_desktop.table.narrate import describe

    seat = game.current
    hands = [list(h) for h in game.hands]
    after = game.clone()
    return describe(after, seat, hands, action, after.apply(action))


def _problem(path: str, exc: Exception, as_json: bool) -> None:
    shown = clean_text(path)
    if as_json:
        print(json.dumps({"file": shown, "ok": False, "error": str(exc)}), flush=True)
    else:
        print(_("{file}: cannot review: {problem}").format(file=shown, problem=exc), flush=True)


def _cmd_advise(args: argparse.Namespace) -> int:
    from hanabi_desktop.storage import SaveError

    try:
        record = read_record(args.file)
        seat, decision = advise(record, args.turn, bot=args.bot)
    except (SaveError, HanabiError) as exc:
        _problem(args.file, exc, args.json)
        return FAILED
    game = record.replay(args.turn)
    text = action_text(game, decision.action)
    if args.json:
        print(json.dumps({"turn": args.turn, "seat": seat, "action": action_to_json(decision.action), "text": text,
                          "explanation": decision.explanation}))
    else:
        print(_("After {turn} actions, {player} (seat {seat}) to act. {bot} suggests: {move}").format(
            turn=args.turn, player=record.players[seat], seat=seat, bot=args.bot, move=text))
        print(_("Why: {explanation}").format(explanation=decision.explanation))
    return 0


def _pair(b: Bound) -> list[int]:
    return [b.low, b.high]


def review_json(path: str, record: GameRecord, review: Review) -> dict[str, Any]:
    """The `review --json` object of one file."""
    games = _games(record)
    return {
        "file": clean_text(path),
        "ok": True,
        "score": games[-1].score,
        "max_score": review.max_score.low,  # reached by a real line; `exact` says whether it is proven best
        "exact": review.max_score.exact,
        "bounds": _pair(review.max_score),
        "max_by_turn": [_pair(b) for b in review.max_by_turn],
        "drops": [{"turn": t.turn, "seat": t.seat, "action": action_to_json(t.action),
                   "text": action_text(games[t.turn], t.action), "before": _pair(t.best_before),
                   "after": _pair(t.best_after), "lost": t.lost} for t in review.turns if t.lost],
        "suggestions": [{"turn": t.turn, "seat": t.seat, "action": action_to_json(t.action),
                         "suggestion": action_to_json(t.suggestion),
                         "text": action_text(games[t.turn], t.suggestion), "explanation": t.explanation}
                        for t in review.turns if t.suggestion is not None],
    }


def _games(record: GameRecord) -> list[Game]:
    from hanabi_desktop.review.report import positions

    return positions(record)


def review_text(path: str, record: GameRecord, review: Review) -> str:
    """The readable review of one file."""
    games = _games(record)
    best = review.max_score
    if best.exact:
        head = _("{file}: best score this deal allowed: {best} (exact); score reached: {score}")
    else:
        head = _("{file}: best score this deal allowed: between {low} and {high} (bounds, not proven exact "
                 "within the time budget); score reached: {score}")
    lines = [head.format(file=clean_text(path), best=best.low, low=best.low, high=best.high,
                         score=games[-1].score)]
    if not games[-1].over:
        lines.append(_("  the game is unfinished: {count} actions recorded").format(count=len(record.actions)))
    lines.append(_("  best reachable score before each turn: {curve}").format(
        curve=" ".join(str(b) for b in review.max_by_turn)))
    for t in review.turns:
        who = record.players[t.seat]
        if t.lost:
            lines.append(_("  turn {turn}, {player}: {move}; best score {before} -> {after}: {lost}").format(
                turn=t.turn + 1, player=who, move=action_text(games[t.turn], t.action), before=t.best_before,
                after=t.best_after, lost=t.lost))
        if t.suggestion is not None:
            lines.append(_("  turn {turn}, {player}: {move}; the bot would: {suggestion} ({explanation})").format(
                turn=t.turn + 1, player=who, move=action_text(games[t.turn], t.action),
                suggestion=action_text(games[t.turn], t.suggestion), explanation=t.explanation))
    return "\n".join(lines)


def _cmd_review(args: argparse.Namespace) -> int:
    from hanabi_desktop.storage import SaveError

    failed = False
    for path in args.files:
        try:
            record = read_record(path)
            review = review_game(record, budget_s=args.budget, bot=args.bot)
        except (SaveError, HanabiError) as exc:
            _problem(path, exc, args.json)
            failed = True
            continue
        print(json.dumps(review_json(path, record, review)) if args.json else review_text(path, record, review),
              flush=True)
    return FAILED if failed else 0


def _budget(text: str) -> float:
    value = float(text)
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError("give a number of seconds between 0 and 3600")
    return value


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Register `advise` and `review`."""
    p = sub.add_parser("advise", help="the bot's move for the player to act after N actions, from their view")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--turn", type=int, required=True, metavar="N", help="actions made before the move (0: the first)")
    p.add_argument("--bot", default="conventions", help="the bot to ask (default: conventions)")
    p.add_argument("--json", action="store_true", help="one JSON object: turn, seat, action, text, explanation")
    p.set_defaults(func=_cmd_advise)

    p = sub.add_parser("review", help="the deal's best score, the best reachable score by turn, where points were lost")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--json", action="store_true", help="one JSON object per file, one per line")
    p.add_argument("--bot", default="conventions", help="the bot whose suggestions are shown (default: conventions)")
    p.add_argument("--budget", type=_budget, default=5.0, metavar="SECONDS",
                   help="solver time for the deal's best score, and as much again for the other turns (default 5)")
    p.set_defaults(func=_cmd_review)

