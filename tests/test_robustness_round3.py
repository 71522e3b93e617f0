"""Issue 35, third hostile round: a time limit that holds everywhere it is promised, and settings
and tools that never break an import or end in a traceback.

Each hang case runs in a child process with an outer timeout, so a limit that does not hold
fails the test rather than hanging the suite. The bounds hold at load 15 on two cores: the
limit is 1 s of CPU, stopped by 3 s of wall clock at the latest (`WALL_FACTOR`); the test allows
`SLACK` seconds more for a machine that busy to schedule the child at all.
"""

from __future__ import annotations

import os
import signal
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
    """Run a Python script in a child process with the worktree importable. It runs in a
    session of its own, so that after OUTER seconds it is killed with everything it started (a
    `sleep` it left would hold the output pipe open, and the test would wait for it)."""
    command = [sys.executable, "-c", textwrap.dedent(script), *args]
    child = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
        start_new_session=True,
    )
    try:
        stdout, stderr = child.communicate(timeout=OUTER)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        stdout, stderr = child.communicate()
        stderr += f"\n(killed after {OUTER} s)"
    return subprocess.CompletedProcess(command, child.returncode, stdout, stderr)


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
from sudoku_lib import watch
from sudoku_lib.checks.core import Case, check_cases
if sys.argv[2] == "check":
    check_cases("f", f, [Case("one", (1,), 2)], time_limit=1.0)
else:
    watch(f, 1)
"""


@pytest.mark.parametrize("where", ["check", "watch"])
def test_what_a_check_or_watch_lets_through_of_the_learners_prints_is_bounded(
    where: str, tmp_path: Path
) -> None:
    (tmp_path / "learner_print.py").write_text(
        "def f(n):\n    for _ in range(10_000):\n        print('x' * 1000)\n    return 2 * n\n"
    )
    run = run_child(PRINTING, str(tmp_path), where)
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
Path(folder, "learner_code.py").write_text(sys.argv[1])
sys.path.insert(0, folder)
from learner_code import f
from sudoku_lib.checks.core import Case, check_cases
started = time.monotonic()
print(repr(check_cases("f", f, [Case("one", (1,), 2)], time_limit=1.0)))
print("SECONDS", time.monotonic() - started)
"""


@pytest.mark.parametrize("name", ["one-line spin", "long library call"])
def test_the_hook_alone_stops_a_spin_and_a_long_library_call(name: str) -> None:
    """With no signal and no thread (a browser's Python): `while True: pass` on one line gives
    no line event (CPython 3.11 jumps to the same instruction), so the hook asks for instruction
    events in such code; and a long call into the library is stopped at a call of its own once
    the hard bound is past and the learner's code has been quiet."""
    run = run_child(BROWSER_LIKE, LEARNER_CODE[name])
    assert "no answer after 1 second" in run.stdout, run.stdout + run.stderr
    seconds = float(run.stdout.split("SECONDS")[1])
    assert seconds < 3 * LIMIT + SLACK, seconds


# --- settings that never break an import --------------------------------------------------------

LANGUAGE_OF = "import sudoku_lib; from sudoku_lib.i18n import get_language; print(get_language())"


@pytest.mark.parametrize(
    ("setting", "spoken"),
    [("zh_CN.UTF-8", "zh"), ("zh_CN", "zh"), ("C", "en"), ("en_US.UTF-8", "en"), ("POSIX", "en")],
)
def test_sudoku_lang_is_read_as_lang_is(setting: str, spoken: str) -> None:
    run = run_child(LANGUAGE_OF, env={"SUDOKU_LANG": setting})
    assert run.returncode == 0 and run.stdout.strip() == spoken, run.stdout + run.stderr
    assert run.stderr == "", run.stderr


def test_an_unknown_language_gives_english_and_one_line_never_a_failed_import() -> None:
    run = run_child(LANGUAGE_OF, env={"SUDOKU_LANG": "klingon"})
    assert run.returncode == 0 and run.stdout.strip() == "en", run.stdout + run.stderr
    assert len(run.stderr.splitlines()) == 1 and "'klingon'" in run.stderr, run.stderr


@pytest.mark.parametrize("damage", ["missing", "damaged"])
def test_a_missing_or_damaged_catalog_gives_english_and_one_line(
    damage: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from sudoku_lib import i18n

    folder = tmp_path / "zh_CN" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    if damage == "damaged":
        (folder / "sudoku_lib.mo").write_bytes(b"not a catalog at all")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_warned", set())
    try:
        i18n.set_language("zh")
        i18n.set_language("zh")  # said once, not twice
        assert i18n.get_language() == "en"
    finally:
        i18n.set_language("en")
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and "zh_CN" in said[0] and "English" in said[0], said


# --- the tools and the command line -------------------------------------------------------------


def test_make_student_passes_over_a_learner_file_that_is_json_but_not_a_notebook(
    tmp_path: Path,
) -> None:
    from tools import make_student

    assert make_student.main(["--out", str(tmp_path)]) == 0
    first, second, *others = sorted(tmp_path.glob("*.ipynb"))
    first.write_text("[1, 2]")
    second.write_text('{"cells": 5}')
    others[-1].unlink()  # the run must go on past the two and bring this one back
    rerun = (
        "import sys; from tools.make_student import main; sys.exit(main(['--out', sys.argv[1]]))"
    )
    run = run_child(rerun, str(tmp_path))
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    said = run.stdout.splitlines()
    assert [line.split(":")[0] for line in said if "not a notebook" in line] == [
        first.name,
        second.name,
    ], said
    assert others[-1].exists() and first.read_text() == "[1, 2]"


def test_make_reset_passes_nb_as_data_never_as_shell(tmp_path: Path) -> None:
    venv = Path(sys.executable).parent.parent
    planted = tmp_path / "planted"
    hostile = f"NB=03; touch {planted}"
    run = subprocess.run(
        ["make", "-s", "-o", f"{venv}/.installed-stamp", "reset", f"VENV={venv}", hostile],
        capture_output=True,
        text=True,
        timeout=OUTER,
        cwd=ROOT,
    )
    assert not planted.exists()
    assert run.returncode != 0 and "matches no notebook" in run.stderr, run.stdout + run.stderr


PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def solve_command(
    *args: str, env: dict[str, str] | None = None, shell: str = ""
) -> subprocess.CompletedProcess[str]:
    """`python -m sudoku_lib solve ...`, with `shell` redirections after it (`>&-`)."""
    quoted = " ".join(f"'{arg}'" for arg in args)
    return subprocess.run(
        ["sh", "-c", f"'{sys.executable}' -m sudoku_lib solve {quoted} {shell}"],
        capture_output=True,
        text=True,
        timeout=OUTER,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
    )


def test_solve_with_stdout_closed_says_so_and_fails() -> None:
    run = solve_command(PUZZLE, shell=">&-")
    assert run.returncode == 4, run
    assert len(run.stderr.splitlines()) == 1 and "standard output" in run.stderr, run.stderr


def test_solve_in_chinese_on_an_ascii_terminal_writes_escapes_not_a_traceback() -> None:
    run = solve_command(PUZZLE, env={"SUDOKU_LANG": "zh", "PYTHONIOENCODING": "ascii"})
    assert run.returncode == 0 and run.stderr == "", run.stderr
    assert "\\u" in run.stdout, run.stdout  # the Chinese status line, as escapes


def test_a_typo_at_the_end_of_a_puzzle_is_named_not_read_as_a_file_name() -> None:
    run = solve_command(PUZZLE[:-1] + "x")
    assert run.returncode == 2, run
    assert "'x' at row 9, column 9" in run.stderr and "file" not in run.stderr, run.stderr


def test_predict_is_a_switch_like_every_other() -> None:
    from sudoku_lib.puzzles import SAMPLE
    from sudoku_lib.stepper.model import StepperModel

    with pytest.raises(TypeError, match="predict must be True or False"):
        StepperModel(SAMPLE, predict="yes")  # type: ignore[arg-type]


def test_a_library_error_in_a_notebook_shows_its_one_line() -> None:
    """IPython shows what `_render_traceback_` returns in place of the frames."""
    code = "from sudoku_lib import solve\nsolve('12x')"
    run = subprocess.run(
        [sys.executable, "-m", "IPython", "--colors=NoColor", "--quick", "-c", code],
        capture_output=True,
        text=True,
        timeout=OUTER,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    shown = (run.stdout + run.stderr).strip().splitlines()
    assert shown and shown[0].startswith("PuzzleFormatError: "), shown
    assert "Traceback" not in run.stdout + run.stderr and len(shown) == 1, shown


# --- no import circle between the charts and their drawing -------------------------------------


def module_imports(path: Path) -> set[str]:
    """The sudoku_lib modules a module imports when it is imported (not inside a function)."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            names |= {node.module} if node.module else {alias.name for alias in node.names}
    return names


def test_plots_does_not_import_charts_and_charts_loads_plots_only_to_draw() -> None:
    library = ROOT / "sudoku_lib"
    assert "charts" not in module_imports(library / "plots.py")
    assert "plots" not in module_imports(library / "charts.py")


def test_a_deadline_opens_where_the_boot_clock_is_refused(monkeypatch):
    """Pyodide's `time` names CLOCK_BOOTTIME but refuses it (OSError, EINVAL): a deadline, and so
    every check and `watch` in the browser edition, must open there all the same."""
    from sudoku_lib import leftovers
    from sudoku_lib.timelimit import deadline

    def refused(clock: int) -> float:
        raise OSError(28, "Invalid argument")

    monkeypatch.setattr(leftovers.time, "clock_gettime", refused)
    with deadline(1.0):
        total = sum(range(10))
    assert total == 45 and leftovers.boot_clock() == 0.0
