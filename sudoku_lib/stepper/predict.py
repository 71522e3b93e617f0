"""Predict mode: a timeline that asks the learner what comes next before it shows it.

Watching a search teaches less than predicting it (the engagement studies of algorithm
visualisation agree on this), so a stepper made with `predict=True` asks a question before each
step that matters, and the learner's answer takes the step: `.question` is the question at this
position (or None where the next step asks nothing), `.answer(choice)` judges a choice, says why
in one sentence from the search's own state, and takes the step, and `.score` counts the answers.

This module is the part every timeline shares (the stepper's search, and any other recorded run):
a subclass of `Predicting` says which question its position asks (`ask`) and how to judge a
choice (`judge`); the questions of the Sudoku search are in questions.py.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import NamedTuple, TypeVar

from ..arguments import switch
from ..errors import SudokuError
from ..words import cap_note, ended_note, predict_text
from .engine import RUN_CAP, Recording, Replay, Timeline, step_cap

E = TypeVar("E", bound=Hashable)
S = TypeVar("S")


class PredictError(SudokuError):
    """An answer that is not one of the question's choices, or an answer with no question."""


@dataclass(frozen=True)
class Question:
    """What the learner is asked before the step at `position` + 1.

    `choices` are the values `answer` takes (digits as strings, "deeper", "back up", or a cell
    as a 0-based (row, column) pair, as code counts), `labels` the same choices in words, and
    `keys` the key that picks each one ("" where a choice has no key; a cell is clicked). `cell` is
    the cell the question is about, if any, for the picture to mark; `expected` is the right
    choice (kept out of the repr, so printing a question gives nothing away).
    """

    kind: str
    text: str
    choices: tuple[Hashable, ...]
    labels: tuple[str, ...]
    keys: tuple[str, ...]
    position: int
    cell: tuple[int, int] | None = None
    expected: Hashable = field(default=None, repr=False)
    reveal: int | None = None
    """The position an answer moves to, when the answer shows only some steps on (a call that
    comes after a few appends); None: the next step."""


@dataclass(frozen=True)
class Verdict:
    """The judgement of one answer: right or not, and the reason in one sentence."""

    right: bool
    reason: str
    choice: Hashable
    expected: Hashable
    position: int

    @property
    def message(self) -> str:
        """The verdict as the stepper shows it: "✓ Right: ..." or "✗ Not this time: ..."."""
        return predict_text("right" if self.right else "wrong", reason=self.reason)


class Score(NamedTuple):
    """How many answers were right, of how many questions answered."""

    right: int
    asked: int

    def __str__(self) -> str:
        return predict_text("score", right=self.right, asked=self.asked)


class Predicting(Timeline[E, S]):
    """A timeline that can ask before each step (when made with `predict=True`).

    Each question position is scored once: answering it again after going back takes the step
    but keeps the first judgement. Stepping without answering skips a question (`skip`).
    """

    def __init__(
        self, recording: Recording[E], replay: Replay[E, S], *, predict: bool = False
    ) -> None:
        super().__init__(recording, replay)
        self.predict = switch("predict", predict)  # "yes" or 1 refused, as every switch is
        self.verdict: Verdict | None = None
        """The last answer's judgement (a view shows it while its step is showing)."""
        self._judged: dict[int, bool] = {}
        self._verdict_at = -1
        self._asked_here: tuple[int, Question | None] | None = None

    # What subclasses say --------------------------------------------------------------------

    def ask(self) -> Question | None:
        """The question before the next step from here (None: this step asks nothing)."""
        return None

    def judge(self, question: Question, choice: object) -> Verdict:
        """Judge `choice` for `question`, or raise PredictError when it is no possible answer."""
        raise PredictError(predict_text("no question", position=question.position))

    # The learner's side ---------------------------------------------------------------------

    @property
    def upcoming(self) -> E | None:
        """The event of the next step (recorded now if need be), or None at the end."""
        with self._lock:
            self._recording.extend(self.position + 1)
            if self.position < len(self._recording):
                return self._recording[self.position]
            return None

    @property
    def question(self) -> Question | None:
        """The question before the next step, or None (no question here, or predict mode off)."""
        if not self.predict:
            return None
        with self._lock:
            cached = self._asked_here
            if cached is None or cached[0] != self.position:
                cached = self._asked_here = (self.position, self.ask())
            return cached[1]

    def answer(self, choice: object) -> Verdict:
        """Judge `choice` for the question showing, count it once, then take the step."""
        if not self.predict:
            raise PredictError(predict_text("predict off"))
        with self._lock:
            question = self.question
            if question is None:
                raise PredictError(predict_text("no question", position=self.position))
            verdict = self.judge(question, choice)
            self._judged.setdefault(question.position, verdict.right)
            self.verdict = verdict
            shown = question.position + 1 if question.reveal is None else question.reveal
            self._verdict_at = shown
            self.goto(shown)
            return verdict

    @property
    def verdict_here(self) -> Verdict | None:
        """The last verdict while the step its answer took is showing, else None."""
        return self.verdict if self.position == self._verdict_at else None

    @property
    def score(self) -> Score:
        """(right, asked): the questions answered so far, each counted once."""
        return Score(sum(self._judged.values()), len(self._judged))

    def skip(self) -> None:
        """Take the next step without answering (the question is not counted)."""
        self.step()

    def next_question(self, cap: int = RUN_CAP) -> bool:
        """Step on to the next position that asks a question (at most `cap` steps); True if
        one was found. Without predict mode there are no questions, so it stays put."""
        limit = step_cap(cap)
        with self._lock:
            if not self.predict:
                return False
            self.note = ""
            moved = 0
            while moved < limit and self.upcoming is not None:
                self._move_to(self.position + 1)
                moved += 1
                if self.question is not None:
                    break
            found = moved > 0 and self.question is not None
            if not found:
                self.note = ended_note() if self.at_end else cap_note(limit)
            self.moved()
            return found
