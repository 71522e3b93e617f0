"""Self-checks for notebook 05, Stepping through the search.

Every expected answer is worked out from the events `solve()` hands to a listener, so a learner's
answer is checked against the search itself, not against a stored number.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from ..board import Board, parse
from ..puzzles import FOUR_BY_FOUR, SAMPLE, load_set
from ..search import solve
from ..search.events import DeadEnd, Event, Try
from ..stepper.model import BoardReplay
from ..words import check_text
from .core import Attempt, Case, Report, check_cases


def events_of(puzzle: str, max_nodes: int | None = None) -> list[Event]:
    """The naive search's events on a puzzle, as a plain listener receives them."""
    events: list[Event] = []
    solve(puzzle, "naive", max_nodes=max_nodes, listener=events.append)
    return events


def board_after_events(puzzle: str, steps: int) -> Board:
    """The board once the first `steps` events of the naive search have happened."""
    replay = BoardReplay(parse(puzzle))
    for event in events_of(puzzle, max_nodes=steps)[:steps]:
        replay.apply(event)
    return replay.board


def check_board_after(board_after: Callable[[str, int], object]) -> Report:
    """Exercise 1: `board_after(puzzle, steps)` gives the board after that many steps."""
    cases = [
        Case(f"{name}, {steps} steps", (puzzle, steps), board_after_events(puzzle, steps))
        for name, puzzle, steps in [
            ("the 4x4", FOUR_BY_FOUR, 0),
            ("the 4x4", FOUR_BY_FOUR, 5),
            ("the 4x4", FOUR_BY_FOUR, 12),
            ("the sample", SAMPLE, 40),
            ("the sample", SAMPLE, 1_000),
        ]
    ]
    return check_cases(
        "board_after",
        board_after,
        cases,
        mistakes=[nothing_returned, board_one_step_off, stepper_not_moved],
    )


def nothing_returned(attempt: Attempt) -> str | None:
    """None: the stepper was moved (goto returns nothing) but its board never returned."""
    return check_text("board not returned") if attempt.got is None else None


def board_one_step_off(attempt: Attempt) -> str | None:
    """The board one step before or after the one asked for: where step 0 is, misread."""
    puzzle, steps = attempt.case.args
    for way, other in (("too early", steps - 1), ("too late", steps + 1)):
        if other >= 0 and attempt.got == board_after_events(puzzle, other):
            return check_text("one step off", way=way)
    return None


def stepper_not_moved(attempt: Attempt) -> str | None:
    """The puzzle itself came back, for a case with steps to take."""
    puzzle, steps = attempt.case.args
    return check_text("stepper not moved") if steps and attempt.got == parse(puzzle) else None


def first_dead_end_of(puzzle: str) -> tuple[int, tuple[int, int]]:
    """The step number of the naive search's first dead end and its cell (1-based)."""
    events = events_of(puzzle, max_nodes=100_000)
    for step, event in enumerate(events, 1):
        if isinstance(event, DeadEnd) and event.row is not None and event.col is not None:
            return step, (event.row + 1, event.col + 1)  # the naive search names its cell
    raise ValueError(f"the naive search on {puzzle} has no dead end in its first 100,000 nodes")


def check_first_dead_end(first_dead_end: Callable[[str], object]) -> Report:
    """Exercise 2: `first_dead_end(puzzle)` gives (step, (row, column)) of the first dead end."""
    puzzles = [("the 4x4", FOUR_BY_FOUR), ("the sample", SAMPLE)]
    puzzles += [(f"easy50 #{i + 1}", load_set("easy50")[i]) for i in (2, 11)]
    cases = [Case(name, (puzzle,), first_dead_end_of(puzzle)) for name, puzzle in puzzles]
    return check_cases(
        "first_dead_end",
        first_dead_end,
        cases,
        mistakes=[cell_as_a_list, dead_end_from_zero, dead_end_swapped, dead_end_step_off],
    )


def _step_and_cell(got: object) -> tuple[object, tuple[object, object]] | None:
    """A learner's answer as (step, (row, column)), or None when it has another shape."""
    if isinstance(got, tuple) and len(got) == 2 and isinstance(got[1], tuple) and len(got[1]) == 2:
        return got[0], (got[1][0], got[1][1])
    return None


def dead_end_from_zero(attempt: Attempt) -> str | None:
    """The dead end's cell counted from 0, as code counts."""
    answer, (step, (row, col)) = _step_and_cell(attempt.got), attempt.case.expected
    return check_text("dead end from 0") if answer == (step, (row - 1, col - 1)) else None


def dead_end_swapped(attempt: Attempt) -> str | None:
    """Row and column the wrong way round."""
    answer, (step, (row, col)) = _step_and_cell(attempt.got), attempt.case.expected
    return check_text("dead end swapped") if row != col and answer == (step, (col, row)) else None


def cell_as_a_list(attempt: Attempt) -> str | None:
    """(step, [row, column]): the right numbers, but the cell a list, which never equals a tuple."""
    got = attempt.got
    if isinstance(got, tuple | list) and len(got) == 2 and isinstance(got[1], list):
        return check_text("cells as lists", first=got[1], pair=tuple(got[1]))
    return None


def dead_end_step_off(attempt: Attempt) -> str | None:
    """The right cell with a step one before or after the dead end's own."""
    answer, (step, cell) = _step_and_cell(attempt.got), attempt.case.expected
    off = answer in ((step - 1, cell), (step + 1, cell))
    return check_text("dead end step off") if off else None


def tries_by_depth(puzzle: str) -> dict[int, int]:
    """How many Try events the naive search makes at each depth, up to its solution."""
    depths = Counter(e.depth for e in events_of(puzzle) if isinstance(e, Try))
    return dict(sorted(depths.items()))


def check_tries_per_depth(tries_per_depth: Callable[[str], object]) -> Report:
    """Exercise 3: `tries_per_depth(puzzle)` counts the naive search's tries at each depth."""
    puzzles = [
        ("the 4x4", FOUR_BY_FOUR),
        ("the sample", SAMPLE),
        ("easy50 #5", load_set("easy50")[4]),
    ]
    cases = [Case(name, (puzzle,), tries_by_depth(puzzle)) for name, puzzle in puzzles]
    return check_cases(
        "tries_per_depth",
        tries_per_depth,
        cases,
        same=lambda got, want: dict(got) == want,
        mistakes=[no_tries_heard, counts_carried_over, depths_from_one, not_only_tries],
    )


def no_tries_heard(attempt: Attempt) -> str | None:
    """An empty dict: the listener heard no Try (the default method, "fast", needs no guess)."""
    got = _as_dict(attempt.got)
    return check_text("no tries heard") if got == {} and attempt.case.expected else None


def counts_carried_over(attempt: Attempt) -> str | None:
    """A second call on the same puzzle answers differently: the dict lives outside the function,
    so each call adds to the counts of the calls before."""
    (puzzle,) = attempt.case.args
    first = _as_dict(attempt.got)  # a snapshot: the learner's dict may grow on the next call
    again = _as_dict(attempt.try_call(puzzle, seconds=1.0))
    if first is not None and again is not None and again != first:
        return check_text("counts carried over")
    return None


def depths_from_one(attempt: Attempt) -> str | None:
    """Every depth one more than the event's: counted from 1."""
    shifted = {depth + 1: count for depth, count in attempt.case.expected.items()}
    return check_text("depth from 1") if _as_dict(attempt.got) == shifted else None


def not_only_tries(attempt: Attempt) -> str | None:
    """Counts at least the tries at every depth, and more somewhere: other events counted too."""
    got, want = _as_dict(attempt.got), attempt.case.expected
    if got is None or not set(want) <= set(got):
        return None
    more = all(got[d] >= want[d] for d in want) and got != want
    return check_text("not only tries") if more else None


def _as_dict(got: object) -> dict[object, object] | None:
    """A learner's answer as a dict, if it is one."""
    return dict(got) if isinstance(got, dict) else None
