"""The stepper app: its plain part (a Choice in, a stepper or words out) and its controls.

The expected boards, sizes and messages come from the library itself (Stepper, load_set, parse),
never from numbers written here, so the app is checked to show what the library says.
"""

from __future__ import annotations

import ast
from pathlib import Path

import nbformat
import pytest

from sudoku_lib import puzzles
from sudoku_lib.app import (
    METHODS,
    NAMED,
    PASTE_FIRST,
    Choice,
    StepperApp,
    open_choice,
    puzzle_for,
    set_puzzle,
    stepper_app,
    switches_for,
)
from sudoku_lib.board import parse, to_string
from sudoku_lib.errors import ConflictError, PuzzleFormatError, SudokuError
from sudoku_lib.search import METHODS as ALL_METHODS
from sudoku_lib.search import SWITCHES
from sudoku_lib.stepper import SideBySide, Stepper

ROOT = Path(__file__).resolve().parents[1]


def library_error(puzzle: str) -> str:
    """What the library itself says about a puzzle it refuses."""
    with pytest.raises(SudokuError) as caught:
        board = parse(puzzle)
        Stepper(board, "naive").step()
    return str(caught.value)


def test_every_named_puzzle_is_one_of_the_library_s_own():
    library_puzzles = {v for v in vars(puzzles).values() if isinstance(v, str)}
    library_puzzles |= set(puzzles.famous().values())
    for name, puzzle in NAMED.items():
        assert puzzle in library_puzzles, name
        assert puzzle_for(Choice(source="named", name=name)) == to_string(puzzle)


def test_the_n_th_puzzle_of_a_set_counts_from_one():
    for set_name in puzzles.SETS:
        chosen = puzzles.load_set(set_name)
        assert set_puzzle(set_name, 1) == chosen[0]
        assert set_puzzle(set_name, len(chosen)) == chosen[-1]


@pytest.mark.parametrize("n", [0, -1, 10_000])
def test_a_number_outside_the_set_names_the_range(n):
    size = len(puzzles.load_set("top95"))
    opened = open_choice(Choice(source="set", set_name="top95", number=n))
    assert opened.view is None
    assert f"top95 holds {size} puzzles: choose a number from 1 to {size}" in opened.problem


def test_a_pasted_puzzle_opens_a_stepper_on_exactly_that_puzzle():
    pasted = puzzles.load_set("easy50")[7]
    opened = open_choice(Choice(source="pasted", text=f"  {pasted}\n"))
    assert isinstance(opened.view, Stepper)
    assert opened.view.puzzle == parse(pasted)
    assert opened.view.size == "large"
    assert opened.problem == ""
    assert "pasted puzzle" in opened.title


@pytest.mark.parametrize(
    "bad",
    [
        puzzles.SAMPLE[:80],
        puzzles.SAMPLE[:40] + "x" + puzzles.SAMPLE[41:],
        "hello",
    ],
)
def test_a_bad_paste_says_the_library_s_parse_error_in_words(bad):
    opened = open_choice(Choice(source="pasted", text=bad))
    assert opened.view is None
    with pytest.raises(PuzzleFormatError) as caught:
        parse(bad)
    assert opened.problem == f"This puzzle cannot be used: {caught.value}."
    assert "Traceback" not in opened.problem


def test_givens_that_clash_are_refused_before_any_stepping():
    opened = open_choice(Choice(source="pasted", text=puzzles.SAMPLE_INVALID))
    assert opened.view is None
    with pytest.raises(ConflictError):
        Stepper(puzzles.SAMPLE_INVALID, "naive").step()
    assert (
        opened.problem
        == f"No search can solve this puzzle: {library_error(puzzles.SAMPLE_INVALID)}."
    )


def test_an_empty_paste_asks_for_a_puzzle_instead_of_reporting_an_error():
    opened = open_choice(Choice(source="pasted", text="  \n"))
    assert (opened.view, opened.problem, opened.title) == (None, "", PASTE_FIRST)


def test_switches_turned_off_reach_the_search_and_others_are_ignored():
    off = frozenset({"hidden_singles", "no_such_switch"})
    assert switches_for("pruned", off) == {"hidden_singles": False}
    assert switches_for("naive", off) == {}
    choice = Choice(source="named", name="Golden Nugget", method="pruned", switches_off=off)
    shown = open_choice(choice).view
    reference = Stepper(puzzles.famous()["Golden Nugget"], "pruned", hidden_singles=False)
    assert isinstance(shown, Stepper)
    shown.goto(200)
    reference.goto(200)
    assert shown.board == reference.board
    assert "hidden singles off" in open_choice(choice).title


def test_side_by_side_puts_the_chosen_method_left_and_the_compared_one_right():
    choice = Choice(method="naive", layout="side by side", compare_with="pruned")
    view = open_choice(choice).view
    assert isinstance(view, SideBySide)
    assert (view.left.method, view.right.method) == ("naive", "pruned")
    assert view.left.size == view.right.size == "large"  # for the front of the room
    assert view.left.puzzle == view.right.puzzle == parse(NAMED[choice.name])


def test_the_methods_left_out_finish_in_one_step():
    """Why METHODS holds only naive and pruned: the others report only that they finished."""
    assert set(METHODS) <= set(ALL_METHODS)
    for method in set(ALL_METHODS) - set(METHODS):
        stepper = Stepper(puzzles.SAMPLE, method)
        stepper.step(3)
        assert stepper.position == 1, method
        assert stepper.solved, method


def test_the_app_opens_what_its_controls_say():
    app = stepper_app()
    assert isinstance(app.view, Stepper)
    assert app.view.puzzle == parse(NAMED[Choice().name])

    app.source.value = "set"
    app.set_name.value = "hardest"
    app.number.value = 3
    assert app.view.puzzle == parse(puzzles.load_set("hardest")[2])

    app.method.value = "pruned"
    app.switches["naked_singles"].value = False
    assert app.choice().switches_off == {"naked_singles"}
    assert app.view.method == "pruned"
    assert app.switch_row.layout.display is None

    app.method.value = "naive"
    assert app.switch_row.layout.display == "none"

    app.layout_choice.value = "side by side"
    assert isinstance(app.view, SideBySide)
    assert app.compare_row.layout.display is None


def test_a_shorter_set_brings_the_number_into_range():
    app = stepper_app(source="set", set_name="top95", number=90)
    app.set_name.value = "famous"
    famous = puzzles.load_set("famous")
    assert app.number.value == len(famous)
    assert app.view.puzzle == parse(famous[-1])


def test_a_number_past_the_end_of_the_set_is_said_not_quietly_changed():
    size = len(puzzles.load_set("top95"))
    app = stepper_app(source="set", set_name="top95", number=size)
    app.number.value = size + 1
    assert app.number.value == size + 1 and app.view is None
    assert f"choose a number from 1 to {size}, not {size + 1}" in app.problem.value
    assert app.problem.layout.display is None


def test_the_app_waits_for_the_paste_button_and_shows_a_bad_paste_in_words():
    app = stepper_app(source="pasted")
    assert app.view is None and PASTE_FIRST in app.title.value
    app.text.value = puzzles.SAMPLE[:80]
    assert app.view is None and app.problem.value == ""  # not read until the button is pressed
    app.use_text.click()
    assert app.view is None
    assert app.problem.value.startswith("This puzzle cannot be used: expected 16, 81 or 256")
    assert app.problem.layout.display is None

    app.text.value = puzzles.SAMPLE
    app.use_text.click()
    assert app.view.puzzle == parse(puzzles.SAMPLE)
    assert app.problem.layout.display == "none"


def test_a_replaced_stepper_is_closed():
    app = stepper_app()
    first = app.view
    app.method.value = "pruned"
    assert first.widget.comm is None  # closed: no longer talks to the browser
    assert app.view is not first and app.view.widget.comm is not None


def test_switch_names_match_the_pruned_search():
    app = stepper_app()
    assert tuple(app.switches) == SWITCHES["pruned"]


def test_the_app_notebook_only_calls_the_library():
    """What Voilà runs is one cell whose last line builds the app: all logic stays testable here."""
    notebook = nbformat.read(ROOT / "app" / "stepper_app.ipynb", as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert len(code) == 1 and not code[0].outputs
    *setup, last = ast.parse(code[0].source).body
    assert isinstance(last, ast.Expr), "the cell must end with the app, so Voilà shows it"
    namespace: dict = {}
    exec(compile(ast.Module(setup, type_ignores=[]), "app", "exec"), namespace)
    shown = eval(compile(ast.Expression(last.value), "app", "eval"), namespace)
    assert isinstance(shown, StepperApp)
    assert len(setup) <= 2, "the app notebook should stay an import and a call"


def test_an_unknown_source_or_name_is_named_in_the_problem():
    assert "not 'clipboard'" in open_choice(Choice(source="clipboard")).problem  # type: ignore[arg-type]
    assert "no puzzle is named 'Nope'" in open_choice(Choice(name="Nope")).problem


def test_a_new_method_or_layout_on_the_same_puzzle_keeps_the_class_s_place():
    app = stepper_app(source="named", name="Golden Nugget")
    app.view.goto(40)
    app.layout_choice.value = "side by side"
    assert app.view.position == 40
    reference = Stepper(puzzles.famous()["Golden Nugget"], "naive")
    reference.goto(40)
    assert app.view.left.board == reference.board

    app.name.value = "AI Escargot"  # another puzzle starts from its beginning
    assert app.view.position == 0
