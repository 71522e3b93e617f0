"""The course's words for people: 1-based cells and units, counts and durations."""

import pytest

from sudoku_lib.words import about_duration, cell_name, format_seconds, number, plural, unit_name


def test_cells_and_units_count_from_one():
    assert cell_name(0, 2) == "row 1, column 3"
    assert unit_name("row", 0) == "row 1"
    assert unit_name("box", 0) == "box 1 (top-left)"
    assert unit_name("box", 4) == "box 5 (centre)"
    assert unit_name("box", 3, size=4) == "box 4"


def test_counts():
    assert number(4208) == "4,208"
    assert plural(1, "node") == "1 node"
    assert plural(33_352, "node") == "33,352 nodes"


@pytest.mark.parametrize(
    ("seconds", "words"),
    [(0.2, "about 1 second"), (42, "about 42 seconds"), (75, "about 1 minute"),
     (844.96, "about 14 minutes"), (1636, "about 27 minutes"), (7200, "about 2 hours"),
     (3 * 86_400, "about 3 days")],
)  # fmt: skip
def test_long_estimates_read_in_human_units(seconds, words):
    assert about_duration(seconds) == words


def test_measured_times_keep_a_decimal_point_for_the_sanitizer():
    assert format_seconds(0.00074) == "740.0 µs"
    assert format_seconds(0.0123) == "12.3 ms"
    assert format_seconds(2.414) == "2.41 s"
