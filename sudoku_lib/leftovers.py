"""What the learner's code can leave behind a time limit, and how it is ended: the threads and
processes it started, and the output it prints.

A time limit that stops the learner's function but lets its threads and `sleep` processes run on
has not stopped it (one check left 353 of them), and a loop that prints floods a notebook (35 MB
for one check). So a deadline asks this module, on the way out, to end what the code started:

- threads: each thread that is running at the end and was not when the deadline opened is asked
  to stop with `SystemExit` (raised in it at its next Python instruction, through
  `PyThreadState_SetAsyncExc`), which a thread ends on quietly. A thread blocked in C for good
  (`threading.Event().wait()` with no timeout) cannot be ended so;
- processes: an audit hook (`sys.addaudithook`, the interpreter's own record) notes that a
  process was started (`subprocess`, `os.system`, a fork) under an open deadline; then every
  process descended from this one and started since the deadline opened is killed. The start
  times come from Linux's /proc; elsewhere processes are left alone;
- output: `sys.stdout` and `sys.stderr` let through `OUTPUT_LIMIT` characters, then one line
  saying the rest was cut.

A browser's Python (Pyodide) has no threads, no processes and no way to raise in another thread;
there only the output is bounded.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

from .i18n import _

PYODIDE = sys.platform == "emscripten"
"""A browser's Python (JupyterLite's kernel): no signals, no threads, no processes."""

OUTPUT_LIMIT = 100_000
"""Characters of output the learner's code may print inside one time limit (a notebook slows
to a crawl at a few megabytes; no exercise prints a tenth of this)."""

THREAD_END_WAIT = 0.5
"""Seconds to wait for the learner's threads to end once asked to, before leaving them."""

THREAD_POLL = 0.005
"""Seconds between looks at whether the threads asked to end have ended."""

SPAWNING = frozenset(
    {"subprocess.Popen", "os.system", "os.fork", "os.forkpty", "os.posix_spawn", "os.spawn"}
)
"""Audit events that start a process."""


@dataclass(eq=False)
class Started:
    """What was there when a deadline opened, to tell what its code started from it: the
    threads, and the time (seconds since boot, /proc's clock for process start times); and
    whether the code started a process."""

    opened: float = field(default_factory=lambda: boot_clock())
    threads: frozenset[threading.Thread] = field(default_factory=lambda: frozenset(threads()))
    spawned: bool = False


KEPT: set[threading.Thread] = set()
"""Threads of the library's own that a deadline never ends (its watchdog)."""


def threads() -> list[threading.Thread]:
    """The threads running now, but the library's own."""
    return [thread for thread in threading.enumerate() if thread not in KEPT]


_OPEN: list[Started] = []  # the records of the deadlines open in any thread


def on_audit(event: str, args: tuple[Any, ...]) -> None:
    """The audit hook: note a process started under a deadline (in any thread: the learner's
    own threads start them too). It runs at every audited event of the whole process, so it
    returns at once on all the others."""
    if event in SPAWNING or event.startswith("os.exec"):
        for record in _OPEN:
            record.spawned = True


_AUDITED: list[bool] = []


@contextlib.contextmanager
def watched_starts(record: Started) -> Iterator[None]:
    """Note in `record` what the code inside starts (see the module); the audit hook is added
    once, the first time (the interpreter never removes one)."""
    if not _AUDITED:
        sys.addaudithook(on_audit)
        _AUDITED.append(True)
    _OPEN.append(record)
    try:
        yield
    finally:
        _OPEN.remove(record)


# --- ending them --------------------------------------------------------------------------------


def raise_in(thread_id: int, error: type[BaseException] | None) -> bool:
    """Raise `error` in another thread at its next Python instruction, or withdraw the one
    pending (None). False where the interpreter cannot (Pyodide, a Python other than CPython)."""
    if PYODIDE:
        return False
    try:
        import ctypes  # here, not at the top: a Python without it still imports the library
    except ImportError:
        return False
    api = getattr(ctypes, "pythonapi", None)
    if api is None:
        return False
    raised = api.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread_id), ctypes.py_object(error) if error is not None else None
    )
    return bool(raised == 1)


def end_threads(record: Started, wait: float = THREAD_END_WAIT) -> list[threading.Thread]:
    """Ask every thread started since the deadline opened (and still running) to end, wait up
    to `wait` seconds for them, and return those that did not (blocked in C for good)."""
    running = [thread for thread in threads() if thread not in record.threads]
    for thread in running:
        if thread.ident is not None:
            raise_in(thread.ident, SystemExit)  # a thread ends on it without a traceback
    ends = time.monotonic() + wait
    while True:  # not `join`: a join the stop interrupted can leave a thread marked ended early
        left = [thread for thread in threads() if thread in running]
        if not left or time.monotonic() >= ends:
            return left
        time.sleep(THREAD_POLL)


def wake_waiter(frame: FrameType | None) -> None:
    """Let a thread that waits in `threading.Condition.wait` with no end (`Event().wait()`,
    `Queue.get()`) go, by releasing the lock it waits on: the stop just raised in it can only
    arrive once it runs Python again. Any other wait in C cannot be woken so."""
    if frame is None or frame.f_code is not threading.Condition.wait.__code__:
        return
    waiter = frame.f_locals.get("waiter")
    if waiter is not None and waiter.locked():
        with contextlib.suppress(RuntimeError):
            waiter.release()


def runnable(native_id: int) -> bool:
    """Whether a thread of this process is running or waiting for a core, rather than blocked
    in a call (Linux's /proc says; elsewhere, False: taken for blocked)."""
    try:
        stat = Path(f"/proc/self/task/{native_id}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] == "R"


def boot_clock() -> float:
    """Seconds since the machine started, the clock /proc gives process start times on (0.0
    where there is none)."""
    boottime = getattr(time, "CLOCK_BOOTTIME", None)
    try:
        return time.clock_gettime(boottime) if boottime is not None else 0.0
    except OSError:  # a browser's Python (Pyodide) names the clock but refuses it (EINVAL)
        return 0.0


def descendants_since(opened: float) -> list[int]:
    """This process's descendants started at `opened` (seconds since boot) or later, read from
    /proc (none where there is no /proc)."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    parents: dict[int, list[tuple[int, float]]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            parents.setdefault(int(fields[1]), []).append(
                (int(stat.parent.name), int(fields[19]) / ticks)
            )
    found, queue = [], [os.getpid()]
    while queue:
        for child, started in parents.get(queue.pop(), []):
            queue.append(child)
            if started >= opened - 1 / ticks:
                found.append(child)
    return found


def end_processes(record: Started) -> int:
    """Kill the processes the learner's code started (and theirs), and collect the children's
    exit status; how many were killed."""
    if not record.spawned or PYODIDE:
        return 0
    killed = 0
    for pid in descendants_since(record.opened):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
            killed += 1
    for pid in descendants_since(0.0) if killed else []:
        with contextlib.suppress(OSError):
            os.waitpid(pid, os.WNOHANG)
    return killed


# --- output -------------------------------------------------------------------------------------


class BoundedOutput:
    """A stream that passes `limit` characters on to the real one (shared between stdout and
    stderr), then one line saying the rest was cut, then nothing."""

    def __init__(self, stream: TextIO, shared: list[int], limit: int) -> None:
        self._stream = stream
        self._left = shared  # characters still allowed, in a list so stdout and stderr share it
        self._limit = limit

    def write(self, text: str) -> int:
        """Write what is still allowed; say once that the rest is cut."""
        left = self._left[0]
        if left > 0:
            shown = text[:left]
            self._left[0] = left - len(text)
            self._stream.write(shown)
            if len(text) > len(shown):
                cut = _("… output cut: more than {count:,} characters").format(count=self._limit)
                self._stream.write(f"\n{cut}\n")
        return len(text)

    def writelines(self, lines: Any) -> None:
        """Write each line as `write` would."""
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextlib.contextmanager
def bounded_output(limit: int = OUTPUT_LIMIT) -> Iterator[None]:
    """Bound what stdout and stderr let through inside; both are put back on exit (even if the
    code inside replaced them)."""
    out, err = sys.stdout, sys.stderr
    shared = [limit]
    if out is not None:
        sys.stdout = BoundedOutput(out, shared, limit)
    if err is not None:
        sys.stderr = BoundedOutput(err, shared, limit)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
