"""Pictures of a stepper or `watch` view for a slide deck, made inside the kernel that runs the
notebook while `make slides` builds its deck.

A live widget cannot run in a deck, and the text a notebook stores for it is one line
(`<Stepper naive: step 0 of ?, 0 placed>`). So the deck builder runs the notebook again, with
`register()` called first: every stepper, pair of steppers and `watch` recording then also gives
IPython an HTML form, which is the frames its widget would draw (the same `Frame.board_html`,
caption and counters, with the stepper's own style sheet) at the steps that matter: the start, the
first few steps, the first dead end, and the end (or the step the cell left it on). In the deck
they are stacked, and each later one is a reveal.js fragment: a click moves one step on.
The model is left at the position the cell left it, so the cells after it run as in the notebook.
"""

from __future__ import annotations

from html import escape
from typing import Any, Protocol

FIRST_STEPS = 3
"""How many single steps from the start the deck shows."""
FAR = 20_000
"""The furthest step a deck goes looking for the first dead end or the end."""


class Timeline(Protocol):
    """What the slides need of a stepper, a pair or a watch recording's model."""

    @property
    def position(self) -> int: ...

    @property
    def known(self) -> int: ...

    @property
    def finished(self) -> bool: ...

    def goto(self, position: int, cap: int = ...) -> None: ...

    def next_dead_end(self, cap: int = ...) -> bool: ...

    def last(self, cap: int = ...) -> bool: ...


def positions(model: Timeline) -> list[int]:
    """The steps worth a picture, in order: 0, 1, 2, 3, the first dead end, where the cell left
    the model, and the end when the search ends within FAR steps."""
    left_at = model.position
    chosen = {0, left_at}
    model.goto(0)
    for _ in range(FIRST_STEPS):
        model.goto(model.position + 1)
        chosen.add(model.position)
    model.goto(0)
    if model.next_dead_end(cap=FAR):
        chosen.add(model.position)
    if model.last(cap=FAR):
        chosen.add(model.position)
    model.goto(left_at)
    return sorted(chosen)


def one_frame(model: Any) -> str:
    """One model's picture at its position: title, board (and call tree), counters, caption."""
    frame = model.frame()
    return (
        f'<div class="sdk-slide-model"><div class="sdk-slide-board">{frame.board_html}</div>'
        f'<div class="sdk-slide-words"><b class="sdk-title">{escape(model.title)}</b>'
        f'<div class="sdk-caption">{escape(frame.caption)}</div>'
        f'<div class="sdk-counters">{escape(frame.counters)}</div></div></div>'
    )


def frames_html(model: Timeline, sides: list[Any], layout: str) -> str:
    """The pictures of `sides` (one model, or a pair's two) at each chosen position, stacked;
    `layout` says where the words go: "beside" the board, or "below" it (a pair, a call tree)."""
    from sudoku_lib.stepper.html import stylesheet

    left_at = model.position
    pictures = []
    for index, position in enumerate(positions(model)):
        model.goto(position)
        kind = "sdk-slide-frame fragment" if index else "sdk-slide-frame"
        pictures.append(f'<div class="{kind}">{"".join(one_frame(m) for m in sides)}</div>')
    model.goto(left_at)
    return (
        f'{stylesheet()}<div class="sudoku-stepper sdk-default sdk-slide-frames sdk-slide-{layout}"'
        f' data-steps="{len(pictures)}">{"".join(pictures)}</div>'
    )


def stepper_html(stepper: Any) -> str:
    """A Stepper (or a StepperModel) as pictures."""
    return frames_html(stepper, [stepper], "beside")


def pair_html(pair: Any) -> str:
    """Two steppers side by side, on one timeline, as pictures."""
    return frames_html(pair, list(pair.sides), "below")


def recording_html(recording: Any) -> str:
    """A `watch` recording as pictures of its replay."""
    return frames_html(recording.model, [recording.model], "below")


def register() -> None:
    """Give steppers, pairs and watch recordings an HTML form in this IPython kernel."""
    from IPython import get_ipython

    from sudoku_lib.stepper.model import StepperModel
    from sudoku_lib.stepper.view import SideBySide
    from sudoku_lib.watch.recording import Recording

    html = get_ipython().display_formatter.formatters["text/html"]
    html.for_type(StepperModel, stepper_html)
    html.for_type(SideBySide, pair_html)
    html.for_type(Recording, recording_html)
