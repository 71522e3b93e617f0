"""The command line: `python -m sudoku_lib solve|validate|bench ...`.

Bad input ends with one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from .board import to_grid_text
from .errors import SudokuError
from .puzzles import SETS
from .search import METHODS, solve
from .validate import find_conflicts, is_valid_sudoku


def read_puzzle(text: str) -> str:
    """The puzzle itself: the argument, a file of that name, or standard input for "-"."""
    if text == "-":
        return sys.stdin.read()
    path = Path(text)
    if len(text) < 200 and path.is_file():
        return path.read_text(encoding="utf-8")
    return text


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve one puzzle and print the grid and the counters."""
    result = solve(read_puzzle(args.puzzle), method=args.method, max_nodes=args.max_nodes)
    s = result.stats
    if result.solution is not None:
        print(to_grid_text(result.solution))
    print(
        f"{result.status} by {args.method}: {s.nodes:,} nodes, {s.forced:,} forced, "
        f"{s.backtracks:,} backtracks, max depth {s.max_depth}, {s.seconds * 1000:.1f} ms"
    )
    return 0 if result.solved else 1


def cmd_validate(args: argparse.Namespace) -> int:
    """Say whether a board breaks any rule; list the clashes when it does."""
    puzzle = read_puzzle(args.puzzle)
    if is_valid_sudoku(puzzle):
        print("valid")
        return 0
    print("invalid:")
    for conflict in find_conflicts(puzzle):
        print(f"  {conflict}")
    return 1


def cmd_bench(args: argparse.Namespace) -> int:
    """Time the methods side by side on the bundled sets and print the table."""
    from . import bench  # imported here: only this command needs it

    return bench.main(args.sets, args.methods, args.quick, args.repeat, args.json)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with its three commands."""
    parser = argparse.ArgumentParser(prog="python -m sudoku_lib", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    p_solve = commands.add_parser("solve", help="solve a puzzle and print it")
    p_solve.add_argument("puzzle", help="81 characters, grid text, a file name, or - for stdin")
    p_solve.add_argument("--method", default="fast", choices=sorted(METHODS))
    p_solve.add_argument("--max-nodes", type=int, default=None, help="give up after this many")
    p_solve.set_defaults(run=cmd_solve)
    p_validate = commands.add_parser("validate", help="check that no digit repeats in a unit")
    p_validate.add_argument("puzzle", help="81 characters, grid text, a file name, or - for stdin")
    p_validate.set_defaults(run=cmd_validate)
    p_bench = commands.add_parser("bench", help="time the methods side by side on puzzle sets")
    p_bench.add_argument(
        "--sets", nargs="+", choices=SETS, help="default: top95 hardest375 17clue_sample easy50"
    )
    p_bench.add_argument("--methods", nargs="+", choices=sorted(METHODS), help="default: all")
    p_bench.add_argument("--quick", action="store_true", help="the first puzzles of each set only")
    p_bench.add_argument("--repeat", type=int, default=3, help="runs per puzzle (median taken)")
    p_bench.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    p_bench.set_defaults(run=cmd_bench)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command; errors in the input become one line on stderr and exit status 2."""
    args = build_parser().parse_args(argv)
    command: Callable[[argparse.Namespace], int] = args.run
    try:
        return command(args)
    except SudokuError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
