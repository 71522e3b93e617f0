"""The stepper app for the front of the room: pick a puzzle, a method and its switches, and step.

`make app` serves app/stepper_app.ipynb through Voilà, which shows the widgets and none of the
code. The choosing is plain Python (a `Choice` in, a stepper or an error in words out), so the
tests drive it without a browser; `StepperApp` is only the controls around it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any, Literal, TypeAlias

import ipywidgets as widgets

from . import puzzles
from .board import Board, parse, to_string
from .errors import ConflictError, SudokuError
from .i18n import N_, _
from .search import SWITCHES, refuse_conflicts
from .stepper import RUN_CAP
from .stepper.view import SideBySide, Stepper, close_tree, side_by_side
from .words import (
    METHOD_LABELS,
    method_label,
    number,
    plural,
    predict_text,
    switch_label,
    switched_off,
)

SIZE = "large"
"""The stepper's size in the app: digits and words readable from the back of a classroom."""

Source = Literal["named", "set", "pasted"]
Layout = Literal["one", "side by side"]

FAMOUS = puzzles.famous()

NAMED: dict[str, str] = {
    N_("The LeetCode sample (easy)"): puzzles.SAMPLE,
    N_("Built against brute force (Wikipedia)"): puzzles.ANTI_BACKTRACKING,
    N_("Arto Inkala's 2012 puzzle"): FAMOUS["Inkala 2012"],
    "AI Escargot": FAMOUS["AI Escargot"],
    "Platinum Blonde": FAMOUS["Platinum Blonde"],
    "Golden Nugget": FAMOUS["Golden Nugget"],
    "Easter Monster": FAMOUS["Easter Monster"],
    N_("A small 4x4 puzzle"): puzzles.FOUR_BY_FOUR,
}
"""The named puzzles of sudoku_lib.puzzles, under the names a class would know them by (the
English name is the key a `Choice` holds; the app shows it in the language chosen)."""

METHODS = ("naive", "pruned")
"""The methods worth stepping: "classic" and "fast" report only their end, so one step solves."""


@dataclass(frozen=True)
class Choice:
    """Everything the teacher picked, as plain values: what the app's controls hold.

    `number` counts a set's puzzles from 1, as people do; `switches_off` names the pruning
    ideas turned off (every switch is on unless turned off, as in the library).
    """

    source: Source = "named"
    name: str = next(iter(NAMED))
    set_name: str = "easy50"
    number: int = 1
    text: str = ""
    method: str = "naive"
    switches_off: frozenset[str] = field(default_factory=frozenset)
    layout: Layout = "one"
    compare_with: str = "pruned"
    predict: bool = False


@dataclass(frozen=True)
class Opened:
    """What a choice opened: a view to show, or the reason in words why there is none."""

    view: Stepper | SideBySide | None
    problem: str = ""
    title: str = ""


def set_size(set_name: str) -> int:
    """How many puzzles a bundled set holds."""
    return len(puzzles.load_set(set_name))


def set_puzzle(set_name: str, n: int) -> str:
    """The n-th puzzle (from 1) of a bundled set, or an error that gives the range there is."""
    chosen = puzzles.load_set(set_name)
    if not 1 <= n <= len(chosen):
        raise SudokuError(
            _("{set} holds {count}: choose a number from 1 to {last}, not {number}").format(
                set=set_name,
                count=plural(len(chosen), "puzzle"),
                last=number(len(chosen)),
                number=number(n),
            )
        )
    return chosen[n - 1]


def puzzle_for(choice: Choice) -> str:
    """The chosen puzzle as a string of cells, checked: it parses and its givens do not clash.

    Raises the library's own errors (PuzzleFormatError, ConflictError, SudokuError), whose
    messages say what is wrong and where; `open_choice` shows them.
    """
    if choice.source == "named":
        if choice.name not in NAMED:
            raise SudokuError(_("no puzzle is named {name!r}").format(name=choice.name))
        text = NAMED[choice.name]
    elif choice.source == "set":
        text = set_puzzle(choice.set_name, choice.number)
    elif choice.source == "pasted":
        text = choice.text
    else:
        raise SudokuError(
            _("a puzzle comes from 'named', 'set' or 'pasted', not {source!r}").format(
                source=choice.source
            )
        )
    board = parse(text)
    refuse_conflicts(board)
    return to_string(board)


def switches_for(method: str, switches_off: frozenset[str]) -> dict[str, bool]:
    """The keyword switches for a method: the ones turned off, among those the method has."""
    return {name: False for name in SWITCHES.get(method, ()) if name in switches_off}


def method_words(method: str, switches_off: frozenset[str] = frozenset()) -> str:
    """ "backtracking with pruning, hidden singles off": a method as the title says it."""
    label = method_label(method) if method in METHOD_LABELS else method
    return switched_off(label, list(switches_for(method, switches_off)))


def source_words(choice: Choice) -> str:
    """Where the puzzle came from, for the title above the board."""
    if choice.source == "named":
        return _(choice.name)
    if choice.source == "set":
        place = number(choice.number)
        return _("puzzle {number} of {set}").format(number=place, set=choice.set_name)
    return _("the pasted puzzle")


def build_view(choice: Choice) -> Stepper | SideBySide:
    """One stepper, or two side by side (the compared method with every switch on), drawn at
    the stepper's large size: the app is for the front of the room."""
    puzzle = puzzle_for(choice)
    switches = switches_for(choice.method, choice.switches_off)
    predict = choice.predict
    if choice.layout == "one":
        return Stepper(puzzle, choice.method, size=SIZE, predict=predict, **switches)
    left = Stepper(puzzle, choice.method, controls=False, size=SIZE, predict=predict, **switches)
    return side_by_side(puzzle, left, choice.compare_with, size=SIZE, predict=predict)


def title_for(choice: Choice) -> str:
    """The line above the board: which puzzle, by which method (or which two, left and right)."""
    shown = method_words(choice.method, choice.switches_off)
    if choice.layout == "side by side":
        return _("{puzzle} · left: {left} · right: {right}").format(
            puzzle=source_words(choice), left=shown, right=method_words(choice.compare_with)
        )
    return _("{puzzle}, by {method}").format(puzzle=source_words(choice), method=shown)


def problem_words(error: SudokuError) -> str:
    """An error of the library as the app says it: a lead-in, then the library's own words."""
    if isinstance(error, ConflictError):
        return _("No search can solve this puzzle: {error}.").format(error=error)
    return _("This puzzle cannot be used: {error}.").format(error=error)


PASTE_FIRST = N_("Paste a puzzle above, then press Use this puzzle.")
"""What the app says before a puzzle is pasted (translated when shown)."""


def open_choice(choice: Choice) -> Opened:
    """Open what the teacher chose, or say in words why not (never a traceback)."""
    if choice.source == "pasted" and not choice.text.strip():
        return Opened(None, title=_(PASTE_FIRST))
    try:
        view = build_view(choice)
    except SudokuError as error:
        return Opened(None, problem_words(error))
    return Opened(view, title=title_for(choice))


APP_STYLE = """<style>
.sudoku-app { gap: 8px; }
.sudoku-app-controls { gap: 8px; }
.sudoku-app-controls .widget-label, .sudoku-app-controls button, .sudoku-app-controls select,
.sudoku-app-controls input, .sudoku-app-controls textarea { font-size: 18px; }
.sudoku-app-controls .widget-label { min-width: 5.5em; font-weight: 600; }
.sudoku-app-controls button, .sudoku-app-controls select, .sudoku-app-controls input {
  height: 36px; }
.sudoku-app-controls button.mod-active { background: #1d4f91; color: #fff; }
.sudoku-app-controls .widget-toggle-buttons { flex-wrap: wrap; }
/* Number boxes and lists as large as the buttons beside them (ipywidgets' own rules are 13 px). */
.sudoku-app .widget-inline-hbox input, .sudoku-app .widget-inline-hbox select {
  font-size: 18px; height: 36px; }
.sudoku-app .jupyter-widget-Collapse-header { font-size: 18px; color: #1a1a1a; }
.sudoku-app-title { font-size: 20px; font-weight: 600; }
.sudoku-app-stage .sdk-title-area { font-size: 18px; }
.sudoku-app-problem { font-size: 20px; color: #7a0000; background: #fff0f0;
  border-left: 6px solid #b00000; padding: 8px 12px; max-height: 9em; overflow: auto; }
.sudoku-app-problem::before { content: "⚠\\00a0"; }
.sudoku-app-row { flex-wrap: wrap; align-items: center; gap: 6px 12px; }
/* The stepper takes the stage's width and puts its board beside its words by itself; here the
   counters and the caption go to the right as well, under the controls (whose place then
   never changes with their lines), so nothing sits below the board. */
.sudoku-app-stage > .sudoku-stepper { flex: 1 1 100%; min-width: 0; }
.sudoku-app-stage > .sudoku-stepper.sdk-large:not(.sdk-side) > .sdk-layout {
  grid-template-areas: "title title" "board stack" "board buttons" "board play"
    "board slider" "board counters" "board caption" "board keys";
  grid-template-rows: auto auto auto auto auto auto auto 1fr; }
/* The board shrinks to the window's height (never past its own size), leaving room for what is
   above and below it: more when the controls are open, more for a pair (stack, counters and
   caption under each board). So a 1280x800 screen shows it whole; a cell never gets narrower
   than 34 px, so with a pair and the controls open the captions may need a scroll. */
.sudoku-app { --sdk-room: 150px; }
.sudoku-app:has(.sudoku-side-by-side) { --sdk-room: 340px; }
.sudoku-app:has(.jupyter-widget-Collapse-open) { --sdk-room: 380px; }
.sudoku-app:has(.jupyter-widget-Collapse-open):has(.sudoku-side-by-side) { --sdk-room: 530px; }
.sudoku-app-stage .sudoku-side-by-side { container-type: normal; }  /* sized by --sdk-unit */
.sudoku-app-stage .sudoku-stepper, .sudoku-app-stage .sudoku-side-by-side {
  --sdk-unit: max(calc(34px / 54), min(calc(var(--jp-content-font-size1, 14px) / 14),
    calc((100vh - var(--sdk-room)) / 490))); }
/* Side by side on a wide screen, the shared controls stand right of both boards. */
@media (min-width: 1200px) {
  .sudoku-app-stage > .sudoku-side-by-side.widget-vbox { display: grid;
    grid-template-columns: fit-content(calc(100% - 20em)) minmax(12em, 1fr);
    column-gap: 16px;
    align-content: start; align-items: start; }
  .sudoku-app-stage > .sudoku-side-by-side > * { grid-column: 2; min-width: 0; max-width: 100%; }
  .sudoku-app-stage > .sudoku-side-by-side > .widget-dropdown { width: auto; }
  .sudoku-app-stage > .sudoku-side-by-side > .sdk-pair { grid-column: 1; grid-row: 1 / span 8; }
  .sudoku-app-stage > .sudoku-side-by-side > .sdk-slider { width: 100% !important; }
  /* The boards' height: the window less the app's header (130 px) and the 16 lines of a side
     (its name above the board; stack, counters and caption below); not the notebook's
     JupyterLab bars and controls above both boards, as the controls stand beside them here. */
  .sudoku-app-stage > .sudoku-side-by-side.widget-vbox .sdk-layout {
    --sdk-room-h: calc(100vh - 130px - 16 * var(--sdk-text)); }
}
</style>"""


View: TypeAlias = Stepper | SideBySide


def puzzle_of(view: View) -> Board:
    """The puzzle a view steps (both sides of a pair step the same one)."""
    return view.puzzle if isinstance(view, Stepper) else view.left.puzzle


def keep_place(new: View, old: View | None) -> None:
    """Another method or layout on the same puzzle opens at the step the class had reached
    (at most RUN_CAP steps are searched to get there, so the switch stays quick)."""
    if old is not None and puzzle_of(old) == puzzle_of(new):
        new.goto(old.position, cap=RUN_CAP)


AUTO_WIDTH = {"button_width": "auto"}
"""Toggle buttons as wide as their words: a label cut short is no use at the back of the room."""


def row(children: list[widgets.Widget]) -> widgets.HBox:
    """Controls side by side, wrapping onto a new line when the window is narrow."""
    box = widgets.HBox(children)
    box.add_class("sudoku-app-row")
    return box


class StepperApp(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """The app: the controls that make a `Choice`, and the stepper (or the problem) it opens.

    Every change of a control opens the new choice at once, except the pasted text, which
    waits for its button, so a half-pasted puzzle never shows an error.
    """

    def __init__(self, choice: Choice | None = None) -> None:
        super().__init__()
        choice = choice or Choice()
        self.pasted = choice.text  # the text as it was when "Use this puzzle" was pressed
        self.source = widgets.ToggleButtons(
            options=[
                (_("A named puzzle"), "named"),
                (_("From a puzzle set"), "set"),
                (_("Paste a puzzle"), "pasted"),
            ],
            value=choice.source,
            style=AUTO_WIDTH,
            tooltip="",
            tooltips=[
                _("famous puzzles from the course"),
                _("the n-th puzzle of a bundled set"),
                _("81 characters: 1-9, and '.' or '0' for a blank"),
            ],
        )
        self.name = widgets.Dropdown(
            options=[(_(name), name) for name in NAMED],
            value=choice.name,
            tooltip=_("which named puzzle"),
        )
        self.set_name = widgets.Dropdown(
            options=[(f"{name} ({set_size(name)})", name) for name in puzzles.SETS],
            value=choice.set_name,
            tooltip=_("which bundled set (how many puzzles it holds)"),
        )
        self.number = widgets.IntText(  # not bounded: 96 of 95 is said, not quietly made 95
            value=choice.number,
            step=1,
            tooltip=_("which puzzle of the set, counting from 1"),
            layout=widgets.Layout(width="7em"),
        )
        self.text = widgets.Textarea(
            value=choice.text,
            placeholder=_("81 characters, row by row: 1-9, and . or 0 for a blank"),
            rows=3,
            tooltip=_("the puzzle to step: 81 characters"),
            layout=widgets.Layout(width="46em"),
        )
        self.use_text = widgets.Button(
            description=_("Use this puzzle"), tooltip=_("read the pasted puzzle and step it")
        )
        self.method = widgets.ToggleButtons(
            options=[(method_label(m), m) for m in METHODS],
            value=choice.method,
            style=AUTO_WIDTH,
            tooltip="",
        )
        self.switches = {
            name: widgets.ToggleButton(
                value=name not in choice.switches_off,
                description=switch_label(name),
                tooltip=_("{switch}: on or off").format(switch=switch_label(name)),
                icon="check",
                layout=widgets.Layout(width="auto"),
            )
            for name in SWITCHES["pruned"]
        }
        self.layout_choice = widgets.ToggleButtons(
            options=[(_("One stepper"), "one"), (_("Side by side"), "side by side")],
            value=choice.layout,
            style=AUTO_WIDTH,
            tooltip="",
        )
        self.compare_with = widgets.Dropdown(
            options=[(method_label(m), m) for m in METHODS],
            value=choice.compare_with,
            tooltip=_("the method on the right, every switch on"),
        )
        self.predict = widgets.ToggleButton(
            value=choice.predict,
            description=predict_text("app switch"),
            tooltip=predict_text("app switch tip"),
            layout=widgets.Layout(width="auto"),
        )
        self.problem = widgets.HTML(tooltip="")
        self.problem.add_class("sudoku-app-problem")
        self.title = widgets.HTML(tooltip="")
        self.title.add_class("sudoku-app-title")
        self.stage = widgets.Box()
        self.stage.add_class("sudoku-app-stage")
        self.view: View | None = None
        self._arrange()
        self._listen()
        self.refresh()

    def _arrange(self) -> None:
        """Three rows of controls (puzzle, method, view) that fold away, then the board.

        Folded, the controls leave the screen to the stepper; the title line under them
        still says which puzzle and method are shown.
        """
        self.set_row = row([self.set_name, widgets.Label(_("number"), tooltip=""), self.number])
        self.text_row = row([self.text, self.use_text])
        self.switch_row = row([widgets.Label(_("Switches"), tooltip=""), *self.switches.values()])
        self.compare_row = row([widgets.Label(_("Compare with"), tooltip=""), self.compare_with])
        shown = [self.layout_choice, self.compare_row, self.predict]
        controls = widgets.VBox(
            [
                row([widgets.Label(_("Puzzle"), tooltip=""), self.source, self.name, self.set_row]),
                self.text_row,
                row([widgets.Label(_("Method"), tooltip=""), self.method]),
                self.switch_row,
                row([widgets.Label(_("Show"), tooltip=""), *shown]),
            ]
        )
        controls.add_class("sudoku-app-controls")
        self.fold = widgets.Accordion(
            [controls], titles=(_("Sudoku stepper: the puzzle and the method"),), selected_index=0
        )
        self.children = (
            widgets.HTML(APP_STYLE, tooltip=""),
            self.fold,
            self.problem,
            self.title,
            self.stage,
        )
        self.add_class("sudoku-app")

    def _listen(self) -> None:
        """Reopen on every change; the set's number follows the set's size."""
        for control in (
            self.source,
            self.name,
            self.number,
            self.method,
            self.layout_choice,
            self.compare_with,
            self.predict,
            *self.switches.values(),
        ):
            control.observe(lambda _change: self.refresh(), names="value")
        self.set_name.observe(self._set_changed, names="value")
        self.use_text.on_click(self._use_text)

    def _set_changed(self, _change: dict[str, Any]) -> None:
        """A new set may be shorter: bring the number into it (that change reopens by itself).

        A number typed past the end is not changed: the app says which numbers there are.
        """
        size = set_size(self.set_name.value)
        if self.number.value > size:
            self.number.value = size
        else:
            self.refresh()

    def _use_text(self, _button: widgets.Button) -> None:
        """Take the pasted text as it is now, and open it."""
        self.pasted = self.text.value
        self.refresh()

    def choice(self) -> Choice:
        """The controls' values as a plain Choice."""
        return Choice(
            source=self.source.value,
            name=self.name.value,
            set_name=self.set_name.value,
            number=self.number.value,
            text=self.pasted,
            method=self.method.value,
            switches_off=frozenset(n for n, toggle in self.switches.items() if not toggle.value),
            layout=self.layout_choice.value,
            compare_with=self.compare_with.value,
            predict=self.predict.value,
        )

    def refresh(self) -> None:
        """Show only the controls that matter now, and open the current choice."""
        choice = self.choice()
        shown = {"named": self.name, "set": self.set_row, "pasted": self.text_row}
        for source, row in shown.items():
            row.layout.display = None if source == choice.source else "none"
        self.switch_row.layout.display = None if choice.method in SWITCHES else "none"
        self.compare_row.layout.display = None if choice.layout == "side by side" else "none"
        for toggle in self.switches.values():
            toggle.icon = "check" if toggle.value else ""
        self.show(open_choice(choice))

    def show(self, opened: Opened) -> None:
        """Put the opened view on the stage (closing the old one), or the problem in its place."""
        if opened.view is not None:
            keep_place(opened.view, self.view)
        if self.view is not None:
            close_tree(self.view.widget)
        self.view = opened.view
        self.stage.children = (opened.view.widget,) if opened.view is not None else ()
        self.problem.value = escape(opened.problem)
        self.problem.layout.display = None if opened.problem else "none"
        self.title.value = escape(opened.title[:1].upper() + opened.title[1:])


def stepper_app(**picked: Any) -> StepperApp:
    """The app, opened on a first choice (any field of `Choice`, e.g. method="pruned")."""
    return StepperApp(Choice(**picked))
