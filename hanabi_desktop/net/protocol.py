"""The network protocol: its version, its limits, and every message a client may send as a frozen value.

Everything that arrives from the network is JSON text and nothing else: `parse_client` checks its size, its
shape and every field's type and bounds, and returns one of the frozen message types below, or raises
`ProtocolError` saying what is wrong (the host answers it to that connection only). PROTOCOL.md, beside this
file, documents every message in both directions; a test checks that it names each one and each limit.

>>> parse_client('{"type": "join", "code": "abcde-fghjk", "seat": 1, "name": "Ann"}')
Join(code='ABCDEFGHJK', seat=1, name='Ann')
>>> encode(Chat("hi"))
'{"type":"chat","text":"hi"}'
"""

from __future__ import annotations

import json
from dataclasses import MISSING, dataclass, fields
from typing import Any

from hanabi_desktop.engine.actions import Action, ColourClue, Discard, Play, RankClue, Recover, Replay
from hanabi_desktop.engine.text import clean_text, shown

PROTOCOL_VERSION = 5  # 2: after each move a seat gets what changed of its view (`delta`), not the whole view;
# 3: an `act` says how many hints its seat has been shown (`hints`), so that the host counts them per seat;
# 4: chat lines carry their number `n`, and `joined` brings the table's last lines (`chat`), so a window that comes
# back has the chat said before, each line once; 5: the owner deals the next game at the same table (`next_game`),
# and a seat's `state` of a new deal follows the last game's `over`

# -- limits (PROTOCOL.md lists them; the server takes its per-address and per-server ones from `Limits`) -----
MAX_MESSAGE_BYTES = 4096  # one client message; a longer one is refused unread
LOBBY_TABLES = 1000  # tables in one `lobby` answer at most (about 500 bytes each: well within the next limit)
MAX_SERVER_MESSAGE_BYTES = 1 << 20  # one host message, as a client accepts it (a seat's view is a few KiB)
RATE_PER_SECOND = 20.0  # client messages a connection may send per second on average ...
RATE_BURST = 40  # ... and at once
MAX_STRIKES = 10  # bad messages (invalid, too big, too fast, refused) before the host closes the connection
HELLO_SECONDS = 10.0  # a connection must say hello within this time
MAX_NAME = 16  # a player's name
MAX_TABLE_NAME = 40
MAX_CHAT = 200  # one chat line
CHAT_HISTORY = 100  # chat lines a table keeps (and saves) for the seats that come back
MAX_BOT_NAME = 40
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ0123456789"  # Crockford's: no I, L, O, U to misread
CODE_LENGTH = 12  # 32**12 = 2**60 codes: see PROTOCOL.md for how long guessing one would take
TOKEN_LENGTH = 43  # secrets.token_urlsafe(32): a seat's (or a table owner's) secret
CLOSE_ENDED = 4003  # close code: the host ended the table for good (a client stops reconnecting)
CLOSE_PAUSED = 4004  # close code: the host's game closed; its table comes back when the host resumes it


@dataclass(frozen=True)
class Limits:
    """What one server allows; the defaults are the documented ones (`serve` can change them)."""

    connections_per_address: int = 16
    tables: int = 1000  # tables one server holds at once
    tables_per_address: int = 8  # tables created from one address and still open
    idle_table_seconds: float = 1800.0  # a table nobody is connected to is closed after this


class ProtocolError(ValueError):
    """A message that breaks the protocol; `code` is a stable word for programs, the message is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# -- client -> host messages --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Hello:
    """The first message of every connection: the protocol version it speaks and the program's name."""

    version: int
    app: str = ""


@dataclass(frozen=True)
class ListTables:
    """Ask for the lobby: the public tables of this host."""


@dataclass(frozen=True)
class CreateTable:
    """Open a table (on a server); the answer is `created` with its code and the owner's token."""

    name: str
    seats: tuple[str, ...]  # one per seat: "open" (a person over the network) or a registered bot name
    variant: str = "classic"
    empty_clues: bool = False
    final_flourish: bool = False
    flamboyants: bool = False
    public: bool = False  # listed in the lobby (with its code) and on the local network
    chat_in_play: bool = False
    aids: bool = False  # hints (the conventions bot's advice on one's own turn) for the people at the table
    names: tuple[str, ...] = ()  # what to call the bots, one per seat ("" or none: the bot's kind and seat number)


@dataclass(frozen=True)
class Join:
    """Take the open seat `seat` of table `code` under `name`."""

    code: str
    seat: int
    name: str


@dataclass(frozen=True)
class Rejoin:
    """Come back to the seat whose token this is (after a dropped connection or a restart); a client that saw
    the first `seen` moves gets each later one as an `update`, else (-1) the seat's view as it is now."""

    code: str
    token: str
    seen: int = -1


@dataclass(frozen=True)
class Look:
    """See table `code`'s seats before joining it (the answer is a `table` message; a wrong code, `no_table`)."""

    code: str


@dataclass(frozen=True)
class Start:
    """The table's owner starts the game (every open seat taken)."""

    code: str
    owner: str


@dataclass(frozen=True)
class NextGame:
    """The table's owner deals the next game at the same seats, once the last one is over."""

    code: str
    owner: str


@dataclass(frozen=True)
class SeatBot:
    """The owner puts bot `bot` in `seat` for a person who is away (their token stays valid)."""

    code: str
    owner: str
    seat: int
    bot: str


@dataclass(frozen=True)
class HandBack:
    """The owner gives `seat` back to the person whose seat it was."""

    code: str
    owner: str
    seat: int


@dataclass(frozen=True)
class Act:
    """The intent of the connection's seat: an engine action, checked by the host; `hints`: how many hints the seat's
    person has been shown in this game so far (worked out at their computer; the host counts them for the seat)."""

    action: Action
    hints: int = 0


@dataclass(frozen=True)
class Sync:
    """Ask for the seat's whole view again (a client that could not follow the changes); answered by `state`."""


@dataclass(frozen=True)
class Chat:
    """A line of chat to the table."""

    text: str


@dataclass(frozen=True)
class ChatLine:
    """One line of a table's chat as the host numbered it (`n` counts the table's lines from 0) and sends it.

    >>> ChatLine.of({"n": 3, "seat": 1, "name": "Bob", "text": "hi"})
    ChatLine(n=3, seat=1, name='Bob', text='hi')
    >>> str(ChatLine(3, 1, "Bob", "hi"))
    'Bob: hi'
    """

    n: int
    seat: int
    name: str
    text: str

    def __str__(self) -> str:
        return f"{self.name}: {self.text}"

    def json(self) -> dict[str, Any]:
        """The line as the `chat` message (without its type) and the table's save hold it."""
        return {"n": self.n, "seat": self.seat, "name": self.name, "text": self.text}

    @classmethod
    def of(cls, data: Any) -> ChatLine:
        """A line from its JSON form (a host's message or a save); `ProtocolError` "invalid" if it is not one.
        Its texts are cleaned and cut as a client's are: what comes back from outside is never trusted."""
        if not isinstance(data, dict) or set(data) != {"n", "seat", "name", "text"}:
            raise ProtocolError("invalid", "a chat line is an object of n, seat, name and text")
        return cls(_int_in(0, 1 << 53)("n", data["n"]), _int_in(0, 4)("seat", data["seat"]),
                   _text(MAX_NAME, empty=True)("name", data["name"]), _text(MAX_CHAT)("text", data["text"]))


@dataclass(frozen=True)
class Leave:
    """Leave the seat for good (the seat's token stops working)."""


ClientMessage = (Hello | ListTables | CreateTable | Look | Join | Rejoin | Start | NextGame | SeatBot | HandBack | Act
                 | Sync | Chat | Leave)

_TYPES: dict[str, type] = {
    "hello": Hello, "list_tables": ListTables, "create_table": CreateTable, "look": Look, "join": Join, "rejoin": Rejoin,
    "start": Start, "next_game": NextGame, "seat_bot": SeatBot, "hand_back": HandBack, "act": Act, "sync": Sync, "chat": Chat,
    "leave": Leave,
}
_NAMES = {cls: name for name, cls in _TYPES.items()}


def parse_client(raw: str | bytes) -> ClientMessage:
    """One client message, validated into its frozen type; `ProtocolError` saying what is wrong."""
    if not isinstance(raw, str):
        raise ProtocolError("binary", "messages are JSON text, not binary frames")
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_big", f"a message may hold at most {MAX_MESSAGE_BYTES} bytes")
    data = _loads(raw)
    if not isinstance(data, dict):
        raise ProtocolError("invalid", "a message is a JSON object")
    kind = data.get("type")
    cls = _TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ProtocolError("unknown", f"there is no message of type {shown(kind)}")
    body = {k: v for k, v in data.items() if k != "type"}
    if cls is Act:
        body = _only(body, {"action", "hints"}, {"action"})
        return Act(parse_action(body["action"]), _HINTS("hints", body.get("hints", 0)))
    return _build(cls, kind, body)


def _loads(raw: str) -> Any:
    try:
        return json.loads(raw, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise ProtocolError("invalid", f"not JSON: {exc.msg}") from None
    except (RecursionError, ValueError):
        raise ProtocolError("invalid", "not JSON this host reads (nested too deeply or a number too long)") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _only(body: dict, allowed: set[str], required: set[str]) -> dict:
    extra = set(body) - allowed
    if extra:
        raise ProtocolError("invalid", f"unexpected field {shown(sorted(extra)[0])}")
    missing = required - set(body)
    if missing:
        raise ProtocolError("invalid", f"missing field {sorted(missing)[0]!r}")
    return body


# field name -> (checker, required). A checker returns the value to keep or raises ProtocolError.
def _int_in(low: int, high: int):  # noqa: ANN202 - a small checker factory
    def check(name: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ProtocolError("invalid", f"{name} must be a whole number from {low} to {high}")
        return value
    return check


def _text(limit: int, *, empty: bool = False):  # noqa: ANN202
    def check(name: str, value: Any) -> str:
        if not isinstance(value, str) or len(value) > limit * 4:
            raise ProtocolError("invalid", f"{name} must be text of at most {limit} characters")
        text = clean_text(value, limit).strip()
        if not text and not empty:
            raise ProtocolError("invalid", f"{name} must not be empty")
        return text
    return check


def _flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ProtocolError("invalid", f"{name} must be true or false")
    return value


def _code(name: str, value: Any) -> str:
    """A table code as typed: any case, dashes and spaces ignored."""
    if not isinstance(value, str) or len(value) > 4 * CODE_LENGTH:
        raise ProtocolError("invalid", f"{name} must be a table code")
    return normal_code(value)


def _token(name: str, value: Any) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= 2 * TOKEN_LENGTH or not value.isascii():
        raise ProtocolError("invalid", f"{name} must be a token given by the host")
    return value


def _names(name: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > 5:
        raise ProtocolError("invalid", f"{name} must list at most 5 names")
    return tuple(_text(MAX_NAME, empty=True)(name, v) for v in value)


def _seats(name: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not 2 <= len(value) <= 5:
        raise ProtocolError("invalid", f"{name} must list 2 to 5 seats")
    return tuple(_text(MAX_BOT_NAME)(name, v) for v in value)


_FIELDS: dict[str, dict[str, Any]] = {
    "version": _int_in(0, 1 << 30), "app": _text(60, empty=True), "name": _text(MAX_NAME),
    "seats": _seats, "variant": _text(40), "empty_clues": _flag, "final_flourish": _flag, "flamboyants": _flag,
    "public": _flag, "chat_in_play": _flag, "aids": _flag, "code": _code, "seat": _int_in(0, 4), "token": _token,
    "owner": _token, "seen": _int_in(-1, 10_000), "bot": _text(MAX_BOT_NAME), "text": _text(MAX_CHAT),
    "names": _names,
}


def _build(cls: type, kind: str, body: dict) -> Any:
    names = {f.name for f in fields(cls)}
    required = {f.name for f in fields(cls) if f.default is MISSING}
    body = _only(body, names, required)
    checked = {}
    for key, value in body.items():
        checker = _FIELDS[key]
        if cls is CreateTable and key == "name":
            checker = _text(MAX_TABLE_NAME)
        checked[key] = checker(key, value)
    return cls(**checked)


def normal_code(text: str) -> str:
    """A table code as the host keeps it: capitals, no dashes or spaces."""
    return "".join(ch for ch in text.upper() if ch not in "- ")


def shown_code(code: str) -> str:
    """A table code as people read it: three groups of four ('K3T9-Q8XW-MA2B')."""
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4)) if len(code) == CODE_LENGTH else code


# -- actions -----------------------------------------------------------------------------------------------
_ACTION_FIELDS = {"play": ("card",), "discard": ("card",), "colour_clue": ("target", "colour"),
                  "rank_clue": ("target", "rank"), "recover": ("card",), "replay": ("card",)}
_ACTION_TYPES = {"play": Play, "discard": Discard, "colour_clue": ColourClue, "rank_clue": RankClue,
                 "recover": Recover, "replay": Replay}
_NUMBER = _int_in(-1, 10_000)
_HINTS = _int_in(0, 10_000)  # a hint is shown once per position: far more than a game has  # far beyond any card order, seat, colour or rank; the engine says what is legal


def parse_action(data: Any) -> Action:
    """An engine action from its JSON form; a Recover never carries a position (the host draws it)."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str) or data["type"] not in _ACTION_FIELDS:
        raise ProtocolError("invalid", "action must be an object whose type is one of " + ", ".join(_ACTION_FIELDS))
    names = _ACTION_FIELDS[data["type"]]
    body = _only({k: v for k, v in data.items() if k != "type"}, set(names), set(names))
    return _ACTION_TYPES[data["type"]](*(_NUMBER(n, body[n]) for n in names))


def action_json(action: Action) -> dict[str, Any]:
    """The JSON form of an action, as `parse_action` reads it (a Recover's position is left out: it is hidden)."""
    match action:
        case Play(card):
            return {"type": "play", "card": card}
        case Discard(card):
            return {"type": "discard", "card": card}
        case ColourClue(target, colour):
            return {"type": "colour_clue", "target": target, "colour": colour}
        case RankClue(target, rank):
            return {"type": "rank_clue", "target": target, "rank": rank}
        case Recover(card):
            return {"type": "recover", "card": card}
        case Replay(card):
            return {"type": "replay", "card": card}
    raise TypeError(f"not an action: {action!r}")


def to_json(message: ClientMessage) -> dict[str, Any]:
    """A client message as its JSON object (what `parse_client` reads back)."""
    out: dict[str, Any] = {"type": _NAMES[type(message)]}
    for f in fields(message):
        value = getattr(message, f.name)
        if isinstance(message, Act) and f.name == "action":
            value = action_json(value)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def encode(message: ClientMessage | dict[str, Any]) -> str:
    """JSON text of a message: a client message type, or a host message already a dict."""
    data = message if isinstance(message, dict) else to_json(message)
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)
