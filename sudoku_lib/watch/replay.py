"""The stepper's model of a watched run, on the course's timeline engine: the board, the open
calls and the lists at each position, and the picture beside them."""

from __future__ import annotations

import linecache
from dataclasses import dataclass
from typing import Any

from ..calltree import TreePicture
from ..stepper.calls import CallMoment, ask_call, judge_call
from ..stepper.engine import FixedRecording
from ..stepper.html import Marks, board_html
from ..stepper.model import Frame
from ..stepper.predict import Predicting, Question, Verdict
from ..words import number, step_status, watch_text
from .boards import board_kind, grid_html, queens_from_path, queens_html, queens_path
from .steps import (
    Append,
    Call,
    Pop,
    Replace,
    Resume,
    Return,
    Step,
    Write,
    Yield,
    caption,
    is_blank,
)
from .tree import call_tree


@dataclass(frozen=True, slots=True)
class Saved:
    """A watched run's state at one position, kept every few hundred steps for quick jumps."""

    board: tuple[tuple[Any, ...], ...] | None
    stack: tuple[Call, ...]
    lists: tuple[tuple[str, tuple[str, ...]], ...]
    placed: int
    waiting: tuple[tuple[int, Call], ...] = ()


class WatchReplay:
    """The board, the open calls and the tracked lists, moved forward by a run's steps."""

    def __init__(self, board: list[list[Any]] | None) -> None:
        self.board = [list(row) for row in board] if board else None
        self.stack: list[Call] = []
        self.lists: dict[str, list[str]] = {}
        self.placed = 0
        self.waiting: dict[int, Call] = {}  # generator calls that yielded, by call number

    def apply(self, step: Step) -> None:
        """Do what the learner's code did at this step."""
        match step:
            case Call():
                self.stack.append(step)
            case Return() if self.stack:
                self.stack.pop()
            case Yield(call) if self.stack:
                self.waiting[call] = self.stack.pop()
            case Resume(call) if call in self.waiting:
                self.stack.append(self.waiting.pop(call))
            case Write(row, col, _, new, _, _, erase, mark) if self.board is not None:
                self.board[row][col] = new
                self.placed += not (erase or mark)
            case Append(name, value):
                self.lists.setdefault(name, []).append(value)
            case Pop(name) if self.lists.get(name):
                self.lists[name].pop()
            case Replace(name, _, value, _, _, index) if (
                -len(self.lists.get(name, ())) <= index < len(self.lists.get(name, ()))
            ):
                self.lists[name][index] = value

    def save(self) -> Saved:
        """A compact copy of this state."""
        board = tuple(map(tuple, self.board)) if self.board is not None else None
        lists = tuple((name, tuple(items)) for name, items in self.lists.items())
        waiting = tuple(self.waiting.items())
        return Saved(board, tuple(self.stack), lists, self.placed, waiting)

    def restore(self, saved: Saved) -> None:
        """Become the state a checkpoint saved."""
        self.board = [list(row) for row in saved.board] if saved.board is not None else None
        self.stack = list(saved.stack)
        self.lists = {name: list(items) for name, items in saved.lists}
        self.placed = saved.placed
        self.waiting = dict(saved.waiting)


class WatchedRun(Predicting[Step, Saved]):
    """The model of a watched run for the course's stepper, made from its steps (a Recording
    makes one for its replay): position, `goto`, `board`, the open
    calls, the caption with the learner's line, and `frame()` for the view, which shows the board
    (when one was watched) beside the call tree grown so far."""

    def __init__(
        self,
        name: str,
        steps: list[Step],
        initial_board: list[list[Any]] | None = None,
        files: dict[str, str] | None = None,
        predict: bool = False,
        remark: str | None = None,
    ) -> None:
        self.name, self.steps, self.initial_board = name, steps, initial_board
        self.remark = remark
        self.files = files or {}
        self.state = WatchReplay(initial_board)
        super().__init__(FixedRecording(steps), self.state, predict=predict)
        self.call_tree = call_tree(steps)
        self.tree_picture = TreePicture(self.call_tree)
        ends = {n.call: n.status for n in self.call_tree.walk() if n.call is not None}
        self._dead = {call for call, status in ends.items() if status == "dead end"}
        self._solved = {call for call, status in ends.items() if status == "solved"}
        self._names = {s.call: s.name for s in steps if type(s) is Call}
        self.queens = queens_path(steps)
        self.board_kind = board_kind(initial_board or [], steps)
        """(n, the list's name) when this looks like N-Queens: a board of n rows drawn from a
        path of column numbers; None otherwise."""

    @property
    def title(self) -> str:
        """What the view shows above the picture."""
        return watch_text("title", name=self.name)

    @property
    def stack_title(self) -> str:
        """The title of the open calls, in the language chosen when they are drawn."""
        return watch_text("stack title")

    @property
    def board(self) -> list[list[Any]] | None:
        """The watched board here (a copy), or None when no board was passed."""
        board = self.state.board
        return [list(row) for row in board] if board is not None else None

    @property
    def stack(self) -> list[str]:
        """The open calls, outermost first, as "name(args)"."""
        return [f"{c.name}({', '.join(v for _, v in c.args)})" for c in self.state.stack]

    @property
    def depth(self) -> int:
        """How many recorded calls are open here."""
        return len(self.state.stack)

    @property
    def line(self) -> int | None:
        """The learner's line of the step showing (None at the start)."""
        step = self.event
        return step.line if step is not None else None

    @property
    def caption(self) -> str:
        """The step showing, in words."""
        step = self.event
        if step is None:
            return self.remark or watch_text("before", name=self.name)
        said = caption(step)
        return (
            f"{said} · {self.remark}" if self.remark and self.position >= len(self.steps) else said
        )

    def source_line(self) -> str:
        """The learner's line of the step showing, as they wrote it ("" when unknown)."""
        step, stack = self.event, self.state.stack
        if step is None or not step.line:
            return ""
        if type(step) is Call:  # the line that made the call, in the caller
            name = stack[-2].name if len(stack) > 1 else stack[-1].name
        elif type(step) is Return:
            name = self._names.get(step.call, "")
        else:
            name = stack[-1].name if stack else ""
        filename = self.files.get(name)
        return linecache.getline(filename, step.line).strip() if filename else ""

    def ask(self) -> Question | None:
        """Predict mode: "which call comes next?" where the current call chooses."""
        return ask_call(CallMoment(self.steps, self.position, self.state.stack))

    def judge(self, question: Question, choice: object) -> Verdict:
        """Judge a choice for the question asked here, from the recording."""
        moment = CallMoment(self.steps, self.position, self.state.stack)
        return judge_call(question, moment, choice)

    def dead_end(self, event: Step) -> bool:
        """A call that found nothing below it returns here (Next dead end stops at it)."""
        return type(event) is Return and event.call in self._dead

    def solved_by(self, event: Step) -> bool:
        """An answer recorded, or the call that solved the board returning."""
        return (type(event) is Append and event.copy) or (
            type(event) is Return and event.call in self._solved
        )

    def frame(self) -> Frame:
        """What the view draws here: board and call tree, your calls, the step in words."""
        current = self.state.stack[-1].call if self.state.stack else None
        # the stepper's style sheet sets board and tree side by side, the tree in a box of the
        # board's height that shows the part around the current call
        tree = self.tree_picture.svg(self.position, current)
        picture = f'<div class="sdk-watch-tree">{tree}</div>'
        if self.state.board is not None or self.queens is not None:
            picture = f'<div class="sdk-watch-board">{self.board_picture()}</div>{picture}'
        picture = f'<div class="sdk-watch" data-position="{self.position}">{picture}</div>'
        lines = [f"{i}. {text}" for i, text in enumerate(self.stack, 1)]
        status = step_status(self.position, self.known, self.finished)
        counters = f"{status} · {watch_text('calls open', depth=self.depth)}"
        if self.state.board is not None and self.board_kind != "grid":
            placed = "digits placed" if self.board_kind == "sudoku" else "queens placed"
            counters += f" · {watch_text(placed, count=number(self.state.placed))}"
        source = self.source_line()
        said = f"{self.caption}   ⟵ {source}" if source else self.caption
        return Frame(picture, lines, said, counters, status, {"position": str(self.position)})

    def board_picture(self) -> str:
        """The watched board drawn as what it is (`boards`): a Sudoku as the stepper draws
        boards, an N-Queens board as a chessboard (also the one a path of queens' columns
        stands for), any other grid cell by cell."""
        if self.state.board is None and self.queens is not None:
            n, name = self.queens
            return queens_html(queens_from_path(n, self.state.lists.get(name, [])))
        board = self.state.board or []
        step = self.event
        current = (step.row, step.col) if type(step) is Write else None
        if self.board_kind == "queens":
            return queens_html(board, current)
        if self.board_kind == "grid":
            return grid_html(board, current)
        initial = self.initial_board or []
        given = {
            (r, c): d for r, row in enumerate(initial) for c, d in enumerate(row) if not is_blank(d)
        }
        return board_html(board, given, set(), Marks(current=current), {})

    def __repr__(self) -> str:
        return watch_text(
            "position",
            name=self.name,
            position=number(self.position),
            known=number(self.known),
        )
