"""Self-checks for the exercises: run the learner's code on several cases and say, in plain words,
which case failed, on what input, what was expected and what came back, and what that may mean.

A check never raises and never hangs:
- on a stub that still says `raise NotImplementedError` it reports "not done yet", naming the
  function that is really unfinished (a stubbed helper the exercise calls is named as that helper),
  so the student version of every notebook runs top to bottom;
- each case runs under a time limit (`sudoku_lib.timelimit`: a trace hook that stops the
  learner's own code, with a hard bound for a blocking call or a long library call, in a browser
  kernel too), so a brute force that would run for hours is stopped with words, and what it
  started (threads, processes) is ended and what it prints is bounded; code that catches the
  stop with a bare `except:` and goes on is stopped again, and told so;
- an error in the learner's code becomes a line of the report.

It also refuses the library's own function handed in as the answer (or a lambda around it), and it
has hooks for an exercise's typical mistakes: small functions that look at a wrong answer and say in
words what the learner most likely did (forgot to un-choose, box formula off by one, rows from 1).

All words come from `sudoku_lib.words.check_text`, so the checks can be translated.
"""

from __future__ import annotations

import copy
import functools
import inspect
import reprlib
import sys
import types
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from ..board import to_grid_text
from ..i18n import _
from ..timelimit import Limit, TooSlow, cpu_clock, deadline, is_library_file
from ..timelimit import is_learner_file as is_learner_file  # kept where the checks exposed it
from ..words import cell_and_indices, cell_name, check_text, plural, seconds_text
from .remote import RemoteFunction

Outcome = Literal["passed", "failed", "not done yet"]
NOT_DONE: Outcome = "not done yet"
TIME_LIMIT = 3.0  # seconds a case may take: the course's exercises need well under a tenth of that
RECOGNISER_BUDGET = 2.0  # seconds the mistake recognisers may spend re-running the learner's code
SHOWN_ITEMS = 8  # how many missing / extra items a report lists before "and N more"
LONGEST_ARGUMENT = 90  # characters of an argument's repr shown in "you called: ..."


@dataclass(frozen=True)
class Case:
    """One input to try: a name a learner understands, the arguments, and the right answer.

    `shown`, when given, replaces the automatic description of the input (the call with its
    arguments, boards drawn as text) in a failure report: use it when the arguments alone would
    not let the learner reproduce the case.
    """

    name: str
    args: tuple[Any, ...]
    expected: Any
    shown: str | None = None


class NoAnswer:
    """What `Attempt.try_call` returns when the learner's code raised or ran too long."""

    def __repr__(self) -> str:
        return "NO_ANSWER"


NO_ANSWER = NoAnswer()


def case_and(name: str, detail: str) -> str:
    """A case named by a fixture's name and one detail, in the language chosen: "the sample,
    row 1, column 3". The name alone stays English in `Case.name` until it is shown."""
    return _("{case}, {detail}").format(case=_(name), detail=detail)


@dataclass
class Attempt:
    """One case as it ran: what a mistake recogniser looks at.

    `args` are the copies the learner's function received, as the function left them (so a
    recogniser can see, say, a board that still holds digits after a failed search); `got` is what
    it returned (NO_ANSWER when it raised `error`); `function` is what the check called, for
    trying other inputs with `try_call`; `own` is the learner's function it wraps, if it is one,
    by the name the learner knows it.
    """

    case: Case
    args: tuple[Any, ...]
    got: Any
    function: Callable[..., Any]
    error: Exception | None = None
    own: Callable[..., Any] | None = None
    budget: float = RECOGNISER_BUDGET  # seconds left for try_call, shared by all recognisers
    mistake: str | None = None  # the key of the words a recogniser found for it

    def try_call(self, *args: Any, seconds: float = RECOGNISER_BUDGET, fresh: bool = True) -> Any:
        """The function's answer on other arguments (copied, unless `fresh` is False: a
        recorder's board must be the one the function writes on), or NO_ANSWER if it fails or
        stalls.

        All calls of one attempt share `budget`, so a recogniser that tries hundreds of inputs
        on a slow function still gives up within a couple of seconds. One call may use all of
        it: under the time limit's trace hook a learner's code runs a few times slower than
        plain (four times, for code that is all generator expressions).
        """
        if self.budget <= 0:
            return NO_ANSWER
        started = cpu_clock()  # the clock the time limit counts on: a loaded machine is no loss
        try:
            with deadline(min(seconds, self.budget)) as limit:
                got = self.function(*(copy.deepcopy(args) if fresh else args))
        except (Exception, TooSlow, *LEARNER_EXITS):
            return NO_ANSWER
        finally:
            self.budget -= cpu_clock() - started
        return NO_ANSWER if limit.swallowed else got  # an answer after a caught stop is none


# A recogniser turns a wrong (or suspicious) answer into words, or returns None: not this mistake.
Recogniser = Callable[[Attempt], str | None]


@dataclass
class Report:
    """What a check found; a notebook shows it as a few lines of text.

    `case` names the failing case (None when everything passed or nothing ran); `mistake` is
    the key of what went wrong (a recogniser's words, "too slow", "raised", "library"), for
    counting a class's mistakes when it is graded.
    """

    title: str
    outcome: Outcome
    lines: list[str] = field(default_factory=list)
    case: str | None = None
    mistake: str | None = None
    shown: bool = field(default=False, repr=False, compare=False)

    @property
    def passed(self) -> bool:
        """True when every case gave the expected answer."""
        return self.outcome == "passed"

    def __bool__(self) -> bool:
        """`if check_x(f):` reads as "if it passed": a failed or unfinished report is falsy."""
        return self.passed

    def __repr__(self) -> str:
        self.shown = True  # printed or displayed: the end of the cell need not show it again
        return "\n".join(self.lines)

    __str__ = __repr__


def announced(report: Report) -> Report:
    """The report, to be shown at the end of the running notebook cell unless the cell shows it
    itself (as its last value, or printed): `check_bound_for(bound_for); print("x")` shows
    both."""
    shell = running_shell()
    if shell is not None:
        _UNSHOWN.append(report)
        if id(shell) not in _HOOKED:
            _HOOKED.add(id(shell))
            shell.events.register("post_run_cell", show_unshown)
    return report


_UNSHOWN: list[Report] = []
_HOOKED: set[int] = set()


def running_shell() -> Any:
    """The IPython shell running this code, or None (plain Python; IPython never imported)."""
    ipython = sys.modules.get("IPython")
    get = getattr(ipython, "get_ipython", None)
    return get() if callable(get) else None


def show_unshown(*_: object) -> None:
    """After a cell: display the reports its checks made that the cell did not show itself."""
    from IPython.display import display  # only ever called inside IPython

    pending = [report for report in _UNSHOWN if not report.shown]
    _UNSHOWN.clear()
    for report in pending:
        display(report)  # type: ignore[no-untyped-call]


def not_done(title: str, name: str, caller: str | None = None) -> Report:
    """The report for an exercise whose stub has not been replaced yet.

    `title` is the exercise in words, `name` the unfinished function as the code names it;
    `caller`, when given, is the exercise's function that calls it, for the case where the
    exercise is written but a helper it uses is still a stub.
    """
    if caller is None or caller == name:
        line = check_text("not done", title=title, name=name)
    else:
        line = check_text("not done inside", title=title, name=name, caller=caller)
    return announced(Report(title, NOT_DONE, [line]))


def check_cases(
    title: str,
    function: Callable[..., Any],
    cases: Sequence[Case] | Iterable[Case],
    same: Callable[[Any, Any], bool] = lambda got, expected: got == expected,
    show: Callable[[Any], str] | None = None,
    *,
    learner: Callable[..., Any] | None = None,
    library: Iterable[Callable[..., Any]] = (),
    mistakes: Sequence[Recogniser] = (),
    requirements: Sequence[Recogniser] = (),
    time_limit: float | None = TIME_LIMIT,
    slow_why: str | None = None,
    keeps_input: bool | Recogniser = True,
    total_limit: float | None = None,
    name: str | None = None,
) -> Report:
    """Call `function` on each case (on copies of the arguments) and report the first problem.

    title: the exercise in a few words, as the notebook names it ("box of a cell"): translated,
        it heads every line of the report. same(got, expected): whether an answer is right.
    show(value): an expected or returned value as text (default: a board drawn as a grid,
        anything else as its repr).
    learner: the learner's own function when `function` is a wrapper the check built around it
        (used for the library test, for naming the call, and for naming an unfinished helper).
    library: the library functions that do this exercise; handing in one of them, or a function
        that calls one, is reported instead of run. A function from sudoku_lib itself always is.
    mistakes: recognisers run on a wrong answer or an error; the first that returns words adds
        them as "what this may mean". They see an `Attempt` and may try the function on other
        inputs (`attempt.try_call`).
    requirements: recognisers run on a right answer; words from one make the case fail anyway
        ("the answer is right, but ..."), e.g. for an exercise that must stop early.
    time_limit: seconds each case may take (None: no limit); slow_why: the exercise's own words
        for why a case is usually too slow.
    keeps_input: whether the learner's function must leave its arguments as it found them (a
        function that answers a question must not sort or fill the caller's list); a recogniser
        here also says what a changed argument means in this exercise (else: work on a copy).
    total_limit: seconds all the cases together may take (each case gets what is left).
    name: the function the exercise asks for, as the notebook names it (`box_of`): the call a
        report shows and its "not done yet" use the learner's own name for it, this one when the
        learner's function has none (a lambda), else the title as an identifier.
    """
    cases = list(cases)
    own = function if learner is None else learner
    called = call_name(own, name or title.replace(" ", "_"))  # code names stay code
    title = _(title)
    borrowed = borrowed_library_function(own, library)
    if borrowed is not None:
        line = borrowed.format(title=title)
        return announced(Report(title, "failed", [line], mistake=key_of(borrowed)))
    rules = Rules(same, show, mistakes, requirements, slow_why, keeps_input)
    ends = None if total_limit is None else cpu_clock() + total_limit  # as the limit counts
    for case in cases:
        seconds = time_limit
        if ends is not None:
            seconds = max(min(time_limit or total_limit or 0, ends - cpu_clock()), 0.01)
        problem = run_case(title, (function, own, called), case, rules, seconds)
        if problem is not None:
            return announced(problem)
    return announced(Report(title, "passed", [check_text("passed", title=title, count=len(cases))]))


@dataclass(frozen=True)
class Rules:
    """How one check judges each of its cases (see `check_cases` for each field)."""

    same: Callable[[Any, Any], bool]
    show: Callable[[Any], str] | None
    mistakes: Sequence[Recogniser]
    requirements: Sequence[Recogniser]
    slow_why: str | None
    keeps_input: bool | Recogniser


LEARNER_EXITS = (SystemExit, GeneratorExit)
"""What a learner's `exit()`, `sys.exit()` or a stray `raise GeneratorExit` raises: not an
Exception, yet never meant to end the check (a Ctrl-C, KeyboardInterrupt, still does)."""


def run_case(
    title: str,
    functions: tuple[Callable[..., Any], Callable[..., Any], str],
    case: Case,
    rules: Rules,
    time_limit: float | None,
) -> Report | None:
    """One case: None when it passes, else the report that says what went wrong. `functions`:
    the function to call, the learner's own (the same, or the one it wraps), and the name a
    learner calls it by."""
    function, own, called = functions
    args = copy.deepcopy(case.args)
    header = [check_text("failed case", title=title, case=_(case.name))]
    shown_input = describe_input(case, called)
    limit = Limit(time_limit)
    too_slow = Report(title, "failed", [*header, *shown_input], case.name)
    too_slow.mistake = "too slow"
    try:
        with deadline(time_limit) as limit:
            got = function(*args)
    except NotImplementedError as error:
        name, caller = unfinished_function(error, own)
        return not_done(title, name or called, caller)
    except TooSlow:
        too_slow.lines.append(too_slow_line(limit, rules.slow_why))
        return too_slow
    except (Exception, *LEARNER_EXITS) as error:  # the learner's bug, reported rather than raised
        if limit.stops:  # raised after the learner's code caught the stop: the stop is the news
            too_slow.lines.append(too_slow_line(limit, rules.slow_why))
            return too_slow
        attempt = Attempt(case, args, NO_ANSWER, function, own=own)
        lines = [*header, *shown_input, *error_lines(error, attempt, rules)]
        mistake = attempt.mistake or "raised"
        return Report(title, "failed", bounded_lines(lines), case.name, mistake)
    if limit.swallowed:  # an answer that only came after the stop was caught: it does not count
        why = rules.slow_why or check_text("too slow why")
        seconds = seconds_text(time_limit or 0)
        late = check_text("answer after stop", got=short_repr(got), seconds=seconds, why=why)
        too_slow.lines.append(late)
        return too_slow
    attempt = Attempt(case, args, got, function, own=own)
    return answer_report(title, attempt, own, rules, shown_input)


def answer_report(
    title: str, attempt: Attempt, own: Callable[..., Any], rules: Rules, shown_input: list[str]
) -> Report | None:
    """None for a right answer that keeps to the rules, else the report on it: the comparison
    (worked out within a time limit), then what the mistake may be (within another)."""
    case = attempt.case
    header = [check_text("failed case", title=title, case=_(case.name))]
    verdict = judged(lambda: answer_verdict(attempt, own, rules))
    if isinstance(verdict, list):  # the answer itself could not be compared or shown
        return Report(title, "failed", [*header, *shown_input, *verdict], case.name)
    words = explained(verdict.recognisers, attempt) or verdict.fallback
    mistake = key_of(words)
    if verdict.right:
        if not words:
            return None
        line = check_text("right but", title=title, case=_(case.name), words=words)
        return Report(title, "failed", [line, *shown_input], case.name, mistake)
    lines = [*header, *shown_input, *verdict.lines]
    if words:
        lines.append(check_text("may mean", words=words))
    return Report(title, "failed", bounded_lines(lines), case.name, mistake)


def key_of(words: str | None) -> str | None:
    """The catalog key a check's words were made from (see `words.Said`), if they were."""
    return getattr(words, "key", None)


@dataclass(frozen=True)
class Verdict:
    """What the check makes of an answer before asking what a mistake means: the comparison's
    lines (none for a right answer), the recognisers that may explain it, and the words to use
    when none does (a changed input)."""

    right: bool
    lines: list[str]
    recognisers: Sequence[Recogniser]
    fallback: str | None = None


Judged = TypeVar("Judged")
JUDGING_LIMIT = TIME_LIMIT
"""Seconds the check may spend comparing, showing and explaining one answer: the learner's own
`__eq__`, `__repr__` or `__hash__` runs there too, and may never return."""


def judged(judge: Callable[[], Judged]) -> Judged | list[str]:
    """What `judge` makes of an answer, worked out inside a time limit (the answer's own
    `__eq__`, `__repr__` or `__hash__` runs there), or the lines saying it could not be."""
    try:
        with deadline(JUDGING_LIMIT):
            return judge()
    except TooSlow:
        return [check_text("not judged", seconds=seconds_text(JUDGING_LIMIT))]
    except (Exception, *LEARNER_EXITS):
        return [check_text("not judged broken")]


EXPLAINING_LIMIT = 3 * RECOGNISER_BUDGET
"""Seconds the recognisers of one case may take in all: their re-runs of the learner's code
share RECOGNISER_BUDGET, and the rest is the library's own work (a model search to compare
with) and the answer's own methods."""


def explained(recognisers: Sequence[Recogniser], attempt: Attempt) -> str | None:
    """The first recogniser's words, found inside a time limit of their own (a recogniser that
    runs too long, or an answer whose methods hang there, just leaves the words out)."""
    if not recognisers:
        return None
    try:
        with deadline(EXPLAINING_LIMIT):
            words = first_words(recognisers, attempt)
    except (Exception, TooSlow, *LEARNER_EXITS):
        return None
    attempt.mistake = key_of(words)
    return words


def error_lines(error: BaseException, attempt: Attempt, rules: Rules | None = None) -> list[str]:
    """What a report says about an exception the learner's code raised (its message, from the
    learner's own `__str__`, inside `judged`), and what it may mean (inside `explained`)."""
    said = judged(lambda: error_message(error))
    lines = said if isinstance(said, list) else []
    if not isinstance(error, Exception) or isinstance(error, RecursionError):
        return lines
    attempt.error = error
    words = explained(rules.mistakes if rules else (), attempt)
    if words is None and isinstance(error, UnboundLocalError):
        words = check_text("nonlocal missing")
        attempt.mistake = key_of(words)
    return [*lines, check_text("may mean", words=words)] if words else lines


def error_message(error: BaseException) -> list[str]:
    """The report's line for an exception: what was raised, with its message."""
    if isinstance(error, RecursionError):
        return [check_text("recursion")]
    if isinstance(error, LEARNER_EXITS):
        return [check_text("exited", error=type(error).__name__)]
    return [check_text("raised", error=type(error).__name__, message=safe_str(error))]


def answer_verdict(attempt: Attempt, own: Callable[..., Any], rules: Rules) -> Verdict:
    """Right or wrong, with the comparison's lines for a wrong answer; a right answer may still
    fail for an input it changed, or for a requirement (its recognisers)."""
    case, got = attempt.case, attempt.got
    changed = changed_argument(case, attempt.args, own) if rules.keeps_input else None
    if not agrees(rules.same, got, case.expected):
        lines = compare_lines(case.expected, got, rules.show)
        mistakes = rules.mistakes if explainable(got) else ()
        return Verdict(False, bounded_lines(lines), mistakes, changed)
    if equals_anything(got):
        return Verdict(False, [check_text("equals anything", kind=type(got).__name__)], ())
    if changed:  # the exercise's own words for the change, if it has them
        own_words = [rules.keeps_input] if callable(rules.keeps_input) else []
        return Verdict(True, [], own_words, changed)
    return Verdict(True, [], rules.requirements)


EXPLAINED_ITEMS = 10_000
"""The most items an answer may hold for the recognisers to look at it: they are the library's
own code, which the time limit does not stop, and no exercise's answer comes near this."""


def explainable(answer: Any) -> bool:
    """Whether an answer is small enough for the recognisers (anything without a size is)."""
    try:
        return len(answer) <= EXPLAINED_ITEMS
    except Exception:
        return True


class _Stranger:
    """An object no honest answer equals: one that says it does equals anything."""


def equals_anything(value: Any, budget: int = 1000) -> bool:
    """Whether the answer, or a value inside it (up to `budget` of them), says it equals an
    object it has never seen: an `__eq__` that always returns True passes any comparison."""
    plain = (int, float, complex, str, bytes, bool, type(None))
    todo, seen = [value], 0
    while todo and seen < budget:
        item = todo.pop()
        seen += 1
        if type(item) in plain:
            continue
        if item == _Stranger():
            return True
        if type(item) in (list, tuple, set, frozenset):
            todo.extend(list(item)[:budget])
        elif type(item) is dict:
            todo.extend(list(item.items())[:budget])
    return False


def changed_argument(case: Case, after: tuple[Any, ...], own: Callable[..., Any]) -> str | None:
    """Words for the first argument the learner's function changed, if it changed one."""
    for index, (before, now) in enumerate(zip(case.args, after, strict=True)):
        if not isinstance(before, list | dict | set):
            continue
        if type(now) is type(before) and now == before:
            continue
        return check_text(
            "changed input",
            name=parameter_name(own, index),
            before=short_repr(before),
            after=short_repr(now),
        )
    return None


def parameter_name(function: Callable[..., Any], index: int) -> str:
    """The name the learner gave the argument at `index`, or "argument 2" (counted from 1)."""
    try:
        names = list(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        names = []
    return f"`{names[index]}`" if index < len(names) else f"argument {index + 1}"


MAX_LINES = 40  # lines of one report about one answer
MAX_LINE = 1000  # characters of one of those lines


def bounded_lines(lines: list[str]) -> list[str]:
    """A report's lines cut to a size a notebook shows at a glance, however large the answer."""
    cut = []
    for line in "\n".join(lines).splitlines()[:MAX_LINES]:
        cut.append(line if len(line) <= MAX_LINE else line[: MAX_LINE - 1] + "…")
    return cut


def too_slow_line(limit: Limit, slow_why: str | None) -> str:
    """The report's line for a case stopped by its time limit: whether the learner's code caught
    the stop (and how often) and had to be stopped again, and the exercise's words for why."""
    why = slow_why or check_text("too slow why")
    seconds = seconds_text(limit.seconds or 0)
    if not limit.swallowed:
        return check_text("too slow", seconds=seconds, why=why)
    times = max(limit.caught, 1)
    return check_text("too slow caught", seconds=seconds, times=plural(times, "time"), why=why)


def agrees(same: Callable[[Any, Any], bool], got: Any, expected: Any) -> bool:
    """`same(got, expected)`, where an answer of a shape `same` cannot handle is simply wrong,
    and so is True or False where a number is expected (True == 1 in Python), or the reverse."""
    if (
        isinstance(got, int)
        and isinstance(expected, int)
        and (isinstance(got, bool) != isinstance(expected, bool))
    ):
        return False
    try:
        return bool(same(got, expected))
    except Exception:
        return False


def first_words(recognisers: Sequence[Recogniser], attempt: Attempt) -> str | None:
    """The words of the first recogniser that recognises the attempt (a broken one is skipped)."""
    for recognise in recognisers:
        try:
            words = recognise(attempt)
        except Exception:
            continue
        if words:
            return words
    return None


# --- who is unfinished, and whose work it is -------------------------------------------------


def unfinished_function(
    error: NotImplementedError, own: Callable[..., Any]
) -> tuple[str | None, str | None]:
    """(the stubbed function, the learner's function that called it), read off the traceback.

    The stub is the innermost frame of the learner's code (not the library's) that raised; when
    that is the exercise itself (or a lambda), both are None and the report names the exercise.
    A function run in another process (`remote`) brings the names of its frames with the error.
    """
    names: list[str] = getattr(error, "learner_frames", None) or [
        frame.f_code.co_name
        for frame, _ in traceback_frames(error.__traceback__)
        if not is_library_file(frame.f_code.co_filename)
    ]
    named = [name for name in names if not name.startswith("<")]
    if not named or named[-1] in (named[0], getattr(own, "__name__", None)):
        return None, None
    return named[-1], named[0]


def traceback_frames(tb: types.TracebackType | None) -> Iterator[tuple[types.FrameType, int]]:
    """The frames of a traceback, outermost first."""
    while tb is not None:
        yield tb.tb_frame, tb.tb_lineno
        tb = tb.tb_next


def borrowed_library_function(
    function: Callable[..., Any], library: Iterable[Callable[..., Any]]
) -> str | None:
    """A report line (with a {title} blank) when `function` is, or wraps, the library's answer."""
    library = list(library)
    if isinstance(function, RemoteFunction):  # the child process looked at it for us
        found = function.borrowed(library)
        return (
            None if found is None else check_text(found[0], title="{title}", name=f"`{found[1]}`")
        )
    inner = unwrapped(function)
    if is_library_function(inner, library):
        name = getattr(inner, "__name__", repr(inner))
        return check_text("library", title="{title}", name=f"`{name}`")
    for used in referenced_objects(inner):
        if any(used is lib for lib in library):
            return check_text("wrapped library", title="{title}", name=f"`{used.__name__}`")
    return None


def unwrapped(function: Any) -> Any:
    """The plain function under a partial, a bound method or a functools.wraps decorator."""
    for _layer in range(10):  # a few layers at most; never loop on a strange object
        if isinstance(function, functools.partial):
            function = function.func
        elif isinstance(function, types.MethodType):
            function = function.__func__
        elif hasattr(function, "__wrapped__"):
            function = function.__wrapped__
        else:
            break
    return function


def is_library_function(function: Any, library: Sequence[Callable[..., Any]]) -> bool:
    """Whether this is one of the given library functions, or any function of sudoku_lib (except
    the checks' own wrappers around the learner's function)."""
    code = getattr(function, "__code__", None)
    if any(function is lib or (code is not None and code is getattr(lib, "__code__", None))
           for lib in library):  # fmt: skip
        return True
    module = getattr(function, "__module__", None) or ""
    in_library = module == "sudoku_lib" or module.startswith("sudoku_lib.")
    return in_library and not module.startswith("sudoku_lib.checks")


def referenced_objects(function: Any) -> Iterator[Any]:
    """What a function's code can reach by name: globals it reads (also as module.attribute),
    closure cells and default values, through nested lambdas and inner functions."""
    code = getattr(function, "__code__", None)
    if code is None:
        return
    namespace = getattr(function, "__globals__", {})
    names = set(code_names(code))
    for name in names:
        value = namespace.get(name)
        if isinstance(value, types.ModuleType):
            yield from (getattr(value, attr) for attr in names if hasattr(value, attr))
        elif value is not None:
            yield value
    for cell in getattr(function, "__closure__", None) or ():
        try:
            yield cell.cell_contents
        except ValueError:  # an empty cell
            continue
    yield from getattr(function, "__defaults__", None) or ()


def code_names(code: types.CodeType) -> Iterator[str]:
    """Global and attribute names used by a code object and the code objects nested in it."""
    yield from code.co_names
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from code_names(const)


# --- what a failure report shows ----------------------------------------------------------------


def call_name(function: Callable[..., Any], name: str) -> str:
    """The learner's function's name for the "you called" line, so the line can be run as it is:
    its own name; for a lambda, the name the notebook gave it (`f = lambda board: ...`); else
    `name`, the exercise's function as the notebook names it."""
    own = getattr(function, "__name__", "")
    if own.isidentifier():
        return own
    notebook = sys.modules.get("__main__")
    for given, value in vars(notebook).items() if notebook else ():
        if value is function and given.isidentifier() and not given.startswith("_"):
            return given
    return name


def describe_input(case: Case, name: str) -> list[str]:
    """Lines that let a learner reproduce the case: the call, and each board drawn as text."""
    if case.shown is not None:
        return [check_text("you called", call=case.shown)]
    boards = [arg for arg in case.args if is_board(arg)]
    board_names = ["board"] if len(boards) == 1 else [f"board{i + 1}" for i in range(len(boards))]
    parts, drawings, next_board = [], [], iter(board_names)
    for arg in case.args:
        if is_board(arg):
            board_name = next(next_board)
            parts.append(board_name)
            drawings.append(check_text("where", name=board_name))
            drawings.extend("        " + line for line in to_grid_text(arg).splitlines())
        else:
            parts.append(short_repr(arg))
    return [check_text("you called", call=f"{name}({', '.join(parts)})"), *drawings]


def is_board(value: Any) -> bool:
    """A list of lists of one-character strings of a size the library draws (4, 9 or 16)."""
    return (
        isinstance(value, list)
        and len(value) in (4, 9, 16)
        and all(isinstance(row, list) and len(row) == len(value) for row in value)
        and all(isinstance(d, str) and len(d) == 1 for row in value for d in row)
    )


def short_repr(value: Any) -> str:
    """repr, cut short for a long string or list so the call stays on one line."""
    text = safe_repr(value)
    return text if len(text) <= LONGEST_ARGUMENT else text[: LONGEST_ARGUMENT - 1] + "…"


def compare_lines(expected: Any, got: Any, show: Callable[[Any], str] | None) -> list[str]:
    """Expected and got, then what differs: the cells of two boards, or missing / extra items."""
    lines = [
        check_text(key, value=safe_show(show, value)).replace(" \n", "\n")
        for key, value in (("expected", expected), ("got", got))
    ]
    if lines[0].split(None, 1)[-1] == lines[1].split(None, 1)[-1]:  # drawn the same
        lines.extend(unlike_lines(expected, got))
    try:
        if is_board(expected) and is_board(got) and len(got) == len(expected):
            return lines + board_difference(expected, got)
        kinds = (set, frozenset, list)  # a tuple is more often a record, such as a cell
        if isinstance(expected, kinds) and isinstance(got, kinds) and not is_board(got):
            return lines + item_difference(expected, got)
    except Exception:  # items whose own == or hash raise: the two values above must do
        pass
    return lines


def unlike_lines(expected: Any, got: Any, where: str = "") -> list[str]:
    """For two values drawn alike: the first place, inside lists and tuples, where they differ
    (a '5' and a 5 print alike in a grid)."""
    if type(expected) is type(got) and isinstance(got, list | tuple):
        for i, (e, g) in enumerate(zip(expected, got, strict=False)):
            if e != g or type(e) is not type(g):
                return unlike_lines(e, g, f"{where}[{i}]")
        return []
    if not where:
        return []
    return [
        check_text(
            "look alike",
            where=where,
            expected=expected,
            got=got,
            kind_e=type(expected).__name__,
            kind_g=type(got).__name__,
        )
    ]


def safe_show(show: Callable[[Any], str] | None, value: Any) -> str:
    """show(value), falling back to the default for a value of a shape `show` does not expect."""
    if show is not None:
        try:
            return show(value)
        except Exception:
            pass
    if is_board(value):
        return "\n" + "\n".join("        " + line for line in to_grid_text(value).splitlines())
    return safe_repr(value)


def safe_str(error: BaseException) -> str:
    """str(error), cut short, even for a learner's exception whose __str__ is broken."""
    try:
        text = str(error)
    except Exception:
        return safe_repr(error)
    return text if len(text) <= MAX_LINE else text[: MAX_LINE - 1] + "…"


class ShortRepr(reprlib.Repr):
    """reprlib's shortening, with the course's words for an object whose own repr breaks."""

    def repr_instance(self, value: Any, level: int) -> str:
        try:
            text = repr(value)
        except Exception as error:
            return unshowable(value, error)
        return text if len(text) <= self.maxother else text[: self.maxother - 1] + "…"


SHORT = ShortRepr()
SHORT.maxlist = SHORT.maxtuple = SHORT.maxset = SHORT.maxfrozenset = SHORT.maxdict = 40
SHORT.maxlevel, SHORT.maxstring, SHORT.maxother = 4, 300, 300
"""How a value is shown: a million-item answer as its first items and "...", not 8 MB."""


def safe_repr(value: Any) -> str:
    """repr(value), shortened, even for a learner's object whose __repr__ is broken."""
    try:
        return SHORT.repr(value)
    except Exception as error:
        return unshowable(value, error)


def unshowable(value: object, error: Exception) -> str:
    """What stands for a value whose own repr raised: its type and the error's."""
    said = _("<a {kind} that cannot be shown: {error}>")
    return said.format(kind=type(value).__name__, error=type(error).__name__)


def board_difference(expected: list[list[str]], got: list[list[str]]) -> list[str]:
    """The cells where two boards of one size differ, named from 1."""
    cells = [
        check_text("cell differs", cell=cell_name(r, c), expected=e, got=g)
        for r, (row_e, row_g) in enumerate(zip(expected, got, strict=True))
        for c, (e, g) in enumerate(zip(row_e, row_g, strict=True))
        if e != g
    ]
    return [check_text("cells differ", items=listed(cells))] if cells else []


def item_difference(expected: Iterable[Any], got: Any) -> list[str]:
    """What is missing from an answer, what is extra, and what it repeats."""
    try:
        answer = list(got)
        wanted = Counter(expected)
        have = Counter(answer)
    except Exception:  # not a collection, or items whose hash or == is broken
        return []
    lines = []
    missing = [item for item in wanted if item not in have]
    extra = [item for item in have if item not in wanted]
    repeated = [item for item, n in have.items() if n > 1 and wanted.get(item, 0) < n]
    for key, items in (("missing", missing), ("extra", extra), ("repeated", repeated)):
        if items:
            shown = [item_text(item) for item in sorted_items(items)[:SHOWN_ITEMS]]
            lines.append(check_text(key, items=listed(shown, len(items))))
    return lines


def sorted_items(items: list[Any]) -> list[Any]:
    """Items in order when they can be ordered, else as found."""
    try:
        return sorted(items)
    except Exception:  # items that cannot be ordered (or whose < is broken)
        return items


def item_text(item: Any) -> str:
    """A cell (r, c) both as the code writes it and as a person says it; anything else as repr."""
    if isinstance(item, tuple) and len(item) == 2 and all(type(i) is int for i in item):
        return cell_and_indices(*item)
    return short_repr(item)


def listed(texts: list[str], total: int | None = None) -> str:
    """A few items joined with ";", the rest counted (`total`: how many there are in all, when
    only the first few were made into text)."""
    total = len(texts) if total is None else total
    shown = _("; ").join(texts[:SHOWN_ITEMS])
    if total > SHOWN_ITEMS:
        shown += _("; ") + check_text("more", count=total - SHOWN_ITEMS)
    return shown
