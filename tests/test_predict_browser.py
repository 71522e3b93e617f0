"""Predict mode in a real JupyterLab and a headless Chromium: a naive stepper's questions answered
by clicking a choice and by keys, a pruned stepper's "which cell?" answered by clicking the board,
right and wrong, with the verdict and the score checked. The right answers come from the Python
model at the same step, never from values written here."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

from sudoku_lib.puzzles import SAMPLE, load_set
from sudoku_lib.stepper import StepperModel
from sudoku_lib.stepper.questions import BACK_UP_KEY, DEEPER, DEEPER_KEY
from tests.browser_support import OUTPUT, Lab, chromium, jupyter_server
from tests.test_browser import LAPTOP, open_and_run, position_of

pytestmark = pytest.mark.browser

NOTEBOOK = "predict.ipynb"
HARD = load_set("top95")[0]


def predict_notebook(path: Path) -> Path:
    """Two predict-mode steppers: the naive search on the sample, the pruned one on top95 #1."""
    notebook = nbformat.v4.new_notebook(
        metadata={
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        }
    )
    code = (
        "from sudoku_lib import Stepper\n"
        f"naive = Stepper({SAMPLE!r}, predict=True)\n"
        "naive.next_question()\ndisplay(naive)\n"
        f"pruned = Stepper({HARD!r}, 'pruned', predict=True)\n"
        "while pruned.question is None or pruned.question.kind != 'cell':\n"
        "    pruned.step()\n"
        "display(pruned)"
    )
    notebook.cells = [nbformat.v4.new_code_cell(code)]
    nbformat.write(notebook, path)
    return path


@pytest.fixture
def lab(tmp_path: Path) -> Iterator[Lab]:
    with jupyter_server(
        tmp_path,
        [predict_notebook(tmp_path / NOTEBOOK)],
        options=["--LabApp.expose_app_in_browser=True"],
    ) as running:
        yield running


def stepper_showing(page, method: str):
    """The stepper of one method and its board."""
    stepper = page.locator(".sudoku-stepper").filter(
        has=page.locator(f"table.sdk-board[data-method='{method}']")
    )
    return stepper.first, stepper.first.locator("table.sdk-board")


def key_for(question) -> str:
    """The key that answers a question right (digits are their own keys)."""
    if question.kind == "direction":
        return DEEPER_KEY if question.expected == DEEPER else BACK_UP_KEY
    return question.keys[question.choices.index(question.expected)]


def test_predict_mode_is_answered_by_clicks_and_keys(lab: Lab):
    from playwright.sync_api import expect

    expect.set_options(timeout=20_000)
    with chromium(LAPTOP) as page:
        open_and_run(page, lab, NOTEBOOK)

        stepper, board = stepper_showing(page, "naive")
        reference = StepperModel(SAMPLE, predict=True)
        reference.next_question()
        expect(board).to_have_attribute("data-position", str(reference.position))
        question = reference.question
        expect(stepper.locator(".sdk-question")).to_have_text(question.text)

        # A wrong answer, clicked: the step is taken and the reason shown.
        wrong = next(i for i, c in enumerate(question.choices) if c != question.expected)
        stepper.locator(".sdk-choice").nth(wrong).click()
        verdict = reference.answer(question.choices[wrong])
        expect(board).to_have_attribute("data-position", str(reference.position))
        expect(stepper.locator(".sdk-verdict")).to_have_text(verdict.message)
        expect(stepper.locator(".sdk-score")).to_contain_text("0 of 1 right")

        # Right answers by keys, three questions on; N goes to the next question.
        board.click()
        for _ in range(3):
            page.keyboard.press("n")
            reference.next_question()
            expect(board).to_have_attribute("data-position", str(reference.position))
            question = reference.question
            expect(stepper.locator(".sdk-question")).to_have_text(question.text)
            page.keyboard.press(key_for(question))
            reference.answer(question.expected)
            expect(board).to_have_attribute("data-position", str(reference.position))
            expect(stepper.locator(".sdk-verdict")).to_contain_text("✓ Right: ")
        expect(stepper.locator(".sdk-score")).to_contain_text("3 of 4 right")
        assert reference.score == (3, 4)
        position = position_of(board)
        page.keyboard.press("s")  # skip: one step, nothing counted
        expect(board).to_have_attribute("data-position", str(position + 1))
        expect(stepper.locator(".sdk-score")).to_contain_text("3 of 4 right")

        # Which cell? Click a wrong one, then (at the next such question) the right one.
        pruned, pruned_board = stepper_showing(page, "pruned")
        pruned.scroll_into_view_if_needed()
        model = StepperModel(HARD, "pruned", predict=True)
        while model.question is None or model.question.kind != "cell":
            model.step()
        expect(pruned_board).to_have_attribute("data-position", str(model.position))
        expect(pruned).to_have_class(re.compile("sdk-picking"))
        question = model.question
        expect(pruned.locator(".sdk-question")).to_have_text(question.text)
        wrong_cell = next(cell for cell in question.choices if cell != question.expected)
        cell_of = "tr:nth-child({}) td:nth-child({})"
        pruned_board.locator(cell_of.format(wrong_cell[0] + 1, wrong_cell[1] + 1)).click()
        verdict = model.answer(wrong_cell)
        expect(pruned_board).to_have_attribute("data-position", str(model.position))
        expect(pruned.locator(".sdk-verdict")).to_have_text(verdict.message)
        pruned.locator(".sdk-next-question").click()
        model.next_question()
        while model.question.kind != "cell":
            pruned.locator(".sdk-next-question").click()
            model.next_question()
        expect(pruned_board).to_have_attribute("data-position", str(model.position))
        expect(pruned.locator(".sdk-question")).to_have_text(model.question.text)
        r, c = model.question.expected
        pruned_board.locator(cell_of.format(r + 1, c + 1)).click()
        model.answer((r, c))
        expect(pruned_board).to_have_attribute("data-position", str(model.position))
        expect(pruned.locator(".sdk-verdict")).to_contain_text("✓ Right: ")

        OUTPUT.mkdir(exist_ok=True)
        stepper.scroll_into_view_if_needed()
        stepper.screenshot(path=str(OUTPUT / "predict-naive.png"))
        pruned.screenshot(path=str(OUTPUT / "predict-pruned.png"))
