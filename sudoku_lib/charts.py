"""Charts of measured effort, as notebooks call them: strategies side by side, distributions,
heavy tails, clues vs effort, and the summary table.

The charts are drawn by matplotlib (`sudoku_lib.plots`), imported only when a chart is drawn (the
one way the two modules meet: `plots` needs nothing of this module's), so a
browser's Python (JupyterLite's Pyodide) has no matplotlib, and there each chart says so in one
line and returns None, so the rest of the notebook runs. Each chart comes back as a `Chart`,
which shows itself once as the cell's result (a sharp PNG); `title=` replaces `plt.title(...)`,
so no notebook imports matplotlib itself. The summary table is HTML and needs no matplotlib.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from io import BytesIO
from typing import TYPE_CHECKING

from .fonts import use_chinese_font
from .i18n import get_language
from .measure import Record, Results, count_text, format_summaries, summary
from .stats import format_seconds
from .style import series_colours as series_colours  # where notebooks have called them
from .style import set_colours as set_colours
from .words import picture_text

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

DPI = 100
"""Pixels per inch a chart is shown at; it is drawn at twice that, so it stays sharp on a
high-density screen or zoomed on a projector."""


def matplotlib_ready() -> bool:
    """True when matplotlib (and numpy) can be imported; else say in one line, through the
    catalog, that the chart needs it, so the notebook reads on. A chart drawn in Chinese gets a
    font with Chinese characters first."""
    try:
        import matplotlib  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        print(picture_text("no matplotlib"))
        return False
    if get_language() == "zh":
        use_chinese_font()
    return True


@dataclass(frozen=True, eq=False)
class Chart:
    """A finished chart: shown once as a notebook cell's result, its figure kept for tests and
    for a learner who wants to change it (`chart.figure`, `chart.ax`)."""

    figure: Figure
    label: str

    @property
    def ax(self) -> Axes:
        """The chart's first (often only) axes."""
        return self.figure.axes[0]

    def _repr_png_(self) -> tuple[bytes, dict[str, int]]:
        buffer = BytesIO()
        self.figure.savefig(buffer, format="png", dpi=2 * DPI, bbox_inches="tight")
        data = buffer.getvalue()
        width, height = (int.from_bytes(data[i : i + 4], "big") for i in (16, 20))  # PNG header
        return data, {"width": width // 2, "height": height // 2}

    def __repr__(self) -> str:
        return f"<{self.label}>"


def finish(ax: Axes, title: str | None, label: str | None = None) -> Chart:
    """The chart of these axes, with its title (when given) set above them."""
    if title:
        ax.set_title(title)
    return Chart(ax.figure, label or title or picture_text("chart"))  # type: ignore[arg-type]


def chart_axes(ax: Axes | None, size: tuple[float, float]) -> Axes:
    """The axes given, or a new figure's of `size` inches (matplotlib must be there)."""
    from .plots import axes_or_new

    return axes_or_new(ax, size)


def effort_bars(
    results: Results,
    metric: str = "nodes",
    ax: Axes | None = None,
    colours: Mapping[str, str] | None = None,
    legend: bool = True,
    title: str | None = None,
) -> Chart | None:
    """Horizontal bars, one block per puzzle, one bar per series, on a log scale; every bar is
    named and says its value (see `plots.effort_bars`)."""
    if not matplotlib_ready():
        return None
    from . import plots

    return finish(plots.effort_bars(results, metric, ax, colours, legend), title)


def nodes_and_time(
    results: Results, colours: Mapping[str, str] | None = None, title: str | None = None
) -> Chart | None:
    """Nodes and time side by side for the same searches: the two costs of a strategy."""
    if not matplotlib_ready():
        return None
    from . import plots

    figure = plots.nodes_and_time(results, colours)
    if title:
        figure.suptitle(title)
    return Chart(figure, title or picture_text("chart"))


def effort_histogram(
    results: Results,
    metric: str = "nodes",
    bins: int = 20,
    colours: Mapping[str, str] | None = None,
    title: str | None = None,
) -> Chart | None:
    """How effort is spread over puzzles: one histogram a series, on one log x axis."""
    if not matplotlib_ready():
        return None
    from . import plots

    figure = plots.effort_histogram(results, metric, bins, colours)
    if title:
        figure.suptitle(title)
    return Chart(figure, title or picture_text("chart"))


def heavy_tail(
    results: Results,
    metric: str = "nodes",
    ax: Axes | None = None,
    colours: Mapping[str, str] | None = None,
    title: str | None = None,
) -> Chart | None:
    """The fraction of puzzles needing at least x (a CCDF), log on both axes: a line that falls
    slowly is a heavy tail."""
    if not matplotlib_ready():
        return None
    from . import plots

    return finish(plots.heavy_tail(results, metric, ax, colours), title)


def sorted_effort(
    results: Results,
    metric: str = "nodes",
    ax: Axes | None = None,
    colours: Mapping[str, str] | None = None,
    title: str | None = None,
) -> Chart | None:
    """Every puzzle's effort, hardest first: a few tall bars on the left are the heavy tail."""
    if not matplotlib_ready():
        return None
    from . import plots

    return finish(plots.sorted_effort(results, metric, ax, colours), title)


def clues_vs_effort(
    results: Results,
    metric: str = "nodes",
    ax: Axes | None = None,
    colours: Mapping[str, str] | None = None,
    jitter: float = 0.3,
    title: str | None = None,
) -> Chart | None:
    """One dot per puzzle: its number of givens against what it cost."""
    if not matplotlib_ready():
        return None
    from . import plots

    return finish(plots.clues_vs_effort(results, metric, ax, colours, jitter), title)


@dataclass(frozen=True)
class SummaryTable:
    """Methods down, puzzle sets across: in each cell, puzzles solved, median and largest node
    count, median time. A notebook shows it as an HTML table that fits one screen; its text form
    (what nbval compares, times masked) is the same figures, one line per method and set.

    `results[method][set]` is a list of records, as `measure.measure_sets` returns them.
    """

    results: Mapping[str, Mapping[str, Sequence[Record]]]

    def __repr__(self) -> str:
        return format_summaries(
            {f"{method} · {name}": records for method, sets in self.results.items()
             for name, records in sets.items()}
        )  # fmt: skip

    def _repr_html_(self) -> str:
        sets = list(next(iter(self.results.values())))
        head = "".join(f"<th{CELL_STYLE}>{html.escape(name)}</th>" for name in sets)
        rows = [
            f"<tr><th{CELL_STYLE}>{html.escape(method)}</th>"
            + "".join(f"<td{CELL_STYLE}>{summary_cell(by_set[name])}</td>" for name in sets)
            + "</tr>"
            for method, by_set in self.results.items()
        ]
        return (
            '<table class="sudoku-summary" style="font-size: 13px; line-height: 1.35">'
            f"<thead><tr><th></th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )


CELL_STYLE = (
    ' style="text-align: left; vertical-align: top; padding: 4px 14px; '
    'border-bottom: 1px solid #d1d5db"'
)


def summary_cell(records: Sequence[Record]) -> str:
    """One cell of the summary table: "<b>12/50</b> solved", the node counts, the median time."""
    s = summary(records)
    solved = f"{s['solved']}/{s['puzzles']}"
    shown = solved if s["solved"] == s["puzzles"] else f"<b>{solved}</b>"
    nodes = picture_text(
        "nodes cell", median=count_text(s["median nodes"]), most=count_text(s["max nodes"])
    )
    median_time = picture_text("time cell", time=format_seconds(s["median time"]))
    return f"{picture_text('solved cell', solved=shown)}<br>{nodes}<br>{median_time}"
