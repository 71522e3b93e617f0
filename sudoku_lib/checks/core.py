"""Self-checks for the exercises: run the learner's code on several cases and say, in plain words,
which case failed, what was expected and what came back.

A check never raises. On a stub that still says `raise NotImplementedError` it reports "not done
yet", so the student version of every notebook runs top to bottom.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

Outcome = Literal["passed", "failed", "not done yet"]
NOT_DONE = "not done yet"


@dataclass(frozen=True)
class Case:
    """One input to try: a name a learner understands, the arguments, and the right answer."""

    name: str
    args: tuple[Any, ...]
    expected: Any


@dataclass
class Report:
    """What a check found; a notebook shows it as a few lines of text."""

    title: str
    outcome: Outcome
    lines: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """True when every case gave the expected answer."""
        return self.outcome == "passed"

    def __repr__(self) -> str:
        return "\n".join(self.lines)


def not_done(title: str) -> Report:
    """The report for an exercise whose stub has not been replaced yet."""
    return Report(
        title,
        NOT_DONE,
        [
            f"… {title}: not done yet. Replace `raise NotImplementedError` with your code, "
            "then run this cell again."
        ],
    )


def check_cases(
    title: str,
    function: Callable[..., Any],
    cases: Sequence[Case] | Iterable[Case],
    same: Callable[[Any, Any], bool] = lambda got, expected: got == expected,
    show: Callable[[Any], str] = repr,
) -> Report:
    """Call `function` on each case (on copies of the arguments) and report the first mismatch."""
    cases = list(cases)
    for case in cases:
        try:
            got = function(*copy.deepcopy(case.args))
        except NotImplementedError:
            return not_done(title)
        except Exception as error:  # the learner's bug, reported rather than raised
            return Report(
                title,
                "failed",
                [f"✗ {title}, case {case.name}: your code raised {type(error).__name__}: {error}"],
            )
        if not same(got, case.expected):
            return Report(
                title,
                "failed",
                [
                    f"✗ {title}, case {case.name}:",
                    f"    expected {show(case.expected)}",
                    f"    got      {show(got)}",
                ],
            )
    return Report(title, "passed", [f"✓ {title}: all {len(cases)} cases pass."])
