"""A learner's code that catches the time limit's stop (a bare `except:`) is stopped anyway.

`TooSlow` is a BaseException, so `except Exception:` lets it pass, but a bare `except:` or
`except BaseException:` catches it. A recursive search that catches it at every level and
returns False just goes on with the next digit: before, a 40-deep one under a 0.2 s limit was
still running at 20 s. Now the check raises the stop again wherever the learner's code runs on,
and the report says the stop was caught. A caught stop followed by a right answer fails too:
the answer came only after the limit, and the bare `except:` would hide real errors as well, so
the learner is told rather than passed. Every sequence runs on both paths: in the main thread
(the alarm, as in a kernel) and in a worker thread (the timer thread's async exception).

On the old code these runs hang, so each one runs in a child process that the test kills after
a minute; the child ends itself earlier with faulthandler, printing where it hung. After each,
the child runs another check and `watch` in the same process, and checks that no interval timer,
signal handler or trace hook was left behind and that no stop arrives late.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

PRELUDE = """
import faulthandler, signal, sys, threading, time
faulthandler.dump_traceback_later(20, exit=True)  # a hang ends the child with a traceback
from sudoku_lib.checks.core import Case, TooSlow, check_cases, deadline
from sudoku_lib.watch import watch

def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)

def busy(seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass

def bare_search(depth):  # every level catches the stop and tries the next branch
    try:
        if depth == 40:
            return False
        for _ in range(3):
            if bare_search(depth + 1):
                return True
        return False
    except:  # noqa: E722 - the learner's bare except, on purpose
        return False

def exception_search(depth):  # except Exception: lets the stop (a BaseException) through
    try:
        if depth == 40:
            return False
        for _ in range(3):
            if exception_search(depth + 1):
                return True
        return False
    except Exception:
        return False

def finally_search(depth, board):  # a `finally` that undoes each move lets the stop pass too
    board.append(depth)
    try:
        if depth == 40:
            return False
        for _ in range(3):
            if finally_search(depth + 1, board):
                return True
        return False
    finally:
        board.pop()

def step(n):
    return sum(range(n))

def loop_pass(n):  # swallows every stop, for ever
    while True:
        try:
            step(n)
        except BaseException:
            pass

def loop_pass_no_call(n):  # the same without a call inside the try
    total = 0
    while True:
        try:
            total += n
        except BaseException:
            pass

def late_but_right(n):  # catches the stop, then answers right away, and rightly
    try:
        busy(5)
    except:  # noqa: E722
        pass
    return 2 * n

def swallow_busy(seconds):
    try:
        busy(seconds)
        return "done"
    except:  # noqa: E722
        return "swallowed"

def near_the_boundary():
    '''Limits of 2-4 ms around 2.5 ms of work, half of it swallowing: nothing lands late, and
    a swallowed stop is never taken for an answer.'''
    outcomes = set()
    for i in range(200):
        try:
            with deadline(0.002 + (i % 7) * 0.0003) as limit:
                got = swallow_busy(0.0025) if i % 2 else (busy(0.0025) or "done")
            outcomes.add("said swallowed" if limit.swallowed else got)
        except TooSlow:
            outcomes.add("too slow")
        busy(0.001)  # a stale stop would land here
    assert outcomes <= {"done", "too slow", "said swallowed"}, outcomes
    print(sorted(outcomes))

def in_place(function, where):
    if where == "main":
        return function()
    errors = []
    def guarded():
        try:
            function()
        except BaseException as error:  # handed to the main thread, which fails with it
            errors.append(error)
    worker = threading.Thread(target=guarded)
    worker.start()
    worker.join(20)
    assert not worker.is_alive(), "the worker never ended"
    if errors:
        raise errors[0]

def run(function, case, where):
    '''The check's report and CPU seconds, run here or in a worker thread (the thread path).'''
    out = []
    def go():  # CPU time of the whole process (either thread): load elsewhere does not count
        started = time.process_time()
        out.append(check_cases(function.__name__, function, [case], time_limit=0.2))
        out.append(time.process_time() - started)
    if where == "main":
        go()
    else:
        worker = threading.Thread(target=go)
        worker.start()
        worker.join(10)
        assert not worker.is_alive(), "the worker's check never ended"
    return out

def nothing_left_behind():
    busy(0.3)  # a stop arriving late, or a repeating alarm, would land here
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0), signal.getitimer(signal.ITIMER_REAL)
    assert signal.getsignal(signal.SIGALRM) is signal.SIG_DFL, signal.getsignal(signal.SIGALRM)
    assert sys.gettrace() is None and sys.getprofile() is None, (sys.gettrace(), sys.getprofile())
    assert threading.active_count() == 1, threading.enumerate()
    report = check_cases("fact", fact, [Case("five", (5,), 120)])
    assert report.passed, report
    recording = watch(fact, 5)
    assert recording.result == 120 and recording.calls == 5, recording
    print(recording)
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0), signal.getitimer(signal.ITIMER_REAL)

def caught_report(report, seconds, case):
    text = repr(report)
    assert not report.passed and report.case == case, text
    assert f"case {case}" in text, text
    assert "caught the time limit's stop" in text and "except ValueError:" in text, text
    assert seconds < 1.5, f"stopped only after {seconds:.2f} s of CPU"
    print(f"stopped after {seconds:.3f} s of CPU")
"""

SEQUENCES = {
    "bare except in a recursive search": """
report, seconds = run(bare_search, Case("deep", (0,), True), WHERE)
caught_report(report, seconds, "deep")
nothing_left_behind()
""",
    "except BaseException: pass in an endless loop": """
report, seconds = run(loop_pass, Case("loop", (50,), 1), WHERE)
caught_report(report, seconds, "loop")
nothing_left_behind()
# the same loop without a call: its back edge, outside the try, is where the stop lands
report, seconds = run(loop_pass_no_call, Case("loop", (1,), 1), WHERE)
text = repr(report)
assert not report.passed and report.case == "loop", text
assert "no answer after 0.2 seconds" in text, text
assert seconds < 1.5, seconds
nothing_left_behind()
""",
    "a caught stop, then a right answer at once: the answer does not count": """
report, seconds = run(late_but_right, Case("late", (3,), 6), WHERE)
caught_report(report, seconds, "late")
nothing_left_behind()
in_place(near_the_boundary, WHERE)
nothing_left_behind()
""",
    "except Exception or finally: the stop passes, and the report says only too slow": """
report, seconds = run(exception_search, Case("deep", (0,), True), WHERE)
text = repr(report)
assert not report.passed and report.case == "deep", text
assert "no answer after 0.2 seconds: the check stopped your code there." in text, text
assert "caught" not in text, text
assert seconds < 1.5, seconds
limits = []
def limit_of_search():
    try:
        with deadline(0.2) as limit:
            exception_search(0)
    except TooSlow:
        limits.append(limit)
in_place(limit_of_search, WHERE)
assert len(limits) == 1 and not limits[0].swallowed and limits[0].caught == 0, limits
report, seconds = run(finally_search, Case("undo", (0, []), True), WHERE)
text = repr(report)
assert "no answer after 0.2 seconds: the check stopped your code there." in text, text
assert "caught" not in text and seconds < 1.5, (text, seconds)
nothing_left_behind()
""",
}


@pytest.mark.parametrize("where", ["main", "thread"])
@pytest.mark.parametrize("sequence", SEQUENCES, ids=list(SEQUENCES))
def test_a_caught_stop_is_stopped_again_and_said(sequence: str, where: str) -> None:
    script = (
        textwrap.dedent(PRELUDE) + f"WHERE = {where!r}\n" + textwrap.dedent(SEQUENCES[sequence])
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "watched fact: 5 calls" in run.stdout, run.stdout + run.stderr
