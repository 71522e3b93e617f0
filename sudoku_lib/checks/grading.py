"""A self-check that nbgrader can grade: under nbgrader a failed check raises, elsewhere it shows.

nbgrader scores a test cell by whether it raised, while the course's checks never raise: they
return a `Report` a learner reads. The class build (`make student-class`) therefore wraps each
check as `graded(check_box_of(box_of))`. In a learner's own kernel that returns the report as
before, so their notebook still runs top to bottom; when nbgrader runs it (it sets
`NBGRADER_EXECUTION` for autograde and validate) a report that did not pass raises `CheckFailed`,
whose traceback is only the check's own words, so the feedback a student reads is the same few
lines the notebook shows, with no stack of frames around them.
"""

from __future__ import annotations

import os

from .core import Report

NBGRADER_EXECUTION = "NBGRADER_EXECUTION"  # set by nbgrader in the kernels it runs


class CheckFailed(AssertionError):
    """A check that did not pass, raised only while nbgrader grades the notebook."""

    def __init__(self, report: Report) -> None:
        super().__init__("\n".join(report.lines))
        self.report = report

    def _render_traceback_(self) -> list[str]:
        """What IPython shows (and nbgrader's feedback prints) instead of the stack of frames."""
        return list(self.report.lines)


def under_nbgrader() -> bool:
    """True in a kernel nbgrader started to autograde or validate a notebook."""
    return bool(os.environ.get(NBGRADER_EXECUTION))


def graded(report: Report) -> Report | None:
    """The report, for the notebook to show; under nbgrader, raise it unless every case passed.

    Under nbgrader a passed report is printed rather than returned: nbgrader reads a test cell's
    value as a partial score, and a report is words, not a number.
    """
    if not under_nbgrader():
        return report
    if not report.passed:
        raise CheckFailed(report)
    print(report)
    return None
