"""How the course names things for people: cells, units, digits, counts and durations.

Every caption, error message, self-check and picture title builds its words here, so the course
says a thing one way everywhere, and a translation (the source material is Chinese) has one
module to change. Code counts rows, columns and boxes from 0 (`r`, `c`, `box_index`); people
count them from 1, and only this module turns the one into the other.
"""

from __future__ import annotations

UNIT_KINDS = ("row", "column", "box")
COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}
BOX_NAMES_9 = (
    "top-left", "top-middle", "top-right",
    "middle-left", "centre", "middle-right",
    "bottom-left", "bottom-middle", "bottom-right",
)  # fmt: skip


def cell_name(row: int, col: int) -> str:
    """A cell as a learner says it, from 0-based indices: (0, 2) -> "row 1, column 3"."""
    return f"row {row + 1}, column {col + 1}"


def unit_name(kind: str, index: int, size: int = 9) -> str:
    """ "row 3", "column 5" or "box 1 (top-left)" from a 0-based index; 9x9 boxes get a name."""
    name = f"{kind} {index + 1}"
    if kind == "box" and size == 9:
        name += f" ({BOX_NAMES_9[index]})"
    return name


def count_word(n: int) -> str:
    """Small counts in words ("two", "three"), larger ones in figures."""
    return COUNT_WORDS.get(n, str(n))


def number(n: int) -> str:
    """An integer with thousands separators, as prose writes it: 4208 -> "4,208"."""
    return f"{n:,}"


def plural(n: int, noun: str, nouns: str | None = None) -> str:
    """ "1 node", "4,208 nodes": a count with its noun."""
    word = noun if n == 1 else (nouns or noun + "s")
    return f"{number(n)} {word}"


def format_seconds(seconds: float) -> str:
    """A measured duration: "740.0 µs", "12.3 ms", "2.41 s".

    Notebooks print every measured time through this, always with a decimal point, so the nbval
    sanitizer (tests/sanitize.cfg) can recognise and mask it.
    """
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def about_duration(seconds: float) -> str:
    """A long estimate in the unit a person would use: 845 s -> "about 14 minutes"."""
    if seconds < 59.5:
        return "about " + plural(max(1, round(seconds)), "second")
    for noun, length, next_length in (("minute", 60, 3_600), ("hour", 3_600, 86_400)):
        if seconds < 1.5 * next_length:
            return "about " + plural(round(seconds / length), noun)
    return "about " + plural(round(seconds / 86_400), "day")


def cell_in_unit(row: int, col: int, kind: str) -> str:
    """A cell named within a unit that already fixes part of it: "column 7" within a row."""
    if kind == "row":
        return f"column {col + 1}"
    if kind == "column":
        return f"row {row + 1}"
    return cell_name(row, col)


def step_status(position: int, known: int, finished: bool) -> str:
    """Where a stepper is, in words: "step 4 of 12,523", "step 52 of 52: the search has ended",
    or "step 4 of at least 4" while the search goes on (only the steps recorded so far are known).
    """
    if not finished:
        return f"step {number(position)} of at least {number(known)}"
    where = f"step {number(position)} of {number(known)}"
    return f"{where}: the search has ended" if position == known else where


def ended_note() -> str:
    """What a stepper says when asked to go past its last step."""
    return "the search has ended: this is its last step"


def cap_note(cap: int) -> str:
    """What a stepper says when a cap stopped a long move."""
    return f"stopped after {plural(cap, 'step')}: press again to go on"
