"""Predict mode through the plain model: every question is answered right and wrong, and each
judgement is checked against the search's own events (collected by a plain listener) and against
the board, never against answers written here."""

from __future__ import annotations

import pytest

from sudoku_lib import SudokuError, solve
from sudoku_lib.board import BLANK, geometry_of
from sudoku_lib.puzzles import FOUR_BY_FOUR, SAMPLE, load_set
from sudoku_lib.search.events import DeadEnd, Event, Try, Undo
from sudoku_lib.search.naive import is_valid
from sudoku_lib.stepper import StepperModel
from sudoku_lib.stepper.predict import PredictError, Score
from sudoku_lib.stepper.questions import BACK_UP, DEEPER

HARD = load_set("top95")[0]  # the pruned search guesses here, so it asks which cell comes next
CASES = [(FOUR_BY_FOUR, "naive", {}), (SAMPLE, "naive", {}), (HARD, "pruned", {})]
CASES.append((HARD, "pruned", {"most_constrained": False}))


def events_of(puzzle: str, method: str, **switches: bool) -> list[Event]:
    """The search's events as a plain listener hears them."""
    events: list[Event] = []
    solve(puzzle, method, max_nodes=2_000, listener=events.append, **switches)
    return events


def fits(board, cell, digit) -> bool:
    return board[cell[0]][cell[1]] == BLANK and is_valid(board, cell[0], cell[1], digit)


def walk(stepper: StepperModel, limit: int):
    """Every question up to step `limit`, with the board it was asked on, answered right
    (the answer is given once the caller has looked)."""
    while stepper.position < limit and not stepper.at_end:
        question = stepper.question
        if question is None:
            stepper.step()
            continue
        yield question, stepper.board
        if stepper.position == question.position:
            assert stepper.answer(question.expected).right


@pytest.mark.parametrize(("puzzle", "method", "switches"), CASES)
def test_the_expected_answer_is_what_the_search_does_next(puzzle, method, switches):
    events = events_of(puzzle, method, **switches)
    stepper = StepperModel(puzzle, method, predict=True, **switches)
    kinds = set()
    for question, board in walk(stepper, min(len(events), 1_500)):
        kinds.add(question.kind)
        assert stepper.answer(question.expected).right
        assert stepper.position == question.position + 1  # the answer took exactly one step
        last, upcoming = events[question.position - 1], events[question.position]
        if question.kind == "digit":
            assert isinstance(last, Undo) and question.cell == (last.row, last.col)
            assert question.choices[-1] == BACK_UP
            assert all(fits(board, question.cell, d) for d in question.choices[:-1])
            again = isinstance(upcoming, Try) and (upcoming.row, upcoming.col) == question.cell
            want = upcoming.digit if again else BACK_UP
            assert question.expected == want
        elif question.kind == "direction":
            assert isinstance(last, Try)
            assert question.expected == (BACK_UP if isinstance(upcoming, DeadEnd) else DEEPER)
        else:
            assert isinstance(upcoming, Try)
            assert question.expected == (upcoming.row, upcoming.col)
            assert set(question.choices) == {
                (r, c) for r, row in enumerate(board) for c, d in enumerate(row) if d == BLANK
            }
    score = stepper.score
    assert score.right == score.asked > 0
    expected_kinds = {"digit", "direction"} | (
        {"cell"} if method == "pruned" and not switches else set()
    )
    assert kinds == expected_kinds


def test_the_kind_of_question_comes_from_the_last_step_so_it_gives_nothing_away():
    """After a try the question is always deeper-or-back-up, whatever comes next: both answers
    occur, so the question itself does not tell the learner which."""
    stepper = StepperModel(SAMPLE, "naive", predict=True)
    answers = {"direction": set(), "digit": set()}
    for question, _ in walk(stepper, 3_000):
        answers[question.kind].add(question.expected == BACK_UP)
    assert answers == {"direction": {True, False}, "digit": {True, False}}


def first_question(stepper: StepperModel, kind: str, back_up: bool | None = None):
    """Step (answering right) to the first question of this kind (and outcome, if given)."""
    for question, board in walk(stepper, 100_000):
        if question.kind == kind and back_up in (None, question.expected == BACK_UP):
            return question, board
    raise AssertionError(f"no {kind} question")


def test_a_wrong_digit_is_explained_from_the_board():
    stepper = StepperModel(SAMPLE, "naive", predict=True)
    question, board = first_question(stepper, "digit", back_up=False)
    r, c = question.cell
    undone = stepper.event.digit
    digits = geometry_of(board).digits
    blocked = next(d for d in digits if not is_valid(board, r, c, d))
    in_row = blocked in board[r]
    verdict = stepper.judge(question, blocked)
    assert not verdict.right
    if in_row:
        assert verdict.reason == f"{blocked} is already in row {r + 1}"
    assert verdict.reason.startswith(f"{blocked} is already in ")

    before = stepper.judge(question, undone)  # the digit just taken back
    assert (
        not before.right and "was tried in" in before.reason and f"after {undone}" in before.reason
    )
    assert "has not been tried" in stepper.judge(question, BACK_UP).reason
    right = stepper.judge(question, question.expected)
    assert right.right and right.message.startswith("✓ Right: ")
    later = [d for d in question.choices[:-1] if d > question.expected]
    if later:
        assert "comes first" in stepper.judge(question, later[0]).reason
    assert stepper.position == question.position  # judging alone takes no step

    question, board = first_question(stepper, "digit", back_up=True)
    tried = question.choices[0]
    assert "was tried in" in stepper.judge(question, tried).reason
    verdict = stepper.answer(BACK_UP)
    assert verdict.right and "has been tried, so the search backs up" in verdict.reason
    assert (
        isinstance(stepper.event, Undo) and (stepper.event.row, stepper.event.col) != question.cell
    )


def test_a_dead_end_is_explained_by_what_each_unit_holds():
    stepper = StepperModel(SAMPLE, "naive", predict=True)
    _, board = first_question(stepper, "direction", back_up=True)
    verdict = stepper.answer(DEEPER)
    assert not verdict.right and verdict.expected == BACK_UP
    dead = stepper.event
    assert isinstance(dead, DeadEnd)
    assert verdict.reason.startswith(f"nothing fits in row {dead.row + 1}, column {dead.col + 1}: ")
    held = {board[r][c] for r, c in geometry_of(board).peers[(dead.row, dead.col)]} - {BLANK}
    named = set(verdict.reason.split(": ", 1)[1].replace(",", " ").split())
    assert held <= named  # every digit the cell's units hold is named


def test_the_cell_question_explains_the_fewest_candidates():
    stepper = StepperModel(HARD, "pruned", predict=True)
    question, board = first_question(stepper, "cell")
    counts = {
        cell: sum(is_valid(board, *cell, d) for d in geometry_of(board).digits)
        for cell in question.choices
    }
    best = question.expected
    assert counts[best] == min(counts.values())
    more = next(cell for cell in question.choices if counts[cell] > counts[best])
    verdict = stepper.judge(question, more)
    assert not verdict.right
    assert f"has {counts[more]} candidates" in verdict.reason
    assert f"only {counts[best]}" in verdict.reason
    ties = [cell for cell in question.choices if counts[cell] == counts[best] and cell != best]
    if ties:
        assert "comes first in reading order" in stepper.judge(question, ties[0]).reason
    filled = next((r, c) for r, row in enumerate(board) for c, d in enumerate(row) if d != BLANK)
    assert stepper.judge(question, filled).reason.endswith("already holds a digit")
    assert stepper.judge(question, list(best)).right  # a list is taken for the pair


def test_the_score_counts_each_question_once_and_skips_count_nothing():
    stepper = StepperModel(SAMPLE, "naive", predict=True)
    assert stepper.score == Score(0, 0) and str(stepper.score) == "0 of 0 right"
    stepper.next_question()
    first = stepper.question
    wrong = next(choice for choice in first.choices if choice != first.expected)
    assert not stepper.answer(wrong).right
    assert stepper.position == first.position + 1
    assert stepper.score == (0, 1)
    stepper.back()
    assert stepper.question == first
    assert stepper.answer(first.expected).right  # a second try takes the step...
    assert stepper.score == (0, 1)  # ...but the first answer is the one that counts
    stepper.next_question()
    position = stepper.position
    stepper.skip()
    assert stepper.position == position + 1 and stepper.score == (0, 1)
    stepper.next_question()
    stepper.answer(stepper.question.expected)
    assert str(stepper.score) == "1 of 2 right"


def test_next_question_stops_where_a_question_is_asked():
    stepper = StepperModel(FOUR_BY_FOUR, "naive", predict=True)
    assert stepper.question is None  # nothing is asked before the first try
    assert stepper.next_question()
    assert stepper.question is not None and stepper.position == 1
    stepper.last()
    assert not stepper.next_question() and stepper.note


def test_bad_answers_are_refused_with_a_clear_message():
    stepper = StepperModel(SAMPLE, "naive", predict=True)
    with pytest.raises(PredictError, match="no question before step 0"):
        stepper.answer("1")
    stepper.next_question()
    with pytest.raises(PredictError, match=r"'sideways' is not an answer .*'deeper', 'back up'"):
        stepper.answer("sideways")
    assert isinstance(PredictError("x"), SudokuError)
    assert stepper.answer("go deeper").choice == DEEPER  # a button's label is accepted too
    question, _ = first_question(stepper, "digit", back_up=False)
    assert stepper.judge(question, int(question.expected)).right  # 9 for "9"
    with pytest.raises(PredictError, match="is not an answer"):
        stepper.answer("0")
    pruned = StepperModel(HARD, "pruned", predict=True)
    first_question(pruned, "cell")
    for bad in [(9, 0), (1,), "r1c1", (True, 0)]:
        with pytest.raises(PredictError, match=r"not a cell: give a \(row, column\) pair"):
            pruned.answer(bad)


def test_without_predict_mode_nothing_is_asked():
    stepper = StepperModel(SAMPLE, "naive")
    stepper.step(5)
    assert stepper.question is None and not stepper.next_question()
    with pytest.raises(PredictError, match="predict=True"):
        stepper.answer("1")
    assert stepper.position == 5
