"""Issue 35, third hostile round: a time limit that holds everywhere it is promised, and settings
and tools that never break an import or end in a traceback.

Each hang case runs in a child process with an outer timeout, so a limit that does not hold
fails the test rather than hanging the suite. The bounds hold at load 15 on two cores: the
limit is 1 s of CPU, stopped by 3 s of wall clock at the latest (`WALL_FACTOR`); the test allows
`SLACK` seconds more for a machine that busy to schedule the child at all.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 1.0
SLACK = 3.0  # seconds a machine at load 15 may add to the 3 s hard bound
OUTER = 60  # seconds after which the child is killed and the test fails


def run_child(
    script: str, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run a Python script in a child process with the worktree importable, killed after OUTER."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script), *args],
        capture_output=True,
        text=True,
        timeout=OUTER,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
    )


# --- the time limit -----------------------------------------------------------------------------

LEARNER_CODE = {
    "one-line spin": "def f(n):\n    while True: pass\n",
    "event wait": "import threading\ndef f(n):\n    threading.Event().wait()\n",
    "join a thread that never ends": (
        "import threading\n"
        "def spin():\n    while True: pass\n"
        "def f(n):\n    t = threading.Thread(target=spin)\n    t.start()\n    t.join()\n"
    ),
    "sleep process": "import subprocess\ndef f(n):\n    subprocess.run(['sleep', '1000'])\n",
    "catastrophic regex": "import re\ndef f(n):\n    return re.match(r'(a+)+$', 'a' * 40 + 'b')\n",
    "long library call": (
        "from sudoku_lib import solve\n"
        "P = '85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.'\n"
        "def f(n):\n    return solve(P, method='naive', max_nodes=10**12)\n"
    ),
}

HANG_CHILD = """
import os, sys, tempfile, threading, time
from pathlib import Path
from sudoku_lib.checks.core import Case, check_cases

code, where, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
folder = tempfile.mkdtemp()
Path(folder, "learner_code.py").write_text(code)
sys.path.insert(0, folder)
from learner_code import f

out = []
def go():
    started = time.monotonic()
    report = check_cases("f", f, [Case("one", (1,), 2)], time_limit=limit)
    out.append((repr(report), time.monotonic() - started))
if where == "main":
    go()
else:
    worker = threading.Thread(target=go)
    worker.start()
    worker.join()
text, seconds = out[0]
left = [t.name for t in threading.enumerate() if t is not threading.main_thread()]
children = [p for p in Path("/proc").glob("[0-9]*/stat")
            if p.read_text().rsplit(")", 1)[1].split()[1] == str(os.getpid())]
print(f"SECONDS {seconds:.2f}")
print(f"THREADS {left}")
print(f"CHILDREN {len(children)}")
print(text)
os._exit(0)
"""


def hang_cases() -> list[tuple[str, str]]:
    """Every case in the main thread and in a worker thread, but the regex in a worker: the
    regular expression engine runs in C and only a signal reaches it (the README says so)."""
    return [
        (name, where)
        for name in LEARNER_CODE
        for where in ("main", "thread")
        if not (name == "catastrophic regex" and where == "thread")
    ]


@pytest.mark.parametrize(("name", "where"), hang_cases())
def test_the_time_limit_stops_what_used_to_run_on(name: str, where: str) -> None:
    run = run_child(HANG_CHILD, LEARNER_CODE[name], where, str(LIMIT))
    lines = run.stdout.splitlines()
    assert len(lines) > 3, run.stdout + run.stderr
    seconds = float(lines[0].split()[1])
    assert seconds < 3 * LIMIT + SLACK, run.stdout
    assert "no answer after 1 second" in run.stdout, run.stdout
    assert lines[1] == "THREADS []", run.stdout  # the learner's threads (and the watchdog) ended
    assert lines[2] == "CHILDREN 0", run.stdout  # the `sleep` was killed


SPAWNING = """
import os, subprocess, sys, time
from pathlib import Path
from sudoku_lib.checks.core import Case, check_cases
sys.path.insert(0, sys.argv[1])
from learner_spawn import f
report = check_cases("f", f, [Case("one", (1,), 2)], time_limit=1.0)
time.sleep(0.1)
children = [p for p in Path("/proc").glob("[0-9]*/stat")
            if p.read_text().rsplit(")", 1)[1].split()[1] == str(os.getpid())
            and p.read_text().rsplit(")", 1)[1].split()[0] != "Z"]
print("CHILDREN", len(children))
os._exit(0)
"""


def test_processes_the_learners_function_started_are_gone_after_the_check(tmp_path: Path) -> None:
    (tmp_path / "learner_spawn.py").write_text(
        "import subprocess\ndef f(n):\n"
        "    for _ in range(5):\n        subprocess.Popen(['sleep', '1000'])\n    return 2 * n\n"
    )
    run = run_child(SPAWNING, str(tmp_path))
    assert "CHILDREN 0" in run.stdout, run.stdout + run.stderr


PRINTING = """
import sys
sys.path.insert(0, sys.argv[1])
from learner_print import f
from sudoku_lib.checks.core import Case, check_cases
check_cases("f", f, [Case("one", (1,), 2)], time_limit=1.0)
"""


def test_what_a_check_lets_through_of_the_learners_prints_is_bounded(tmp_path: Path) -> None:
    (tmp_path / "learner_print.py").write_text(
        "def f(n):\n    for _ in range(10_000):\n        print('x' * 1000)\n    return 2 * n\n"
    )
    run = run_child(PRINTING, str(tmp_path))
    assert len(run.stdout) < 120_000, len(run.stdout)
    assert "output cut" in run.stdout, run.stdout[-300:]


BROWSER_LIKE = """
import signal, sys, threading, time, tempfile
from pathlib import Path
del signal.setitimer  # as in a browser's Python: no signal timer ...
def no_thread(self):
    raise RuntimeError("can't start new thread")
threading.Thread.start = no_thread  # ... and no threads
folder = tempfile.mkdtemp()
Path(folder, "learner_spin.py").write_text("def f(n):\\n    while True: pass\\n")
sys.path.insert(0, folder)
from learner_spin import f
from sudoku_lib.checks.core import Case, check_cases
started = time.monotonic()
print(repr(check_cases("f", f, [Case("one", (1,), 2)], time_limit=0.5)))
print("SECONDS", time.monotonic() - started)
"""


def test_a_one_line_spin_is_stopped_with_no_signal_and_no_thread() -> None:
    """`while True: pass` on one line gives no line event (CPython 3.11 jumps to the same
    instruction): the hook asks for instruction events in such code, which needs neither a
    signal nor a thread, so it holds in a browser's Python and in any thread."""
    run = run_child(BROWSER_LIKE)
    assert "no answer after 0.5 seconds" in run.stdout, run.stdout + run.stderr
    seconds = float(run.stdout.split("SECONDS")[1])
    assert seconds < 3 * 0.5 + SLACK, seconds
