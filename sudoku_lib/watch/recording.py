"""What `watch` hands back: the steps, the figures, and the replay as the stepper's Python API."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..stepper.predict import Question, Score, Verdict
from ..words import plural, watch_text
from .boards import board_kind
from .replay import WatchedRun
from .steps import Step, short_repr
from .tree import CallNode, answers_in, call_tree


class Shown(str):
    """An item's repr that prints as it is: inside a printed list, the int 1 shows as 1 (its
    repr, '1', would show in quotes) and the string 'a' as 'a'."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


@dataclass
class Recording:
    """What `watch` saw, and a replay of it.

    `.calls` counts the recorded calls, `.placed` the digits written into a watched board,
    `.result` is what the outermost call returned, `.error` None or what ended the run, in words,
    `.remark` None or what else to know (no recursion found).
    `.steps` holds every step; `step`, `back`, `goto`, `position`, `board` replay them.
    """

    name: str
    steps: list[Step]
    calls: int
    placed: int
    result: Any
    error: str | None
    initial_board: list[list[Any]] | None
    files: dict[str, str] = field(default_factory=dict, repr=False)
    predict: bool = False
    remark: str | None = None
    """What the learner should know about a run that went well: "no recursion found" when the
    function never called itself (iterative code, a wrapper that calls no recursive function)."""
    _model: WatchedRun | None = field(default=None, repr=False)

    @property
    def model(self) -> WatchedRun:
        """The replay: the course's timeline engine over these steps (made when first needed)."""
        if self._model is None:
            self._model = WatchedRun(
                self.name, self.steps, self.initial_board, self.files, self.predict, self.remark
            )
        return self._model

    # the replay, as the stepper's Python API -------------------------------------------------

    @property
    def position(self) -> int:
        """How many steps have happened (0: before the first call)."""
        return self.model.position

    @property
    def total(self) -> int:
        """How many steps the recording has."""
        return len(self.steps)

    @property
    def board(self) -> list[list[Any]] | None:
        """The watched board at this position (a copy), or None when no board was passed."""
        return self.model.board

    @property
    def stack(self) -> list[str]:
        """The calls still open at this position, outermost first, as "name(args)"."""
        return self.model.stack

    @property
    def depth(self) -> int:
        """How many recorded calls are open at this position."""
        return self.model.depth

    @property
    def line(self) -> int | None:
        """The learner's line of the last step shown, or None at position 0."""
        return self.model.line

    @property
    def caption(self) -> str:
        """The last step shown, in words."""
        return self.model.caption

    def lists(self) -> dict[str, list[str]]:
        """The tracked lists (path, results) at this position, as short reprs of their items,
        each printing as the item itself does in code: [1, 2], not ['1', '2']."""
        return {name: list(map(Shown, items)) for name, items in self.model.state.lists.items()}

    def step(self, n: int = 1) -> Recording:
        """Go n steps forward (stops at the end)."""
        self.model.step(n)
        return self

    def back(self, n: int = 1) -> Recording:
        """Go n steps back (stops at the start)."""
        self.model.back(n)
        return self

    def goto(self, position: int) -> Recording:
        """Show the state after `position` steps (clamped to the recording)."""
        self.model.goto(position)
        return self

    @property
    def question(self) -> Question | None:
        """Predict mode (watch(..., predict=True)): the question here, or None."""
        return self.model.question

    def answer(self, choice: object) -> Verdict:
        """Predict mode: judge a choice, then show the steps up to what comes next."""
        return self.model.answer(choice)

    @property
    def score(self) -> Score:
        """Predict mode: (right, asked)."""
        return self.model.score

    def next_question(self) -> bool:
        """Predict mode: step on to the next question; True if there was one."""
        return self.model.next_question()

    def stepper(self, size: str = "default") -> Any:
        """The widget: the course's stepper controls and keys over this run (needs ipywidgets)."""
        from ..stepper.view import TimelineView

        if getattr(self, "_view", None) is None:
            self._view = TimelineView(self.model, size=size)
        return self._view.widget

    def _repr_mimebundle_(self, **kwargs: object) -> dict[str, Any]:
        """In a notebook a recording shows as the stepper, with its repr as the plain text."""
        from ..stepper.view import widget_bundle

        return widget_bundle(self.stepper(), repr(self), **kwargs)

    def tree(self) -> CallNode:
        """The call tree: a node per call, labelled by the choice made just before it."""
        return call_tree(self.steps)

    @property
    def solved(self) -> int:
        """How many answers the run found, as the program means them: the calls that recorded
        one (an answer appended), counted one (a counter or set grown only where the search goes
        no deeper), yielded one at the bottom, or returned one (see `tree.settle`): the tree's
        "solved" leaves (each with the answers it kept, several when a loop at the last level
        records them), and the answers a cached counting function's cache handed back.
        """
        return answers_in(self.tree())

    def __repr__(self) -> str:
        ended = self.error or watch_text("returned", value=short_repr(self.result))
        ended = f"{ended}; {self.remark}" if self.remark and not self.error else ended
        digits = plural(self.placed, "digit")
        sudoku = board_kind(self.initial_board or [], self.steps) == "sudoku"
        placed = watch_text("placed", digits=digits) if self.initial_board and sudoku else ""
        return watch_text(
            "summary",
            name=self.name,
            calls=plural(self.calls, "call"),
            placed=placed,
            steps=plural(len(self.steps), "step"),
            ended=ended,
        )
