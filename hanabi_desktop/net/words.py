"""The host's error codes in the player's words (PROTOCOL.md lists the codes; the host's `message` is English,
for logs). No pygame.

>>> error_text({"code": "seat_taken", "message": "that seat is taken"})
'Someone has just taken that seat: choose another.'
>>> names_text(["Zoe", "Bob", "Ann"])
'Zoe, Bob and Ann'
>>> error_text({"code": "version", "app": "9.9", "version": 7}).startswith("The host runs Hanabi Desktop 9.9")
True
"""

from __future__ import annotations

from typing import Any

from hanabi_desktop.i18n import N_, _, pgettext
from hanabi_desktop.table.setup import MAX_NAME

ERRORS: dict[str, str] = {
    "invalid": N_("The host could not read a message from this program."),
    "binary": N_("The host could not read a message from this program."),
    "unknown": N_("The host could not read a message from this program."),
    "too_big": N_("A message was too long for the host."),
    "rate": N_("Too many messages at once: the host asks to slow down."),
    "hello_first": N_("The host could not read a message from this program."),
    "hello_again": N_("The host could not read a message from this program."),
    "no_table": N_("No table answers to that code at that address: check both."),
    "no_seat": N_("That seat does not exist at this table."),
    "not_open": N_("That seat is not open to a player over the network."),
    "seat_taken": N_("Someone has just taken that seat: choose another."),
    "name_taken": N_("Someone at this table, a person or a bot, already has that name: choose another."),
    "not_seated": N_("This connection no longer holds a seat at the table."),
    "not_owner": N_("Only the player who opened the table may do that."),
    "started": N_("The game has already started."),
    "seats_free": N_("Every seat must be taken before the game starts."),
    "not_started": N_("The game has not started yet."),
    "not_over": N_("The next game can be dealt once this one is over."),
    "not_playing": N_("A bot can stand in only while the game is played."),
    "stand_in": N_("A bot is playing your seat until the host hands it back."),
    "no_stand_in": N_("No bot is playing that seat."),
    "no_chat": N_("The host has turned chat off during play."),
    "full": N_("The host holds as many tables as it can: try again later."),
    "too_many_tables": N_("You have opened as many tables as one computer may on this host."),
    "bad_seat": N_("The host does not offer one of the seats' bots."),
    "bad_variant": N_("The host does not know this variant."),
    "setup": N_("The host could not deal this game."),
    "offline": N_("Not connected to the host: the message was not sent."),
}
REFUSED = N_("The host refused: {reason}.")  # a code this version does not know: the host's own words


def error_text(data: dict[str, Any]) -> str:
    """An `error` message from the host, said to the player in their language."""
    code = data.get("code")
    if code == "version":
        return version_text(data)
    if code == "refused":  # the rules said no: the engine's own reason, in the host's words
        reason = str(data.get("message", "")).strip().rstrip(".")[:200]
        return _("The host refused the move: {reason}.").format(reason=reason)
    return _(ERRORS.get(str(code), REFUSED)).format(reason=str(data.get("message", ""))[:120])


def version_text(data: dict[str, Any]) -> str:
    """The host runs another version of the game: which, and what to do."""
    app = str(data.get("app", "?"))[:40].removeprefix("hanabi-desktop ")
    return _("The host runs Hanabi Desktop {app} (protocol version {version}); please install the same version to "
             "play at its tables.").format(app=app, version=str(data.get("version", "?"))[:6])


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name at a table, or None."""
    if not name.strip():
        return _("Type your name first.")
    if len(name.strip()) > MAX_NAME:
        return _("A name has at most {n} letters.").format(n=MAX_NAME)
    return None


def address_problem(text: str) -> str | None:
    """Why `text` is not a table's address (ws://host:port or wss://host), or None."""
    if not text.startswith(("ws://", "wss://")) or not text.split("//", 1)[1].strip("/"):
        return _("An address starts with ws:// or wss:// (for example ws://192.168.1.20:8765).")
    return None


def names_text(names: list[str]) -> str:
    """People's names in a sentence: 'Zoe', 'Zoe and Bob', 'Zoe, Bob and Ann'."""
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}").format(names=pgettext("between names", ", ").join(names[:-1]), last=names[-1])


def clock(seconds: float) -> str:
    """A time as the table shows it: 0:12, 3:05."""
    s = max(0, int(seconds))
    return f"{s // 60}:{s % 60:02d}"
