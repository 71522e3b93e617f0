"""The predict panel: the question under a stepper's board, its choices as buttons and keys, a
click on the board for "which cell?", the verdict, the running score, Skip and Next question.

It is one piece the stepper's view adds under the picture when its model predicts; all it knows of
the model is `Predicting` (predict.py), so any timeline that asks questions gets the same panel.
Keys and board clicks come from a small anywidget, as the stepper's own keys do (view.py):
ipywidgets cannot hear either, and anywidget runs in JupyterLab, Voila and JupyterLite alike.
"""

from __future__ import annotations

import weakref
from html import escape
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from ..i18n import _
from ..words import predict_text
from .predict import PredictError, Predicting, Question

PANEL_KEYS = ("s", "n")
"""Keys that work whatever is asked: S skips the step, N steps on to the next question."""

KEY_SIGNS = {"ArrowDown": "↓", "ArrowUp": "↑"}
"""How a key that is not a character reads on a button."""

CELL_KEYS = "123456789abcdefg"
"""For "which cell?", two of these keys name a cell, row first, counted from 1 (up to 16)."""

QUIZ_ESM = """
const TYPING = ["INPUT", "TEXTAREA", "SELECT"];

function render({ model, el }) {
  const line = document.createElement("div");
  line.className = "sdk-keys";
  line.textContent = model.get("hint");
  el.appendChild(line);
  let root = null;
  const named = (key) => (key.length === 1 ? key.toLowerCase() : key);
  const wanted = (key) => model.get("answer_keys").includes(named(key));
  const onKey = (event) => {
    if (TYPING.includes(event.target.tagName) || !wanted(event.key)) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.stopPropagation();
    model.send({ key: named(event.key) });
  };
  const onClick = (event) => {
    const cell = event.target.closest("table.sdk-board td");
    if (!cell || !model.get("picking") || !root.contains(cell)) return;
    model.send({ cell: [cell.parentElement.rowIndex, cell.cellIndex] });
  };
  const showPicking = () => {
    if (root) root.classList.toggle("sdk-picking", model.get("picking"));
  };
  const attach = (tries) => {
    root = el.closest(".sudoku-stepper");
    if (!root) {
      if (tries > 0) requestAnimationFrame(() => attach(tries - 1));
      return;
    }
    root.tabIndex = 0;
    root.addEventListener("keydown", onKey);
    root.addEventListener("click", onClick);
    showPicking();
  };
  attach(600);
  model.on("change:picking", showPicking);
  return () => {
    if (root) {
      root.removeEventListener("keydown", onKey);
      root.removeEventListener("click", onClick);
    }
  };
}
export default { render };
"""

QUIZ_STYLE = """<style>
.sdk-question { font-size: calc(var(--sdk-text) + 2px); font-weight: bold; }
.sdk-verdict, .sdk-score { font-size: var(--sdk-text); }
.sdk-verdict.sdk-wrong { color: #991b1b; }
.sdk-verdict.sdk-right { color: #166534; }
.sdk-picking table.sdk-board td { cursor: pointer; }
.sdk-picking table.sdk-board td:hover { outline: 3px solid #1d4ed8; outline-offset: -3px; }
</style>"""


class QuizKeys(anywidget.AnyWidget):
    """The browser side of the panel: the keys that answer, and clicks on the board's cells."""

    _esm = traitlets.Unicode(QUIZ_ESM).tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)
    answer_keys = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    picking = traitlets.Bool(False).tag(sync=True)


class QuizPanel:
    """The question, its choices, the verdict and the score of one predicting timeline.

    It holds the model weakly, as the rest of the view does, so a dropped stepper is freed.
    """

    def __init__(self, model: Predicting[Any, Any]) -> None:
        self.model_ref = weakref.ref(model)
        self.asked: Question | None = None
        self.row_typed: int | None = None  # the first of two digit keys that name a cell
        self.question = widgets.HTML(tooltip="")
        self.choices = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choices.add_class("sdk-choices")
        self.verdict = widgets.HTML(tooltip="")
        self.score = widgets.HTML(tooltip="")
        self.skip = self.button("skip", lambda: self.act("s"))
        self.next = self.button("next question", lambda: self.act("n"))
        self.keys = QuizKeys(hint=predict_text("keys"))
        self.keys.on_msg(self.on_message)
        row = widgets.HBox([self.skip, self.next, self.score])
        # the verdict on the step just taken sits above the question asked next, so it reads as
        # the answer to the question before, never as feedback on the one now showing
        self.widget = widgets.VBox(
            [
                widgets.HTML(QUIZ_STYLE, tooltip=""),
                self.verdict,
                self.question,
                self.choices,
                row,
                self.keys,
            ]
        )
        self.widget.add_class("sdk-quiz")
        self.draw_question(None)

    @staticmethod
    def button(name: str, act: Any) -> widgets.Button:
        """A panel button, named and with a tooltip, in the words of predict mode."""
        control = widgets.Button(
            description=predict_text(name),
            tooltip=_("{label}: {tooltip}").format(
                label=predict_text(name), tooltip=predict_text(name + " tip")
            ),
            layout=widgets.Layout(width="auto"),
        )
        control.add_class(f"sdk-{name.replace(' ', '-')}")
        control.on_click(lambda _: act())
        return control

    def show(self) -> None:
        """Draw the model's question (rebuilding the choices only when it changed), the verdict
        on the step just taken, and the score."""
        model = self.model_ref()
        if model is None:
            return
        question = model.question
        if question != self.asked:
            self.asked, self.row_typed = question, None
            self.draw_question(question)
        verdict = model.verdict_here
        if verdict is not None:
            kind = "sdk-right" if verdict.right else "sdk-wrong"
            self.verdict.value = f'<div class="sdk-verdict {kind}">{escape(verdict.message)}</div>'
        else:
            self.verdict.value = ""
        line = predict_text("score line", score=model.score)
        self.score.value = f'<span class="sdk-score">{escape(line)}</span>'

    def draw_question(self, question: Question | None) -> None:
        """The question's words, a button for each choice (none for a cell: click the board).

        The keys go to the browser before the words, so a key pressed once the question shows
        is never judged against the question before.
        """
        for old in self.choices.children:
            old.close()
        self.choices.children = ()
        if question is None:
            self.keys.answer_keys, self.keys.picking = list(PANEL_KEYS), False
            self.question.value = (
                f'<div class="sdk-question">{predict_text("no question here")}</div>'
            )
            return
        picking = question.kind == "cell"
        keys = [key for key in question.keys if key] + list(PANEL_KEYS)
        self.keys.answer_keys = keys + list(CELL_KEYS) if picking else keys
        self.keys.picking = picking
        self.question.value = f'<div class="sdk-question">{escape(question.text)}</div>'
        if not picking:
            self.choices.children = [
                self.choice_button(question, i) for i in range(len(question.choices))
            ]

    def choice_button(self, question: Question, i: int) -> widgets.Button:
        """The button of one choice, labelled with its words and its key."""
        key = question.keys[i]
        label = question.labels[i]
        shown = label
        if key and key != label:
            shown = _("{label} ({key})").format(label=label, key=KEY_SIGNS.get(key, key.upper()))
        control = widgets.Button(
            description=shown, tooltip=shown, layout=widgets.Layout(width="auto")
        )
        control.add_class("sdk-choice")
        choice = question.choices[i]
        control.on_click(lambda _: self.answer(choice))
        return control

    def answer(self, choice: object) -> None:
        """Answer the question showing (the model takes the step and the view redraws)."""
        model = self.model_ref()
        if model is None or model.question is None:
            return
        try:
            model.answer(choice)
        except PredictError as error:  # a key or click that is no answer: say so, change nothing
            self.verdict.value = f'<div class="sdk-verdict sdk-wrong">{escape(str(error))}</div>'

    def act(self, key: str) -> None:
        """A key from the browser, or a panel button: answer, skip, or go to the next question."""
        model = self.model_ref()
        if model is None:
            return
        question = model.question
        if key == "s":
            model.skip()
        elif key == "n":
            model.next_question()
        elif question is not None and key in question.keys:
            self.answer(question.choices[question.keys.index(key)])
        elif question is not None and question.kind == "cell":
            self.type_cell(key)

    def type_cell(self, key: str) -> None:
        """Two digit keys name a cell, row first, each counted from 1 as the question's words do."""
        if key not in CELL_KEYS:
            return
        if self.row_typed is None:
            self.row_typed = CELL_KEYS.index(key)
            return
        row, self.row_typed = self.row_typed, None
        self.answer((row, CELL_KEYS.index(key)))

    def on_message(self, _: object, content: dict[str, Any], buffers: object = None) -> None:
        """A key or a click on a cell, from the browser."""
        if "cell" in content:
            row, col = content["cell"]
            self.answer((int(row), int(col)))
        elif isinstance(content.get("key"), str):
            self.act(content["key"])
