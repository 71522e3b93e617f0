"""Pictures as SVG, shown by Jupyter without matplotlib: the boards, clashes and trees.

A browser's Python (JupyterLite's Pyodide) has no matplotlib, so the pictures the course is about
are written as SVG text and shown inline in HTML: crisp at any zoom (the sizes are a viewBox),
their words selectable, and drawn the same in JupyterLab, Voila and the browser edition. Sizes are
in CSS pixels chosen for a 1280x800 projector; a picture wider than the notebook scrolls sideways
rather than shrinking its text (JupyterLab shrinks an SVG to the cell's width unless its
max-width is lifted, as each picture's style does).

`Drawing` collects the elements of one picture, `Picture` is the finished one (it displays itself
in Jupyter, and its `svg` is plain XML a test can parse), `side_by_side` lays pictures out in a row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape

from . import style
from .words import is_wide

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
FONT_STACK = (
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', "
    "'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'Hiragino Sans GB', "
    "'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Noto Serif CJK SC', sans-serif"
)
"""Latin fonts first, so digits look the same in both languages, then fonts with Chinese
characters that Linux, macOS and Windows ship, so a Chinese title finds its glyphs anywhere."""
TITLE_PX = 18
TEXT_PX = 14
SMALL_PX = 12
"""The smallest text of any picture: still readable from the back of a room on a projector."""
MARGIN = 12
LEGEND_MARK = 18  # pixels across a legend entry's marker
LEGEND_ROW = 30  # pixels from the legend's row to what is drawn below it
WIDE = 1000
"""Pixels: a picture wider than this may scroll in a notebook at 1280x800, so its title starts at
the left, where it is seen, rather than in its middle."""
GAP = 24  # pixels between pictures side by side


def number_text(value: float) -> str:
    """A coordinate as short SVG text: 12, 12.5 (never 12.000000001)."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def text_width(text: str, px: float) -> float:
    """About how wide `text` is drawn at `px`: a Latin character about 0.6 em, a Chinese one (or
    a full-width sign) a whole em. SVG text does not wrap, so a picture is made wide enough."""
    ems = sum(1.0 if is_wide(ch) else 0.6 for ch in text)
    return ems * px


Marker = Callable[["Drawing", float, float], None]
"""Draws a legend entry's marker centred on (x, y)."""


class Drawing:
    """The elements of one picture, in drawing order (later ones on top)."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, tag: str, **attributes: str | float | None) -> None:
        """One empty element (a line, a rect, ...): see `element`."""
        self.element(tag, None, attributes)

    def element(
        self, tag: str, content: str | None, attributes: Mapping[str, str | float | None]
    ) -> None:
        """One element; `class_` is written `class`, other underscores become hyphens, numbers
        are written short, None leaves an attribute out. `content` (text) is escaped."""
        written = []
        for name, value in attributes.items():
            if value is None:
                continue
            key = "class" if name == "class_" else name.replace("_", "-")
            shown = number_text(value) if isinstance(value, float) else str(value)
            written.append(f'{key}="{escape(shown)}"')
        opening = " ".join([tag, *written])
        if content is None:
            self.parts.append(f"<{opening}/>")
        else:
            self.parts.append(f"<{opening}>{escape(content)}</{tag}>")

    def text(
        self, x: float, y: float, content: str, px: float, class_: str | None = None,
        anchor: str = "middle", weight: str | None = None, colour: str = style.GIVEN,
        **attributes: str | float | None,
    ) -> None:  # fmt: skip
        """Text centred on (x, y) vertically (dy of 0.35 em works in every browser, unlike
        dominant-baseline), anchored at its middle, start or end."""
        look: dict[str, str | float | None] = {
            "x": float(x), "y": float(y), "dy": "0.35em", "font_size": number_text(px),
            "text_anchor": anchor, "font_weight": weight, "fill": colour, "class_": class_,
        }  # fmt: skip
        self.element("text", content, {**look, **attributes})

    def raw(self, svg: str) -> None:
        """SVG drawn elsewhere (the stepper's call tree), added as it is."""
        self.parts.append(svg)

    def title(self, lines: Iterable[str], width: float, top: float, centred: bool = True) -> float:
        """Title lines from `top`, centred across `width` (or from the left edge, for a picture
        wide enough to scroll, whose middle is out of sight); returns where the picture goes on."""
        y = top
        x, anchor = (width / 2, "middle") if centred else (MARGIN, "start")
        for line in lines:
            self.text(x, y + TITLE_PX * 0.65, line, TITLE_PX, "title", anchor, weight="600")
            y += TITLE_PX * 1.35
        return y + (6 if y > top else 0)

    def legend(self, entries: Sequence[tuple[Marker, str]], left: float, top: float) -> float:
        """A row of legend entries from (left, top), each a marker and its words, so the legend
        is in sight at the top left however wide the picture; returns the row's right end."""
        x = left
        for marker, words in entries:
            marker(self, x + LEGEND_MARK / 2, top)
            self.text(x + LEGEND_MARK + 6, top, words, TEXT_PX, "legend", anchor="start")
            x += LEGEND_MARK + 6 + text_width(words, TEXT_PX) + 2 * MARGIN
        return x - 2 * MARGIN

    def picture(self, width: float, height: float, label: str) -> Picture:
        """The finished picture, `width` x `height` pixels on a white ground."""
        size = f"{number_text(width)} {number_text(height)}"
        svg = (
            f'<svg xmlns="{SVG_NAMESPACE}" width="{number_text(width)}" '
            f'height="{number_text(height)}" viewBox="0 0 {size}" role="img" '
            f'aria-label="{escape(label)}" font-family="{escape(FONT_STACK)}" '
            f'style="max-width: none">'
            f'<rect x="0" y="0" width="{number_text(width)}" height="{number_text(height)}" '
            f'fill="{style.BACKGROUND}"/>{"".join(self.parts)}</svg>'
        )
        return Picture(svg, label)


def title_lines(title: str | None) -> list[str]:
    """A title's lines (none for no title)."""
    return title.splitlines() if title else []


def titles_width(lines: Iterable[str]) -> float:
    """How wide a picture must be for its title's longest line."""
    return max((text_width(line, TITLE_PX) for line in lines), default=0.0) + 2 * MARGIN


@dataclass(frozen=True)
class Picture:
    """One finished picture: `svg` is its SVG text, `label` says in words what it shows (its
    title), which is what a screen reader and a plain-text output show."""

    svg: str
    label: str

    def _repr_html_(self) -> str:
        return f'<div class="sdk-picture" style="overflow-x: auto">{self.svg}</div>'

    def __repr__(self) -> str:
        return f"<{self.label}>"


@dataclass(frozen=True)
class Row:
    """Pictures side by side, top-aligned; on a narrow screen the next one wraps below rather
    than any of them shrinking."""

    pictures: tuple[Picture, ...]

    def _repr_html_(self) -> str:
        items = "".join(f"<div>{picture.svg}</div>" for picture in self.pictures)
        return (
            f'<div class="sdk-pictures" style="display: flex; flex-wrap: wrap; '
            f'gap: {GAP}px; align-items: flex-start; overflow-x: auto">{items}</div>'
        )

    def __repr__(self) -> str:
        return " ".join(repr(picture) for picture in self.pictures)


def side_by_side(*pictures: Picture) -> Row:
    """Show pictures in one row, left to right: `side_by_side(draw_box_indices(4),
    draw_box_indices(16))`."""
    return Row(pictures)
