"""Strict checks for the parameters of the worker API, which arrive as JSON text.

Nothing is coerced: a boolean must be a JSON boolean, a player exactly the integer 0 or 1,
a number a whole number in its range, text a string. Each check raises ``ParameterError``
with a message a person can act on; ``api.call`` turns it into ``{"ok": false}``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..errors import ParameterError, json_type
from ..seeds import MAX_SEED_TEXT, seed_problem

Params = Mapping[str, Any]
"""The parameters of one call: a JSON object."""

MAX_TEXT: Final = 400
"""Characters in one text field: anything longer is not a hand."""
MAX_JSON: Final = 1_000_000
"""Characters of parameters: a whole saved game is far smaller."""
MAX_DEPTH: Final = 32
"""Nesting of arrays and objects: a saved game needs 6."""
MAX_DIGITS: Final = 30
"""Digits in one JSON number: no parameter needs more."""

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def decode(text: object) -> dict[str, Any]:
    """Parse the parameters of one call: a JSON object, bounded in size, depth and digits."""
    if text is None or text == "":
        return {}
    if not isinstance(text, str):
        raise ParameterError("parameters must be JSON text")
    if len(text) > MAX_JSON:
        raise ParameterError("the parameters are too long")
    _check_depth(text)
    try:
        value = json.loads(
            text, parse_int=_int, parse_float=_float, parse_constant=_no_constant,
        )
    except json.JSONDecodeError as error:
        raise ParameterError(f"parameters are not valid JSON ({error.msg} at {error.pos})") from None
    if not isinstance(value, dict):
        raise ParameterError("parameters must be a JSON object")
    return value


def _check_depth(text: str) -> None:
    """Refuse deep nesting before parsing, so the parser never recurses too far."""
    depth = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub('""', text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            raise ParameterError(f"parameters are nested more than {MAX_DEPTH} deep")


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ParameterError(f"a number has more than {MAX_DIGITS} digits")
    return int(digits)


def _float(text: str) -> float:
    if len(text) > MAX_DIGITS * 2:
        raise ParameterError(f"a number has more than {MAX_DIGITS * 2} characters")
    value = float(text)
    if not math.isfinite(value):
        raise ParameterError("numbers must be finite")
    return value


def _no_constant(name: str) -> float:
    raise ParameterError(f"{name} is not a number the engine accepts")


# --- one check per kind of parameter ----------------------------------------------------------

def text(params: Params, key: str, default: str = "", max_length: int = MAX_TEXT) -> str:
    """Text, or a list of texts joined by spaces (cards may come as ["5H", "5S"])."""
    value = params.get(key, default)
    if isinstance(value, list):
        if not all(isinstance(item, str) for item in value):
            raise ParameterError(f"'{key}' must be text or a list of texts")
        value = " ".join(value)
    if not isinstance(value, str):
        raise ParameterError(f"'{key}' must be text, not {json_type(value)}")
    if len(value) > max_length:
        raise ParameterError(f"'{key}' is too long ({len(value)} characters, at most {max_length})")
    return value


def boolean(params: Params, key: str, default: bool = False) -> bool:
    """Exactly true or false (not 1, "yes" or null)."""
    value = params.get(key, default)
    if not isinstance(value, bool):
        raise ParameterError(f"'{key}' must be true or false, not {json_type(value)}")
    return value


def integer(params: Params, key: str, low: int, high: int, default: int | None = None) -> int:
    """A whole number from ``low`` to ``high`` (not 1.0 or true)."""
    value = params.get(key, default)
    if value is None:
        raise ParameterError(f"'{key}' is missing: give a whole number from {low} to {high}")
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParameterError(f"'{key}' must be a whole number, not {json_type(value)}")
    if not low <= value <= high:
        raise ParameterError(f"'{key}' must be from {low} to {high}, got {value}")
    return value


def player(params: Params, key: str) -> int:
    """Exactly the integer 0 or 1 (not false, 0.5 or "0")."""
    return integer(params, key, 0, 1)


def seed(params: Params, key: str = "seed", allow_text: bool = False) -> int | str:
    """A problem or game number: a whole number from 0 to 2^53 (or, where allowed, short text)."""
    value = params.get(key)
    if allow_text and isinstance(value, str):
        problem = seed_problem(value, min_text=1)
        if problem == "length":
            raise ParameterError(f"'{key}' as text is 1 to {MAX_SEED_TEXT} characters")
        if problem is not None:
            raise ParameterError(f"'{key}' as text cannot hold a lone surrogate (it is not readable as UTF-8)")
        return value
    if isinstance(value, str) or seed_problem(value) is not None:
        what = "a whole number from 0 to 2^53" + (" or a short text" if allow_text else "")
        raise ParameterError(f"'{key}' must be {what}")
    assert isinstance(value, int)
    return value


def one_of[T: str](
    params: Params, key: str, allowed: Sequence[T], default: T | None = None, what: str | None = None
) -> T:
    """One of a few words; ``what`` names it in the message (the key by default)."""
    value = params.get(key, default)
    for choice in allowed:
        if value == choice and isinstance(value, str):
            return choice
    shown = repr(value) if isinstance(value, str) and len(value) <= 40 else json_type(value)
    raise ParameterError(f"unknown {what or key} {shown} (use {', '.join(allowed)})")


def mapping(params: Params, key: str) -> dict[str, Any] | None:
    """An object, or None when the key is absent or null."""
    value = params.get(key)
    if value is not None and not isinstance(value, dict):
        raise ParameterError(f"'{key}' must be an object, not {json_type(value)}")
    return value


def required_object(params: Params, key: str) -> dict[str, Any]:
    """An object that must be there."""
    value = mapping(params, key)
    if value is None:
        raise ParameterError(f"'{key}' is missing: it must be an object")
    return value
