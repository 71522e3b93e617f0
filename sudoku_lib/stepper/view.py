"""The stepper's widgets: a view over a timeline model, with buttons, a slider, Play and keys.

The view only draws what the model's `frame()` says and calls the model's methods; it holds the
model through a weak reference, so a stepper that nobody uses any more is freed (and its widgets
closed) even though ipywidgets keeps every open widget in a registry.

Keys and Play come from one small anywidget (`Controller`): plain ipywidgets cannot listen to
keys, and anywidget is a maintained way to ship a few lines of browser code without a build step
(it also runs in Voila and JupyterLite). Its Play asks the kernel for one tick at a time and
waits for the answer, so Play never runs ahead of the kernel, and pausing keeps the place.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any, Protocol

import anywidget
import ipywidgets as widgets
import traitlets

from ..i18n import _, ngettext, pgettext
from ..words import number, picture_text
from .engine import RUN_CAP, whole_steps
from .html import check_size, lang_attribute, stack_html, stylesheet
from .model import Frame, StepperModel
from .predict import Predicting
from .quiz import QuizPanel

SPEEDS = ((1000, 1), (500, 1), (200, 1), (100, 1), (50, 1), (50, 5), (50, 50))
"""Speed choices as (interval in ms, steps per tick): faster than 20 a second, jump further."""


def speed_options() -> list[tuple[str, tuple[int, int]]]:
    """The speed menu's choices, each named by its steps per second in the language chosen."""
    return [
        (
            ngettext("{count} step/s", "{count} steps/s", rate).format(count=number(rate)),
            (interval, steps),
        )
        for interval, steps in SPEEDS
        for rate in [steps * 1000 // interval]
    ]


def keys_hint() -> str:
    """The line under the controls that says which keys work, in the language chosen."""
    return _(
        "Keys, after a click on the stepper: → Step · ← Back · Space Play/Pause · Home first step"
        " · End last step"
    )


class Controller(anywidget.AnyWidget):
    """The browser side of the keys and of Play: a line that says which keys work, a key
    listener on the stepper around it, and Play's clock (one tick, then wait for the kernel)."""

    _esm = Path(__file__).with_name("controller.js")
    hint = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("stepper").tag(sync=True)
    playing = traitlets.Bool(False).tag(sync=True)
    interval = traitlets.Int(100).tag(sync=True)


class Driver(Protocol):
    """What the controls need of a model: one stepper, or two side by side."""

    @property
    def position(self) -> int: ...

    @property
    def known(self) -> int: ...

    @property
    def finished(self) -> bool: ...

    @property
    def at_end(self) -> bool: ...

    note: str

    def goto(self, position: int, cap: int = ...) -> None: ...

    def step(self, n: int = 1) -> None: ...

    def back(self, n: int = 1) -> None: ...

    def first(self) -> None: ...

    def last(self, cap: int = RUN_CAP) -> bool: ...

    def next_dead_end(self, cap: int = RUN_CAP) -> bool: ...

    def to_solution(self, cap: int = RUN_CAP) -> bool: ...


def calling(target: weakref.ref[Any], method: str, *args: object) -> Callable[..., None]:
    """A callback that calls target.method(*args) while the target lives, and does nothing after.

    Widgets live in ipywidgets' registry until closed, so a strong reference from a callback
    would keep a dropped stepper alive for ever.
    """

    def call(*_: object) -> None:
        obj = target()
        if obj is not None:
            getattr(obj, method)(*args)

    return call


def busy_label() -> str:
    """What a button that runs a long search says until the search is back (a hard puzzle's
    "To solution" can take seconds, and a button that looks idle invites a second press)."""
    return picture_text("busy")


def busy_while(call: Callable[..., None]) -> Callable[[widgets.Button], None]:
    """A click handler that shows the button busy (its words, greyed, a progress cursor) while
    `call` runs. ipywidgets sends each change at once, so the browser shows it during the run."""

    def press(control: widgets.Button) -> None:
        label = control.description
        control.description, control.disabled = busy_label(), True
        control.add_class("sdk-busy")
        try:
            call()
        finally:
            control.description, control.disabled = label, False
            control.remove_class("sdk-busy")

    return press


def button(
    name: str, label: str, tooltip: str, on_click: Callable[..., None], icon: str = ""
) -> widgets.Button:
    """A button labelled `label`, whose tooltip starts with that label; `name` (English, as in
    the code) gives it its class, `sdk-step` for "Step", which the browser tests look for."""
    control = widgets.Button(
        description=label,
        icon=icon,
        tooltip=_("{label}: {tooltip}").format(label=label, tooltip=tooltip),
        layout=widgets.Layout(width="auto"),
    )
    control.add_class(f"sdk-{name.lower().replace(' ', '-')}")
    control.on_click(on_click)
    return control


class Controls:
    """Buttons, Play with its speed, a slider over the known steps, and a box to jump: the
    timeline controls of one stepper or of a side-by-side pair, all calling the driver."""

    def __init__(self, driver: Driver, label: str, both: bool = False) -> None:
        ref = weakref.ref(driver)
        self.driver_ref = ref
        self.buttons = widgets.HBox(
            [
                button(
                    "First",
                    _("First"),
                    _("both back to the puzzle as given (Home)")
                    if both
                    else _("back to the puzzle as given (Home)"),
                    calling(ref, "first"),
                    "fast-backward",
                ),
                button(
                    "Back",
                    _("Back"),
                    _("both one step back (←)") if both else _("one step back (←)"),
                    calling(ref, "back"),
                    "step-backward",
                ),
                button(
                    "Step",
                    _("Step"),
                    _("both one step forward (→)") if both else _("one step forward (→)"),
                    calling(ref, "step"),
                    "step-forward",
                ),
                button(
                    "Next dead end",
                    _("Next dead end"),
                    _("run until a search finds nothing to try and must back up"),
                    busy_while(calling(ref, "next_dead_end")),
                ),
                button(
                    "To solution",
                    _("To solution"),
                    _("run both until the board is solved")
                    if both
                    else _("run until the board is solved"),
                    busy_while(calling(ref, "to_solution")),
                ),
                button(
                    "Last",
                    _("Run to end"),
                    _("the last step, at most {count} steps on (End)").format(
                        count=number(RUN_CAP)
                    ),
                    busy_while(calling(ref, "last")),
                    "fast-forward",
                ),
            ],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        self.buttons.add_class("sdk-buttons")
        self.controller = Controller(label=label, hint=keys_hint())
        self.controller.on_msg(calling_with_message(weakref.ref(self)))
        self.play = button(
            "Play",
            _("Play"),
            _("step on its own at the chosen speed; press again to pause (Space)"),
            lambda _: self.toggle_play(),
            "play",
        )
        self.speed = widgets.Dropdown(
            style={"description_width": "initial"},
            options=speed_options(),
            value=SPEEDS[3],
            description=_("Speed"),
            tooltip=_("Speed: how fast Play steps"),
        )
        self.speed.observe(lambda change: self.set_speed(*change["new"]), names="value")
        self.steps_per_tick = 1
        self.jump_box = widgets.IntText(
            style={"description_width": "initial"},
            value=0,
            description=_("Go to step"),
            tooltip=_("Go to step: type a step number and press Enter"),
            continuous_update=False,
            layout=widgets.Layout(width="14em"),
        )
        self.jump_box.add_class("sdk-jump")
        self.jump_box.observe(lambda change: self.jump(change["new"]), names="value")
        self.slider = widgets.IntSlider(
            style={"description_width": "initial"},
            value=0,
            min=0,
            max=max(1, driver.known),
            description=pgettext("slider", "Step"),
            tooltip=_("Step: drag to any step recorded so far"),
            continuous_update=True,
            layout=widgets.Layout(width="100%"),
        )
        self.slider.add_class("sdk-slider")
        self.slider.observe(lambda change: self.jump(change["new"]), names="value")
        play_row = widgets.HBox(
            [self.play, self.speed, self.jump_box], layout=widgets.Layout(flex_flow="row wrap")
        )
        play_row.add_class("sdk-play-row")
        self.controller.add_class("sdk-controller")
        self.widgets: tuple[widgets.Widget, ...] = (
            self.buttons,
            play_row,
            self.slider,
            self.controller,
        )

    def handle(self, content: dict[str, Any]) -> None:
        """A key or one tick of Play from the browser."""
        driver = self.driver_ref()
        if driver is None:
            return
        key = content.get("key")
        if key == "tick":
            driver.step(self.steps_per_tick)
            if driver.at_end:
                self.controller.playing = False
                self.show_play()
            self.controller.send({"ticked": True})
        elif key == "play":
            self.toggle_play()
        elif key in ("step", "back", "first", "last"):
            getattr(driver, key)()

    def toggle_play(self) -> None:
        """Start Play, or pause it where it is."""
        self.controller.playing = not self.controller.playing
        self.show_play()

    def show_play(self) -> None:
        """Play's button says what pressing it will do."""
        playing = self.controller.playing
        self.play.description = _("Pause") if playing else _("Play")
        self.play.icon = "pause" if playing else "play"

    def set_speed(self, interval: int, steps: int) -> None:
        """Play every `interval` ms, `steps` steps at a time."""
        self.controller.interval = interval
        self.steps_per_tick = steps

    def jump(self, value: object) -> None:
        """Go where the slider or the box says, unless it only followed the stepper there.

        The box may ask for any step; one jump goes at most RUN_CAP steps past the known ones.
        """
        driver = self.driver_ref()
        if driver is None or value == driver.position:
            return
        driver.goto(whole_steps(value, "step"), cap=RUN_CAP)

    def follow(self, driver: Driver) -> None:
        """Move the slider and the box to the position; the slider's range grows with the steps."""
        position = driver.position
        reach = max(1, driver.known, position)
        if self.slider.max != reach:
            self.slider.max = reach
        if self.slider.value != position:
            self.slider.value = position
        if self.jump_box.value != position:
            self.jump_box.value = position

    def close(self) -> None:
        """Close every widget of the controls."""
        for widget in self.widgets:
            close_tree(widget)


def calling_with_message(target: weakref.ref[Controls]) -> Callable[..., None]:
    """The controller's message handler, holding the controls weakly."""

    def on_message(_: object, content: dict[str, Any], buffers: object = None) -> None:
        controls = target()
        if controls is not None:
            controls.handle(content)

    return on_message


def close_tree(widget: widgets.Widget) -> None:
    """Close a widget and everything inside it (ipywidgets keeps them all until closed)."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    layout = getattr(widget, "layout", None)
    style = getattr(widget, "style", None)
    widget.close()
    for part in (layout, style):
        if isinstance(part, widgets.Widget):
            part.close()


class KeepWhileShown:
    """Keeps a stepper alive from the moment it is displayed until the browser shows no view of
    it any more (the cell cleared or run again), so `display(Stepper(...))` works with no name
    kept, while a stepper that was never shown, or is shown no longer, is freed once dropped.

    ipywidgets counts a widget's views in the browser when `_view_count` starts at 0.
    """

    def __init__(self, widget: widgets.Widget) -> None:
        self.kept: object = None
        widget._view_count = 0
        widget.observe(self.views_changed, names="_view_count")

    def shown(self, owner: object) -> None:
        """The owner is being displayed: keep it."""
        self.kept = owner

    def views_changed(self, change: dict[str, Any]) -> None:
        """No view left in the browser: let the owner go."""
        if not change["new"]:
            self.kept = None


class BoardView:
    """The picture of one model: title, board and stack (wrapping), counters, caption."""

    def __init__(self, title: str) -> None:
        self.title = widgets.HTML(
            f'<b class="sdk-title">{escape(title)}</b>{stylesheet()}', tooltip=""
        )
        self.board = widgets.HTML(tooltip="", layout=widgets.Layout(flex="0 0 auto"))
        self.stack = widgets.HTML(tooltip="", layout=widgets.Layout(flex="1 1 14em"))
        self.stack.add_class("sdk-stack-area")
        self.counters = widgets.HTML(tooltip="")
        self.caption = widgets.HTML(tooltip="")
        board_row = widgets.HBox(
            [self.board, self.stack], layout=widgets.Layout(flex_flow="row wrap")
        )
        board_row.add_class("sdk-board-row")
        self.title.add_class("sdk-title-area")
        self.board.add_class("sdk-board-area")
        self.counters.add_class("sdk-counters-area")
        self.caption.add_class("sdk-caption-area")
        self.widgets: tuple[widgets.Widget, ...] = (
            self.title,
            board_row,
            self.counters,
            self.caption,
        )

    def show(self, frame: Frame, note: str, stack_title: str) -> None:
        """Draw one frame."""
        self.board.value = frame.board_html
        self.stack.value = stack_html(frame.stack, stack_title)
        lang = lang_attribute()
        self.counters.value = f'<div class="sdk-counters"{lang}>{escape(frame.counters)}</div>'
        noted = escape(_(" ({note})").format(note=note))  # in Chinese: "（…）", no space
        said = f'<i class="sdk-note">{noted}</i>' if note else ""
        self.caption.value = f'<div class="sdk-caption"{lang}>{escape(frame.caption)}{said}</div>'


class Viewable(Driver, Protocol):
    """A timeline a view can draw: a Stepper's model, or any other with the same few parts."""

    @property
    def title(self) -> str: ...

    @property
    def stack_title(self) -> str: ...

    def frame(self) -> Frame: ...

    def watch(self, callback: Callable[[], None]) -> None: ...


class TimelineView:
    """The widget of one timeline model: its picture, and (unless `controls=False`) the controls.

    It holds the model weakly and closes its widgets when the model is freed.
    """

    def __init__(self, model: Viewable, *, controls: bool = True, size: str = "default") -> None:
        self.model_ref = weakref.ref(model)
        self.render_seconds = 0.0
        self.picture = BoardView(model.title)
        label = _("{title} stepper").format(title=model.title)
        self.controls = Controls(model, label) if controls else None
        parts = self.picture.widgets + (self.controls.widgets if self.controls else ())
        arranged = widgets.VBox(parts)
        arranged.add_class("sdk-layout")  # the stylesheet places the parts by the room there is
        self.quiz = QuizPanel(model) if isinstance(model, Predicting) and model.predict else None
        self.widget = widgets.VBox([arranged, *([self.quiz.widget] if self.quiz else [])])
        self.widget.add_class("sudoku-stepper")
        self.widget.add_class(f"sdk-{check_size(size)}")
        weakref.finalize(model, close_tree, self.widget)
        model.watch(self.render)
        self.render()

    def render(self) -> None:
        """Redraw from the model's frame (timed: see `render_seconds`)."""
        model = self.model_ref()
        if model is None:
            return
        start = time.perf_counter()
        self.picture.show(model.frame(), model.note, model.stack_title)
        if self.controls is not None:
            self.controls.follow(model)
        if self.quiz is not None:
            self.quiz.show()
        self.render_seconds = time.perf_counter() - start


class Stepper(StepperModel):
    """Step through the real search of `method` on `puzzle`, in a widget: `.step()`, `.back()`,
    `.goto(i)` and the rest of StepperModel, with the picture following every move.

    `size="large"` draws for a projector; `controls=False` leaves the buttons out;
    `predict=True` asks before each step that matters (quiz.py draws the questions).
    """

    def __init__(
        self,
        puzzle: object,
        method: str = "naive",
        *,
        pencil_marks: bool | None = None,
        controls: bool = True,
        size: str = "default",
        predict: bool = False,
        **switches: bool,
    ) -> None:
        check_size(size)
        super().__init__(puzzle, method, pencil_marks=pencil_marks, predict=predict, **switches)
        self.size = size
        self.view = TimelineView(self, controls=controls, size=size)
        self.widget = self.view.widget
        self._keeper = KeepWhileShown(self.widget)

    @property
    def render_seconds(self) -> float:
        """How long the last redraw took in the kernel."""
        return self.view.render_seconds

    def render(self) -> None:
        """Redraw the widget."""
        self.view.render()

    def stack_html(self) -> str:
        """The call stack as the widget draws it."""
        return stack_html(self.stack_lines(), self.stack_title)

    def close(self) -> None:
        """Close the widgets now (they close by themselves when the stepper is freed)."""
        close_tree(self.widget)

    def _repr_mimebundle_(self, **kwargs: object) -> dict[str, Any]:
        """Show the widget, with this stepper's repr as the plain-text form."""
        self._keeper.shown(self)
        return widget_bundle(self.widget, repr(self), **kwargs)


def widget_bundle(widget: widgets.Widget, text: str, **kwargs: object) -> dict[str, Any]:
    """A widget's display data with `text` as its plain-text form (cut as ipywidgets cuts)."""
    bundle: dict[str, Any] = widget._repr_mimebundle_(**kwargs) or {}
    bundle["text/plain"] = text if len(text) <= 110 else text[:110] + "…"
    return bundle


class SideBySide:
    """Two steppers on the same puzzle with one timeline: the same step number on both boards
    (a search that has ended stays on its last step), and one set of controls."""

    def __init__(self, left: Stepper, right: Stepper, size: str = "default") -> None:
        self.left, self.right = left, right
        self.note = ""
        self.controls = Controls(self, _("two steppers"), both=True)
        for side in (left, right):
            side.widget.add_class("sdk-side")  # one of a pair: a column, never board-beside-words
        boards = widgets.HBox(
            [left.widget, right.widget], layout=widgets.Layout(flex_flow="row wrap")
        )
        boards.add_class("sdk-pair")  # the gap between the boards is in the stylesheet
        self.widget = widgets.VBox([boards, *self.controls.widgets])
        self.widget.add_class("sudoku-side-by-side")
        self.widget.add_class(f"sdk-{check_size(size)}")
        weakref.finalize(self, close_tree, self.widget)
        self._keeper = KeepWhileShown(self.widget)
        self.controls.follow(self)

    @property
    def sides(self) -> tuple[Stepper, Stepper]:
        """The two steppers, left first."""
        return self.left, self.right

    @property
    def position(self) -> int:
        """The step number showing (the longer search's position)."""
        return max(side.position for side in self.sides)

    @property
    def known(self) -> int:
        """Steps recorded so far by the longer search."""
        return max(side.known for side in self.sides)

    @property
    def finished(self) -> bool:
        """True when both searches have ended."""
        return all(side.finished for side in self.sides)

    @property
    def at_end(self) -> bool:
        """True when both show their last step."""
        return all(side.at_end for side in self.sides)

    def _each(self, move: Callable[[Stepper], object]) -> None:
        """Move both, then let the controls follow."""
        for side in self.sides:
            move(side)
        notes = [side.note for side in self.sides if side.note]
        self.note = notes[0] if notes else ""
        self.controls.follow(self)

    def goto(self, position: int, cap: int = RUN_CAP) -> None:
        """Both to step `position` (a search that ended sooner shows its last step)."""
        target = whole_steps(position, "position")
        self._each(lambda side: side.goto(target, cap))

    def step(self, n: int = 1) -> None:
        """Both n steps forward."""
        self.goto(self.position + whole_steps(n, "n"))

    def back(self, n: int = 1) -> None:
        """Both n steps back."""
        self.goto(self.position - whole_steps(n, "n"))

    def first(self) -> None:
        """Both back to the puzzle as given."""
        self.goto(0)

    def last(self, cap: int = RUN_CAP) -> bool:
        """Both to their last step (each at most `cap` steps on); True when both are there."""
        self._each(lambda side: side.last(cap))
        return self.at_end

    def next_dead_end(self, cap: int = RUN_CAP) -> bool:
        """Both to the next step at which either search is at a dead end; True if one was found."""
        found = [side.find(side.dead_end, cap) for side in self.sides]
        hits = [position for position in found if position is not None]
        self.goto(min(hits) if hits else self.position + cap, cap)
        return bool(hits)

    next_backtrack = next_dead_end

    def to_solution(self, cap: int = RUN_CAP) -> bool:
        """Each runs until its board is solved (at most `cap` steps); True when both are."""
        self._each(lambda side: side.to_solution(cap))
        return all(side.solved for side in self.sides)

    def _repr_mimebundle_(self, **kwargs: object) -> dict[str, Any]:
        """Show the pair, with its repr as the plain-text form."""
        self._keeper.shown(self)
        return widget_bundle(self.widget, repr(self), **kwargs)

    def __repr__(self) -> str:
        return f"<SideBySide {self.left!r} | {self.right!r}>"


def side_by_side(
    puzzle: object,
    left: str | Stepper = "naive",
    right: str | Stepper = "pruned",
    *,
    size: str = "default",
    predict: bool = False,
) -> SideBySide:
    """Two steppers on one puzzle (method names, or steppers made with switches of your own);
    with `predict=True` each asks its own questions, and an answer steps that side alone."""
    check_size(size)
    sides = [
        side
        if isinstance(side, Stepper)
        else Stepper(puzzle, side, controls=False, size=size, predict=predict)
        for side in (left, right)
    ]
    return SideBySide(sides[0], sides[1], size)
