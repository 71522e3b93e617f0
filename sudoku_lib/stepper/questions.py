"""The questions the Sudoku search's stepper asks in predict mode, and how it judges an answer.

Three moments in a search are worth a prediction, and each question is chosen by where the search
is (the step just taken), never by what comes next, so the kind of question gives nothing away:
- after a tried digit is taken back: "which digit will it try there next, or will it back up?"
  (the cell's candidates as choices, and "back up" for when every digit there has failed);
- after a digit is tried: "will the search go deeper, or back up?";
- before the pruned search picks a cell (most constrained first): "which cell will it choose?".
Every judgement is worked out from the board at the question and the search's next event, and
its reason names what the learner can check on the board ("5 is already in row 3").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import BLANK, Board, Cell, Digit, box_index, empty_cells, geometry_of
from ..search.events import DeadEnd, Event, Forced, Solved, Try, Undo, caption
from ..search.naive import is_valid
from ..words import cell_name, listed, listed_clauses, predict_text, unit_name
from .predict import PredictError, Question, Verdict

DEEPER = "deeper"
BACK_UP = "back up"
DEEPER_KEY, BACK_UP_KEY = "ArrowDown", "ArrowUp"
"""Down the search tree goes deeper, up it backs up (the digits are the digits' own keys)."""


@dataclass(frozen=True)
class Moment:
    """What a question is asked from: the board now, the step just taken, the next one, and how
    the search picks its next cell (`fewest`: most constrained first; `in_order`: the next empty
    cell in reading order, with nothing forced in between, as the naive search does)."""

    board: Board
    last: Event | None
    upcoming: Event | None
    position: int
    fewest: bool
    in_order: bool


def ask(moment: Moment) -> Question | None:
    """The question before the next step, or None where it asks nothing worth predicting."""
    last, upcoming = moment.last, moment.upcoming
    if upcoming is None or isinstance(upcoming, Solved):
        return None
    if retrying(last, upcoming):
        return digit_question(moment)
    if moment.fewest and isinstance(upcoming, Try):
        return cell_question(moment)
    if isinstance(last, Try) and isinstance(upcoming, Try | Forced | DeadEnd):
        return direction_question(moment)
    return None


def retrying(last: Event | None, upcoming: Event) -> bool:
    """A tried digit was just taken back: next the search tries another digit in that cell, or
    (every digit having failed) backs up."""
    return isinstance(last, Undo) and not last.forced


def tries_again(last: Undo, upcoming: Event | None) -> bool:
    """The step after a take-back is another digit in the same cell (else the search backs up)."""
    return isinstance(upcoming, Try) and (upcoming.row, upcoming.col) == (last.row, last.col)


def judge(question: Question, moment: Moment, choice: object) -> Verdict:
    """Judge a choice for a question asked at this moment (PredictError if it is no answer)."""
    if question.kind == "cell":
        cell = as_cell(choice, len(moment.board))
        return verdict(question, cell, cell_reason(moment, cell))
    picked = as_choice(question, choice, geometry_of(moment.board).digits)
    if question.kind == "digit":
        return verdict(question, picked, digit_reason(moment, picked))
    return verdict(question, picked, direction_reason(moment))


def verdict(question: Question, choice: object, reason: str) -> Verdict:
    """A verdict on `choice` with its reason."""
    return Verdict(
        choice == question.expected, reason, choice, question.expected, question.position
    )


# Which digit next, or back up -----------------------------------------------------------------


def digit_question(moment: Moment) -> Question:
    """After a digit is taken back: the next digit tried in that cell, or a dead end there."""
    last, upcoming = moment.last, moment.upcoming
    assert isinstance(last, Undo) and upcoming is not None
    cell = (last.row, last.col)
    digits = fitting(moment.board, cell)
    return Question(
        "digit",
        predict_text("ask digit", digit=last.digit, cell=cell_name(*cell)),
        (*digits, BACK_UP),
        (*digits, predict_text("back up")),
        (*(d.lower() for d in digits), BACK_UP_KEY),
        moment.position,
        cell,
        upcoming.digit if isinstance(upcoming, Try) and tries_again(last, upcoming) else BACK_UP,
    )


def digit_reason(moment: Moment, choice: object) -> str:
    """Why the search tries the digit it tries (or backs up), said about the learner's choice."""
    last, upcoming = moment.last, moment.upcoming
    assert isinstance(last, Undo)
    cell = (last.row, last.col)
    where, undone = cell_name(*cell), last.digit
    digits = fitting(moment.board, cell)
    if choice != BACK_UP and choice not in digits:
        return predict_text("digit in unit", digit=choice, unit=holder(moment.board, cell, choice))
    if isinstance(upcoming, Try) and tries_again(last, upcoming):
        right = upcoming.digit
        if choice == BACK_UP:
            return predict_text("untried fits", digit=right, cell=where)
        if choice == right:
            return predict_text("next digit", digit=right, undone=undone, cell=where)
        order = geometry_of(moment.board).digits
        if order.index(str(choice)) <= order.index(undone):
            return predict_text("tried already", digit=choice, cell=where, undone=undone)
        return predict_text("comes first", digit=right, cell=where)
    if choice != BACK_UP:
        return predict_text("tried already", digit=choice, cell=where, undone=undone)
    return predict_text("all tried", cell=where, digits=listed(digits))


# Deeper or back up ----------------------------------------------------------------------------


def direction_question(moment: Moment) -> Question:
    """After a digit is tried: does the search find a way on, or must it back up?"""
    last, upcoming = moment.last, moment.upcoming
    assert isinstance(last, Try)
    cell = (last.row, last.col)
    fields = {"digit": last.digit, "cell": cell_name(*cell)}
    blanks = empty_cells(moment.board)
    if moment.in_order and blanks:
        text = predict_text("ask direction next", next=cell_name(*blanks[0]), **fields)
    else:
        text = predict_text("ask direction", **fields)
    return Question(
        "direction",
        text,
        (DEEPER, BACK_UP),
        (predict_text("deeper"), predict_text("back up")),
        (DEEPER_KEY, BACK_UP_KEY),
        moment.position,
        cell,
        BACK_UP if isinstance(upcoming, DeadEnd) else DEEPER,
    )


def direction_reason(moment: Moment) -> str:
    """What the next step shows: the search going on, or the reason it must back up."""
    upcoming, board = moment.upcoming, moment.board
    assert upcoming is not None
    if not isinstance(upcoming, DeadEnd):
        return predict_text("goes on", step=caption(upcoming, len(board)))
    if upcoming.row is not None and upcoming.col is not None:
        cell = (upcoming.row, upcoming.col)
        if board[cell[0]][cell[1]] == BLANK and not fitting(board, cell):
            return predict_text(
                "nothing fits", cell=cell_name(*cell), blockers=blockers(board, cell)
            )
    return predict_text("must back up", step=caption(upcoming, len(board)))


# Which cell next ------------------------------------------------------------------------------


def cell_question(moment: Moment) -> Question | None:
    """Before the pruned search picks a cell: the empty cells are the choices (None if one)."""
    upcoming = moment.upcoming
    assert isinstance(upcoming, Try)
    blanks = empty_cells(moment.board)
    if len(blanks) < 2:
        return None
    return Question(
        "cell",
        predict_text("ask cell"),
        tuple(blanks),
        tuple(cell_name(*cell) for cell in blanks),
        tuple("" for _ in blanks),
        moment.position,
        None,
        (upcoming.row, upcoming.col),
    )


def cell_reason(moment: Moment, cell: Cell) -> str:
    """Why the search picks its cell, said about the learner's cell."""
    upcoming, board = moment.upcoming, moment.board
    assert isinstance(upcoming, Try)
    if board[cell[0]][cell[1]] != BLANK:
        return predict_text("filled cell", cell=cell_name(*cell))
    best = (upcoming.row, upcoming.col)
    counts = {blank: len(fitting(board, blank)) for blank in empty_cells(board)}
    fewest = counts[best]
    if cell == best:
        tied = sum(count == fewest for count in counts.values()) > 1
        return predict_text("fewest tie" if tied else "fewest", cell=cell_name(*cell), count=fewest)
    if counts[cell] == fewest:
        return predict_text("tie later", cell=cell_name(*cell), count=fewest, best=cell_name(*best))
    return predict_text(
        "more candidates",
        cell=cell_name(*cell),
        count=counts[cell],
        best=cell_name(*best),
        fewest=fewest,
    )


# The board's facts ----------------------------------------------------------------------------


def fitting(board: Board, cell: Cell) -> list[Digit]:
    """The digits that fit an empty cell now (its candidates), ascending."""
    r, c = cell
    return [d for d in geometry_of(board).digits if is_valid(board, r, c, d)]


def units_of(board: Board, cell: Cell) -> list[tuple[str, int, tuple[Cell, ...]]]:
    """The cell's row, column and box, each as (kind, 0-based index, its cells)."""
    geo = geometry_of(board)
    r, c = cell
    box = box_index(r, c, geo.box)
    return [("row", r, geo.rows[r]), ("column", c, geo.columns[c]), ("box", box, geo.boxes[box])]


def holder(board: Board, cell: Cell, digit: object) -> str:
    """The first unit of the cell that holds `digit` ("row 3"), as a person names it."""
    for kind, index, cells in units_of(board, cell):
        if any(board[r][c] == digit for r, c in cells):
            return unit_name(kind, index, len(board))
    raise AssertionError(f"{digit!r} fits {cell}")  # only called for a digit that does not fit


def blockers(board: Board, cell: Cell) -> str:
    """Why no digit fits a cell: each unit with the digits it is the first to hold."""
    seen: set[Digit] = set()
    parts = []
    for kind, _, cells in units_of(board, cell):
        held = sorted({board[r][c] for r, c in cells} - {BLANK} - seen)
        seen.update(held)
        if held:
            parts.append(
                predict_text("unit holds", kind=predict_text(f"kind {kind}"), digits=listed(held))
            )
    return listed_clauses(parts)


def as_choice(question: Question, choice: object, digits: tuple[Digit, ...]) -> object:
    """The learner's choice as a value the question knows: a label or an int digit is accepted
    for its value; anything else that is no possible answer is an error naming the choices."""
    if choice in question.labels and choice not in question.choices:
        return question.choices[question.labels.index(choice)]
    if isinstance(choice, int) and not isinstance(choice, bool):
        choice = str(choice)
    possible = (*digits, BACK_UP) if question.kind == "digit" else question.choices
    if choice not in possible:
        shown = ", ".join(repr(value) for value in question.choices)
        raise PredictError(predict_text("not a choice", choice=choice, choices=shown))
    return choice


def as_cell(choice: object, size: int) -> Cell:
    """A (row, column) pair counted from 0 on a board of this size, or an error that says so."""
    if isinstance(choice, tuple | list) and len(choice) == 2:
        r, c = choice
        if all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < size for i in (r, c)):
            return (r, c)
    raise PredictError(predict_text("not a cell", choice=choice, last=size - 1))
