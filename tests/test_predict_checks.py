"""Notebook 05's new self-checks, fed right answers and the typical wrong ones: each wrong answer
must fail, and with the words that name its mistake."""

from __future__ import annotations

from sudoku_lib.checks import check_cell_changes, check_predict
from sudoku_lib.search.events import Try
from sudoku_lib.search.naive import is_valid
from sudoku_lib.stepper import StepperModel


def changes(puzzle, row, col, steps):
    stepper = StepperModel(puzzle)
    count = 0
    for _ in range(steps):
        before = stepper.board[row - 1][col - 1]
        stepper.step()
        count += stepper.board[row - 1][col - 1] != before
    return count


def writes_only(puzzle, row, col, steps):
    stepper = StepperModel(puzzle)
    count = 0
    for _ in range(steps):
        stepper.step()
        event = stepper.event
        count += isinstance(event, Try) and (event.row, event.col) == (row - 1, col - 1)
    return count


def from_zero(puzzle, row, col, steps):
    stepper = StepperModel(puzzle)
    count = 0
    for _ in range(steps):
        before = stepper.board[row][col]
        stepper.step()
        count += stepper.board[row][col] != before
    return count


def holding(puzzle, row, col, steps):
    stepper = StepperModel(puzzle)
    count = 0
    for _ in range(steps):
        stepper.step()
        count += stepper.board[row - 1][col - 1] != "."
    return count


def report_text(report) -> str:
    return "\n".join(report.lines)


def test_cell_changes_passes_a_right_answer():
    assert check_cell_changes(changes).passed


def test_cell_changes_names_each_typical_mistake():
    for wrong, words in [
        (writes_only, "a take-back changes it too"),
        (from_zero, "board[row - 1][col - 1]"),
        (holding, "steps after which the cell holds a digit"),
    ]:
        report = check_cell_changes(wrong)
        assert not report.passed, wrong.__name__
        assert words in report_text(report), (wrong.__name__, report_text(report))


DIGITS = "123456789"


def first_blank(board):
    return next((r, c) for r, row in enumerate(board) for c, d in enumerate(row) if d == ".")


def predict(stepper):
    board, event = stepper.board, stepper.event
    digits = DIGITS[: len(board)]
    if stepper.question.kind == "direction":
        r, c = first_blank(board)
        return "deeper" if any(is_valid(board, r, c, d) for d in digits) else "back up"
    later = [d for d in digits if d > event.digit and is_valid(board, event.row, event.col, d)]
    return later[0] if later else "back up"


def always_deeper(stepper):
    return "deeper" if stepper.question.kind == "direction" else predict(stepper)


def restarts_at_one(stepper):
    board, event = stepper.board, stepper.event
    if stepper.question.kind == "digit":
        fits = [d for d in DIGITS[: len(board)] if is_valid(board, event.row, event.col, d)]
        return fits[0]
    return predict(stepper)


def row_only(stepper):
    """Checks a digit against the row alone (the column and the box forgotten)."""
    board, event = stepper.board, stepper.event
    if stepper.question.kind == "direction":
        r, _ = first_blank(board)
        return "deeper" if set(DIGITS[: len(board)]) - set(board[r]) else "back up"
    row = board[event.row]
    later = [d for d in DIGITS[: len(board)] if d > event.digit and d not in row]
    return later[0] if later else "back up"


def moves_the_stepper(stepper):
    answer = predict(stepper)
    stepper.step(5)  # the check's own stepper must not move
    return answer


def test_predict_passes_a_right_answer_even_one_that_moves_its_stepper():
    assert check_predict(predict).passed
    assert check_predict(moves_the_stepper).passed


def test_predict_names_each_typical_mistake_with_the_search_s_reason():
    for wrong, words in [
        (always_deeper, "you answer 'deeper' after every try"),
        (restarts_at_one, "does not start again from 1"),
        (row_only, "Your first wrong prediction was at step"),
    ]:
        report = check_predict(wrong)
        text = report_text(report)
        assert not report.passed, wrong.__name__
        assert words in text, (wrong.__name__, text)
        assert "right" in text and "of" in text  # the score is shown: "got 12 of 13 right"


def test_predict_reports_an_answer_that_is_no_choice():
    report = check_predict(lambda stepper: "sideways")
    assert not report.passed
    assert "'sideways' is not an answer to this question" in report_text(report)


def test_predict_not_done_yet():
    def stub(stepper):
        raise NotImplementedError

    assert check_predict(stub).outcome == "not done yet"
    assert check_cell_changes(lambda *args: (_ for _ in ()).throw(NotImplementedError)).outcome == (
        "not done yet"
    )
