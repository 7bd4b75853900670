"""Text that came from outside (a record, a save, a settings file, a file name), made safe to keep and draw.

JSON can carry characters no screen can draw: NUL and other control characters, and lone surrogates
(``"\\ud800"`` parses to a Python str that cannot be encoded). File names on Linux can be undecodable bytes,
which Python hands over as lone surrogates too. `clean_text` is applied where such text enters the program;
`shown` is how an error message quotes a value it refuses, capped so a huge value cannot swamp the message.
`parse_json` reads JSON text from outside, saying in words why it cannot.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from hanabi_desktop.engine.errors import RecordError

REPLACEMENT = "\ufffd"
_SURROGATES = re.compile("[\ud800-\udfff]")
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f]")  # Unicode's category Cc, exactly: one regex pass, not a call a character


def clean_text(text: str, limit: int | None = None) -> str:
    """`text` with control characters dropped, lone surrogates replaced by U+FFFD, and cut to `limit` characters.

    >>> clean_text("Ann\\x00ie\\ud800!")
    'Annie\\ufffd!'
    >>> clean_text("a" * 50, 10)
    'aaaaaaaaaa'
    """
    if limit is not None:
        text = text[: limit * 4]  # a cheap first cut: every step below only shortens or keeps the length
    text = _CONTROLS.sub("", _SURROGATES.sub(REPLACEMENT, text))
    return text[:limit] if limit is not None else text


def shown(value: Any, limit: int = 60) -> str:
    """`repr(value)` for an error message, cut to about `limit` characters ("..." marks a cut).

    >>> shown("x" * 100, 12)
    "'xxxxxxxx..."
    >>> shown([1, 2])
    '[1, 2]'
    """
    if isinstance(value, str):
        text = repr(clean_text(value[: limit + 1]))
    elif isinstance(value, (list, dict, tuple)):
        text = f"a {type(value).__name__} of {len(value)} items" if len(value) > 8 else _short_repr(value, limit)
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10 ** limit:
        text = "a number too long to show"
    else:
        text = _short_repr(value, limit)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _short_repr(value: Any, limit: int) -> str:
    try:
        return clean_text(repr(value))[: limit + 1]
    except (RecursionError, ValueError):  # a deeply nested value, or an int past Python's str limit
        return f"a {type(value).__name__}"


def parse_json(text: str, parse_int: Callable[[str], Any] | None = None) -> Any:
    """JSON text (a leading byte-order mark allowed) as Python data; `RecordError` saying why it cannot be read.

    `parse_int` reads each integer's digits (default `int`, which refuses thousands of digits)."""
    try:
        return json.loads(text.removeprefix("\ufeff"), parse_int=parse_int)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise RecordError("its JSON is nested too deeply to read") from None
    except ValueError as exc:  # Python refuses to convert integers of thousands of digits
        raise RecordError(f"it holds a number too long to read ({shown(str(exc), 80)})") from None
