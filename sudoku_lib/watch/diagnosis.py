"""What a recording shows about a mistake, in words: a choice a call forgot to undo."""

from __future__ import annotations

from typing import Any

from ..words import cell_name, watch_text
from .recording import Recording
from .steps import Append, Call, Pop, Replace, Return, Write


def find_missing_undo(recording: Recording) -> str | None:
    """The first choice a call left in place when it gave up, in words; None if every call
    un-chose what it chose.

    A call that wrote a digit, explored, and then returned False with its digit still on the
    board, or that returned with the path longer than it found it, forgot its un-choose.
    """
    board = [list(row) for row in recording.initial_board] if recording.initial_board else None
    written: list[dict[tuple[int, int], object]] = [{}]
    calls: list[tuple[Call | None, dict[str, list[str]]]] = [(None, {})]
    lists: dict[str, list[str]] = {}
    for step in recording.steps:
        match step:
            case Call():
                written.append({})
                calls.append((step, {name: items[:] for name, items in lists.items()}))
            case Write(row, col, _, new, _, _, erase) if board is not None:
                board[row][col] = new
                if erase:
                    written[-1].pop((row, col), None)
                else:
                    written[-1][(row, col)] = new
            case Append(name, value, False):
                lists.setdefault(name, []).append(value)
            case Pop(name) if lists.get(name):
                lists[name].pop()
            case Replace(name, _, value, _, _, index) if (
                -len(lists.get(name, ())) <= index < len(lists.get(name, ()))
            ):
                lists[name][index] = value
            case Return(raised=None) if len(written) > 1:
                mine, (call, before) = written.pop(), calls.pop()
                words = left_on_board(mine, board, step) if not step.truthy else None
                words = words or left_on_path(call, before, lists)
                if words:
                    return words
            case Return() if len(written) > 1:
                written.pop()
                calls.pop()
    return None


def left_on_board(
    mine: dict[tuple[int, int], object], board: list[list[Any]] | None, step: Return
) -> str | None:
    """A digit a failed call wrote and left on the board, in words."""
    left = [(cell, d) for cell, d in mine.items() if board and board[cell[0]][cell[1]] == d]
    if not left:
        return None
    (r, c), digit = left[-1]
    return watch_text("left on board", cell=cell_name(r, c), value=step.value, digit=digit)


def left_on_path(
    call: Call | None, before: dict[str, list[str]], lists: dict[str, list[str]]
) -> str | None:
    """A list (the path) that a call returned longer than it found it, in words."""
    for name, items in lists.items():
        found = before.get(name, [])
        if call is not None and len(items) > len(found):
            shown = ", ".join(f"{k}={v}" for k, v in call.args)
            return watch_text(
                "left on path",
                call=f"{call.name}({shown})",
                name=name,
                before=", ".join(found),
                after=", ".join(items),
            )
    return None
