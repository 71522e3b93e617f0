"""Whose work is it? Run a learner's function once and see whether it leans on the library.

An exercise asks the learner to write something the library already has (`candidates_of`,
`solve`, `count_solutions`, `statistics.median`). Handing in the library's function, a lambda
around it, or a helper of one's own that calls it, passes every case, and teaches nothing. So a
check runs the learner's function once with a profile hook that notes every Python function
called, and names the first that belongs to the library (or to a module the exercise rules out).
This looks at what really runs, so a wrapper at any depth is seen.
"""

from __future__ import annotations

import copy
import sys
import types
from collections.abc import Callable, Iterable
from typing import Any

PLUMBING = frozenset({"sudoku_lib.board", "sudoku_lib.words", "sudoku_lib.errors"})
"""Library modules any answer may use: parsing a board, its blank and symbols, words."""


class Borrowed(BaseException):
    """Raised inside the learner's code at its first call into the library.

    A BaseException, so a learner's `except Exception:` cannot hide it.
    """

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def library_function_name(frame: types.FrameType, ruled_out: frozenset[str]) -> str | None:
    """ "solve" or "statistics.median" when the frame runs code the learner may not lean on."""
    module = frame.f_globals.get("__name__", "")
    in_library = module == "sudoku_lib" or module.startswith("sudoku_lib.")
    allowed = module.startswith("sudoku_lib.checks") or module in PLUMBING
    if (in_library and not allowed) or module in ruled_out:
        name = frame.f_code.co_qualname
        return name if in_library else f"{module}.{name}"
    return None


def borrowed_from_library(
    function: Callable[..., Any], args: tuple[Any, ...], ruled_out: Iterable[str] = ()
) -> str | None:
    """Call function(*copies of args) once; the name of the first library function (or function
    of a `ruled_out` module, e.g. "statistics") it calls, or None. Anything else that happens
    (an error, a stub) is left for the check's cases to report."""
    banned = frozenset(ruled_out)
    previous = sys.getprofile()

    def watch(frame: types.FrameType, event: str, arg: object) -> None:
        if event == "call":
            name = library_function_name(frame, banned)
            if name is not None:
                raise Borrowed(name)

    sys.setprofile(watch)
    try:
        function(*copy.deepcopy(args))
    except Borrowed as borrowed:
        return borrowed.name
    except Exception:
        return None
    finally:
        sys.setprofile(previous)
    return None


def borrowed_words(title: str, name: str) -> str:
    """The report line for an answer that leans on the library."""
    return (
        f"✗ {title}: your answer calls the library's `{name}`, so it passes without being "
        "your own work. Write it from the pieces the exercise names, then run this cell again."
    )
