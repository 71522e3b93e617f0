"""The time limit works with no signal timer and no thread (as in a browser's Python), stops only
the learner's own frames, and leaves nothing installed.

Before, the limit was SIGALRM in the main thread and a timer thread elsewhere: with neither (a
Pyodide kernel) every check failed with "can't start new thread", so a right answer was marked
wrong and a stub was not "not done yet"; and the alarm raised wherever the main thread happened
to be, inside the library too. The sequences that could hang on broken code run in a child
process that the test kills after a minute (the child ends itself earlier with faulthandler).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from sudoku_lib import solve, timelimit, watch
from sudoku_lib.checks import core
from sudoku_lib.checks.core import Case, TooSlow, check_cases, deadline
from sudoku_lib.puzzles import SAMPLE

NO_SIGNALS_NO_THREADS = """
import faulthandler, signal, sys, threading, time
faulthandler.dump_traceback_later(30, exit=True)  # a hang ends the child with a traceback
del signal.setitimer  # as in a browser's Python: no signal timer ...
def no_thread(self):
    raise RuntimeError("can't start new thread")
threading.Thread.start = no_thread  # ... and no threads
from sudoku_lib.checks import core
from sudoku_lib.checks.core import Case, check_cases
from sudoku_lib import watch

def spin(n):
    while True:
        n += 1

def count_up(n):  # a loop whose test is at its end (3.11: a conditional jump back)
    i = 0
    while i < n:
        n += 1
    return i

def retry(n):  # a bare except around the work, tried again for ever
    while True:
        try:
            spin(n)
        except:  # noqa: E722
            pass

def no_base_case(n):
    return no_base_case(n + 1)

def double(n):
    return 2 * n

def stub(n):
    raise NotImplementedError

def report(function, expected=2):
    started = time.monotonic()
    text = repr(check_cases(function.__name__, function, [Case("one", (1,), expected)],
                            time_limit=0.2))
    return text, time.monotonic() - started

text, seconds = report(spin)
assert "no answer after 0.2 seconds" in text and seconds < 2, (text, seconds)
text, seconds = report(count_up)
assert "no answer after 0.2 seconds" in text and seconds < 2, (text, seconds)
text, seconds = report(retry)
assert "caught the time limit's stop" in text and seconds < 2, (text, seconds)
text, _ = report(no_base_case)
assert "RecursionError" in text, text
text, _ = report(double)
assert "pass" in text, text
text, _ = report(stub)
assert "not done yet" in text, text
recording = watch(spin, 1, max_seconds=0.2)
assert recording.error.startswith("stopped after 200.0 ms"), recording.error
assert sys.gettrace() is None and sys.getprofile() is None
print("all held")
"""


def test_checks_and_watch_work_with_no_signal_timer_and_no_thread() -> None:
    run = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(NO_SIGNALS_NO_THREADS)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "all held" in run.stdout, run.stdout + run.stderr


def solve_in_a_loop() -> None:
    """The learner's loop that spends nearly all its time inside the library."""
    while True:
        solve(SAMPLE)


@pytest.mark.parametrize("attempt", range(5))
def test_the_stop_lands_in_the_learners_frame_never_in_the_library(attempt: int) -> None:
    # The hard bound (the wall clock at WALL_FACTOR times the limit) may stop code anywhere, by
    # design; a limit long enough that a busy machine does not reach it before the CPU limit.
    with pytest.raises(TooSlow) as stopped, deadline(0.25):
        solve_in_a_loop()
    machinery = {Path(timelimit.__file__), Path(core.__file__)}  # where the limit's code lives
    names = [entry.name for entry in stopped.traceback if Path(entry.path) not in machinery]
    assert names[-1] == "solve_in_a_loop", names


def test_another_trace_function_keeps_its_events_and_is_put_back_exactly() -> None:
    seen: list[str] = []

    def debugger(frame, event, arg):  # type: ignore[no-untyped-def]
        if frame.f_code.co_name == "spin_a_little":
            seen.append(event)
        return debugger

    def spin_a_little() -> int:
        total = 0
        for i in range(3):
            total += i
        return total

    previous = sys.gettrace()
    sys.settrace(debugger)
    try:
        with deadline(5) as limit:
            spin_a_little()
        inside = sys.gettrace()
    finally:
        sys.settrace(previous)
    assert inside is debugger and limit.finished and not limit.stops
    assert seen[0] == "call" and seen.count("line") >= 4 and seen[-1] == "return", seen


def test_nothing_of_the_limit_outlives_it() -> None:
    def swallow() -> str:
        try:
            while True:
                pass
        except BaseException:
            return "swallowed"

    before = (sys.gettrace(), sys.getprofile())
    with pytest.raises(TooSlow), deadline(0.05) as limit:
        swallow()
    assert (sys.gettrace(), sys.getprofile()) == before
    assert limit.stops >= 2 and limit.caught >= 1
    started = time.monotonic()
    while time.monotonic() - started < 0.1:  # a stale stop would land in this loop
        pass


def test_an_outer_limit_is_kept_while_watch_runs_inside_it() -> None:
    def spin(n: int) -> None:
        while True:
            n += 1

    started = time.monotonic()
    with pytest.raises(TooSlow), deadline(0.2):
        watch(spin, 1, max_seconds=30)
    assert time.monotonic() - started < 5


def test_a_time_limit_must_be_a_positive_finite_number() -> None:
    for bad in (0, -1, float("inf"), float("nan")):
        with pytest.raises(ValueError, match="time limit"), deadline(bad):
            pass
    with pytest.raises(TypeError, match="number of seconds"), deadline("3"):  # type: ignore[arg-type]
        pass


def test_only_the_learners_files_are_the_learners() -> None:
    for theirs in ("<string>", "/tmp/ipykernel_123/4567.py", str(Path.home() / "mine.py")):
        assert timelimit.is_learner_file(theirs), theirs
    ours_all = (os.__file__, textwrap.__file__, pytest.__file__, timelimit.__file__, "<frozen os>")
    for ours in ours_all:
        assert not timelimit.is_learner_file(ours), ours


def test_the_standard_library_is_found_where_it_really_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """In Pyodide the standard library is inside /lib/python311.zip, not in sysconfig's folder."""
    monkeypatch.setattr(os, "__file__", "/lib/python311.zip/os.py")
    assert "/lib/python311.zip" in timelimit.code_roots()


def test_a_right_answer_under_the_limit_passes_and_a_stub_is_not_done() -> None:
    def double(n: int) -> int:
        return 2 * n

    def stub(n: int) -> int:
        raise NotImplementedError

    assert check_cases("double", double, [Case("one", (1,), 2)]).passed
    assert check_cases("stub", stub, [Case("one", (1,), 2)]).outcome == "not done yet"


def test_the_budget_clock_falls_back_where_the_platform_has_no_thread_clock(monkeypatch):
    """A browser's Python (Pyodide) has no `time.thread_time`: importing must not fail there."""
    from sudoku_lib import timelimit

    monkeypatch.delattr(timelimit.time, "thread_time")
    assert timelimit.thread_cpu_clock() is timelimit.time.process_time
    monkeypatch.delattr(timelimit.time, "process_time")
    assert timelimit.thread_cpu_clock() is timelimit.time.monotonic


def test_a_generator_collected_after_a_stop_closes_quietly():
    """A learner's generator left suspended when the stop came, and collected later inside the
    limit: closing it runs no line, so it must not raise the stop where nobody can catch it (an
    "Exception ignored in <generator>" traceback under the learner's cell)."""
    unraisable: list[object] = []
    kept: list[object] = []

    def spin_with_a_generator_open() -> None:
        pending = (i for i in range(3))
        next(pending)
        kept.append(pending)
        while True:
            pass

    previous, sys.unraisablehook = sys.unraisablehook, unraisable.append
    try:
        with deadline(0.2):
            with pytest.raises(TooSlow):
                spin_with_a_generator_open()
            time.sleep(timelimit.GRACE + 0.1)  # past the grace a stop has while it unwinds
            kept.clear()  # the generator is collected, and closed, here
    finally:
        sys.unraisablehook = previous
    assert unraisable == []
