"""A scripted client: a bot playing one seat over the network, from nothing but the messages its seat receives.

It rebuilds its seat's `PlayerView` from each message (`seatview.view_from_json`), lets its bot observe every
move and decide on its turns, and sends the decision as an intent. The tests run it in separate processes to
play whole games against a host; the network benchmark runs many of them.

    python -m hanabi_desktop.net.scripted ws://127.0.0.1:PORT CODE SEAT NAME [--bot conventions]

prints one JSON line when the game is over: the seat, the score and the actions as the host recorded them.
"""

from __future__ import annotations

import argparse
import json
import queue
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from hanabi_desktop.bots.registry import create
from hanabi_desktop.engine import PlayerView, Variant, get_variant
from hanabi_desktop.net.client import Incoming, NetClient
from hanabi_desktop.net.seatview import apply_delta, view_from_json


def table_variant(table: dict[str, Any]) -> Variant:
    """The engine variant a table's summary names."""
    v = table["variant"]
    return get_variant(v["preset"], empty_clues=v["empty_clues"], final_flourish=v["final_flourish"] or None,
                       flamboyants=v["flamboyants"] or None)


@dataclass
class SeatPlayer:
    """The bot side of a scripted seat: fed host messages, it answers with the intents to send."""

    bot_name: str
    seed: str
    variant: Variant | None = None
    seat: int | None = None
    bot: Any = None
    view: PlayerView | None = None
    seen: int = 0  # moves observed
    refused: list[str] = field(default_factory=list)
    over: dict[str, Any] | None = None

    def handle(self, message: Incoming) -> Any:
        """Take in one message; the action to send now, if any."""
        data = message.data
        if message.type == "joined":
            self.variant, self.seat = table_variant(data["table"]), data["seat"]
        elif message.type == "state" and self.variant is not None:
            self.view = view_from_json(data["view"], self.variant)
            if self.bot is None:
                self.bot = create(self.bot_name, self.seat, self.view.players, self.variant, self.seed)
            self.seen = max(self.seen, data["moves"])
        elif message.type == "update" and self.view is not None and data["index"] == self.seen:
            self.view = apply_delta(self.view, data["action"], data["delta"])
            self.seen += 1
            self.bot.observe(self.view)
        elif message.type == "error" and data.get("code") == "refused":
            self.refused.append(data["message"])
        elif message.type == "over":
            self.over = data
        else:
            return None
        view = self.view
        if view is not None and not view.over and view.current == self.seat and view.legal and self.bot:
            if message.type in ("state", "update"):
                return self.bot.decide(view).action
        return None


def play(url: str, code: str, seat: int, name: str, bot: str = "conventions", seed: str = "net",
         timeout: float = 120.0) -> dict[str, Any]:
    """Join `code` at `seat` and play the game through; what the host said at the end."""
    player = SeatPlayer(bot, f"{seed}/{seat}")
    client = NetClient(url).start()
    try:
        client.join(code, seat, name)
        deadline = time.monotonic() + timeout
        while player.over is None:
            try:
                message = client.inbox.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise TimeoutError(f"seat {seat}: no end of game within {timeout:g} s") from None
            if message.type == "error" and message.data.get("code") not in ("refused",):
                raise RuntimeError(f"seat {seat}: {message.data}")
            action = player.handle(message)
            if action is not None:
                client.act(action)
        return {"seat": seat, "score": player.over["score"], "record": player.over["record"],
                "refused": player.refused}
    finally:
        client.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hanabi_desktop.net.scripted", description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("code")
    parser.add_argument("seat", type=int)
    parser.add_argument("name")
    parser.add_argument("--bot", default="conventions")
    parser.add_argument("--seed", default="net")
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args(argv)
    result = play(args.url, args.code, args.seat, args.name, args.bot, args.seed, args.timeout)
    print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
