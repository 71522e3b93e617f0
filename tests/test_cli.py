"""The command line: results on stdout, and bad input as one line on stderr, never a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sudoku_lib.cli import main
from sudoku_lib.puzzles import SAMPLE, SAMPLE_INVALID


def test_solve_prints_the_grid_and_the_counters(capsys):
    assert main(["solve", SAMPLE, "--method", "naive"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(" 5 3 4 | 6 7 8 | 9 1 2")
    assert "solved by naive: 4,208 nodes" in out


def test_solve_reads_a_file(tmp_path, capsys):
    path = tmp_path / "puzzle.txt"
    path.write_text(SAMPLE + "\n")
    assert main(["solve", str(path)]) == 0
    assert "solved" in capsys.readouterr().out


def test_solve_with_a_bound_says_it_gave_up(capsys):
    from sudoku_lib.puzzles import ANTI_BACKTRACKING

    assert main(["solve", ANTI_BACKTRACKING, "--method", "naive", "--max-nodes", "100"]) == 1
    assert "gave up by naive: 100 nodes" in capsys.readouterr().out


def test_validate_lists_conflicts_and_fails(capsys):
    assert main(["validate", SAMPLE]) == 0
    assert capsys.readouterr().out == "valid\n"
    assert main(["validate", SAMPLE_INVALID]) == 1
    assert "two 8s in box 1 (top-left): row 1, column 1 and row 3, column 3" in (
        capsys.readouterr().out
    )


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["solve", "123"], "found 3"),
        (["solve", SAMPLE[:5] + "z" + SAMPLE[6:]], "'z' at row 1, column 6"),
        (["solve", SAMPLE_INVALID], "the givens clash"),
        (["validate", "x" * 81], "bad character 'x'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv, words):
    run = subprocess.run(
        [sys.executable, "-m", "sudoku_lib", *argv], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert run.stderr.count("\n") == 1 and words in run.stderr
