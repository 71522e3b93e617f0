"""The stepper's pictures as HTML: the board, the call stack, and the style sheet for two sizes.

A cell's size grows with JupyterLab's prose, and shrinks only to fit the room its layout leaves
at the window's height and width (so a projector's 1280x800 shows board, caption, Step and Play
together); when a page is narrow the stack moves below the board (the containers wrap). The
current cell, a dead end and a clash differ in shape as well as colour (a solid outline, a dashed
outline with a cross, a double outline with "!"), so a colour-blind viewer and a washed-out
projector tell them apart; each marker has at least 3:1 contrast against the white cell around it
(WCAG's non-text contrast).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from .. import style
from ..board import BLANK, Board, Cell, Digit, flatten, geometry_of
from ..i18n import _, get_language, pgettext
from ..words import picture_text

SIZES = ("default", "large")
"""The stepper's sizes: "default" for a laptop, "large" for a projector."""

CURRENT_EDGE = style.GRID_THICK  # the current cell's outline, over the amber fill
DEAD_EDGE = "#991b1b"  # a dead end: dashed dark-red outline and a cross
CLASH_EDGE = "#5b21b6"  # a clash: double violet outline and "!"
DEAD_FILL = "#fee2e2"
MARKERS = {"current": CURRENT_EDGE, "dead end": DEAD_EDGE, "clash": CLASH_EDGE}
"""Each marker's colour, checked by a test for 3:1 contrast against the white background."""

# (cell px, digit px, pencil-mark px, text px) per size, for 9x9 boards; 4x4 and 16x16 scale.
METRICS = {"default": (40, 22, 11, 15), "large": (54, 30, 15, 20)}
SCALE = {4: (1.2, 1.2, 1.2), 9: (1.0, 1.0, 1.0), 16: (0.85, 0.75, 0.65)}


@dataclass(frozen=True)
class Marks:
    """The cells a picture marks: where the search is, a dead end, cells that clash."""

    current: Cell | None = None
    dead_end: Cell | None = None
    clashes: frozenset[Cell] = field(default_factory=frozenset)


def luminance(colour: str) -> float:
    """WCAG's relative luminance of a "#rrggbb" colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    """WCAG's contrast ratio of two colours (1 to 21); markers need at least 3."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def css_string(text: str) -> str:
    """Text as the inside of a CSS string: backslashes and quotes escaped, no line breaks."""
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def check_size(size: str) -> str:
    """`size` if it is one the stepper has, else an error that lists them."""
    if size not in SIZES:
        names = ", ".join(repr(name) for name in SIZES)
        said = _("size must be one of {names}, not {size!r}")
        raise ValueError(said.format(names=names, size=size))
    return size


def board_html(
    board: Board,
    given: dict[Cell, Digit],
    forced: set[Cell] | frozenset[Cell],
    marks: Marks,
    candidates: dict[Cell, list[Digit]],
    data: dict[str, str] | None = None,
) -> str:
    """A board as an HTML table: givens, placed (blue), forced (green), the marks, pencil marks.

    The table carries the cells as `data-board` (and any `data` as more data- attributes), so a
    browser test can read what is drawn without parsing the cells.
    """
    geo = geometry_of(board)
    rows = []
    for r, row in enumerate(board):
        cells = []
        for c, digit in enumerate(row):
            classes = cell_classes((r, c), digit, given, forced, marks)
            if c % geo.box == geo.box - 1 and c != geo.size - 1:
                classes.append("sdk-br")
            if r % geo.box == geo.box - 1 and r != geo.size - 1:
                classes.append("sdk-bb")
            if digit != BLANK:
                content = digit
            elif (r, c) == marks.dead_end:
                said = escape(pgettext("marked on the board", "dead end"))
                content = f'<span class="sdk-x" aria-label="{said}">✕</span>'
            else:
                content = pencil_marks(candidates.get((r, c)), geo.digits, geo.box)
            cells.append(f'<td class="{" ".join(classes)}">{content}</td>')
        rows.append(f"<tr>{''.join(cells)}</tr>")
    about = "".join(f' data-{key}="{escape(value)}"' for key, value in (data or {}).items())
    return (
        f'<table class="sdk-board sdk-n{geo.size}" data-board="{flatten(board)}"{about}>'
        f"{''.join(rows)}</table>"
    )


def cell_classes(
    cell: Cell,
    digit: Digit,
    given: dict[Cell, Digit],
    forced: set[Cell] | frozenset[Cell],
    marks: Marks,
) -> list[str]:
    """The CSS classes of one cell: what kind of digit it holds and which marker it carries."""
    classes = []
    if cell in given:
        classes.append("sdk-g")
    elif cell in forced:
        classes.append("sdk-f")
    elif digit != BLANK:
        classes.append("sdk-p")
    if cell == marks.dead_end:
        classes.append("sdk-dead")
    elif cell == marks.current:
        classes.append("sdk-cur")
    if cell in marks.clashes:
        classes.append("sdk-clash")
    return classes


def pencil_marks(marks: list[Digit] | None, digits: tuple[Digit, ...], box: int) -> str:
    """The candidates of an empty cell as a small grid of grey digits (nothing when None)."""
    if not marks:
        return ""
    spans = "".join(f"<span>{d if d in marks else ''}</span>" for d in digits)
    return f'<div class="sdk-pm sdk-pm{box}">{spans}</div>'


def lang_attribute() -> str:
    """The `lang` of words the stepper shows in Chinese: the browser then picks Simplified glyphs,
    and the style sheet a proportional font (a monospace one has no Chinese, and its wide spaces
    spread a Chinese line apart), with figures of one width so the counters do not jitter."""
    return ' lang="zh-CN"' if get_language() == "zh" else ""


def stack_html(lines: list[str], title: str | None = None) -> str:
    """The stack, top first: the newest line outlined and marked with an arrow; its title is
    "call stack" (in the language chosen) unless another is given."""
    shown = [
        f'<div class="sdk-level{" sdk-top" if i == len(lines) - 1 else ""}">'
        f"{'▶ ' if i == len(lines) - 1 else ''}{escape(line)}</div>"
        for i, line in reversed(list(enumerate(lines)))
    ]
    empty = escape(_("(empty: no choice open)"))
    body = "".join(shown) or f'<div class="sdk-level">{empty}</div>'
    heading = escape(_("call stack") if title is None else title)
    return f'<div class="sdk-stack"{lang_attribute()}><b>{heading}</b>{body}</div>'


BESIDE_FROM = {"default": 660, "large": 780}
"""The width (px) from which a stepper puts its controls beside the board: a laptop's notebook,
even with the file browser open, is wider, and its height is what is short. (A container query
cannot read a CSS variable, so this does not grow with Presentation Mode; the grid still holds.)"""

LAB_BARS = "130px"
"""What JupyterLab's bars (menu, tabs, notebook toolbar, status bar) and a cell's margins take of
the window's height: a board is never taller than the rest of the window can show with them."""

AROUND = {
    ("beside", "default"): 9,
    ("beside", "large"): 9,
    ("watch", "default"): 21,
    ("watch", "large"): 21,
    ("pair", "default"): 20.5,
    ("pair", "large"): 22,
}
"""Lines of the stepper's text that each layout shows above and below its board(s) (title,
counters, caption; for a `watch` view and a pair the controls and the stack too): the board
shrinks when the window cannot show it with them, so nothing needs scrolling at 1280x800."""

STACK_HEIGHT = {"default": "7em", "large": "5em"}
"""The stack's fixed height beside the board: it scrolls, so the controls under it never move."""


def room(width: str, layout: str, size: str) -> str:
    """The width and height a board may take in a layout: `width` of the nearest container, and
    the window's height less JupyterLab's bars and the layout's lines around the board."""
    height = f"calc(100vh - var(--sdk-bars) - {AROUND[layout, size]} * var(--sdk-text))"
    return f"--sdk-room-w: calc({width} - 8px); --sdk-room-h: {height};"


def beside_rules(size: str) -> str:
    """The layout with the board on the left and the stack and controls on its right, the counters
    and caption below both, chosen when the stepper's own width allows it (a container query), so
    board, caption, Step and Play fit a projector's 800 px height together. The picture's column
    takes at most 62% of the width. A `watch` view's picture (board and call tree) takes the whole
    width instead, its stack and controls side by side below it. The stack has a fixed height, so
    the controls stay where they are as it grows."""
    inner = f".sudoku-stepper.sdk-{size}:not(.sdk-side) > .sdk-layout"
    watch = f"{inner}:has(.sdk-watch)"
    return (
        f"@container sdk-stepper (min-width: {BESIDE_FROM[size]}px) {{"
        f" {inner} {{ display: grid; grid-template-columns: fit-content(62%) minmax(16em, 1fr);"
        ' grid-template-areas: "title title" "board stack" "board buttons" "board play"'
        ' "board slider" "board ." "counters counters" "caption caption" "keys keys";'
        " grid-template-rows: auto auto auto auto auto 1fr auto auto auto;"
        f" column-gap: 16px; align-items: start; {room('62cqi', 'beside', size)} }}"
        f" {inner} > .sdk-board-row {{ display: contents; }}"
        f" {inner} .sdk-title-area {{ grid-area: title; }}"
        f" {inner} .sdk-board-area {{ grid-area: board; }}"
        f" {inner} .sdk-stack-area {{ grid-area: stack; min-width: 0; }}"
        f" {inner} .sdk-stack {{ height: {STACK_HEIGHT[size]}; min-width: 0; }}"
        f" {inner} > .sdk-buttons {{ grid-area: buttons; }}"
        f" {inner} > .sdk-play-row {{ grid-area: play; }}"
        f" {inner} > .sdk-slider {{ grid-area: slider; }}"
        f" {inner} > .sdk-controller {{ grid-area: keys; }}"
        f" {inner} > .sdk-counters-area {{ grid-area: counters; }}"
        f" {inner} > .sdk-caption-area {{ grid-area: caption; }}"
        f" {watch} {{ grid-template-columns: minmax(12em, 1fr) minmax(16em, 1fr);"
        ' grid-template-areas: "title title" "board board" "stack buttons" "stack play"'
        ' "stack slider" "counters counters" "caption caption" "keys keys";'
        f" grid-template-rows: auto; {room('50cqi', 'watch', size)} }}"
        f" {watch} .sdk-stack {{ height: 6em; }} }}"
    )


def scaled(px: float) -> str:
    """A length of `px` pixels at JupyterLab's usual 14 px prose, growing with the prose.

    `--sdk-unit` follows `--jp-content-font-size1`, which JupyterLab's Presentation Mode and its
    content font-size setting change, so the stepper scales with the words around it.
    """
    return f"calc({px:g} * var(--sdk-unit))"


UI = {"default": 13, "large": 16}
"""The buttons' and menus' text (px at JupyterLab's usual 14 px prose), growing with the prose."""


def size_rules(size: str) -> str:
    """The CSS for one size: a cell's size grows with the prose up to the room the layout has
    (`--sdk-cell`); digits and pencil marks keep their share of it. Cells never squash below
    that: a narrow page wraps instead."""
    cell, digit, mark, text = METRICS[size]
    root = f".sudoku-stepper.sdk-{size}, .sudoku-side-by-side.sdk-{size}"
    rules = [
        f"{root} {{ --sdk-text: {scaled(text)}; --sdk-ui: {scaled(UI[size])}; }}",
        f".sudoku-side-by-side.sdk-{size} .sdk-layout {{ {room('50cqi - 16px', 'pair', size)} }}",
    ]
    for n, (cell_k, digit_k, mark_k) in SCALE.items():
        px = round(cell * cell_k)
        fits = f"calc(var(--sdk-room-w) / {n}), calc(var(--sdk-room-h) / {n})"
        rules.append(
            f".sdk-{size} .sdk-n{n} {{ --sdk-cell: min({scaled(px)}, {fits});"
            f" width: calc({n} * var(--sdk-cell) + 4px); }}"
            f" .sdk-{size} .sdk-n{n} td {{ width: var(--sdk-cell); min-width: var(--sdk-cell);"
            f" max-width: var(--sdk-cell); height: var(--sdk-cell);"
            f" font-size: calc({round(digit * digit_k) / px:.3f} * var(--sdk-cell)); }}"
            f" .sdk-{size} .sdk-n{n} .sdk-pm"
            f" {{ font-size: calc({round(mark * mark_k) / px:.3f} * var(--sdk-cell)); }}"
        )
    return "\n".join(rules)


STYLE = f"""<style>
.sudoku-stepper, .sudoku-side-by-side {{
  --sdk-unit: calc(var(--jp-content-font-size1, 14px) / 14); --sdk-bars: 0px;
  --sdk-tree: calc(13 / 12 * var(--sdk-unit)); }}
.jp-Notebook .sudoku-stepper, .jp-Notebook .sudoku-side-by-side {{ --sdk-bars: {LAB_BARS}; }}
.sdk-layout {{ {room("100cqi", "beside", "default")} }}
.sdk-board {{ border-collapse: collapse; border: 2px solid {style.GRID_THICK};
  background: {style.BACKGROUND}; font-family: sans-serif; margin: 2px; table-layout: fixed; }}
.sdk-board td {{ border: 1px solid {style.GRID_THIN}; text-align: center; vertical-align: middle;
  padding: 0; color: {style.GRID_THICK}; box-sizing: border-box; overflow: hidden; }}
.sdk-board td.sdk-br {{ border-right: 2px solid {style.GRID_THICK}; }}
.sdk-board td.sdk-bb {{ border-bottom: 2px solid {style.GRID_THICK}; }}
.sdk-board td.sdk-g {{ color: {style.GIVEN}; font-weight: bold; }}
.sdk-board td.sdk-p {{ color: {style.PLACED}; }}
.sdk-board td.sdk-f {{ color: {style.FORCED}; font-style: italic; }}
.sdk-board td.sdk-cur {{ background: {style.CURRENT}; box-shadow: inset 0 0 0 3px {CURRENT_EDGE};
  }}
.sdk-board td.sdk-dead {{ background: {DEAD_FILL}; outline: 3px dashed {DEAD_EDGE};
  outline-offset: -4px; color: {DEAD_EDGE}; font-weight: bold; }}
.sdk-board td.sdk-clash {{ box-shadow: inset 0 0 0 4px {CLASH_EDGE}, inset 0 0 0 6px #fff,
  inset 0 0 0 8px {CLASH_EDGE}; }}
.sdk-board td.sdk-clash::after {{ content: "!"; color: {CLASH_EDGE}; font-weight: bold;
  font-size: 60%; vertical-align: super; }}
.sdk-pm {{ display: grid; line-height: 1.05; color: {style.CANDIDATE}; }}
.sdk-pm2 {{ grid-template-columns: repeat(2, 1fr); }}
.sdk-pm3 {{ grid-template-columns: repeat(3, 1fr); }}
.sdk-pm4 {{ grid-template-columns: repeat(4, 1fr); }}
.sdk-hide-marks .sdk-pm {{ display: none; }}
.sdk-stack {{ font-family: monospace; font-size: var(--sdk-text); max-height: 20em;
  overflow-y: auto; min-width: 14em; padding: 0 6px; }}
.sdk-level.sdk-top {{ font-weight: bold; outline: 2px solid {CURRENT_EDGE};
  background: {style.CURRENT}; }}
.sdk-caption, .sdk-title {{ font-size: calc(var(--sdk-text) + 2px); }}
.sdk-caption, .sdk-counters {{ min-height: 2.7em; }}
.sdk-counters, .sdk-keys, .sdk-note {{ font-size: var(--sdk-text); }}
.sdk-counters {{ font-family: monospace; }}
.sdk-stack:lang(zh), .sdk-counters:lang(zh) {{ font-family: sans-serif;
  font-variant-numeric: tabular-nums; }}
.sdk-keys {{ color: #4b5563; }}
.sdk-busy, .sdk-busy * {{ cursor: progress !important; }}
.sudoku-stepper.jupyter-widgets-disconnected::after,
.sudoku-side-by-side.jupyter-widgets-disconnected::after {{
  order: -1; display: block;
  font-size: var(--sdk-text); color: #7a0000; background: #fff0f0;
  border-left: 6px solid #b00000; padding: 6px 10px; margin-bottom: 6px; }}
.sudoku-side-by-side .sudoku-stepper.jupyter-widgets-disconnected::after {{ content: none; }}
.sudoku-stepper:focus-within {{ outline: 2px solid {style.PLACED}; outline-offset: 2px; }}
.sudoku-stepper:not(.sdk-side) {{ container: sdk-stepper / inline-size; }}
{size_rules("default")}
{size_rules("large")}
{beside_rules("default")}
{beside_rules("large")}
.sdk-buttons, .sdk-play-row, .sdk-slider {{ font-size: var(--sdk-ui); }}
.sdk-buttons .widget-button, .sdk-play-row .widget-button, .sdk-play-row .widget-label,
.sdk-play-row select, .sdk-play-row input, .sdk-slider .widget-label,
.sdk-slider .widget-readout {{ font-size: inherit; height: auto; min-height: 2.15em; }}
.sdk-play-row .widget-inline-hbox, .sdk-slider.widget-inline-hbox {{ height: auto; }}
.sdk-watch {{ display: flex; gap: 1em; align-items: stretch; }}
.sdk-watch-board {{ flex: none; }}
.sdk-watch-tree {{ flex: 1 1 0; min-width: 10em; position: relative; overflow: hidden;
  min-height: min({scaled(300)}, var(--sdk-room-h)); }}
.sdk-watch-tree > .sdk-calltree {{ position: absolute; left: 50%; top: 0; max-width: none;
  transform: translateX(-50%); width: calc(640 * var(--sdk-tree));
  height: calc(400 * var(--sdk-tree)); }}
.sudoku-side-by-side {{ container: sdk-pair / inline-size; }}
.sudoku-side-by-side > .sdk-pair {{ order: 1; }}
.sudoku-side-by-side > .sdk-controller {{ order: 2; }}
.sudoku-side-by-side .sdk-pair {{ gap: 16px; }}
.sudoku-side-by-side.widget-vbox {{ flex-flow: row wrap; align-items: center; column-gap: 8px; }}
.sudoku-side-by-side > .sdk-pair, .sudoku-side-by-side > .sdk-controller {{ flex: 1 0 100%; }}
.sudoku-side-by-side > .sdk-play-row {{ display: contents; }}
.sudoku-side-by-side > .sdk-slider {{ flex: 1 1 16em; width: auto !important; }}
.sudoku-side-by-side .sdk-stack {{ height: 5.5em; }}
.sdk-layout .widget-html-content {{ line-height: 1.35; }}
.sdk-layout .sdk-board-area {{ max-width: 100%; min-width: 0; overflow-x: auto; }}
.sdk-layout .sdk-title-area, .sdk-layout .sdk-caption-area {{ margin: 4px 0; }}
.sudoku-side-by-side .sudoku-stepper {{ flex: 1 1 0; min-width: min-content; }}
.sudoku-side-by-side .sdk-stack-area {{ flex: 1 0 100% !important; }}
</style>"""
"""The stepper's style sheet, the same in every language (`stylesheet()` adds the words)."""


def stylesheet() -> str:
    """STYLE with the words a widget shows once its kernel has restarted, in the language chosen
    now (looked up when a stepper is drawn, not when this module is imported)."""
    words = css_string(picture_text("kernel restarted"))
    restarted = (
        ".sudoku-stepper.jupyter-widgets-disconnected::after,\n"
        ".sudoku-side-by-side.jupyter-widgets-disconnected::after"
        f' {{ content: "{words}"; }}'
    )
    return STYLE.replace("</style>", f"{restarted}\n</style>")
