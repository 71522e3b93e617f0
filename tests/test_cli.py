"""The command line: results on stdout; anything wrong is one line on stderr with a documented
exit code (the table in cli.py), never a traceback.

The matrix runs the real `python -m sudoku_lib` once per case, all cases at once (each is mostly
interpreter start-up), over files in every encoding that turns up, odd paths, closed streams,
bad options and bad puzzles; signals and closed pipes get tests of their own.
"""

from __future__ import annotations

import codecs
import json
import os
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from sudoku_lib import cli
from sudoku_lib.cli import main
from sudoku_lib.puzzles import ANTI_BACKTRACKING, SAMPLE, SAMPLE_INVALID

VALID_BUT_UNSOLVABLE = "12345678." + "." * 8 + "9" + "." * 63
GRID = SAMPLE.encode()


def test_solve_prints_the_grid_and_the_counters(capsys):
    assert main(["solve", SAMPLE, "--method", "naive"]) == cli.OK
    out = capsys.readouterr().out
    assert out.startswith(" 5 3 4 | 6 7 8 | 9 1 2")
    assert "solved by naive: 4,208 nodes" in out


def test_solve_reads_a_file(tmp_path, capsys):
    path = tmp_path / "puzzle.txt"
    path.write_text(SAMPLE + "\n")
    assert main(["solve", str(path)]) == cli.OK
    assert "solved" in capsys.readouterr().out


def test_a_bound_says_it_gave_up_and_how_to_raise_it(capsys):
    code = main(["solve", ANTI_BACKTRACKING, "--method", "naive", "--max-nodes", "100"])
    assert code == cli.GAVE_UP
    out, err = capsys.readouterr()
    assert "gave up by naive: 100 nodes" in out
    assert err.count("\n") == 1 and "--max-nodes 10000" in err


def test_validate_lists_conflicts_and_fails(capsys):
    assert main(["validate", SAMPLE]) == cli.OK
    assert capsys.readouterr().out == "valid\n"
    assert main(["validate", SAMPLE_INVALID]) == cli.NO
    assert "two 8s in box 1 (top-left): row 1, column 1 and row 3, column 3" in (
        capsys.readouterr().out
    )


def test_a_16x16_board_says_which_method_ran(capsys):
    assert main(["solve", "." * 256]) == cli.OK
    assert "solved by classic (fast handles 9x9 only)" in capsys.readouterr().out


def test_help_is_not_an_error(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["solve", "--help"])
    assert exited.value.code == 0
    assert "--max-nodes" in capsys.readouterr().out


@dataclass(frozen=True)
class Case:
    """One run of the command line and what it must end with."""

    argv: tuple[str, ...]
    code: int
    words: str = ""  # in stderr (or, for a success, in stdout)
    stdin: bytes | None = b""
    close_stdin: bool = False


def make_files(folder: Path) -> None:
    """Puzzle files as they turn up in the wild, and paths that are not files at all."""
    made = {
        "bom.txt": codecs.BOM_UTF8 + GRID + b"\r\n",
        "crlf.txt": GRID[:40] + b"\r\n" + GRID[40:] + b"\r\n",
        "latin1.txt": b"caf\xe9 " + GRID,
        "utf16.txt": SAMPLE.encode("utf-16"),
        "utf16be.txt": codecs.BOM_UTF16_BE + SAMPLE.encode("utf-16-be"),
        "binary.dat": bytes(range(256)),
        "nul.txt": GRID + b"\0",
        "huge.txt": b"." * 1_000_000,
        "combining.txt": SAMPLE[:4].encode() + "5\u0301".encode() + SAMPLE[5:].encode(),
        "clash.txt": SAMPLE_INVALID.encode(),
        "empty.txt": b"",
    }
    for name, data in made.items():
        (folder / name).write_bytes(data)
    (folder / "a folder").mkdir()
    (folder / "dangling.txt").symlink_to(folder / "nowhere.txt")


def cases(folder: Path) -> dict[str, Case]:
    """Every case of the matrix by name, for the files `make_files` puts in `folder`."""
    names = ["bom.txt", "crlf.txt", "latin1.txt", "utf16.txt", "utf16be.txt", "binary.dat"]
    names += ["nul.txt", "huge.txt", "combining.txt", "clash.txt", "empty.txt"]
    p = {name: str(folder / name) for name in names}
    p |= {
        "folder": str(folder / "a folder"),
        "dangling": str(folder / "dangling.txt"),
        "missing": str(folder / "missing.txt"),
    }
    no_json = str(folder / "no such folder" / "out.json")
    bench = ("bench", "--sets", "easy50", "--methods", "fast", "--quick")
    return {
        "a BOM is dropped": Case(("solve", p["bom.txt"]), cli.OK, "solved"),
        "CRLF lines": Case(("validate", p["crlf.txt"]), cli.OK, "valid"),
        "Latin-1": Case(("solve", p["latin1.txt"]), cli.CANNOT_READ_OR_WRITE, "not UTF-8"),
        "UTF-16": Case(("solve", p["utf16.txt"]), cli.CANNOT_READ_OR_WRITE, "UTF-16"),
        "UTF-16 BE": Case(("validate", p["utf16be.txt"]), cli.CANNOT_READ_OR_WRITE, "UTF-16"),
        "binary": Case(("solve", p["binary.dat"]), cli.CANNOT_READ_OR_WRITE, "not text"),
        "NUL": Case(("validate", p["nul.txt"]), cli.CANNOT_READ_OR_WRITE, "NUL"),
        "huge file": Case(("solve", p["huge.txt"]), cli.BAD_INPUT, "too long"),
        "combining mark": Case(("solve", p["combining.txt"]), cli.BAD_INPUT, "U+0301"),
        "clash in a file": Case(("solve", p["clash.txt"]), cli.BAD_INPUT, "clash"),
        "empty file": Case(("validate", p["empty.txt"]), cli.BAD_INPUT, "found 0"),
        "folder": Case(("solve", p["folder"]), cli.CANNOT_READ_OR_WRITE, "folder"),
        "dangling link": Case(("solve", p["dangling"]), cli.CANNOT_READ_OR_WRITE, "not exist"),
        "missing file": Case(("validate", p["missing"]), cli.CANNOT_READ_OR_WRITE, "no such"),
        "missing, no folder": Case(("solve", "puzzle.sdk"), cli.CANNOT_READ_OR_WRITE, "no such"),
        "stdin": Case(("solve", "-"), cli.OK, "solved", stdin=GRID),
        "stdin with a BOM": Case(("validate", "-"), cli.OK, "valid", stdin=codecs.BOM_UTF8 + GRID),
        "stdin Latin-1": Case(("solve", "-"), cli.CANNOT_READ_OR_WRITE, "UTF-8", stdin=b"\xe9"),
        "stdin closed": Case(
            ("solve", "-"), cli.CANNOT_READ_OR_WRITE, "closed", stdin=None, close_stdin=True
        ),
        "too few cells": Case(("solve", "123"), cli.BAD_INPUT, "found 3"),
        "bad character": Case(
            ("solve", SAMPLE[:5] + "z" + SAMPLE[6:]), cli.BAD_INPUT, "'z' at row 1, column 6"
        ),
        "clashing givens": Case(("solve", SAMPLE_INVALID), cli.BAD_INPUT, "the givens clash"),
        "invalid board": Case(("validate", SAMPLE_INVALID), cli.NO, "two 8s"),
        "no solution": Case(("solve", VALID_BUT_UNSOLVABLE), cli.NO, "no solution"),
        "gave up": Case(
            ("solve", ANTI_BACKTRACKING, "--method", "naive", "--max-nodes", "50"),
            cli.GAVE_UP,
            "--max-nodes",
        ),
        "no command": Case((), cli.BAD_INPUT, "required"),
        "unknown command": Case(("crack", SAMPLE), cli.BAD_INPUT, "invalid choice"),
        "unknown option": Case(("solve", SAMPLE, "--fast"), cli.BAD_INPUT, "unrecognized"),
        "unknown method": Case(("solve", SAMPLE, "--method", "magic"), cli.BAD_INPUT, "magic"),
        "negative bound": Case(("solve", SAMPLE, "--max-nodes", "-1"), cli.BAD_INPUT, "'-1'"),
        "fractional bound": Case(("solve", SAMPLE, "--max-nodes", "1.5"), cli.BAD_INPUT, "1.5"),
        "repeat 0": Case((*bench, "--repeat", "0"), cli.BAD_INPUT, "at least 1"),
        "repeat ten": Case((*bench, "--repeat", "ten"), cli.BAD_INPUT, "'ten'"),
        "unknown set": Case(("bench", "--sets", "nope"), cli.BAD_INPUT, "invalid choice"),
        "json, no folder": Case((*bench, "--json", no_json), cli.CANNOT_READ_OR_WRITE, "folder"),
        "json a folder": Case((*bench, "--json", p["folder"]), cli.CANNOT_READ_OR_WRITE, "folder"),
    }


@pytest.fixture(scope="module")
def matrix(tmp_path_factory) -> dict[str, tuple[Case, subprocess.CompletedProcess[bytes]]]:
    """Every case run at once (so the matrix costs about one start-up per core, not per case)."""
    folder = tmp_path_factory.mktemp("cli")
    make_files(folder)
    running = {}
    for name, case in cases(folder).items():
        process = subprocess.Popen(
            [sys.executable, "-m", "sudoku_lib", *case.argv],
            stdin=subprocess.PIPE if case.stdin is not None else None,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=folder,
            preexec_fn=(lambda: os.close(0)) if case.close_stdin else None,
        )
        running[name] = (case, process)
    results = {}
    for name, (case, process) in running.items():
        out, err = process.communicate(case.stdin, timeout=120)
        results[name] = (
            case,
            subprocess.CompletedProcess(process.args, process.returncode, out, err),
        )
    return results


@pytest.mark.parametrize("name", list(cases(Path("."))))
def test_the_matrix(matrix, name):
    case, run = matrix[name]
    err = run.stderr.decode("utf-8", "replace")
    out = run.stdout.decode("utf-8", "replace")
    assert run.returncode == case.code, (out, err)
    assert "Traceback" not in err
    if case.code in (cli.OK, cli.NO):  # an answer, yes or no: on stdout, nothing on stderr
        assert err == "" and case.words in out
    else:
        assert err.count("\n") == 1 and err.startswith("python -m sudoku_lib")
        assert case.words in err or case.words in out


def test_a_json_that_cannot_be_written_is_refused_before_the_work(matrix):
    _, run = matrix["json, no folder"]
    assert run.stdout == b""  # no table: the benchmark never started


def test_the_json_is_written(tmp_path, capsys):
    path = tmp_path / "out.json"
    args = ["bench", "--sets", "easy50", "--methods", "fast", "--quick", "--repeat", "1"]
    assert main([*args, "--json", str(path)]) == cli.OK
    assert json.loads(path.read_text(encoding="utf-8"))["rows"][0]["puzzles"] == 12


@pytest.mark.skipif(os.geteuid() == 0, reason="root may read any file")
def test_an_unreadable_file(tmp_path):
    path = tmp_path / "secret.txt"
    path.write_text(SAMPLE)
    path.chmod(0)
    run = subprocess.run(
        [sys.executable, "-m", "sudoku_lib", "solve", str(path)], capture_output=True, timeout=60
    )
    assert run.returncode == cli.CANNOT_READ_OR_WRITE
    assert run.stderr.decode().count("\n") == 1 and b"permission denied" in run.stderr


def test_permission_denied_is_named(tmp_path, monkeypatch, capsys):
    """The same as above, for a machine where the tests run as root (who may read anything)."""
    path = tmp_path / "secret.txt"
    path.write_text(SAMPLE)

    def refuse(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "open", refuse)
    assert main(["solve", str(path)]) == cli.CANNOT_READ_OR_WRITE
    assert "permission denied" in capsys.readouterr().err


def test_a_closed_pipe_is_one_line_and_exit_141():
    process = subprocess.Popen(
        [sys.executable, "-m", "sudoku_lib", "solve", SAMPLE],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    process.stdout.close()  # like `| head -c0`: nobody reads what it writes
    err = process.stderr.read().decode()
    assert process.wait(timeout=60) == cli.OUTPUT_CLOSED
    assert err.count("\n") == 1 and "closed" in err and "Traceback" not in err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's always-full device")
@pytest.mark.parametrize("command", ["solve", "validate"])
def test_a_full_disk_is_one_line_and_exit_4(command):
    with open("/dev/full", "w") as full:
        process = subprocess.run(
            [sys.executable, "-m", "sudoku_lib", command, SAMPLE],
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=60,
        )
    err = process.stderr.decode()
    assert process.returncode == cli.CANNOT_READ_OR_WRITE
    assert err == "python -m sudoku_lib: cannot write standard output: No space left on device\n"


# A child started with SIGINT ignored (as a shell starts a background job) never sees a Ctrl-C:
# each child below takes Python's own handler back first, as a terminal's process has it.
INTERRUPT_SOON = (
    "import os, signal, sys, threading\n"
    "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
    "from sudoku_lib.cli import main\n"
    "threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT)).start()\n"
    "sys.exit(main(sys.argv[1:]))\n"
)


@pytest.mark.parametrize(
    "argv",
    [["solve", ANTI_BACKTRACKING, "--method", "naive"], ["validate", "-"]],
    ids=["searching", "reading stdin"],
)
def test_ctrl_c_is_one_line_and_exit_130(argv):
    """A real SIGINT, sent once the command is running: in a long search, or waiting on stdin."""
    run = subprocess.Popen(
        [sys.executable, "-c", INTERRUPT_SOON, *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    code = run.wait(timeout=120)  # stdin stays open and empty: the reading waits for the signal
    err = run.stderr.read().decode()
    for stream in (run.stdin, run.stdout, run.stderr):
        stream.close()
    assert code == cli.INTERRUPTED, err
    assert err == "python -m sudoku_lib: interrupted\n"


def test_sigint_exit_code_is_the_shell_convention():
    assert cli.INTERRUPTED == 128 + signal.SIGINT and cli.OUTPUT_CLOSED == 128 + signal.SIGPIPE


INTERRUPT_WHILE_LOADING = (
    "import runpy, signal, sys\n"
    "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
    "class CtrlC:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name == 'sudoku_lib.search':\n"
    "            signal.raise_signal(signal.SIGINT)\n"
    "        return None\n"
    "sys.meta_path.insert(0, CtrlC())\n"
    "sys.argv = ['sudoku_lib', 'solve', sys.argv[1]]\n"
    "runpy.run_module('sudoku_lib', run_name='__main__', alter_sys=True)\n"
)


def test_ctrl_c_while_the_library_loads_is_one_line_and_exit_130():
    """A Ctrl-C the moment the solver's module starts loading, as `python -m sudoku_lib` starts."""
    run = subprocess.run(
        [sys.executable, "-c", INTERRUPT_WHILE_LOADING, SAMPLE],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (run.returncode, run.stderr) == (cli.INTERRUPTED, "python -m sudoku_lib: interrupted\n")
