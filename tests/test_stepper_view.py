"""The stepper's widgets, without a browser: the busy sign on the buttons that run a long search,
the words a widget shows once its kernel has restarted, and the browser code in its own file."""

from __future__ import annotations

from pathlib import Path

from sudoku_lib.puzzles import ANTI_BACKTRACKING
from sudoku_lib.stepper import Stepper, html, view
from sudoku_lib.words import picture_text


def button_named(stepper: Stepper, name: str):
    """The stepper's button of that English name (its class: "To solution" is `sdk-to-solution`)."""
    css = "sdk-" + name.lower().replace(" ", "-")
    return next(b for b in stepper.view.controls.buttons.children if css in b._dom_classes)


def test_to_solution_shows_it_is_busy_while_it_runs_and_then_says_its_name_again():
    stepper = Stepper(ANTI_BACKTRACKING, "pruned")
    to_solution = button_named(stepper, "To solution")
    seen = []
    to_solution.observe(lambda change: seen.append(change["new"]), names="description")
    to_solution.click()
    assert seen == [view.busy_label(), "To solution"]
    assert stepper.solved and not to_solution.disabled
    assert "sdk-busy" not in to_solution._dom_classes


def test_every_long_run_button_is_busy_while_it_runs():
    stepper = Stepper(ANTI_BACKTRACKING, "naive")
    for name in ("Next dead end", "To solution", "Last"):
        control = button_named(stepper, name)
        seen = []
        control.observe(lambda change, seen=seen: seen.append(change["new"]), names="disabled")
        control.click()
        assert seen == [True, False], name


def test_a_widget_whose_kernel_restarted_says_to_run_its_cell_again():
    words = picture_text("kernel restarted")
    rule = html.stylesheet().split(".sudoku-side-by-side.jupyter-widgets-disconnected::after")[-1]
    assert f'content: "{html.css_string(words)}"' in rule.split("}")[0]
    assert "run its cell again" in words


def test_the_controller_s_browser_code_is_a_file_of_its_own():
    code = (Path(view.__file__).parent / "controller.js").read_text(encoding="utf-8")
    assert view.Controller()._esm == code
    assert "export default { render }" in code
    assert ".widget-slider" in code  # the slider's own arrow keys are not acted on twice
