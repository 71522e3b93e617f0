"""`watch` after a check's time limit has fired, in a worker thread or the main one: nothing
may hang, arrive late or stay installed.

The time limit once stopped a worker thread by asking CPython to raise an exception in it, and
withdrawing such a request left the interpreter's "exception pending" flag set, so every later
traced call in the process (`watch` traces) spun forever. The limit is now a trace hook in the
thread itself (`sudoku_lib.timelimit`); these sequences keep checking that a limit that fired
leaves the process as it found it. A hang cannot be broken from inside, so each sequence runs in
a child process that the test kills after a minute; the child stops itself earlier with
faulthandler, printing where it hung.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

PRELUDE = """
import faulthandler, sys, threading, time
faulthandler.dump_traceback_later(20, exit=True)  # a hang ends the child with a traceback
from sudoku_lib.checks.core import Case, TooSlow, check_cases, deadline
from sudoku_lib.watch import watch

def spin(x):
    while True:
        x += 1

def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)

def watched_fact():
    recording = watch(fact, 5)
    assert recording.result == 120 and recording.calls == 5, recording
    return recording
"""

SEQUENCES = {
    "limit fires in a worker, then watch in the main thread": """
reports = []
case = [Case("one", (1,), 1)]

def run_check():
    reports.append(check_cases("spin", spin, case, time_limit=0.2))

worker = threading.Thread(target=run_check)
worker.start()
worker.join(5)
assert not worker.is_alive(), "the worker's check never ended"
assert "no answer after" in repr(reports[0]), reports[0]
assert threading.active_count() == 1, threading.enumerate()  # no timer thread at all
print(watched_fact())
""",
    "limit fires in the main thread, then watch, a check and a search": """
from sudoku_lib import parse, solve_sudoku
from sudoku_lib.puzzles import SAMPLE
try:
    with deadline(0.1):
        spin(1)
except TooSlow:
    pass
else:
    raise AssertionError("the deadline did not stop spin")
assert threading.active_count() == 1, threading.enumerate()
print(watched_fact())
print(check_cases("fact", fact, [Case("five", (5,), 120)]))
board = parse(SAMPLE)
recording = watch(solve_sudoku, board)  # the library's search, run (and hidden) under watch
assert recording.error is None and recording.calls >= 1, recording
assert all(d != "." for row in board for d in row), board
print(recording)
print(watched_fact())
""",
    "the learner's code swallows the limit's exception": """
def swallow():
    try:
        spin(1)
    except BaseException:  # the bare except a learner may write
        return "swallowed"

started = time.process_time()  # CPU time, which other processes' load does not stretch
try:
    with deadline(0.1):
        got = swallow()
except TooSlow:  # the stop is raised again where the learner's code goes on after catching it
    got = "refused"
assert got == "refused", got
assert time.process_time() - started < 0.6, "waited for an exception that had already landed"
print(watched_fact())
""",
    "the limit fires just as cases end, many times over": """
def busy(seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass
    return "done"

outcomes = set()
for i in range(300):
    limit = 0.002 + (i % 7) * 0.0003
    try:
        with deadline(limit):
            outcomes.add(busy(0.0025))
    except TooSlow:
        outcomes.add("too slow")
    busy(0.001)  # a stale exception, arriving late, would land here
assert threading.active_count() == 1, threading.enumerate()
print(sorted(outcomes))
print(watched_fact())
""",
}


@pytest.mark.parametrize("sequence", SEQUENCES, ids=list(SEQUENCES))
def test_nothing_hangs_or_arrives_late_after_the_thread_path_limit(sequence: str) -> None:
    script = textwrap.dedent(PRELUDE) + textwrap.dedent(SEQUENCES[sequence])
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "watched fact: 5 calls" in run.stdout, run.stdout + run.stderr
