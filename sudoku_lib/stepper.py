"""The stepper: walk the library's own search one event at a time, forward and back.

The search runs inside a greenlet whose listener hands each event back and waits, so the search
moves only when the learner asks for the next step (nothing runs ahead). All search greenlets live
on one thread of their own, since widget messages may arrive on any of the kernel's threads.
Events are kept compactly (each distinct event once, plus a 4-byte index per step) and the board
is saved only every `CHECKPOINT_EVERY` steps, so going back restores the nearest checkpoint and
replays a few events.
The Python API (`step`, `back`, `goto`, ...) is the same with or without a browser attached; the
widget only draws what the API says.
"""

from __future__ import annotations

import threading
import time
from array import array
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from html import escape

import ipywidgets as widgets
from greenlet import getcurrent, greenlet

from . import style
from .board import BLANK, Board, Cell, Digit, copy_board, flatten, geometry_of, givens, parse
from .search import refuse_conflicts, run, strategy_for
from .search.events import DeadEnd, Event, Forced, Solved, Try, Undo, caption, where
from .search.pruned import candidates_of
from .stats import Stats

CHECKPOINT_EVERY = 512
"""Steps between saved boards: going back replays at most this many events (well under 1 ms)."""

RUN_CAP = 100_000
"""How far one press of a "run to ..." button goes, so a long search never hangs the kernel."""

Choice = tuple[int, int, Digit]  # (row, col, digit) of a choice still open on the call stack


SEARCH_THREAD = "sudoku-search"
_search_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix=SEARCH_THREAD)
"""The one thread every search greenlet lives on. A greenlet can only be switched to from the
thread that made it, and ipykernel 7 may deliver widget messages on other threads (subshells),
so callers hand their request to this thread: one hand-over per request, never one per event."""


def on_search_thread(work: Callable[[], None]) -> None:
    """Run `work` on the search thread and wait for it (directly, when already there)."""
    if threading.current_thread().name.startswith(SEARCH_THREAD):
        work()
    else:
        _search_thread.submit(work).result()


def hand_over(event: Event) -> None:
    """The search's listener: give the event to whoever asked, and wait to be asked again."""
    getcurrent().parent.switch(event)


class EventLog:
    """The events of one search, pulled on demand from a greenlet that runs it.

    Each distinct event is stored once, and each step as a 4-byte index into that table.
    """

    def __init__(self, puzzle: object, method: str, switches: dict[str, bool]) -> None:
        board = parse(puzzle)
        refuse_conflicts(board)
        strategy_for(method)
        self._codes = array("I")
        self._distinct: list[Event] = []
        self._index: dict[Event, int] = {}
        self.finished = False
        self._search: greenlet | None = None
        self._start = lambda: run(board, method, None, hand_over, 1, switches)
        self.extend(1)  # the first event, so a bad switch is reported now, not at the first step

    def __len__(self) -> int:
        return len(self._codes)

    def __getitem__(self, i: int) -> Event:
        return self._distinct[self._codes[i]]

    def extend(self, limit: int, stop: Callable[[Event], bool] | None = None) -> None:
        """Let the search run until `limit` events are known, it ends, or an event `stop`s it."""
        if len(self._codes) < limit and not self.finished:
            on_search_thread(lambda: self._pull(limit, stop))

    def _pull(self, limit: int, stop: Callable[[Event], bool] | None) -> None:
        """The loop of `extend`, on the search thread: one switch into the search per event."""
        if self._search is None:
            self._search = greenlet(self._start)
        while len(self._codes) < limit and self._next(stop):
            pass

    def _next(self, stop: Callable[[Event], bool] | None) -> bool:
        """Take one event from the search; False when it has ended or `stop` wants this one."""
        event = self._search.switch()
        if self._search.dead:
            self.finished = True
            return False
        code = self._index.get(event)
        if code is None:
            code = self._index[event] = len(self._distinct)
            self._distinct.append(event)
        self._codes.append(code)
        if isinstance(event, Solved):
            self._next(None)  # after a solution the search only unwinds: learn the total now
        return stop is None or not stop(event)

    @property
    def distinct(self) -> int:
        """How many different events the search has produced (the size of the table)."""
        return len(self._distinct)


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """Everything the stepper shows at one position, saved so going back is quick."""

    cells: str
    forced: frozenset[Cell]
    stack: tuple[Choice, ...]
    stats: Stats


class Replay:
    """The board, call stack and counters after some number of events, moved by applying them."""

    def __init__(self, board: Board) -> None:
        self.board = copy_board(board)
        self.forced: set[Cell] = set()
        self.stack: list[Choice] = []
        self.stats = Stats()

    def apply(self, event: Event) -> None:
        """Do on the board what the search did: place, force or take back a digit."""
        kind = type(event)
        if kind is Try:
            self.board[event.row][event.col] = event.digit
            self.stack.append((event.row, event.col, event.digit))
        elif kind is Forced:
            self.board[event.row][event.col] = event.digit
            self.forced.add((event.row, event.col))
        elif kind is Undo:
            self.board[event.row][event.col] = BLANK
            if event.forced:
                self.forced.discard((event.row, event.col))
            else:
                self.stack.pop()
        self.stats.count(event)

    def save(self) -> Checkpoint:
        """A compact copy of this state."""
        cells = flatten(self.board)
        return Checkpoint(cells, frozenset(self.forced), tuple(self.stack), replace(self.stats))

    def restore(self, checkpoint: Checkpoint) -> None:
        """Become the state a checkpoint saved."""
        size = len(self.board)
        cells = checkpoint.cells
        self.board = [list(cells[r * size : (r + 1) * size]) for r in range(size)]
        self.forced = set(checkpoint.forced)
        self.stack = list(checkpoint.stack)
        self.stats = replace(checkpoint.stats)


class Stepper(widgets.VBox):
    """Step through the real search of `method` on `puzzle`: `.step()`, `.back()`, `.goto(i)`.

    Position i means the first i events of the search have happened. `switches` go to the
    strategy (for "pruned", e.g. hidden_singles=False). `pencil_marks` shows the candidates of
    empty cells (on by default for "pruned"); `controls=False` leaves the buttons out.
    """

    def __init__(
        self,
        puzzle: object,
        method: str = "naive",
        *,
        pencil_marks: bool | None = None,
        controls: bool = True,
        **switches: bool,
    ) -> None:
        super().__init__()
        self.method = method
        self.puzzle = parse(puzzle)
        self.pencil_marks = method == "pruned" if pencil_marks is None else pencil_marks
        self._log = EventLog(self.puzzle, method, switches)
        self._givens = givens(self.puzzle)
        self._state = Replay(self.puzzle)
        self._checkpoints = [self._state.save()]
        self._position = 0
        self._lock = threading.RLock()  # a cell and a widget message may arrive on two threads
        self.note = ""
        self.render_seconds = 0.0
        self._view = StepperView(self, controls)
        self.children = self._view.children
        self.add_class("sudoku-stepper")
        self.render()

    # The Python API -------------------------------------------------------------------------

    @property
    def position(self) -> int:
        """How many events have happened (0: the puzzle as given)."""
        return self._position

    @property
    def known(self) -> int:
        """How many events the search has produced so far."""
        return len(self._log)

    @property
    def finished(self) -> bool:
        """True once the search has ended, so the total number of steps is known."""
        return self._log.finished

    @property
    def total(self) -> int | None:
        """The number of steps of the whole search, or None while it has not ended."""
        return len(self._log) if self._log.finished else None

    @property
    def at_end(self) -> bool:
        """True when the last step of a finished search is showing."""
        return self.finished and self._position == self.known

    @property
    def board(self) -> Board:
        """The board at this position (a copy: changing it changes nothing here)."""
        return copy_board(self._state.board)

    @property
    def stack(self) -> list[Choice]:
        """The choices still open, outermost first, the newest (the top) last."""
        return list(self._state.stack)

    @property
    def stats(self) -> Stats:
        """The counters at this position (a copy)."""
        return replace(self._state.stats)

    @property
    def nodes(self) -> int:
        """Digits placed by a choice of the search so far."""
        return self._state.stats.nodes

    @property
    def forced(self) -> int:
        """Digits placed by propagation so far."""
        return self._state.stats.forced

    @property
    def backtracks(self) -> int:
        """Tried digits taken back so far."""
        return self._state.stats.backtracks

    @property
    def dead_ends(self) -> int:
        """Times so far the search found nothing to try."""
        return self._state.stats.dead_ends

    @property
    def depth(self) -> int:
        """How many choices are open now (the height of the call stack)."""
        return len(self._state.stack)

    @property
    def max_depth(self) -> int:
        """The deepest the stack has been so far."""
        return self._state.stats.max_depth

    @property
    def event(self) -> Event | None:
        """The event that brought the board here (None at position 0)."""
        return self._log[self._position - 1] if self._position else None

    @property
    def caption(self) -> str:
        """The current event in plain words."""
        event = self.event
        if event is None:
            return "the puzzle as given: press Step to begin"
        return caption(event, len(self.puzzle))

    @property
    def solved(self) -> bool:
        """True when the board showing is the solution."""
        return isinstance(self.event, Solved)

    @property
    def checkpoints(self) -> int:
        """How many boards are stored (one every CHECKPOINT_EVERY steps, never one per step)."""
        return len(self._checkpoints)

    def step(self, n: int = 1) -> None:
        """Go n steps forward (stops at the end of the search)."""
        self.goto(self._position + n)

    def back(self, n: int = 1) -> None:
        """Go n steps back (stops at the puzzle as given)."""
        self.goto(self._position - n)

    def goto(self, i: int) -> None:
        """Show the board after exactly i events (or the nearest end)."""
        i = max(0, int(i))
        with self._lock:
            self._log.extend(i)
            self._move_to(i)
            self.render()

    def first(self) -> None:
        """Back to the puzzle as given."""
        self.goto(0)

    def run_to(self, wanted: Callable[[Event], bool], cap: int = RUN_CAP) -> bool:
        """Step until an event the test `wanted` accepts (at most `cap` steps); True if found."""
        with self._lock:
            limit = self._position + cap
            seen = min(limit, len(self._log))
            found = self._find(wanted, self._position, seen)
            if found is None:
                self._log.extend(limit, stop=wanted)
                found = self._find(wanted, seen, min(limit, len(self._log)))
            self._move_to(limit if found is None else found)
            if found is None and self.at_end:
                self.note = "the search has ended"
            elif found is None:
                self.note = f"stopped after {cap:,} steps: press again to go on"
            self.render()
            return found is not None

    def _find(self, wanted: Callable[[Event], bool], start: int, stop: int) -> int | None:
        """The position just after the first known event in [start, stop) that `wanted` accepts."""
        log = self._log
        return next((i + 1 for i in range(start, stop) if wanted(log[i])), None)

    def run_to_end(self, cap: int = RUN_CAP) -> bool:
        """Go to the last step, or `cap` steps further if the search is longer; True at the end."""
        self.run_to(lambda event: False, cap)
        return self.at_end

    def next_backtrack(self, cap: int = RUN_CAP) -> bool:
        """Go to the next dead end, where the search finds nothing to try and must back up."""
        return self.run_to(lambda event: isinstance(event, DeadEnd), cap)

    def to_solution(self, cap: int = RUN_CAP) -> bool:
        """Go to the step where the board is solved (True), or stop after `cap` steps."""
        return self.run_to(lambda event: isinstance(event, Solved), cap)

    def __repr__(self) -> str:
        total = "?" if self.total is None else f"{self.total:,}"
        return f"<Stepper {self.method}: step {self._position:,} of {total}, {self.nodes:,} placed>"

    # Moving the replay ----------------------------------------------------------------------

    def _move_to(self, i: int) -> None:
        """Reach position i among the known events (or the last known), from the nearest save."""
        self.note = ""
        i = min(i, len(self._log))
        slot = min(i // CHECKPOINT_EVERY, len(self._checkpoints) - 1)
        start = slot * CHECKPOINT_EVERY
        if i < self._position or start > self._position:
            self._state.restore(self._checkpoints[slot])
            self._position = start
        state, log, checkpoints = self._state, self._log, self._checkpoints
        for position in range(self._position, i):
            state.apply(log[position])
            if position + 1 == len(checkpoints) * CHECKPOINT_EVERY:  # first time this far
                checkpoints.append(state.save())
        self._position = i

    # Drawing --------------------------------------------------------------------------------

    def render(self) -> None:
        """Redraw the widget from the state (timed: see `render_seconds`)."""
        start = time.perf_counter()
        self._view.update()
        self.render_seconds = time.perf_counter() - start

    def board_html(self) -> str:
        """The board at this position as an HTML table (what the widget shows)."""
        puzzle = flatten(self.puzzle)
        return board_html(
            self._state.board,
            self._givens,
            self._state.forced,
            self.event,
            self._candidates() if self.pencil_marks else {},
            {"position": str(self._position), "method": self.method, "puzzle": puzzle},
        )

    def _candidates(self) -> dict[Cell, list[Digit]]:
        """The pencil marks: what the pruned search itself would compute for the empty cells."""
        return candidates_of(self._state.board)

    def stack_html(self) -> str:
        """The call stack, one line per open choice, the top first and highlighted."""
        lines = [
            f'<div class="sdk-level{" sdk-top" if level == self.depth else ""}">'
            f"{level}. {digit} at {where(r, c)}</div>"
            for level, (r, c, digit) in reversed(list(enumerate(self._state.stack, 1)))
        ]
        body = "".join(lines) or '<div class="sdk-level">(empty: no choice open)</div>'
        return f'<div class="sdk-stack"><b>call stack</b>{body}</div>'

    def counters_text(self) -> str:
        """The counters in one line: step, digits placed, backtracks, depth."""
        total = f"{self.total:,}" if self.finished else f"{self.known:,}+ known"
        stats = self._state.stats
        forced = f" · forced {stats.forced:,}" if stats.forced or self.method == "pruned" else ""
        return (
            f"step {self._position:,} / {total} · placed {stats.nodes:,}{forced}"
            f" · backtracks {stats.backtracks:,} · depth {self.depth} / max {stats.max_depth}"
        )


def board_html(
    board: Board,
    given: dict[Cell, Digit],
    forced: set[Cell] | frozenset[Cell],
    event: Event | None,
    candidates: dict[Cell, list[Digit]],
    data: dict[str, str] | None = None,
) -> str:
    """A board as an HTML table: givens, placed (blue), forced (green), the current cell, marks.

    The table carries the cells as `data-board` (and any `data` as more data- attributes), so a
    browser test can read what is drawn without parsing the cells.
    """
    geo = geometry_of(board)
    current = None if event is None or isinstance(event, Solved) else (event.row, event.col)
    dead = isinstance(event, DeadEnd)
    flat = flatten(board)
    rows = []
    for r, row in enumerate(board):
        cells = []
        for c, digit in enumerate(row):
            classes = []
            if (r, c) in given:
                classes.append("sdk-g")
            elif (r, c) in forced:
                classes.append("sdk-f")
            elif digit != BLANK:
                classes.append("sdk-p")
            if (r, c) == current:
                classes.append("sdk-dead" if dead else "sdk-cur")
            if c % geo.box == geo.box - 1 and c != geo.size - 1:
                classes.append("sdk-br")
            if r % geo.box == geo.box - 1 and r != geo.size - 1:
                classes.append("sdk-bb")
            if digit == BLANK:
                content = pencil_marks(candidates.get((r, c)), geo.digits, geo.box)
            else:
                content = digit
            cells.append(f'<td class="{" ".join(classes)}">{content}</td>')
        rows.append(f"<tr>{''.join(cells)}</tr>")
    about = "".join(f' data-{key}="{escape(value)}"' for key, value in (data or {}).items())
    return (
        f'<table class="sdk-board sdk-n{geo.size}" data-board="{flat}"{about}>'
        f"{''.join(rows)}</table>"
    )


def pencil_marks(marks: list[Digit] | None, digits: tuple[Digit, ...], box: int) -> str:
    """The candidates of an empty cell as a small grid of grey digits (nothing when None)."""
    if not marks:
        return ""
    spans = "".join(f"<span>{d if d in marks else ''}</span>" for d in digits)
    return f'<div class="sdk-pm sdk-pm{box}">{spans}</div>'


STYLE = f"""<style>
.sdk-board {{ border-collapse: collapse; border: 2px solid {style.GRID_THICK};
  background: {style.BACKGROUND}; font-family: sans-serif; margin: 2px; }}
.sdk-board td {{ border: 1px solid {style.GRID_THIN}; text-align: center; vertical-align: middle;
  padding: 0; color: {style.GRID_THICK}; }}
.sdk-n4 td {{ width: 44px; height: 44px; font-size: 22px; }}
.sdk-n9 td {{ width: 34px; height: 34px; font-size: 19px; }}
.sdk-n16 td {{ width: 26px; height: 26px; font-size: 13px; }}
.sdk-board td.sdk-br {{ border-right: 2px solid {style.GRID_THICK}; }}
.sdk-board td.sdk-bb {{ border-bottom: 2px solid {style.GRID_THICK}; }}
.sdk-board td.sdk-g {{ color: {style.GIVEN}; font-weight: bold; }}
.sdk-board td.sdk-p {{ color: {style.PLACED}; }}
.sdk-board td.sdk-f {{ color: {style.FORCED}; }}
.sdk-board td.sdk-cur {{ background: {style.CURRENT}; }}
.sdk-board td.sdk-dead {{ background: {style.DEAD_END}; }}
.sdk-pm {{ display: grid; font-size: 8px; line-height: 1; color: {style.CANDIDATE}; }}
.sdk-pm2 {{ grid-template-columns: repeat(2, 1fr); font-size: 11px; }}
.sdk-pm3 {{ grid-template-columns: repeat(3, 1fr); }}
.sdk-pm4 {{ grid-template-columns: repeat(4, 1fr); font-size: 6px; }}
.sdk-stack {{ font-family: monospace; font-size: 12px; max-height: 300px; overflow-y: auto;
  min-width: 230px; padding: 0 6px; }}
.sdk-level.sdk-top {{ background: {style.CURRENT}; font-weight: bold; }}
.sdk-caption {{ font-size: 15px; }}
.sdk-counters {{ font-family: monospace; font-size: 13px; }}
</style>"""

SPEEDS = [
    ("1 step/s", (1000, 1)),
    ("2 steps/s", (500, 1)),
    ("5 steps/s", (200, 1)),
    ("10 steps/s", (100, 1)),
    ("20 steps/s", (50, 1)),
    ("100 steps/s", (50, 5)),
    ("1,000 steps/s", (50, 50)),
]
"""Speed choices as (interval in ms, steps per tick): faster than 20 a second, jump further."""

HEADROOM = 1_000
"""How far past the known steps the slider and Play reach while the search is still going."""


def button(
    name: str, label: str, tooltip: str, handler: Callable[[], object], icon: str = ""
) -> widgets.Button:
    """A labelled button whose tooltip starts with its name, calling `handler` when pressed."""
    control = widgets.Button(
        description=label,
        icon=icon,
        tooltip=f"{name}: {tooltip}",
        layout=widgets.Layout(width="auto"),
    )
    control.add_class(f"sdk-{name.lower().replace(' ', '-')}")
    control.on_click(lambda _: handler())
    return control


class StepperView:
    """The widgets of one stepper: they read its state, and their events call its API."""

    def __init__(self, stepper: Stepper, controls: bool) -> None:
        self.stepper = stepper
        self.board = widgets.HTML()
        self.stack = widgets.HTML()
        self.counters = widgets.HTML()
        self.caption = widgets.HTML()
        title = widgets.HTML(f"<b>{escape(stepper.method)}</b>{STYLE}")
        self.children: tuple[widgets.Widget, ...] = (
            title,
            widgets.HBox([self.board, self.stack]),
            self.counters,
            self.caption,
        )
        self.slider: widgets.IntSlider | None = None
        if controls:
            self.children += self.make_controls()

    def make_controls(self) -> tuple[widgets.Widget, ...]:
        """First, Back, Step, Play and speed, run-to buttons, and a slider and box to jump."""
        s = self.stepper
        self.slider = widgets.IntSlider(
            value=0, min=0, max=HEADROOM, description="Go to step", continuous_update=False
        )
        self.slider.add_class("sdk-slider")
        self.slider.observe(lambda change: self.jump(change["new"]), names="value")
        self.play = widgets.Play(
            value=0, min=0, max=HEADROOM, interval=100, description="Play", tooltip="Play / Pause"
        )
        self.play.add_class("sdk-play")
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        speed = widgets.Dropdown(
            options=SPEEDS, value=SPEEDS[3][1], description="Speed", tooltip="Speed of Play"
        )
        speed.observe(lambda change: self.set_speed(*change["new"]), names="value")
        self.jump_box = widgets.IntText(value=0, description="Jump to", tooltip="Jump to: a step")
        self.jump_box.add_class("sdk-jump")
        self.jump_box.observe(lambda change: self.jump(change["new"]), names="value")
        buttons = widgets.HBox(
            [
                button("First", "First", "back to the puzzle as given", s.first, "fast-backward"),
                button("Back", "Back", "undo one step", s.back, "step-backward"),
                button("Step", "Step", "one more step of the search", s.step, "step-forward"),
                button(
                    "Next backtrack",
                    "Next dead end",
                    "run until the search must back up",
                    s.next_backtrack,
                ),
                button(
                    "To solution", "To solution", "run until the board is solved", s.to_solution
                ),
                button(
                    "Last",
                    "Run to end",
                    f"the last step (at most {RUN_CAP:,} more)",
                    s.run_to_end,
                    "fast-forward",
                ),
            ]
        )
        play_label = widgets.Label("Play / Pause:")
        return (
            buttons,
            widgets.HBox([play_label, self.play, speed]),
            widgets.HBox([self.slider, self.jump_box]),
        )

    def jump(self, position: int) -> None:
        """Go where the slider or the box says, unless it only followed the stepper there.

        Never more than RUN_CAP steps past the known ones, so a typo cannot hang the kernel.
        """
        s = self.stepper
        if position == s.position:
            return
        reach = s.known + RUN_CAP
        s.goto(min(position, reach))
        if position > reach and not s.finished:
            s.note = f"went only {RUN_CAP:,} steps past the known ones: jump again to go on"
            s.render()

    def set_speed(self, interval: int, steps: int) -> None:
        """Play every `interval` ms, `steps` steps at a time."""
        self.play.interval = interval
        self.play.step = steps

    def update(self) -> None:
        """Redraw every part from the stepper's state."""
        s = self.stepper
        self.board.value = s.board_html()
        self.stack.value = s.stack_html()
        self.counters.value = f'<div class="sdk-counters">{escape(s.counters_text())}</div>'
        note = f" <i>({escape(s.note)})</i>" if s.note else ""
        self.caption.value = f'<div class="sdk-caption">{escape(s.caption)}{note}</div>'
        if self.slider is not None:
            self.follow(s.position)

    def follow(self, position: int) -> None:
        """Move the slider (and so Play) to the position, stretching its range as steps appear."""
        s = self.stepper
        reach = s.total if s.finished else max(self.slider.max, position + HEADROOM)
        if s.finished or position + HEADROOM // 2 > self.slider.max:
            self.play.max = self.slider.max = reach
        if self.slider.value != position:
            self.slider.value = position
        self.jump_box.value = position


class SideBySide(widgets.VBox):
    """Two steppers on the same puzzle with one set of controls, to compare their steps."""

    def __init__(self, left: Stepper, right: Stepper) -> None:
        super().__init__()
        self.left, self.right = left, right
        buttons = [
            button(
                "First", "First", "both back to the puzzle as given", self.first, "fast-backward"
            ),
            button("Back", "Back", "both one step back", self.back, "step-backward"),
            button("Step", "Step", "both one step forward", self.step, "step-forward"),
            button("To solution", "To solution", "both run until solved", self.to_solution),
        ]
        self.children = (widgets.HBox([left, right]), widgets.HBox(buttons))
        self.add_class("sudoku-side-by-side")

    def step(self, n: int = 1) -> None:
        """Both steppers n steps forward."""
        self.left.step(n)
        self.right.step(n)

    def back(self, n: int = 1) -> None:
        """Both steppers n steps back."""
        self.left.back(n)
        self.right.back(n)

    def first(self) -> None:
        """Both back to the puzzle as given."""
        self.left.first()
        self.right.first()

    def to_solution(self, cap: int = RUN_CAP) -> None:
        """Both run until solved (each stops after `cap` steps)."""
        self.left.to_solution(cap)
        self.right.to_solution(cap)

    def __repr__(self) -> str:
        return f"<SideBySide {self.left!r} | {self.right!r}>"


def side_by_side(
    puzzle: object, left: str | Stepper = "naive", right: str | Stepper = "pruned"
) -> SideBySide:
    """Two steppers on one puzzle (method names, or steppers made with switches of your own)."""
    sides = [
        side if isinstance(side, Stepper) else Stepper(puzzle, side, controls=False)
        for side in (left, right)
    ]
    return SideBySide(*sides)
