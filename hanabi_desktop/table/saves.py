"""The saved game's format: everything needed to resume a session exactly where it was, as JSON-ready data,
and the way back, checking every field before use. No pygame.

>>> from hanabi_desktop.table.setup import SeatSpec, Setup
>>> s = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob")], seed="doc"), threaded=False)
>>> _ = s.play_card(s.hand_order(0)[0])
>>> back = resume(save_data(s), threaded=False)
>>> back.game.actions == s.game.actions, back.current
(True, 1)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from hanabi_desktop.engine import GameRecord, HanabiError, RecordError
from hanabi_desktop.engine.text import clean_text
from hanabi_desktop.i18n import _
from hanabi_desktop.storage import PACES, DamagedFile
from hanabi_desktop.table.session import MAX_NOTE, Session
from hanabi_desktop.table.setup import Setup


def save_data(session: Session) -> dict[str, Any]:
    """Everything needed to resume `session` exactly here (JSON-ready)."""
    return {
        "setup": session.setup.to_json(),
        "seed": session.seed,
        "record": session.record().to_json(),
        "explanations": [e.explanation for e in session.log],
        "orders": {str(k): v for k, v in session.hand_orders.items()},
        "pace": session.bot_pace,
        "undos": session.undos,
        "hints": session.hints,
        "undos_by": session.undos_by,
        "hints_by": session.hints_by,
        "previewed": session.previewed,
        "notes": {str(p): {str(o): t for o, t in n.items()} for p, n in session.notes.items() if n},
        "saved_at": time.time(),
    }


def resume(data: Any, *, autosave: Callable[[Session], None] | None = None, threaded: bool = True) -> Session:
    """Resume a game from `save_data` output; `DamagedFile` saying what is wrong if it cannot be resumed.

    Every field is checked for its type before use; the hand orders are a nicety (display only), so a wrong
    one is dropped rather than refusing the game.
    """
    try:
        if not isinstance(data, dict):
            raise ValueError("not a saved game")
        setup = Setup.from_json(data.get("setup"))
        seed = data.get("seed")
        if isinstance(seed, str) and seed:
            setup.seed = clean_text(seed, 64)
        record = GameRecord.from_json(data.get("record"))
        if len(record.players) != len(setup.seats):
            raise ValueError("the seats do not match the game")
        explanations = data.get("explanations")
        if not isinstance(explanations, list):
            explanations = []
        explanations = explanations[:len(record.actions)]  # one per action: a file may hold a million
        session = Session(setup, record.actions, threaded=threaded, deck=record.deck, tiles=record.tiles,
                          explanations=[clean_text(x, 500) if isinstance(x, str) else "" for x in explanations])
        orders = data.get("orders")
        for key, order in (orders.items() if isinstance(orders, dict) else ()):
            if (isinstance(key, str) and key.isdigit() and len(key) < 3 and isinstance(order, list)
                    and all(type(o) is int for o in order) and int(key) < session.players):
                hand = session.hand(int(key))
                # what a hand can hold: its own cards, each once (a file may list one card 100,000 times)
                session.hand_orders[int(key)] = [o for o in dict.fromkeys(order) if o in hand]
        if data.get("pace") in PACES:
            session.bot_pace = data["pace"]
        for key in ("undos", "hints"):  # counts a person makes one click at a time: a million is beyond any game
            if type(data.get(key)) is int and 0 <= data[key] <= 1_000_000:
                setattr(session, key, data[key])
            by = data.get(key + "_by")  # per seat; a save without them (or not adding up): who is not known
            ok = (isinstance(by, list) and len(by) == session.players and all(type(n) is int and n >= 0 for n in by)
                  and sum(by) == getattr(session, key))
            setattr(session, key + "_by", list(by) if ok else None)
        session.previewed = data.get("previewed") is True  # anything else: not shown (a nicety, never refused)
        session.notes = read_notes(data.get("notes"), session.players, len(session.deck))
        if not session.notes and record.notes:
            session.notes = read_notes(
                {str(p): dict(enumerate(n)) for p, n in enumerate(record.notes)}, session.players,
                len(session.deck))
    except (ValueError, TypeError, KeyError, HanabiError, RecordError) as exc:
        raise DamagedFile(_("The saved game cannot be resumed: {problem}.").format(problem=clean_text(str(exc), 200))) from None
    session.autosave = autosave
    return session


def read_notes(raw: Any, players: int, cards: int) -> dict[int, dict[int, str]]:
    """Card notes from a save ({"seat": {"card": text}}); anything malformed is dropped (notes are a nicety)."""
    out: dict[int, dict[int, str]] = {}
    for seat, notes in (raw.items() if isinstance(raw, dict) else ()):
        if not (isinstance(seat, str) and seat.isdigit() and int(seat) < players and isinstance(notes, dict)):
            continue
        for order, text in notes.items():
            order = int(order) if isinstance(order, str) and order.isdigit() else order
            if type(order) is int and 0 <= order < cards and isinstance(text, str) and text.strip():
                out.setdefault(int(seat), {})[order] = clean_text(text, MAX_NOTE).strip()
    return out
