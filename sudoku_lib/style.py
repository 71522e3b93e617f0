"""One palette for the whole course, so a given, a guess or a clash looks the same everywhere."""

GIVEN = "#1f2937"  # the puzzle's own digits: near-black, bold
PLACED = "#2563eb"  # digits the search placed by choice: blue
FORCED = "#15803d"  # digits placed by propagation: green
CURRENT = "#fde68a"  # the cell the search is working on: amber fill
CONFLICT = "#fca5a5"  # cells that break a rule: red fill
DEAD_END = "#f87171"  # a cell with no digit left: stronger red
CANDIDATE = "#6b7280"  # pencil marks: grey
GRID_THIN = "#9ca3af"
GRID_THICK = "#111827"
BACKGROUND = "#ffffff"
STRATEGY_COLOURS = {
    "naive": "#9ca3af",
    "pruned": "#2563eb",
    "classic": "#f59e0b",
    "fast": "#15803d",
}
