"""Record and replay: the timeline engine under every stepper, in plain Python.

The library's searches are deterministic, so the stepper needs no thread, no greenlet and no
suspended search. It runs the real search with a listener and a node bound, and records each event
(each distinct event once, each step a 4-byte index). When the learner goes past the recording, it
runs the same search again from the start with a larger bound, skips the events it already has, and
keeps the new ones. The bound at least doubles each time, so the reruns cost at most about as much
again as the search itself.

A `Timeline` replays a recording on a state (the board, the stack, the counters). It saves the
state every `CHECKPOINT_EVERY` steps, so going back restores the nearest save and replays a few
hundred events. Every call runs in the caller's thread and is bounded by a cap; a
KeyboardInterrupt (Kernel > Interrupt) stops it where it is, and the recording and the state are
left as a valid prefix, so that stepper and every other one go on working.
"""

from __future__ import annotations

import math
import operator
import threading
from array import array
from collections.abc import Callable, Hashable, Iterable, Iterator
from fractions import Fraction
from typing import Generic, Protocol, TypeVar

from ..arguments import quote
from ..board import Board, parse
from ..errors import SudokuError
from ..i18n import _
from ..search import checked_switches, refuse_conflicts, run, strategy_for
from ..search.events import Event
from ..words import cap_note, ended_note

E = TypeVar("E", bound=Hashable)
S = TypeVar("S")
E_out = TypeVar("E_out", bound=Hashable, covariant=True)
E_in = TypeVar("E_in", bound=Hashable, contravariant=True)

CHECKPOINT_EVERY = 512
"""Steps between saved states: going back replays at most this many events (well under 1 ms)."""

GOTO_CAP = 1_000_000
"""How many steps past the recorded ones one `goto` (or `step`) call may go: raise it with
`goto(i, cap=...)`. It keeps a typo such as goto(10**12) from running for hours."""

RUN_CAP = 100_000
"""How far one "run to ..." call (and one press of its button) goes before it stops and says so."""

FIRST_BOUND = 1
"""Nodes allowed in the first recording run, made when the stepper is: it checks that the search
starts, and records nothing the learner has not asked for (later bounds follow the asking)."""

HEADROOM = Fraction(11, 10)
"""How much further than asked a rerun's bound aims, so a learner who steps on needs no rerun.
A fraction, not a float, so the aim stays exact for any whole number (goto(10**400, cap=10**400)
would overflow a float)."""

SAMPLE_NODES = 1_024
"""A rerun's bound while fewer steps than this are known: the first steps of a search are nearly
all tries, so their rate of nodes per step would aim a far jump several times too far."""


class StepError(SudokuError, TypeError):
    """A step number or count that is not a whole number (it is also a TypeError)."""


def whole_steps(value: object, name: str) -> int:
    """`value` as an int, or an error that names the argument: no floats, strings, None, bools."""
    if isinstance(value, bool):
        raise StepError(not_whole_steps(name, value))
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise StepError(not_whole_steps(name, value)) from None


def not_whole_steps(name: str, value: object) -> str:
    """Why `value` is refused as a step number or count."""
    return _("{name} must be a whole number of steps, not {value}").format(
        name=name, value=quote(value)
    )


def step_cap(value: object, name: str = "cap") -> int:
    """A cap argument: a whole number of steps, at least 0."""
    cap = whole_steps(value, name)
    if cap < 0:
        raise SudokuError(
            _("{name} must be 0 or more steps, not {value}").format(name=name, value=quote(cap))
        )
    return cap


class Recording(Protocol[E_out]):
    """The steps of one run, as a timeline reads them.

    `extend(limit)` records until at least `limit` steps are known or the run has ended; it may
    be interrupted, and what it had recorded stays valid.
    """

    @property
    def finished(self) -> bool: ...

    def __len__(self) -> int: ...

    def __getitem__(self, i: int) -> E_out: ...

    def between(self, start: int, stop: int) -> Iterator[E_out]: ...

    def extend(self, limit: int) -> None: ...


class Replay(Protocol[E_in, S]):
    """A state that events move: apply one, save a checkpoint, restore one."""

    def apply(self, event: E_in) -> None: ...

    def save(self) -> S: ...

    def restore(self, saved: S) -> None: ...


class EventTable(Generic[E]):
    """Steps stored compactly: each distinct event once, and each step as a 4-byte index."""

    def __init__(self) -> None:
        self._codes = array("I")
        self._distinct: list[E] = []
        self._index: dict[E, int] = {}

    def __len__(self) -> int:
        return len(self._codes)

    def __getitem__(self, i: int) -> E:
        return self._distinct[self._codes[i]]

    def between(self, start: int, stop: int) -> Iterator[E]:
        """The events of steps start+1 .. stop (positions start to stop), in order."""
        distinct = self._distinct
        return (distinct[code] for code in self._codes[start:stop])

    @property
    def distinct(self) -> int:
        """How many different events there are (the size of the table)."""
        return len(self._distinct)

    def recorder(self, skip: int = 0) -> Callable[[E], None]:
        """A listener that ignores the first `skip` events and appends every later one.

        The table grows before the step that uses it, so an interrupt between the two leaves at
        worst an unused entry, never a step without its event.
        """
        codes, distinct, index = self._codes, self._distinct, self._index
        append = codes.append
        remaining = skip

        def record(event: E) -> None:
            nonlocal remaining
            if remaining:
                remaining -= 1
                return
            code = index.get(event)
            if code is None:
                code = len(distinct)
                distinct.append(event)
                index[event] = code
            append(code)

        return record


class FixedRecording(EventTable[E]):
    """A recording made once and in full, for example of a learner's own function (`watch`)."""

    def __init__(self, events: Iterable[E]) -> None:
        super().__init__()
        record = self.recorder()
        for event in events:
            record(event)

    @property
    def finished(self) -> bool:
        """Always True: nothing more will come."""
        return True

    def extend(self, limit: int) -> None:
        """Nothing to do: every step is already known."""


class SearchRecording(EventTable[Event]):
    """The events of one library search, recorded on demand by rerunning it with larger bounds.

    The puzzle, method and switches are checked now, so a mistake is reported at once.
    """

    def __init__(self, puzzle: object, method: str, switches: dict[str, bool]) -> None:
        super().__init__()
        self._board: Board = parse(puzzle)
        refuse_conflicts(self._board)
        strategy_for(method)
        checked_switches(method, switches)
        self._method = method
        self._switches = dict(switches)
        self._bound = 0  # the node bound of the last run that returned
        self._finished = False
        self.runs = 0
        """How many times the search has been run (the first time included)."""

    @property
    def finished(self) -> bool:
        """True once a run ended on its own, so every step is recorded."""
        return self._finished

    def extend(self, limit: int) -> None:
        """Rerun the search until at least `limit` steps are recorded or it has ended."""
        while len(self) < limit and not self._finished:
            self._record(self._next_bound(limit))

    def _next_bound(self, limit: int) -> int:
        """At least double the last bound, and aim past `limit` at the rate seen so far."""
        if not self._bound:
            return FIRST_BOUND
        nodes_per_step = Fraction(self._bound, max(1, len(self)))
        aim = math.ceil(limit * nodes_per_step * HEADROOM)
        if len(self) < SAMPLE_NODES:
            aim = min(aim, SAMPLE_NODES)
        return max(2 * self._bound, aim)

    def _record(self, bound: int) -> None:
        """Run the search once from the start under `bound`, keeping the events not yet known."""
        listener = self.recorder(skip=len(self))
        _, finished = run(self._board, self._method, bound, listener, 1, self._switches)
        self.runs += 1
        self._bound = bound
        self._finished = finished


class Timeline(Generic[E, S]):
    """A position on a recording, with the replayed state there: the model under a stepper.

    Position i means the first i steps have happened (0: nothing yet). `goto`, `step`, `back`
    and `run_to` move it; each is bounded (by `cap`) and safe to interrupt. Subclasses say what a
    position looks like (`frame()`, for a view) and which events are dead ends and solutions;
    callbacks given to `watch` run after every move (a view redraws there).
    """

    def __init__(self, recording: Recording[E], replay: Replay[E, S]) -> None:
        self._recording = recording
        self._replay = replay
        self._checkpoints: list[S] = [replay.save()]
        self._position = 0
        self._consistent = True  # False while the state is being changed
        self._lock = threading.RLock()  # a cell and a widget message may come on two threads
        self._watchers: list[Callable[[], None]] = []
        self.note = ""
        """A remark about the last move (for example where a cap stopped it); "" when none."""

    # Where we are ---------------------------------------------------------------------------

    @property
    def position(self) -> int:
        """How many steps have happened (0: the start, before any event)."""
        return self._position

    @property
    def known(self) -> int:
        """How many steps are recorded so far."""
        return len(self._recording)

    @property
    def finished(self) -> bool:
        """True once the run has ended, so the total number of steps is known."""
        return self._recording.finished

    @property
    def total(self) -> int | None:
        """The number of steps of the whole run, or None while it has not ended."""
        return len(self._recording) if self._recording.finished else None

    @property
    def at_end(self) -> bool:
        """True when the last step of a finished run is showing."""
        return self.finished and self._position == self.known

    @property
    def event(self) -> E | None:
        """The event that brought the state here (None at position 0)."""
        return self._recording[self._position - 1] if self._position else None

    @property
    def checkpoints(self) -> int:
        """How many states are saved (one every CHECKPOINT_EVERY steps, never one per step)."""
        return len(self._checkpoints)

    # Moving ---------------------------------------------------------------------------------

    def goto(self, position: int, cap: int = GOTO_CAP) -> None:
        """Show the state after exactly `position` steps, or the nearest end.

        At most `cap` steps past the recorded ones (GOTO_CAP unless given); `note` says so when
        the cap stopped it. Negative positions mean 0.
        """
        target = max(0, whole_steps(position, "position"))
        reach = len(self._recording) + step_cap(cap)
        with self._lock:
            self.note = ""
            self._recording.extend(min(target, reach))
            self._move_to(min(target, reach))
            if target > reach and not self.finished:
                self.note = cap_note(cap)
            elif target > self._position:
                self.note = ended_note()
            self.moved()

    def step(self, n: int = 1) -> None:
        """Go n steps forward (stops at the end)."""
        self.goto(self._position + whole_steps(n, "n"))

    def back(self, n: int = 1) -> None:
        """Go n steps back (stops at the start)."""
        self.goto(self._position - whole_steps(n, "n"))

    def first(self) -> None:
        """Back to the start."""
        self.goto(0)

    def last(self, cap: int = RUN_CAP) -> bool:
        """Go to the last step, or `cap` steps further if the run is longer; True at the end."""
        self.run_to(lambda event: False, cap)
        return self.at_end

    def run_to(self, wanted: Callable[[E], bool], cap: int = RUN_CAP) -> bool:
        """Step on until an event `wanted` accepts (at most `cap` steps); True if found."""
        with self._lock:
            found = self.find(wanted, cap)
            self.note = ""
            self._move_to(self._position + step_cap(cap) if found is None else found)
            if found is None:
                self.note = ended_note() if self.at_end else cap_note(cap)
            self.moved()
            return found is not None

    def find(self, wanted: Callable[[E], bool], cap: int = RUN_CAP) -> int | None:
        """The position just after the next event `wanted` accepts, within `cap` steps from
        here, or None; it records more of the run if needed, but does not move."""
        with self._lock:
            return self._search(wanted, self._position, self._position + step_cap(cap))

    def next_dead_end(self, cap: int = RUN_CAP) -> bool:
        """Go to the next dead end (see `dead_end`); True if one was found within `cap` steps."""
        return self.run_to(self.dead_end, cap)

    def to_solution(self, cap: int = RUN_CAP) -> bool:
        """Go to the next step that `solved` accepts; True if found within `cap` steps."""
        return self.run_to(self.solved_by, cap)

    def dead_end(self, event: E) -> bool:
        """Is this event a dead end, where the run backs up? (None are, unless a subclass says.)"""
        return False

    def solved_by(self, event: E) -> bool:
        """Does this event finish the job? (None does, unless a subclass says.)"""
        return False

    def _search(self, wanted: Callable[[E], bool], start: int, limit: int) -> int | None:
        """The position just after the first event in [start, limit) that `wanted` accepts,
        recording more (each time at least twice as much) while none is found."""
        recording = self._recording
        scanned = start
        while True:
            end = min(limit, len(recording))
            for offset, event in enumerate(recording.between(scanned, end)):
                if wanted(event):
                    return scanned + offset + 1
            scanned = end
            if scanned >= limit or recording.finished:
                return None
            recording.extend(len(recording) + 1)

    def watch(self, callback: Callable[[], None]) -> None:
        """Call `callback` after every move (a view redraws there)."""
        self._watchers.append(callback)

    def moved(self) -> None:
        """Tell the watchers that the position or the state changed."""
        for callback in self._watchers:
            callback()

    # Replaying ------------------------------------------------------------------------------

    def _move_to(self, i: int) -> None:
        """Reach position i among the recorded steps (or the last), from the nearest save.

        If interrupted, the state is put back at a saved position before the interrupt goes on.
        """
        i = min(i, len(self._recording))
        slot = min(i // CHECKPOINT_EVERY, len(self._checkpoints) - 1)
        try:
            if (
                not self._consistent
                or i < self._position
                or slot * CHECKPOINT_EVERY > self._position
            ):
                self._restore(slot)
            self._consistent = False
            self._replay_to(i)
            self._consistent = True
        except BaseException:
            self._restore(min(self._position // CHECKPOINT_EVERY, len(self._checkpoints) - 1))
            raise

    def _restore(self, slot: int) -> None:
        """Become the state saved at checkpoint `slot`."""
        self._consistent = False
        self._replay.restore(self._checkpoints[slot])
        self._position = slot * CHECKPOINT_EVERY
        self._consistent = True

    def _replay_to(self, i: int) -> None:
        """Apply the events from here to position i, saving a checkpoint at each new boundary."""
        apply, recording, checkpoints = self._replay.apply, self._recording, self._checkpoints
        position = self._position
        while position < i:
            stop = min(i, (position // CHECKPOINT_EVERY + 1) * CHECKPOINT_EVERY)
            for event in recording.between(position, stop):
                apply(event)
            position = self._position = stop
            if stop == len(checkpoints) * CHECKPOINT_EVERY:  # the first time this far
                checkpoints.append(self._replay.save())
