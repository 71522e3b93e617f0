"""One time limit for the learner's code, the same everywhere: a budget kept by a trace hook.

`with deadline(3.0) as limit: answer = learners_function(board)` raises `TooSlow` inside the
learner's function once it has used three seconds. The hook is the standard library's
`sys.settrace`: it sees each call of the learner's own code and each line of their loops (each
instruction of a loop that has no line to see: `while True: pass` on one line), and reads the
clock there, so this stop is only ever raised in code the learner wrote, never inside the
library, the standard library or the interpreter's own machinery. It needs no signal and no
thread, so the same limit works in a Jupyter kernel, in a worker thread, and in a browser's
Python (Pyodide has neither). The seconds are the thread's CPU time, so a busy machine does not
fail code that would be in time.

A learner's bare `except:` catches the stop (it is a BaseException, so `except Exception:` does
not). Once the time is up, the hook raises it again at the learner's next line, next call, and
next return with a value, until it leaves their code; a `finally:` or `except` block that the
stop is passing through may run for `GRACE` seconds first (an undo takes microseconds). The
`Limit` the deadline yields counts the stops and the catches, so a report can say so in words.

Another trace function already installed (a debugger, coverage) is chained to, not replaced, and
put back exactly on exit. A tool with its own trace function (`watch`'s recorder) hands it to
`deadline(seconds, tracer=...)` and calls `time_keeper()`'s function from it for the learner's
frames: one hook does both jobs, and every enclosing deadline's time is kept by whichever hook
runs. Tracing costs time: code that makes many small calls runs three to five times slower.

What a trace hook cannot see is code that is not the learner's and runs long: a blocking call
(`threading.Event().wait()`, `subprocess.run(["sleep", "1000"])`), a regular expression that
backtracks for ever, one long call into the library. For those there is a hard bound, the wall
clock at `WALL_FACTOR` times the limit. Once the body has passed it and the learner's code has
shown the hook no event for `HURRY` seconds, the stop is raised wherever the body is:
- in the main thread on Unix, by a signal timer, which also breaks a blocking system call;
- in any other thread, by a watchdog thread, which raises the stop in the body's thread from
  outside (`PyThreadState_SetAsyncExc`) and lets a `Condition.wait` go so that it is met;
- everywhere, the hook itself at the library's own calls (`library_look`): the one way left
  in a browser's Python, which has neither signals nor threads.
Once the stop is out, the threads and processes the body started are ended (leftovers.py);
they are ended on the way out in any case, and the body's output is bounded there too.

What nothing can stop: a loop inside C code that never comes back to Python, outside the main
thread (a catastrophic regular expression in a worker thread, any such call in a browser). The
learner interrupts or restarts the kernel then; the README says so.
"""

from __future__ import annotations

import contextlib
import dis
import inspect
import math
import numbers
import os
import signal
import site
import sys
import sysconfig
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

from . import leftovers
from .i18n import _
from .leftovers import (
    PYODIDE,
    Started,
    bounded_output,
    end_processes,
    end_threads,
    raise_in,
    runnable,
    wake_waiter,
    watched_starts,
)

TraceFunction = Callable[[FrameType, str, Any], Any]

GRACE = 0.05
"""Seconds the learner's `finally:` and `except` blocks may run on after the stop before they
are refused too (a cleanup such as un-placing a digit usually takes microseconds)."""

REPEAT = 0.05
"""Seconds between the backstop timer's later firings once the time is up: each one that finds
the learner's own frame running (a blocking call caught and made again) raises the stop again."""

WALL_FACTOR = 3.0
"""How many times its limit a case may take by the wall clock: the limit is CPU time, and this
bounds code that waits instead (a blocking call) or a machine so busy the case barely runs."""

HURRY = 0.25
"""Seconds before the hard bound (the wall clock's) that the hook begins to look at the clock at
every event of the learner's code (at most the limit itself): see `hurry`."""

ALARM_LONGEST = 86_400.0
"""The longest limit the backstop timer is armed for (a day): the system's timer refuses some
huge values, and a limit that long is the trace hook's alone to keep."""

LIBRARY_EVERY = 256
"""Calls of code that is not the learner's between two looks at the clock (see `library_look`):
such calls are many, and only the hard bound is kept there."""

CLOCK_EVERY = 32
"""Trace events between two looks at the clock: a line costs far more than a look, but the
hook runs on every line of the learner's code, so the look is spread out. At well under a
microsecond an event, a stop comes a few microseconds late at most."""

LIBRARY_DIR = Path(__file__).resolve().parent  # the sudoku_lib package


class TooSlow(BaseException):
    """Raised inside the learner's code when it runs past its time limit.

    A BaseException, like KeyboardInterrupt, so that a learner's `except Exception:` cannot
    swallow it and keep going; a bare `except:` does catch it, and is refused (see the module).

    CPython removes a trace function that raises, so the hook that raised the stop is gone
    while the learner's code handles it. When the learner's `except:` block ends and lets go
    of the stop, it is freed at once, and `__del__` puts the hook back: the learner's next line
    meets it again. (A stop the learner keeps is met by the profile hook `rearm_on_profile`.)
    """

    def __del__(self) -> None:
        rearm()


@dataclass
class Limit:
    """What one deadline saw: how often the stop was raised, and how often the learner's code
    caught it and ran on (a bare `except:`), so a report can say so in words."""

    seconds: float | None = None
    stops: int = 0
    caught: int = 0
    finished: bool = False  # the body ended without the stop coming out of it

    @property
    def swallowed(self) -> bool:
        """Whether the learner's code caught the stop at least once and went on."""
        return self.caught > 0 or (self.stops > 0 and self.finished)


def thread_cpu_clock() -> Callable[[], float]:
    """The clock a budget is measured on: this thread's CPU time where the platform has it (a
    browser's Python may not), else the process's, else the wall clock."""
    for name in ("thread_time", "process_time"):
        clock: Callable[[], float] | None = getattr(time, name, None)
        if clock is None:
            continue
        try:
            clock()
        except OSError:
            continue
        return clock
    return time.monotonic


cpu_clock = thread_cpu_clock()


# --- whose code is running ----------------------------------------------------------------------


def code_roots() -> tuple[str, ...]:
    """Where code the learner did not write lives: the standard library where its modules really
    are (in Pyodide, inside a zip file, not where sysconfig says), the interpreter's and the
    installed packages' folders. Read from real module locations, never guessed from names."""
    roots = {str(Path(contextlib.__file__).parent), str(Path(os.__file__).parent)}
    paths = sysconfig.get_paths()
    roots |= {paths[key] for key in ("stdlib", "platstdlib", "purelib", "platlib") if key in paths}
    with contextlib.suppress(AttributeError):  # a virtualenv's old `site` may lack these
        roots |= set(site.getsitepackages())
    return tuple(sorted(root for root in roots if root))


_ROOTS = code_roots()
_LEARNER_FILES: dict[str, bool] = {}


def is_library_file(filename: str) -> bool:
    """Whether code comes from the sudoku_lib package (the library, the checks, this module)."""
    try:
        return Path(filename).resolve().is_relative_to(LIBRARY_DIR)
    except (OSError, ValueError):
        return False


def is_learner_file(filename: str) -> bool:
    """Whether code comes from the learner (a notebook cell, `python -c`, their own module): not
    from sudoku_lib, the standard library, the interpreter or an installed package. Cached: the
    trace hook asks on every call."""
    known = _LEARNER_FILES.get(filename)
    if known is None:
        frozen = filename.startswith("<frozen")
        known = not (frozen or filename.startswith(_ROOTS) or is_library_file(filename))
        _LEARNER_FILES[filename] = known
    return known


_LEARNER_CODE: dict[CodeType, bool] = {}


def is_learner_frame(frame: FrameType) -> bool:
    """Whether a frame runs the learner's code. Code made at run time has no file of its own
    (a dataclass's `__init__` is "<string>", as is a `python -c` script): it is the learner's
    when the module it was made for is (a namedtuple's, made for no module, is not). Cached by
    code object."""
    code = frame.f_code
    known = _LEARNER_CODE.get(code)
    if known is None:
        filename = code.co_filename
        if filename.startswith("<") and not filename.startswith("<frozen"):
            module = sys.modules.get(str(frame.f_globals.get("__name__", "")))
            home = getattr(module, "__file__", None)  # None: a script or a notebook's cells
            known = module is not None and (home is None or is_learner_file(str(home)))
        else:
            known = is_learner_file(filename)
        _LEARNER_CODE[code] = known
    return known


# --- the budgets open in this thread --------------------------------------------------------


@dataclass(eq=False)
class Budget:
    """One deadline's time: when it ends, and what it has done so far.

    `ends` is on this thread's CPU clock (`cpu_clock`), so that a machine busy with other work
    does not stop code that would have been in time; `wall_ends` bounds the wall clock too, a
    few times longer, so that code waiting rather than computing is stopped as well.
    """

    ends: float
    wall_ends: float
    limit: Limit
    caller: FrameType | None  # the frame whose `with` opened the deadline
    hook: TraceFunction | None = None  # the trace function the deadline installed
    refused_at: float = 0.0  # when the stop was first raised (monotonic)
    last_raised: float = 0.0  # when the stop was last raised, by the hook or the timer
    closed: bool = False  # the body has ended: nothing may raise for this budget any more
    thread_id: int = field(default_factory=threading.get_ident)  # the thread running the body
    native_id: int = field(default_factory=lambda: native_thread_id())  # the system's id of it
    alarmed: bool = False  # a signal timer keeps the hard bound (the main thread, on Unix)
    started: Started = field(default_factory=Started)  # threads and processes the body started
    budgets: Budgets | None = None  # the open deadlines of the body's thread
    lead: float = 0.0  # seconds before the hard bound that the hook looks at every event
    hurried: float = 0.0  # when it began to (monotonic)
    enforced: float = 0.0  # when the watchdog last acted on this budget (monotonic)

    def overdue(self) -> bool:
        """Whether this budget's time is up (once up, it stays up)."""
        if self.limit.stops:
            return True
        return cpu_clock() >= self.ends or time.monotonic() >= self.wall_ends


class Budgets:
    """The deadlines open in one thread, innermost last (a trace hook is per thread too), and
    this thread's `ticking`. A plain object, captured by the hooks' closures: the hooks run at
    every call of the learner's code, so they must not look the thread up each time."""

    __slots__ = ("countdown", "library_countdown", "looked", "open", "stopping", "ticking")

    def __init__(self) -> None:
        self.open: list[Budget] = []
        self.countdown = CLOCK_EVERY
        self.stopping = False  # an open deadline has raised its stop: every event is looked at
        self.looked = 0.0  # when the hook last looked at the clock (monotonic)
        self.library_countdown = LIBRARY_EVERY
        self.ticking = ticking_hook(self)


_THREAD = threading.local()


def thread_budgets() -> Budgets:
    """This thread's open deadlines."""
    budgets: Budgets | None = getattr(_THREAD, "budgets", None)
    if budgets is None:
        budgets = _THREAD.budgets = Budgets()
    return budgets


def time_keeper() -> TraceFunction:
    """This thread's `ticking` function: a tracer with its own hook (`watch`'s recorder) calls
    it on each event of a learner's frame, and gives it to the learner's frames it does not
    record as their trace function."""
    return thread_budgets().ticking


def ticking_hook(budgets: Budgets) -> TraceFunction:
    """A learner frame's trace function that only keeps the time: it counts the event down and,
    every CLOCK_EVERY events (every event once a stop is out), reads the clock."""

    def ticking(frame: FrameType, event: str, arg: Any) -> Any:
        budgets.countdown -= 1
        if budgets.countdown <= 0 or budgets.stopping:
            look(budgets, event, arg)
        return ticking

    return ticking


def look(budgets: Budgets, event: str, arg: Any) -> None:
    """The time keeper's slow path: read the clock, and raise the stop if a deadline is past
    (again, if the learner's code runs on after catching it)."""
    budgets.countdown = CLOCK_EVERY
    budgets.looked = time.monotonic()
    due = [budget for budget in budgets.open if budget.overdue()]
    if not due:
        return
    if any(budget.limit.stops for budget in due) and not running_on(due, event, arg):
        return
    raise_stop(budgets, due)


def running_on(due: list[Budget], event: str, arg: Any) -> bool:
    """Whether this event shows the learner's code going on after the stop: a line, a call, or
    a return with a value (`except: return False`), and not a `finally:`/`except` block that the
    stop is still passing through (for its first GRACE seconds)."""
    if event == "exception" or (event == "return" and arg is None):
        return False
    handled = sys.exc_info()[1]
    first = min(budget.refused_at for budget in due if budget.limit.stops)
    return not isinstance(handled, TooSlow) or time.monotonic() - first > GRACE


def raise_stop(budgets: Budgets, due: list[Budget]) -> None:
    """Raise TooSlow for the budgets whose time is up, counting a second stop as a catch."""
    now = time.monotonic()
    budgets.stopping = True
    for budget in due:
        count_stop(budget, now)
    if sys.getprofile() is None:
        sys.setprofile(rearm_on_profile)
    raise TooSlow


def count_stop(budget: Budget, now: float) -> None:
    """Count a stop raised for a budget, a second one as a catch (the code went on after one)."""
    if budget.limit.stops:
        budget.limit.caught += 1
    else:
        budget.refused_at = now
    budget.limit.stops += 1
    budget.last_raised = now


def rearm() -> None:
    """Put the trace hook back after it raised the stop (CPython removed it): the hook of the
    innermost deadline that has stopped, for the thread and for every open learner frame in
    its body that lost its own. Never raises: it runs from `__del__` and a profile hook."""
    budgets = thread_budgets()
    stopped = [budget for budget in budgets.open if budget.limit.stops]
    if not stopped or stopped[-1].hook is None:
        return
    budget = stopped[-1]
    if sys.gettrace() is not budget.hook:
        sys.settrace(budget.hook)
    frame: FrameType | None = sys._getframe(1)
    while frame is not None and frame is not budget.caller:
        if frame.f_trace is None and is_learner_frame(frame):
            frame.f_trace = budgets.ticking
        frame = frame.f_back


def rearm_on_profile(frame: FrameType, event: str, arg: Any) -> None:
    """The profile hook set once a stop is raised: at the learner's next call (of theirs or of
    a built-in) it puts the trace hook back if the stop is still kept (`except ... as e` that
    stores it). It never raises, so CPython never removes it; the deadline does, on exit."""
    if sys.gettrace() is None:
        rearm()


# --- the hook -----------------------------------------------------------------------------------


RESUMED = inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR
"""Code whose frames are called again each time they are resumed: a generator's `call` event
never raises the stop, its next line does. A generator closed as it is collected, after a stop,
then closes quietly, rather than raising where nobody can catch it ("Exception ignored in")."""


def budget_hook(previous: TraceFunction | None) -> TraceFunction:
    """The global trace function of a deadline that has no tracer of its own to use: it ticks at
    each call of the learner's code and on each line of their loops, and passes every event on
    to `previous` (a debugger, coverage). It runs at every call in the body, so its common path
    is written flat: a look-up of what the code is, and a countdown."""
    modes, budgets = _MODES, thread_budgets()

    def on_call(frame: FrameType, event: str, arg: Any) -> Any:
        inner = previous(frame, event, arg) if previous is not None else None
        mode = modes.get(frame.f_code)
        if mode is None:
            mode = code_mode(frame)
        if not mode:
            budgets.library_countdown -= 1
            if budgets.library_countdown <= 0 and not frame.f_code.co_flags & RESUMED:
                library_look(budgets, frame)
            return inner
        budgets.countdown -= 1
        if (budgets.countdown <= 0 or budgets.stopping) and not frame.f_code.co_flags & RESUMED:
            look(budgets, event, arg)
        if mode == LEARNER and inner is None and not budgets.stopping:
            return None  # it cannot run on for ever without a call: its calls are enough
        if mode == LEARNER_SPIN:
            frame.f_trace_opcodes = True  # its loop has no line events: see `spins`
        return local_hook(budgets, inner) if inner is not None else budgets.ticking

    return on_call


def library_look(budgets: Budgets, frame: FrameType) -> None:
    """The hook's look at a call of code that is not the learner's (the library's, another
    package's): nothing is stopped there before the hard bound, but once it is past and the
    learner's code has been quiet (one long call into the library), the stop is raised here.
    This is what keeps the hard bound where no timer and no watchdog can (a browser's Python)."""
    budgets.library_countdown = LIBRARY_EVERY
    now = time.monotonic()
    for budget in budgets.open:
        hurry(budget, now)
        if now - budget.last_raised >= HARD_REPEAT and stuck(budget, frame, now):
            raise_stop(budgets, [budget])


def local_hook(budgets: Budgets, inner: TraceFunction) -> TraceFunction:
    """A learner frame's trace function when another tracer is chained: the event goes to the
    other tracer's function for this frame first, then the time is kept."""

    def on_event(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal inner
        if inner is not None:
            inner = inner(frame, event, arg)
        if not budgets.open:  # a generator resumed after its deadline ended: step aside
            return inner
        budgets.ticking(frame, event, arg)
        return on_event

    return on_event


NOT_LEARNER, LEARNER, LEARNER_LOOP, LEARNER_SPIN = 0, 1, 2, 3
_MODES: dict[CodeType, int] = {}


def code_mode(frame: FrameType) -> int:
    """What a frame's code is to the time limit: not the learner's, the learner's, the
    learner's with a loop (whose lines must be seen), or with a loop that has no lines to see
    (whose instructions must be). Cached by code object."""
    code = frame.f_code
    if not is_learner_frame(frame):
        mode = NOT_LEARNER
    elif not has_loop(code):
        mode = LEARNER
    else:
        mode = LEARNER_SPIN if spins(code) else LEARNER_LOOP
    _MODES[code] = mode
    return mode


_BACKWARD_JUMPS = frozenset(
    code for name, code in dis.opmap.items() if "BACKWARD" in name or name == "JUMP_ABSOLUTE"
)
"""The instructions that close a loop, in every Python this runs on (3.11 also has conditional
ones: `while x < n:` ends in POP_JUMP_BACKWARD_IF_TRUE)."""
_LOOPS: dict[CodeType, bool] = {}
COMPREHENSIONS = frozenset({"<listcomp>", "<setcomp>", "<dictcomp>", "<genexpr>"})


def has_loop(code: CodeType) -> bool:
    """Whether code can run on for ever without making a call: it jumps backwards (a `for` or
    `while`). Only such frames need their lines traced, which is what makes tracing slow; any
    other frame is seen at each call it makes. A comprehension counts as no loop: it runs over
    something finite or hands each item to its caller (a generator is seen at each resume)."""
    known = _LOOPS.get(code)
    if known is None:
        ops = code.co_code[::2]
        known = code.co_name not in COMPREHENSIONS and any(op in _BACKWARD_JUMPS for op in ops)
        _LOOPS[code] = known
    return known


def spins(code: CodeType) -> bool:
    """Whether code has a loop that jumps to itself: `while True: pass` on one line is one
    instruction, and CPython reports no line event for it however often it runs, so only an
    instruction event (`f_trace_opcodes`, slower) lets the hook see it."""
    return any(
        instruction.opcode in _BACKWARD_JUMPS and instruction.argval == instruction.offset
        for instruction in dis.get_instructions(code)
    )


# --- the deadline -------------------------------------------------------------------------------


def check_seconds(seconds: object) -> float:
    """The limit as a float, refused with words when it is not a positive, finite time."""
    if isinstance(seconds, bool) or not isinstance(seconds, numbers.Real):
        raise TypeError(
            _("a time limit is a number of seconds, not {kind}").format(kind=type(seconds).__name__)
        )
    if not 0 < float(seconds) < math.inf:
        raise ValueError(
            _("a time limit must be more than 0 seconds and finite, not {seconds}").format(
                seconds=seconds
            )
        )
    return float(seconds)


@contextmanager
def deadline(seconds: float | None, *, tracer: TraceFunction | None = None) -> Iterator[Limit]:
    """Raise TooSlow in the learner's code run inside, once it has run `seconds` (None: no
    limit). Yields a `Limit` that says, afterwards, how often the stop was raised and whether
    the code inside caught it and went on.

    tracer: a trace function to install for the body instead of the deadline's own; it must
    call `tick` for the learner's frames (as `watch`'s recorder does). Without it, the
    deadline's own hook is installed, chained to whatever trace function was set. Either way the
    previous trace function is put back exactly on exit, however the body ended.
    """
    if seconds is None:
        yield Limit()
        return
    seconds = check_seconds(seconds)
    limit = Limit(seconds)
    budget = Budget(
        cpu_clock() + seconds, time.monotonic() + seconds * WALL_FACTOR, limit, entering_frame()
    )
    previous: Any = sys.gettrace()  # typeshed's own trace type does not chain
    previous_profile = sys.getprofile()
    budget.hook = tracer if tracer is not None else budget_hook(previous)
    budgets = budget.budgets = thread_budgets()
    budget.lead = min(HURRY, seconds)
    outermost = not budgets.open
    budgets.open.append(budget)
    try:
        arm_watchdog(budget)
        with contextlib.ExitStack() as guards:
            guards.enter_context(watched_starts(budget.started))
            if outermost:
                guards.enter_context(bounded_output())
            guards.enter_context(alarm_backstop(budget))
            sys.settrace(budget.hook)
            try:
                yield limit
                limit.finished = True
            finally:  # closed first: a stop freed from here on must not put the hook back
                shielded(
                    lambda: close(budget),
                    arrive,
                    lambda: sys.settrace(previous),
                    lambda: put_back_profile(previous_profile),
                    lambda: end_threads(budget.started),
                    lambda: end_processes(budget.started),
                )
    finally:
        shielded(lambda: close(budget))  # (again, if the guards could not be set up: harmless)


def arrive() -> None:
    """Nothing: a call, where a stop the watchdog sent just before the deadline closed arrives
    (CPython raises one at a call's start) for `shielded` to catch, rather than later."""


def shielded(*steps: Callable[[], object]) -> None:
    """Run every step of a deadline's clean-up to its end: a stop the watchdog raised in this
    thread just before the deadline closed may arrive in the middle of one (or at `arrive`),
    and is raised again once all are done: the time was up."""
    arrived: TooSlow | None = None
    for step in steps:
        while True:
            try:
                step()
                break
            except TooSlow as stop:
                arrived = stop
    if arrived is not None:
        raise arrived


def put_back_profile(previous: Any) -> None:
    """Set the profile function that was set before, unless it still is: a C profiler
    (cProfile's) cannot be set again from Python, and must not be replaced either."""
    if sys.getprofile() is not previous:
        sys.setprofile(previous if callable(previous) else None)


def close(budget: Budget) -> None:
    """End a budget: it raises nothing more (the watchdog sends nothing after this), and the
    thread's other deadlines go on."""
    with _GUARD:
        budget.closed = True
        last = not any(not armed.closed for armed in _ARMED)
        watcher = _WATCHER[0] if last and _WATCHER else None
        _CHANGED.notify_all()
    if watcher is not None and watcher is not threading.current_thread():
        watcher.join(WATCHER_END_WAIT)  # it ends at once: none is left running after a check
    budgets = thread_budgets()
    if budget in budgets.open:
        budgets.open.remove(budget)
    budgets.stopping = any(open_budget.limit.stops for open_budget in budgets.open)


def entering_frame() -> FrameType | None:
    """The frame whose `with` entered the deadline: the first one out from here that is not
    this module's or contextlib's."""
    frame: FrameType | None = sys._getframe(1)
    machinery = (__file__, contextlib.__file__)
    while frame is not None and frame.f_code.co_filename in machinery:
        frame = frame.f_back
    return frame


def in_body(frame: FrameType | None, caller: FrameType | None) -> bool:
    """Whether `frame` is the learner's and runs inside the deadline's body: called, at some
    remove, by the frame that holds the `with` (never that frame itself)."""
    if frame is None or frame is caller or not is_learner_frame(frame):
        return False
    outer = frame.f_back
    while outer is not None and outer is not caller:
        outer = outer.f_back
    return outer is caller


def within_learners_call(frame: FrameType | None, caller: FrameType | None) -> bool:
    """Whether `frame`, anyone's code, runs inside the deadline's body on behalf of the
    learner's code (a call the learner's code made, at some remove) and not in the deadline's
    own machinery: once the hard bound is past, the stop is raised there. A check's own work
    in the body (comparing an answer with the library's) is not stopped so: it is bounded."""
    if frame is None or frame is caller or frame.f_code.co_filename in MACHINERY:
        return False
    learners = is_learner_frame(frame)
    outer = frame.f_back
    while outer is not None and outer is not caller:
        learners = learners or is_learner_frame(outer)
        outer = outer.f_back
    return outer is caller and learners


MACHINERY = frozenset({__file__, contextlib.__file__, leftovers.__file__})
"""The files of the deadline's own code, where a stop from outside must never be raised."""


def hurry(budget: Budget, now: float) -> None:
    """Once the hard bound is `lead` seconds off, have the hook look at the clock at every event
    of the learner's code: a stop from outside then lands in the library only if the learner's
    code has shown no event for that long (it waits, or is deep in one long call)."""
    if not budget.hurried and now >= budget.wall_ends - budget.lead:
        budget.hurried = now
        if budget.budgets is not None:
            budget.budgets.stopping = True


def stoppable_at(budget: Budget, frame: FrameType | None, now: float) -> bool:
    """Whether a stop from outside the hook (the timer, the watchdog) may be raised in `frame`:
    in the learner's own frame inside the body once the time is up; in any frame inside the
    body once the hard bound is past and the learner's code has been quiet for `lead` seconds."""
    if budget.closed or not budget.overdue() or now - budget.last_raised < REPEAT:
        return False
    return in_body(frame, budget.caller) or stuck(budget, frame, now)


def stuck(budget: Budget, frame: FrameType | None, now: float) -> bool:
    """Whether the body is past its hard bound and its learner's code has shown the hook no
    event for `lead` seconds (it waits, or is deep in one long call): then the stop may be
    raised from outside in whatever frame of the learner's call runs."""
    looked = budget.budgets.looked if budget.budgets is not None else 0.0
    quiet = budget.hurried > 0 and now - max(looked, budget.hurried) >= budget.lead
    return quiet and now >= budget.wall_ends and within_learners_call(frame, budget.caller)


def native_thread_id() -> int:
    """The system's id of this thread (/proc's), or Python's where the platform has none."""
    native: Callable[[], int] = getattr(threading, "get_native_id", threading.get_ident)
    return native()


def alarm_available() -> bool:
    """A signal timer works only on Unix and only in the main thread (a kernel runs cells there),
    and not in a browser's Python, which has the module but no timer."""
    main = threading.current_thread() is threading.main_thread()
    return hasattr(signal, "setitimer") and main and not PYODIDE


@contextmanager
def alarm_backstop(budget: Budget) -> Iterator[None]:
    """Where a signal timer exists, one that stops a blocking call into C (`time.sleep(100)`)
    the trace hook cannot see: when it fires in the learner's own frame inside the body, and
    the hook has not raised the stop in the last REPEAT seconds, it raises it there. Anywhere
    else it does nothing (the hook stops the learner's code at its next line). The timer, its
    handler and an outer timer (pytest's, say) are all put back on exit."""
    if not alarm_available() or (budget.limit.seconds or 0) > ALARM_LONGEST:
        yield
        return

    def on_alarm(signum: int, frame: FrameType | None) -> None:
        if budget.closed:
            return
        now = time.monotonic()
        hurry(budget, now)
        # again and again: a blocking call caught may come again
        signal.setitimer(signal.ITIMER_REAL, max(budget.wall_ends - now, REPEAT))
        if stoppable_at(budget, frame, now):
            raise_stop(thread_budgets(), [budget])

    previous = signal.signal(signal.SIGALRM, on_alarm)
    budget.alarmed = True
    # the CPU limit is the hook's to keep; the timer keeps the hard bound
    first = (budget.limit.seconds or 0) * WALL_FACTOR - budget.lead
    outer_delay, outer_interval = signal.setitimer(signal.ITIMER_REAL, first)
    started = time.monotonic()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer_delay:
            left = max(outer_delay - (time.monotonic() - started), 0.001)
            signal.setitimer(signal.ITIMER_REAL, left, outer_interval)


# --- the watchdog -------------------------------------------------------------------------------


WATCH_EVERY = 0.05
"""Seconds between the watchdog's looks at the open deadlines."""

HARD_REPEAT = 0.25
"""Seconds between the watchdog's acts on one deadline past its hard bound."""

WATCHER_END_WAIT = 1.0
"""Seconds a closing deadline waits for the watchdog thread to end, once it has no more work."""

_GUARD = threading.Lock()  # the watchdog raising in a thread, against that thread's `close`
_CHANGED = threading.Condition(_GUARD)  # a deadline closed: the watchdog may have no more work
_ARMED: list[Budget] = []
_WATCHER: list[threading.Thread] = []  # the watchdog thread, while one runs


def arm_watchdog(budget: Budget) -> None:
    """Have the watchdog thread keep the hard bound (`wall_ends`) of a deadline: once it is past,
    it ends the threads and processes the body started, and, where no signal timer can (any
    thread but the main one), raises the stop in the body's thread from outside. Not in a
    browser's Python, nor where a thread cannot be started: there the hook alone keeps time.
    The thread runs only while deadlines are open, so none is left running between checks."""
    if PYODIDE:
        return
    with _GUARD:
        if not _WATCHER or not _WATCHER[0].is_alive():
            watcher = threading.Thread(target=watch_budgets, name="time limit", daemon=True)
            try:
                watcher.start()
            except RuntimeError:  # "can't start new thread"
                return
            _WATCHER[:] = [watcher]
            leftovers.KEPT.add(watcher)
        _ARMED.append(budget)


def watch_budgets() -> None:
    """The watchdog thread: every WATCH_EVERY seconds while deadlines are open, act on those
    past their hard bound; it ends when the last one closes."""
    with _GUARD:
        while True:
            _ARMED[:] = [budget for budget in _ARMED if not budget.closed]
            if not _ARMED:
                _WATCHER.clear()
                return
            _CHANGED.wait(WATCH_EVERY)
            now = time.monotonic()
            for budget in _ARMED:
                hurry(budget, now)
            due = [b for b in _ARMED if not b.closed and now >= b.wall_ends]
            due = [b for b in due if now - b.enforced >= HARD_REPEAT]
            frames = sys._current_frames() if due else {}
            for budget in due:
                enforce(budget, frames.get(budget.thread_id), now)


def enforce(budget: Budget, frame: FrameType | None, now: float) -> None:
    """Act on a deadline past its hard bound (with `_GUARD` held): raise the stop in its thread
    unless a signal timer does that there, and once the stop is out, end the threads and
    processes its body started (a body waiting for them wakes, and meets the stop)."""
    budget.enforced = now
    # the hook stops the learner's code itself wherever it runs (a thread kept waiting for a
    # core on a busy machine looks quiet too); the watchdog only what is stuck elsewhere
    learner_running = frame is not None and is_learner_frame(frame) and runnable(budget.native_id)
    stoppable = not (budget.alarmed or budget.closed or learner_running)
    stoppable = stoppable and stuck(budget, frame, now)
    if stoppable and raise_in(budget.thread_id, TooSlow):
        count_stop(budget, now)
        if budget.budgets is not None:
            budget.budgets.stopping = True
        wake_waiter(frame)
    if budget.limit.stops:
        end_threads(budget.started, wait=0.0)
        end_processes(budget.started)
