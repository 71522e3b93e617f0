"""The command line: `python -m sudoku_lib solve|validate|bench ...`.

Results go to stdout. Anything that goes wrong ends with one line on stderr and one of these exit
codes, never a traceback:

    0    done: solved, valid, or the benchmark ran
    1    the answer is no: the puzzle has no solution (solve), the board breaks a rule (validate)
    2    what was given cannot be used: a bad command line (an unknown option, --repeat 0), or
         puzzle text that cannot be read as a board, or givens that already clash
    3    gave up: the search reached its node bound first (raise it with --max-nodes)
    4    a file or stream cannot be read or written: no such file, a folder, a dangling link,
         no permission, not UTF-8 text, standard input closed, --json somewhere unwritable,
         standard output on a full disk
    130  interrupted (Ctrl-C)
    141  the output was closed early (say by `| head`), as a shell reports a SIGPIPE

The puzzle argument is the puzzle itself, a file name, or "-" for standard input. It is taken for
a file name when such a path exists (even a dangling link), or when it looks like one (it has a
"/" in it, a suffix such as ".txt", or it is short and holds characters no puzzle has); a file
name that cannot be read is then an error, never read as puzzle text. Files and standard input
are read as UTF-8 (a leading byte-order mark is allowed, as Notepad writes one), at most
MAX_BYTES of them.
"""

from __future__ import annotations

import argparse
import codecs
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

from .arguments import quote
from .board import CELL_CHARACTERS, DECORATION, MAX_TEXT, to_grid_text
from .errors import SudokuError
from .i18n import _
from .puzzles import SETS
from .search import METHODS, SolveResult, solve
from .validate import find_conflicts, is_valid_sudoku
from .words import number, status_text

PROGRAM = "python -m sudoku_lib"
OK, NO, BAD_INPUT, GAVE_UP, CANNOT_READ_OR_WRITE = 0, 1, 2, 3, 4
INTERRUPTED, OUTPUT_CLOSED = 130, 141
MAX_BYTES = 4 * MAX_TEXT + len(codecs.BOM_UTF8)
"""The most bytes read from a file or standard input: the longest puzzle text parse accepts,
four bytes a character at most in UTF-8, and a byte-order mark."""


ARGPARSE_TEXT = (
    "usage: ",
    "positional arguments",
    "options",
    "show this help message and exit",
    "argument %(argument_name)s: %(message)s",
    "unrecognized arguments: %s",
    "the following arguments are required: %s",
    "expected one argument",
    "expected at most one argument",
    "expected at least one argument",
    "expected %s argument",
    "expected %s arguments",
    "ambiguous option: %(option)s could match %(matches)s",
    "invalid %(type)s value: %(value)r",
    "invalid choice: %(value)r (choose from %(choices)s)",
    "not allowed with argument %s",
    "ignored explicit argument %r",
    "one of the arguments %s is required",
)
"""argparse's own words that this command line can show (its help and its errors). argparse
looks them up with the standard library's gettext, which has no catalog of ours, so while the
command runs `argparse_speaks_ours` hands it the course's lookup for these."""


@contextmanager
def argparse_speaks_ours() -> Iterator[None]:
    """While the body runs, argparse says its words of ARGPARSE_TEXT in the language chosen
    (English stays argparse's own); afterwards argparse is as it was."""
    own_gettext, own_ngettext = argparse._, argparse.ngettext  # type: ignore[attr-defined]

    def gettext(message: str) -> str:
        return _(message) if message in ARGPARSE_TEXT else own_gettext(message)

    def ngettext(singular: str, plural: str, count: int) -> str:
        message = singular if count == 1 else plural
        return _(message) if message in ARGPARSE_TEXT else own_ngettext(singular, plural, count)

    argparse._, argparse.ngettext = gettext, ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = own_gettext, own_ngettext  # type: ignore[attr-defined]


class CommandLineError(Exception):
    """Something the command cannot do, with the exit code that says what kind of thing."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


class Parser(argparse.ArgumentParser):
    """argparse, but an error is one line (CommandLineError) rather than usage plus the error."""

    def format_help(self) -> str:
        """argparse's help, with its section headings closed as the language chosen closes them
        ("options:", "选项："): argparse before Python 3.13 writes the colon itself."""
        text = super().format_help()
        for heading in (_("positional arguments"), _("options")):
            closed = _("{heading}:").format(heading=heading)
            text = text.replace(f"\n{heading}:\n", f"\n{closed}\n")
        return text

    def error(self, message: str) -> NoReturn:
        line = _("{program}: {message} (see {program} --help)")
        raise CommandLineError(line.format(program=self.prog, message=message), BAD_INPUT)


def whole_number_option(minimum: int) -> Callable[[str], int]:
    """An argparse type for a whole number of at least `minimum` (--repeat 0 is refused)."""

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < minimum:
            raise argparse.ArgumentTypeError(
                _("expected a whole number of at least {minimum}, got {text}").format(
                    minimum=minimum, text=quote(text)
                )
            )
        return value

    return read


def looks_like_a_path(text: str) -> bool:
    """Whether the puzzle argument names a file rather than being the puzzle (see above)."""
    if text == "-" or "\n" in text or len(text) > 1024:
        return False
    if os.path.lexists(text) or "/" in text or os.sep in text:
        return True
    if len(text) >= MIN_CELLS and len(strange_characters(text)) <= len(text) // 10:
        return False  # puzzle text with a typo or two: the parser says which, and where
    suffix = Path(text).suffix
    if any(char not in CELL_CHARACTERS for char in suffix[1:]):
        return True
    strange = bool(strange_characters(text))
    return len(text) < MIN_CELLS and strange and not any(char.isspace() for char in text)


MIN_CELLS = 16
"""The fewest cells a puzzle has (4x4): text this long that is nearly all cells is a puzzle."""


def strange_characters(text: str) -> list[str]:
    """The characters of `text` that no puzzle has (not a cell, a grid line or a space)."""
    return [
        char
        for char in text
        if char not in CELL_CHARACTERS and char not in DECORATION and not char.isspace()
    ]


def read_puzzle(argument: str) -> str:
    """The puzzle itself: the argument, a file of that name, or standard input for "-"."""
    if argument == "-":
        return decode(read_stdin(), _("standard input"))
    if looks_like_a_path(argument):
        return decode(read_file(Path(argument)), argument)
    return argument


def read_stdin() -> bytes:
    """Up to MAX_BYTES from standard input (an error when it is closed)."""
    stream = sys.stdin
    if stream is None:
        raise cannot_read(_("standard input"), _("it is closed"))
    try:
        buffer = getattr(stream, "buffer", None)
        if buffer is None:  # a text stream put in place of stdin (tests, notebooks)
            return str(stream.read(MAX_BYTES + 1)).encode("utf-8")
        data: bytes = buffer.read(MAX_BYTES + 1)
    except (OSError, ValueError) as error:  # ValueError: a stream closed inside Python
        raise cannot_read(_("standard input"), str(error)) from None
    return data


def read_file(path: Path) -> bytes:
    """Up to MAX_BYTES + 1 of a puzzle file, or the reason it cannot be read, in words."""
    if path.is_symlink() and not path.exists():
        target = quote(os.readlink(path), 80)
        raise cannot_read(
            path, _("it is a link to {target}, which does not exist").format(target=target)
        )
    if path.is_dir():
        raise cannot_read(path, _("it is a folder, not a file"))
    try:
        with path.open("rb") as file:
            return file.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise cannot_read(path, _("there is no such file")) from None
    except PermissionError:
        raise cannot_read(path, _("permission denied")) from None
    except OSError as error:
        raise cannot_read(path, error.strerror or str(error)) from None


def cannot_read(path: Path | str, why: str) -> CommandLineError:
    """The error for a puzzle source that cannot be read, naming it (shortened) and why."""
    line = _("cannot read {path}: {why}").format(path=quote(str(path), 80), why=why)
    return CommandLineError(line, CANNOT_READ_OR_WRITE)


def decode(data: bytes, source: str) -> str:
    """The bytes as text (UTF-8, a leading byte-order mark dropped), or why they are not."""
    if len(data) > MAX_BYTES:
        raise CommandLineError(
            _("{source} is over {most} bytes: too long for a puzzle").format(
                source=quote(source, 80), most=number(MAX_BYTES)
            ),
            BAD_INPUT,
        )
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise cannot_read(source, _("it is UTF-16 text; save it as UTF-8"))
    if b"\0" in data:
        raise cannot_read(source, _("it holds NUL bytes, so it is not text (a binary file?)"))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        byte = data[error.start]
        why = _("it is not UTF-8 text (byte {byte} at {position}); save it as UTF-8")
        raise cannot_read(source, why.format(byte=f"0x{byte:02x}", position=error.start)) from None


def refuse_unwritable(path: Path) -> None:
    """Check, before any work, that `path` can be written (a file, in a folder that exists)."""
    folder = path.parent
    if path.is_dir():
        why = _("it is a folder")
    elif not folder.is_dir():
        why = _("there is no folder {folder}").format(folder=quote(str(folder), 80))
    elif not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        why = _("permission denied")
    else:
        return
    raise cannot_write(quote(str(path), 80), why)


def cannot_write(path: str, why: str) -> CommandLineError:
    """The error for a file that cannot be written, naming it and why."""
    line = _("cannot write {path}: {why}").format(path=path, why=why)
    return CommandLineError(line, CANNOT_READ_OR_WRITE)


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve one puzzle and print the grid and the counters."""
    result = solve(read_puzzle(args.puzzle), method=args.method, max_nodes=args.max_nodes)
    s = result.stats
    if result.solution is not None:
        print(to_grid_text(result.solution))
    print(
        _(
            "{status} by {method}: {nodes} nodes, {forced} forced, {backtracks} backtracks, "
            "max depth {depth}, {ms} ms"
        ).format(
            status=status_text(result.status),
            method=result.method,
            nodes=f"{s.nodes:,}",
            forced=f"{s.forced:,}",
            backtracks=f"{s.backtracks:,}",
            depth=s.max_depth,
            ms=f"{s.seconds * 1000:.1f}",
        )
    )
    if result.gave_up:
        raise CommandLineError(gave_up_line(result, args.max_nodes), GAVE_UP)
    return OK if result.solved else NO


def gave_up_line(result: SolveResult, asked: int | None) -> str:
    """The reason a bounded search stopped, in the command line's own terms."""
    bound = result.max_nodes or 0
    whose = _("the default bound") if asked is None else _("the bound set by --max-nodes")
    return _(
        "gave up after {nodes} nodes ({whose}); run again with a larger "
        "--max-nodes, say --max-nodes {more}"
    ).format(nodes=number(bound), whose=whose, more=10 * max(bound, 1_000))


def cmd_validate(args: argparse.Namespace) -> int:
    """Say whether a board breaks any rule; list the clashes when it does."""
    puzzle = read_puzzle(args.puzzle)
    if is_valid_sudoku(puzzle):
        print(_("valid"))
        return OK
    print(_("invalid:"))
    for conflict in find_conflicts(puzzle):
        print(f"  {conflict}")
    return NO


def cmd_bench(args: argparse.Namespace) -> int:
    """Time the methods side by side on the bundled sets and print the table."""
    from . import bench  # imported here: only this command needs it

    if args.json is not None:
        refuse_unwritable(args.json)
    try:
        return bench.main(args.sets, args.methods, args.quick, args.repeat, args.json)
    except BrokenPipeError:
        raise
    except OSError as error:  # the JSON file, should it become unwritable while we worked
        if args.json is None:
            raise  # no JSON file: it was standard output, which main names
        why = error.strerror or str(error)
        raise cannot_write(str(args.json), why) from None


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with its three commands."""
    described = _("The command line: `python -m sudoku_lib solve|validate|bench ...`.")
    parser = Parser(prog=PROGRAM, description=described)
    commands = parser.add_subparsers(dest="command", required=True)
    p_solve = commands.add_parser("solve", help=_("solve a puzzle and print it"))
    p_solve.add_argument("puzzle", help=_("81 characters, grid text, a file name, or - for stdin"))
    p_solve.add_argument(
        "--method",
        default="fast",
        choices=sorted(METHODS),
        help=_("which search solves it (default: fast)"),
    )
    p_solve.add_argument(
        "--max-nodes",
        type=whole_number_option(0),
        default=None,
        help=_("give up after this many nodes (default: the method's own bound)"),
    )
    p_solve.set_defaults(run=cmd_solve)
    p_validate = commands.add_parser("validate", help=_("check that no digit repeats in a unit"))
    p_validate.add_argument(
        "puzzle", help=_("81 characters, grid text, a file name, or - for stdin")
    )
    p_validate.set_defaults(run=cmd_validate)
    p_bench = commands.add_parser("bench", help=_("time the methods side by side on puzzle sets"))
    p_bench.add_argument(
        "--sets", nargs="+", choices=SETS, help=_("default: top95 hardest375 17clue_sample easy50")
    )
    p_bench.add_argument("--methods", nargs="+", choices=sorted(METHODS), help=_("default: all"))
    p_bench.add_argument(
        "--quick", action="store_true", help=_("the first puzzles of each set only")
    )
    p_bench.add_argument(
        "--repeat", type=whole_number_option(1), default=3, help=_("runs per puzzle (median taken)")
    )
    p_bench.add_argument("--json", type=Path, help=_("also write the figures to this JSON file"))
    p_bench.set_defaults(run=cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command and return its exit code (see the table above)."""
    writes_anything()
    with argparse_speaks_ours():
        return run(argv)


def writes_anything() -> None:
    """Let stdout and stderr write any text, whatever their encoding: a character the encoding
    lacks (Chinese under `PYTHONIOENCODING=ascii`) is written as its `\\uXXXX` escape, rather
    than ending the command with a UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def run(argv: Sequence[str] | None) -> int:
    """Parse the command line and run the command, turning every failure into its exit code."""
    try:
        args = build_parser().parse_args(argv)
        command: Callable[[argparse.Namespace], int] = args.run
        if sys.stdout is None:  # started with stdout closed (`>&-`): nothing could be said
            raise CommandLineError(
                _("standard output is closed: nothing was written"), CANNOT_READ_OR_WRITE
            )
        code = command(args)
        if sys.stdout is not None:
            sys.stdout.flush()  # a closed pipe shows here, while we can still say so
        return code
    except CommandLineError as error:
        return fail(str(error), error.code)
    except SudokuError as error:
        return fail(str(error), BAD_INPUT)
    except BrokenPipeError:
        silence_stdout()
        return fail(_("the output was closed before all of it was written"), OUTPUT_CLOSED)
    except OSError as error:  # a full disk or a device that refuses writes, say `> /dev/full`
        silence_stdout()
        where = error.filename or _("standard output")
        return fail(
            str(cannot_write(str(where), error.strerror or str(error))), CANNOT_READ_OR_WRITE
        )
    except KeyboardInterrupt:
        return fail(_("interrupted"), INTERRUPTED)


def fail(message: str, code: int) -> int:
    """Say what went wrong on one line of stderr (if stderr is still there) and return `code`.

    The line starts with the program's name, as a shell user expects of a tool's errors."""
    line = message.replace("\n", " ")
    if not line.startswith(PROGRAM):
        line = f"{PROGRAM}: {line}"
    try:
        print(line, file=sys.stderr)
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass  # stderr is closed too: the exit code is all that is left to say it
    return code


def silence_stdout() -> None:
    """Point stdout at /dev/null, so Python's last flush at exit does not meet the closed pipe
    again (and print a second error)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # no real file behind stdout (a test's capture): nothing will be flushed there
