"""The stepper's model: a library search on a board, as plain Python with no widgets.

`StepperModel` is what the checks, the tests and the widget all use: the position, `goto`, the
board, the call stack, the counters and the caption at any step. The widget (`Stepper`, in
view.py) is this model with a view attached.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..board import BLANK, Board, Cell, Digit, copy_board, flatten, givens, parse
from ..i18n import _
from ..search.events import DeadEnd, Event, Forced, Solved, Try, Undo, caption
from ..search.pruned import candidates_of
from ..stats import Stats
from ..words import cell_name, method_title, number, step_status, switched_off
from .engine import RUN_CAP, SearchRecording, Timeline
from .html import Marks, board_html
from .predict import Predicting, Question, Verdict
from .questions import Moment, ask, judge

Choice = tuple[int, int, Digit]
"""(row, col, digit) of a choice still open on the call stack, 0-based as code counts."""


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """Everything the stepper shows at one position, saved so going back is quick."""

    cells: str
    forced: frozenset[Cell]
    stack: tuple[Try, ...]
    stats: Stats


class BoardReplay:
    """The board, call stack and counters after some events, moved by applying them."""

    def __init__(self, board: Board) -> None:
        self.board = copy_board(board)
        self.forced: set[Cell] = set()
        self.stack: list[Try] = []
        self.stats = Stats()

    def apply(self, event: Event) -> None:
        """Do on the board what the search did: place, force or take back a digit."""
        stats = self.stats
        if isinstance(event, Try):
            self.board[event.row][event.col] = event.digit
            self.stack.append(event)
            stats.nodes += 1
            if event.depth >= stats.max_depth:
                stats.max_depth = event.depth + 1
        elif isinstance(event, Undo):
            self.board[event.row][event.col] = BLANK
            if event.forced:
                self.forced.discard((event.row, event.col))
            else:
                self.stack.pop()
                stats.backtracks += 1
        elif isinstance(event, Forced):
            self.board[event.row][event.col] = event.digit
            self.forced.add((event.row, event.col))
            stats.forced += 1
        elif isinstance(event, DeadEnd):
            stats.dead_ends += 1

    def save(self) -> Checkpoint:
        """A compact copy of this state."""
        return Checkpoint(
            flatten(self.board), frozenset(self.forced), tuple(self.stack), replace(self.stats)
        )

    def restore(self, saved: Checkpoint) -> None:
        """Become the state a checkpoint saved."""
        size = len(self.board)
        cells = saved.cells
        self.board = [list(cells[r * size : (r + 1) * size]) for r in range(size)]
        self.forced = set(saved.forced)
        self.stack = list(saved.stack)
        self.stats = replace(saved.stats)


@dataclass(frozen=True)
class Frame:
    """What a view draws at one position; a stepper over any recording (a library search, or a
    learner's own function recorded by `watch`) describes itself this way.

    `board_html` is the picture (made by html.board_html for a Sudoku board), `stack` the open
    calls or choices outermost first (the top last), `caption` the step in words, `counters`
    one line of figures, `status` where the timeline is ("step 4 of at least 4"), and `data`
    attributes a browser test can read.
    """

    board_html: str
    stack: list[str]
    caption: str
    counters: str
    status: str
    data: dict[str, str] = field(default_factory=dict)


class StepperModel(Predicting[Event, Checkpoint]):
    """Step through the real search of `method` on `puzzle`: `.step()`, `.back()`, `.goto(i)`.

    Position i means the first i events of the search have happened. `switches` go to the
    strategy (for "pruned", e.g. hidden_singles=False). `pencil_marks` draws the candidates of
    empty cells (on by default for "pruned"). `predict=True` asks before each step that matters
    (`.question`, `.answer(choice)`, `.score`: see predict.py and questions.py).
    """

    @property
    def stack_title(self) -> str:
        """What the view calls the stack of open choices (looked up when shown: see i18n)."""
        return _("call stack")

    def __init__(
        self,
        puzzle: object,
        method: str = "naive",
        *,
        pencil_marks: bool | None = None,
        predict: bool = False,
        **switches: bool,
    ) -> None:
        self.method = method
        self.switches = dict(switches)
        self.puzzle = parse(puzzle)
        self.pencil_marks = method == "pruned" if pencil_marks is None else pencil_marks
        self._givens = givens(self.puzzle)
        self._state = BoardReplay(self.puzzle)
        recording = SearchRecording(self.puzzle, method, switches)
        super().__init__(recording, self._state, predict=predict)
        recording.extend(1)  # the first run: a bad switch is reported now, not at the first step

    # What is showing ------------------------------------------------------------------------

    @property
    def title(self) -> str:
        """The name a view shows above the board: the method, and the switches it runs without
        (two pruned boards side by side must not both read "pruned")."""
        off = [name for name, on in self.switches.items() if not on]
        return switched_off(method_title(self.method), off)

    @property
    def board(self) -> Board:
        """The board at this position (a copy: changing it changes nothing here)."""
        return copy_board(self._state.board)

    @property
    def stack(self) -> list[Choice]:
        """The choices still open as (row, col, digit), outermost first, the newest last."""
        return [(t.row, t.col, t.digit) for t in self._state.stack]

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
    def solved(self) -> bool:
        """True when the board showing is the solution."""
        return isinstance(self.event, Solved)

    @property
    def caption(self) -> str:
        """The current step as a sentence."""
        event = self.event
        if event is None:
            return _("the puzzle as given: press Step to begin")
        return caption(event, len(self.puzzle))

    # Going places ---------------------------------------------------------------------------

    def dead_end(self, event: Event) -> bool:
        """A dead end: the search found nothing to try and must back up."""
        return type(event) is DeadEnd

    def solved_by(self, event: Event) -> bool:
        """The step at which the board is solved."""
        return type(event) is Solved

    next_backtrack = Timeline.next_dead_end  # the name notebooks used before the button's

    def run_to_end(self, cap: int = RUN_CAP) -> bool:
        """Go to the last step, or `cap` steps further if the search is longer; True at the end."""
        return self.last(cap)

    # Predict mode ---------------------------------------------------------------------------

    def moment(self) -> Moment:
        """What a question here is asked from: the board, the step just taken and the next."""
        picks_fewest = self.method == "pruned" and self.switches.get("most_constrained", True)
        return Moment(
            self._state.board,
            self.event,
            self.upcoming,
            self.position,
            fewest=picks_fewest,
            in_order=self.method == "naive",
        )

    def ask(self) -> Question | None:
        """The question before the next step (see questions.py)."""
        return ask(self.moment())

    def judge(self, question: Question, choice: object) -> Verdict:
        """Judge a choice for the question asked here."""
        return judge(question, self.moment(), choice)

    # In words and pictures ------------------------------------------------------------------

    def status_text(self) -> str:
        """Where the stepper is: "step 4 of at least 4", or "step 52 of 52"."""
        return step_status(self.position, self.known, self.finished)

    def counters_text(self) -> str:
        """The counters in one line: step, digits placed, backtracks, depth."""
        stats = self._state.stats
        parts = [self.status_text(), _("placed {count}").format(count=number(stats.nodes))]
        if stats.forced or self.method == "pruned":
            parts.append(_("forced {count}").format(count=number(stats.forced)))
        parts.append(_("backtracks {count}").format(count=number(stats.backtracks)))
        parts.append(
            _("depth {depth} (deepest {deepest})").format(depth=self.depth, deepest=stats.max_depth)
        )
        return " · ".join(parts)

    def stack_lines(self) -> list[str]:
        """The call stack in words, outermost first: "1. 3 in row 1, column 1"."""
        return [
            _("{level}. {digit} in {cell}").format(
                level=level, digit=t.digit, cell=cell_name(t.row, t.col)
            )
            for level, t in enumerate(self._state.stack, 1)
        ]

    def marks(self) -> Marks:
        """Which cells the picture marks now: the current cell, a dead end."""
        event = self.event
        if event is None or isinstance(event, Solved) or event.row is None or event.col is None:
            return Marks()
        cell = (event.row, event.col)
        return Marks(dead_end=cell) if isinstance(event, DeadEnd) else Marks(current=cell)

    def board_html(self) -> str:
        """The board at this position as an HTML table (what the widget shows)."""
        state = self._state
        return board_html(
            state.board,
            self._givens,
            state.forced,
            self.marks(),
            candidates_of(state.board) if self.pencil_marks else {},
            {"position": str(self.position), "method": self.method, "puzzle": flatten(self.puzzle)},
        )

    def frame(self) -> Frame:
        """Everything a view draws at this position."""
        return Frame(
            self.board_html(),
            self.stack_lines(),
            self.caption,
            self.counters_text(),
            self.status_text(),
        )

    def __repr__(self) -> str:
        total = "?" if self.total is None else number(self.total)
        return _("<Stepper {method}: step {position} of {total}, {placed} placed>").format(
            method=self.method,
            position=number(self.position),
            total=total,
            placed=number(self.nodes),
        )
