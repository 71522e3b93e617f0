"""One palette for the whole course, so a given, a guess or a clash looks the same everywhere.

The colours are Okabe and Ito's colour-blind-safe set ("Color Universal Design", 2008), the one
most journals recommend: its eight colours stay apart for the common kinds of colour blindness.
Colour is never the only sign, though: clashes and dead ends also carry a symbol or an outline,
series in charts carry their names on the chart, and bars have a dark edge, so a washed-out
projector or a grey print still tells them apart.
"""

from collections.abc import Sequence

OKABE_ITO = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
}
"""The published palette, by its authors' names for the colours."""

GIVEN = "#1f2937"  # the puzzle's own digits: near-black, bold
PLACED = OKABE_ITO["blue"]  # digits the search placed by choice
FORCED = OKABE_ITO["bluish green"]  # digits placed by propagation
CURRENT = "#fde68a"  # the cell the search is working on: pale amber fill
CONFLICT = "#fbc4a5"  # cells that break a rule: a pale vermillion fill (with a ✕ and a frame)
CONFLICT_MARK = OKABE_ITO["vermillion"]  # the frames and ✕ marks of a clash
DEAD_END = OKABE_ITO["vermillion"]  # a cell or tree node with no way on (drawn square, with ✕)
CANDIDATE = "#4b5563"  # pencil marks: dark grey (7:1 on white)
GRID_THIN = "#9ca3af"
GRID_THICK = "#111827"
EDGE = "#1f2937"  # the outline of every bar, so pale bars keep their shape
BACKGROUND = "#ffffff"

STRATEGY_COLOURS = {
    "naive": OKABE_ITO["vermillion"],
    "pruned": OKABE_ITO["blue"],
    "classic": OKABE_ITO["orange"],
    "fast": OKABE_ITO["bluish green"],
    "yours": OKABE_ITO["reddish purple"],
}
"""Each method's colour in every chart; a learner's own solver is "yours"."""

SERIES_COLOURS = tuple(
    OKABE_ITO[name]
    for name in ("vermillion", "orange", "reddish purple", "sky blue", "bluish green", "blue")
)
"""Colours for other series in order (the steps of the pruning ladder, puzzle sets): six that
stay distinct for colour-blind viewers, ending in the pruned search's blue (black is kept for
text, yellow is too pale on white)."""


def series_colours(labels: Sequence[str]) -> dict[str, str]:
    """A colour per label: a strategy's own colour from style.py when the label names one; other
    labels (the steps of the pruning ladder) take the colour-blind-safe series colours in order,
    the last of them always the pruned search's blue, so a full ladder ends where "pruned" is."""
    colours = {label: STRATEGY_COLOURS[label] for label in labels if label in STRATEGY_COLOURS}
    others = [label for label in labels if label not in STRATEGY_COLOURS]
    palette = SERIES_COLOURS[-len(others) :] if len(others) <= len(SERIES_COLOURS) else []
    for i, label in enumerate(others):
        colours[label] = palette[i] if palette else SERIES_COLOURS[i % len(SERIES_COLOURS)]
    return colours


def set_colours(labels: Sequence[str]) -> dict[str, str]:
    """Distinct colours for series that are not strategies (puzzle sets), in order."""
    return {label: SERIES_COLOURS[i % len(SERIES_COLOURS)] for i, label in enumerate(labels)}
