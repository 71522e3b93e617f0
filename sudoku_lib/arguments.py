"""Checking the arguments beside the puzzle, at the door of every public function.

Why here and not deep inside: a bound or a switch that slips through fails far from where it was
written (a comparison inside the tracker), or quietly means something else (`sets="no"` is
truthy, a NaN bound never stops). So each public function checks its arguments first, with these
helpers, and the message names the argument, quotes the value it got and says what it accepts:

    max_nodes must be None or a whole number of at least 1; got '10' (a str)

One rule everywhere:
- a value of the wrong type raises **TypeError**: a str, a float (even 25.0, NaN or infinity) or a
  bool where a whole number is wanted; anything but True or False for a switch; a listener that
  cannot be called;
- a value of the right type that is out of range raises **ArgumentError** (a ValueError, and a
  SudokuError like every error about what the library was given): max_nodes=0, size=5,
  method="magic".

`quote(value)` is the one way a message shows a value it was given: shortened, and never raising,
whatever the value's repr does (nested ten thousand deep, three million long, or broken).
"""

from __future__ import annotations

import operator
import reprlib
from collections.abc import Iterable
from typing import SupportsIndex, TypeVar

from .errors import ArgumentError
from .i18n import _

QUOTE_LIMIT = 60
"""The most characters of a value a message quotes."""

T = TypeVar("T")


class _ShortRepr(reprlib.Repr):
    """reprlib's shortening repr (it stops at a depth and a length), with a repr that raises
    shown as a plain description instead of an address."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = self.maxother = self.maxlong = QUOTE_LIMIT

    def repr_instance(self, x: object, level: int) -> str:
        try:
            text = repr(x)
        except Exception:
            return _("<a {kind} whose repr fails>").format(kind=type(x).__name__)
        return text if len(text) <= self.maxother else text[: self.maxother - 3] + "..."


_SHORT = _ShortRepr()


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """The value as a message may show it: a repr of at most `limit` characters, never raising."""
    try:
        text = _SHORT.repr(value)
    except Exception:  # a container whose own methods fail while being looked at
        text = _("<a {kind} that cannot be shown>").format(kind=type(value).__name__)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def got(value: object) -> str:
    """ "'10' (a str)", "2.5 (a float)", "None": what a message says it was given."""
    if value is None:
        return "None"
    kind = type(value).__name__
    if kind[:1].lower() in "aeiou":
        return _("{value} (an {kind})").format(value=quote(value), kind=kind)
    return _("{value} (a {kind})").format(value=quote(value), kind=kind)


def _refuse_type(name: str, accepts: str, value: object) -> TypeError:
    return TypeError(_refusal(name, accepts, value))


def _refuse_value(name: str, accepts: str, value: object) -> ArgumentError:
    return ArgumentError(_refusal(name, accepts, value), name)


def _refusal(name: str, accepts: str, value: object) -> str:
    """What was wanted and what came: "max_nodes must be a whole number ...; got 0 (an int)"."""
    return _("{name} must be {accepts}; got {value}").format(
        name=name, accepts=accepts, value=got(value)
    )


def _as_int(name: str, accepts: str, value: object) -> int:
    """An int from anything with `__index__` except bool (True is not a count), else TypeError."""
    if isinstance(value, bool) or not isinstance(value, SupportsIndex):
        raise _refuse_type(name, accepts, value)
    return operator.index(value)


def whole_number(name: str, value: object, *, minimum: int = 0, maximum: int | None = None) -> int:
    """`value` as an int when it is a whole number from `minimum` to `maximum` (inclusive).

    Anything with `__index__` counts as a whole number (so numpy's integers do), except bool:
    True is not a count. Floats are refused even when whole (25.0), so NaN and infinity are too.
    """
    accepts = _("a whole number of at least {minimum}").format(minimum=f"{minimum:,}")
    if maximum is not None:
        accepts = _("a whole number from {minimum} to {maximum}").format(
            minimum=f"{minimum:,}", maximum=f"{maximum:,}"
        )
    return _in_range(name, value, accepts, minimum, maximum)


def optional_whole_number(name: str, value: object, *, minimum: int = 1) -> int | None:
    """None, or a whole number of at least `minimum` (a bound where None means the default)."""
    if value is None:
        return None
    accepts = _("None or a whole number of at least {minimum}").format(minimum=f"{minimum:,}")
    return _in_range(name, value, accepts, minimum)


def _in_range(
    name: str, value: object, accepts: str, minimum: int, maximum: int | None = None
) -> int:
    number = _as_int(name, accepts, value)
    if number < minimum or (maximum is not None and number > maximum):
        raise _refuse_value(name, accepts, value)
    return number


def switch(name: str, value: object) -> bool:
    """True or False and nothing else: "no", None, 0 and 1 are refused, not guessed at."""
    if value is True or value is False:
        return value
    raise _refuse_type(name, _("True or False"), value)


def optional_callable(name: str, value: T | None) -> T | None:
    """None, or something that can be called (a listener, a progress function)."""
    if value is None or callable(value):
        return value
    raise _refuse_type(name, _("None or a function that takes one argument"), value)


def one_of(name: str, value: object, choices: Iterable[str]) -> str:
    """One of the names in `choices` (a method, a puzzle set), which the message lists."""
    names = list(choices)
    listed = ", ".join(repr(choice) for choice in names)
    accepts = _("one of {listed}").format(listed=listed)
    if not isinstance(value, str):
        raise _refuse_type(name, accepts, value)
    if value not in names:
        raise _refuse_value(name, accepts, value)
    return value


def choice_among(name: str, value: object, choices: Iterable[int]) -> int:
    """A whole number among `choices` (a board size: 4, 9 or 16)."""
    allowed = tuple(choices)
    listed = _("{first} or {last}").format(
        first=", ".join(str(c) for c in allowed[:-1]), last=allowed[-1]
    )
    number = _as_int(name, listed, value)
    if number not in allowed:
        raise _refuse_value(name, listed, value)
    return number
