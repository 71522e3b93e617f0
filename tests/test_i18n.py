"""The course in Chinese: `set_language("zh")` and `SUDOKU_LANG=zh` make the library's words
Chinese, English stays the default, the catalog is complete and in step with the code, and charts
draw Chinese without missing-glyph boxes."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings

import matplotlib
import pytest
from babel.messages.catalog import Catalog

from sudoku_lib import ArgumentError, charts, get_language, set_language, solve
from sudoku_lib.exact_cover import solve_exact_cover, sudoku_rows
from sudoku_lib.measure import Record
from sudoku_lib.puzzles import SAMPLE
from sudoku_lib.words import (
    about_duration,
    cell_name,
    check_text,
    picture_text,
    plural,
    short_cell_name,
    step_status,
    unit_name,
    watch_text,
)
from tools.catalog import catalog_problems, extract, problems, read_catalog

matplotlib.use("Agg")


@pytest.fixture(autouse=True)
def english_afterwards():
    """The language is the whole process's: every test leaves it English, as it found it."""
    yield
    set_language("en")


def test_english_is_the_default():
    assert get_language() == "en"
    assert cell_name(2, 6) == "row 3, column 7"


def test_chinese_names_cells_and_units_from_one():
    set_language("zh")
    assert cell_name(2, 6) == "第 3 行第 7 列"
    assert unit_name("row", 0) == "第 1 行"
    assert unit_name("column", 8) == "第 9 列"
    assert unit_name("box", 0) == "第 1 宫（左上）"
    assert unit_name("box", 3, size=4) == "第 4 宫"
    assert short_cell_name(0, 2) == "1行3列"


def test_chinese_counts_with_measure_words_and_durations():
    set_language("zh")
    assert plural(4208, "node") == "4,208 个节点"
    assert plural(1, "step") == "1 步"
    assert about_duration(845) == "约 14 分钟"
    assert step_status(4, 12_523, finished=True) == "第 4 步，共 12,523 步"
    assert step_status(52, 52, finished=True) == "第 52 步，共 52 步：搜索已经结束"


def test_chinese_check_watch_and_picture_words():
    set_language("zh")
    passed = check_text("passed", title="格所在的宫", count=4)
    assert passed == "✓ 格所在的宫：全部 4 个用例都通过了。"
    assert check_text("not done", title="格所在的宫", name="box_of").startswith(
        "… 格所在的宫：还没写完。把 `box_of` 里的"
    )
    assert watch_text("call", line=3, name="dfs", args="0") == "第 3 行：调用 dfs(0)"
    assert picture_text("tree dead end") == "死路：下一步什么都放不下"


def test_chinese_exact_cover_names_its_constraints_in_chinese_and_still_solves():
    """Notebook 07 prints a choice's constraints: their kinds are words the learner reads."""
    set_language("zh")
    assert sudoku_rows(9)[(0, 0, "5")] == [
        ("格", 0, 0),
        ("行", 0, "5"),
        ("列", 0, "5"),
        ("宫", 0, "5"),
    ]
    assert solve_exact_cover(SAMPLE) == solve(SAMPLE).solution


def test_switching_back_speaks_english_again():
    set_language("zh")
    set_language("en")
    assert plural(2, "node") == "2 nodes"


@pytest.mark.parametrize("name", ["zh_CN", "zh-CN", "ZH"])
def test_the_usual_ways_of_writing_chinese_are_understood(name):
    set_language(name)
    assert get_language() == "zh"


def test_an_unknown_language_is_named():
    with pytest.raises(ArgumentError, match=r"'fr' is not one the course speaks; choose 'en'"):
        set_language("fr")
    assert get_language() == "en"


def test_the_environment_variable_chooses_chinese_at_import():
    code = "import sudoku_lib.words as w; print(w.cell_name(0, 0))"
    env = {**os.environ, "SUDOKU_LANG": "zh"}
    run = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert run.stdout.strip() == "第 1 行第 1 列"


def test_the_catalog_is_complete_and_in_step_with_the_code():
    assert problems("zh_CN") == []


def test_a_changed_english_message_is_listed_as_missing():
    template = extract()
    changed = Catalog()
    for message in template:
        if message.id:
            changed.add(message.id, context=message.context, locations=message.locations)
    changed.add("a new caption nobody translated", locations=[("sudoku_lib/x.py", 1)])
    found = catalog_problems(read_catalog("zh_CN"), changed)
    assert found == ["missing: 'a new caption nobody translated' (sudoku_lib/x.py:1)"]


def test_a_translation_that_drops_a_blank_is_listed():
    template = Catalog()
    template.add("row {row}, column {column}")
    catalog = Catalog()
    catalog.add("row {row}, column {column}", string="第 {row} 行")
    assert catalog_problems(catalog, template) == ["blanks differ: 'row {row}, column {column}' ()"]


def draw_chinese() -> list[str]:
    """Draw a chart with a Chinese title and axis; the missing-glyph warnings it raised."""
    record = Record("第 1 题", 25, "solved", 4208, 0, 0, 0.01)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        chart = charts.sorted_effort({"剪枝": [record]}, title="搜索树：4,208 个节点")
        assert chart is not None
        chart._repr_png_()
    return [str(w.message) for w in caught if "missing from font" in str(w.message)]


def test_charts_draw_chinese_without_missing_glyphs():
    set_language("zh")
    assert draw_chinese() == []


def test_without_the_cjk_font_the_missing_glyphs_are_caught(monkeypatch):
    """The check above can fail: with matplotlib's own font only, Chinese has no glyphs."""
    set_language("zh")
    monkeypatch.setattr(charts, "use_chinese_font", lambda: None)
    with matplotlib.rc_context({"font.family": ["DejaVu Sans"]}):
        assert draw_chinese()


def test_choosing_chinese_imports_no_matplotlib():
    """A browser's Python has no matplotlib: the language is set without it, pictures drawn too."""
    code = (
        "import sys; from sudoku_lib import set_language; from sudoku_lib.draw import draw_board; "
        "set_language('zh'); draw_board('1.....3..1.....2', title='棋盘'); "
        "print('matplotlib' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_chinese_errors_name_the_place_from_one():
    from sudoku_lib import PuzzleFormatError, parse
    from sudoku_lib.puzzles import SAMPLE

    set_language("zh")
    with pytest.raises(PuzzleFormatError) as caught:
        parse(SAMPLE[:40] + "x" + SAMPLE[41:])
    assert str(caught.value) == (
        "第 5 行第 5 列的字符 'x' 不对（9x9 棋盘使用 1-9，空格用 '.' 或 '0'）"
    )
    assert (caught.value.row, caught.value.column) == (5, 5)


def test_chinese_argument_errors_say_what_was_wanted():
    from sudoku_lib import solve

    set_language("zh")
    with pytest.raises(
        ArgumentError, match=r"^max_nodes 应该是：None 或不小于 0 的整数；收到的是 -1（int 类型）$"
    ):
        solve("." * 81, max_nodes=-1)


def test_the_command_line_speaks_chinese():
    env = {**os.environ, "SUDOKU_LANG": "zh"}
    invalid = "83..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    run = subprocess.run(
        [sys.executable, "-m", "sudoku_lib", "validate", invalid],
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1
    assert run.stdout.splitlines()[:2] == [
        "无效：",
        "  第 1 列里有两个 8（第 1 行第 1 列、第 4 行第 1 列）",
    ]
    short = subprocess.run(
        [sys.executable, "-m", "sudoku_lib", "solve", "..."],
        env=env,
        capture_output=True,
        text=True,
    )
    assert short.returncode == 2
    assert "应该有 16、81 或 256 个格" in short.stderr
