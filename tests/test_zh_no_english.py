"""With Chinese chosen, no English sentence reaches the learner: the stepper (its buttons,
tooltips, speeds, keys line, counters, stack and captions, alone, side by side and in predict
mode), `watch` (its summary and its stepper), the app, every check given a wrong answer, the
library's errors and the command line are driven under `set_language("zh")`, and everything they
show is searched for a run of three or more English words.

Code stays English and is allowed: identifiers (`solve_board`, `max_nodes`), text in backticks,
reprs of the learner's own values, and names such as LeetCode or Home/End on a key.
"""

from __future__ import annotations

import ast
import html
import inspect
import io
import os
import re
import subprocess
import sys
import tokenize
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

import sudoku_lib as lib
from sudoku_lib import SudokuError, checks, set_language
from sudoku_lib.exact_cover import count_exact_cover
from sudoku_lib.puzzles import FOUR_BY_FOUR, SAMPLE
from sudoku_lib.queens import solve_queens
from sudoku_lib.timelimit import check_seconds

ENGLISH_RUN = re.compile(r"\b[A-Za-z][a-z]+\b(?:[ ,;:'-]+\b[A-Za-z][a-z]+\b){2,}")
"""Three or more English words in a row ("one step back"): a single word, a key's name or an
identifier with `_` or digits does not match."""
ALLOWED = re.compile(
    r"`[^`]*`|'[^'\n]*'|\{[^}\n]*\}|\b(?:True|False|None)\b|⟵[^<\n]*|抛出了 \w+：[^\n]*"
    r"|<style>.*?</style>|<script>.*?</script>|<[^>]+>",
    re.S,
)
"""Not prose: code in backticks, Python's reprs in single quotes ('back up', a choice's value)
and its constants, a choice of values in braces ({solve,validate}), the learner's own line
after `⟵` in a caption, the message of an exception the learner's code raised (Python's
words), style sheets and scripts, and HTML tags."""


def english_runs(text: str) -> list[str]:
    """Every run of three or more English words in what a learner reads of `text` (HTML or
    plain)."""
    readable = html.unescape(ALLOWED.sub(" ", text))
    return ENGLISH_RUN.findall(readable)


def widget_words(widget: widgets.Widget) -> Iterator[str]:
    """Every word a widget and the widgets inside it show: labels, tooltips, HTML, choices."""
    for attribute in ("description", "tooltip", "value", "placeholder", "hint", "label"):
        value = getattr(widget, attribute, None)
        if isinstance(value, str):
            yield value
    for option in getattr(widget, "options", ()) or ():
        yield str(option[0] if isinstance(option, tuple) else option)
    for child in getattr(widget, "children", ()):
        yield from widget_words(child)


def leaks(texts: Iterator[str] | list[str]) -> list[str]:
    """The English runs found in several texts, each with the text it is in."""
    return [f"{run!r} in {text[:200]!r}" for text in texts for run in english_runs(text)]


@pytest.fixture(autouse=True)
def chinese():
    """Every test here speaks Chinese, and leaves the process English as it found it."""
    set_language("zh")
    yield
    set_language("en")


def test_the_search_for_english_finds_a_sentence_and_lets_code_and_names_be():
    assert english_runs("第 3 行：one step back (←)") == ["one step back"]
    assert english_runs("<b>run until solved</b>") == ["run until solved"]
    assert (
        english_runs("调用 `solve_board(board, counter)` 之后，按 Home 或 End，在 LeetCode 上")
        == []
    )
    assert english_runs("<style>.sdk-board td { border: 1px solid #333; }</style>棋盘") == []


def stepper_words(stepper: Any, moves: list[Callable[[], object]]) -> Iterator[str]:
    """What a stepper's widget shows before and after each move."""
    yield from widget_words(stepper.widget)
    for move in moves:
        move()
        yield from widget_words(stepper.widget)
    yield repr(stepper)


def test_the_stepper_speaks_chinese_at_every_button():
    from sudoku_lib.stepper import Stepper

    stepper = Stepper(SAMPLE, "naive")
    moves = [stepper.step, stepper.next_dead_end, stepper.back, stepper.to_solution, stepper.first]
    assert leaks(stepper_words(stepper, moves)) == []
    play = next(b for b in stepper.view.controls.buttons.children if "sdk-first" in b._dom_classes)
    stepper.view.controls.play.click()  # Play says Pause while it plays
    assert leaks(widget_words(stepper.view.controls.play)) == []
    play.click()


def test_the_pruned_stepper_with_switches_off_and_side_by_side_speak_chinese():
    from sudoku_lib.stepper import Stepper, side_by_side

    pruned = Stepper(SAMPLE, "pruned", hidden_singles=False, pencil_marks=True)
    assert leaks(stepper_words(pruned, [pruned.step, pruned.last])) == []
    pair = side_by_side(SAMPLE)
    assert leaks(stepper_words(pair, [pair.step, pair.last])) == []


def test_the_stepper_in_predict_mode_speaks_chinese_right_and_wrong():
    from sudoku_lib.stepper import Stepper

    stepper = Stepper(FOUR_BY_FOUR, "naive", predict=True)
    texts = list(widget_words(stepper.widget))
    for turn in range(6):
        assert stepper.next_question()
        question = stepper.question
        assert question is not None
        choice = question.choices[turn % len(question.choices)]  # right some times, wrong others
        texts.append(str(stepper.answer(choice)))
        texts.extend(widget_words(stepper.widget))
    texts.append(repr(stepper.score))
    assert leaks(texts) == []


def test_watch_speaks_chinese_in_its_summary_and_its_stepper():
    from sudoku_lib import parse
    from sudoku_lib.watch import find_missing_undo, watch
    from tests.learner_functions import permute
    from tests.test_watch import solve_board

    for recording in (
        watch(solve_board, parse(FOUR_BY_FOUR), {"placed": 0}),
        watch(permute, [1, 2, 3]),
        watch(permute, [1, 2, 3], predict=True),
    ):
        widget = recording.stepper()
        texts = [repr(recording), *widget_words(widget)]
        for _ in range(8):
            recording.step(3)
            texts.extend(widget_words(widget))
        recording.model.last()
        texts.extend(widget_words(widget))
        assert leaks(texts) == [], recording.name
    missing = find_missing_undo(watch(permute, [1, 2, 3], False))
    assert missing is not None and leaks([str(missing)]) == []


def test_watch_of_a_function_that_raises_says_so_in_chinese():
    from sudoku_lib.watch import watch

    def dig(depth):
        if depth == 3:
            raise ValueError("deep enough")
        return dig(depth + 1)

    recording = watch(dig, 0)
    recording.model.last()
    texts = [repr(recording), recording.error or "", *widget_words(recording.stepper())]
    assert leaks(texts) == []


def test_the_app_speaks_chinese():
    from sudoku_lib.app import stepper_app

    app = stepper_app()
    texts = list(widget_words(app))
    texts.extend(widget_words(stepper_app(source="pasted", text="12")))
    assert leaks(texts) == []


def answer_nothing(*args: object, **kwargs: object) -> None:
    """A learner's function that is not written yet: it returns None."""


def answer_raising(*args: object, **kwargs: object) -> object:
    """A learner's function that fails at once (with no words: Python's own would be English)."""
    raise IndexError(0)


CHECKS = sorted(
    name for name in checks.__all__ if name.startswith("check_") and name != "check_cases"
)


@pytest.mark.parametrize("name", CHECKS)
@pytest.mark.parametrize("answer", [answer_nothing, answer_raising], ids=["none", "raises"])
def test_every_check_speaks_chinese_to_a_wrong_answer(name: str, answer: Callable[..., Any]):
    check = getattr(checks, name)
    report = check(answer) if inspect.signature(check).parameters else check()
    assert not report.passed
    texts = [repr(report)]
    if hasattr(report, "_repr_html_"):
        texts.append(report._repr_html_())
    assert leaks(texts) == []


def test_the_wrong_answers_of_issue_17_are_told_in_chinese():
    from tests import learner_wrong_answers
    from tests.test_checks_wrong_answers import WRONG

    kept = dict(vars(learner_wrong_answers))  # some count in globals: leave them as found
    found = []
    try:
        for check, wrong, _ in WRONG:
            report = check(wrong)
            assert not report.passed
            found.extend(leaks([repr(report)]))
    finally:
        vars(learner_wrong_answers).update(kept)
    assert found == []


SHARED_ROWS = [["."] * 9] * 9


@pytest.mark.parametrize(
    "call",
    [
        lambda: lib.parse("12"),
        lambda: lib.parse(SAMPLE[:40] + "x" + SAMPLE[41:]),
        lambda: lib.solve(SAMPLE, max_nodes=-1),
        lambda: lib.solve(SAMPLE, method="clever"),
        lambda: lib.solve("11" + "." * 79),
        lambda: lib.count_solutions("." * 81, limit=0),
        lambda: lib.solve_sudoku(SHARED_ROWS),
        lambda: lib.solve_sudoku(SAMPLE),
        lambda: lib.watch(42),
        lambda: lib.watch(print, max_steps=0),
        lambda: lib.Stepper(SAMPLE).goto(1.5),
        lambda: lib.Stepper(SAMPLE, size="huge"),
        lambda: count_exact_cover("." * 81, limit=10, max_nodes=5),
        lambda: solve_queens(0),
        lambda: check_seconds(-1),
        lambda: lib.set_language("fr"),
    ],
    ids=[
        "short",
        "bad character",
        "negative bound",
        "unknown method",
        "clash",
        "limit",
        "shared rows",
        "not a list",
        "watch no function",
        "watch no steps",
        "half a step",
        "stepper size",
        "exact cover gave up",
        "no queens",
        "negative time",
        "unknown language",
    ],
)
def test_library_errors_speak_chinese(call: Callable[[], object]):
    with pytest.raises((SudokuError, ValueError, TypeError)) as caught:
        call()
    assert leaks([str(caught.value)]) == []


def command_line(*arguments: str) -> subprocess.CompletedProcess[str]:
    """`python -m sudoku_lib ...` with SUDOKU_LANG=zh."""
    env = {**os.environ, "SUDOKU_LANG": "zh"}
    return subprocess.run(
        [sys.executable, "-m", "sudoku_lib", *arguments],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "arguments",
    [
        ["--help"],
        ["solve", "--help"],
        ["validate", "--help"],
        [],
        ["dance"],
        ["solve"],
        ["solve", "12"],
        ["solve", SAMPLE, "--method", "clever"],
        ["solve", SAMPLE],
        ["validate", SAMPLE],
        ["bench", "--quick", "--sets", "easy50", "--methods", "fast", "--repeat", "1"],
    ],
    ids=lambda arguments: " ".join(arguments)[:30] or "no arguments",
)
def test_the_command_line_speaks_chinese(arguments: list[str]):
    run = command_line(*arguments)
    assert re.search(r"[\u4e00-\u9fff]", run.stdout + run.stderr), run
    assert leaks([run.stdout, run.stderr]) == []


def test_the_tables_speak_chinese_and_their_columns_line_up():
    from sudoku_lib.measure import format_records, measure, shown_width

    table = format_records({"naive": measure([FOUR_BY_FOUR], "naive")})
    header, rule, row = table.splitlines()
    assert leaks([header]) == [] and "节点数" in header
    assert shown_width(header) == len(rule)  # a Chinese title is two columns wide
    assert header.index("节点数") < header.index("推出")
    forced_ends = shown_width(header[: header.index("推出") + 2])  # right-aligned: ends line up
    assert forced_ends == shown_width(row[: row.index(" 0 ") + 2])


def axes_words(ax: Any) -> list[str]:
    """Every word a matplotlib chart shows: title, axis labels, tick labels, texts, legend."""
    words = [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
    words += [label.get_text() for label in ax.get_xticklabels() + ax.get_yticklabels()]
    words += [text.get_text() for text in ax.texts]
    legend = ax.get_legend()
    words += [text.get_text() for text in legend.get_texts()] if legend else []
    return words


def picture_words(svg: str) -> list[str]:
    """Every word an SVG picture shows: the text of each of its text elements."""
    from xml.etree import ElementTree

    return [
        "".join(node.itertext())
        for node in ElementTree.fromstring(svg).iter()
        if node.tag.endswith("text")
    ]


def test_the_call_tree_and_the_pruning_chart_speak_chinese():
    import matplotlib.pyplot as plt

    from sudoku_lib.template import measure_pruning
    from sudoku_lib.tree_figures import draw_call_tree, draw_pruning_gains
    from sudoku_lib.watch import watch
    from tests.learner_functions import permute

    gains = draw_pruning_gains(measure_pruning())
    tree = draw_call_tree(watch(permute, [1, 2, 3]))
    assert gains is not None
    words = axes_words(gains.ax) + picture_words(tree.svg)
    plt.close("all")
    assert leaks(words) == []
    assert "47 全排列 II" in words  # LeetCode CN's own title


LOOKUPS = {
    *("_", "pgettext", "ngettext", "plural", "status_text", "method_label", "switch_label"),
    *("check_text", "picture_text", "watch_text", "predict_text", "cell_name", "unit_name"),
}
"""The functions that look words up in the language chosen."""


def lookups_at_import(source: str) -> list[int]:
    """The lines of a module that look words up outside any function: at import, in whatever
    language was chosen then, so a later `set_language` would not reach them."""
    found = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                continue
            if (
                isinstance(child, ast.Call)
                and isinstance(child.func, ast.Name)
                and child.func.id in LOOKUPS
            ):
                found.append(child.lineno)
            visit(child)

    visit(ast.parse(source))
    return found


def test_words_are_looked_up_when_shown_never_when_a_module_is_imported():
    package = Path(lib.__file__).parent
    found = {
        str(path.relative_to(package)): lines
        for path in sorted(package.rglob("*.py"))
        if (lines := lookups_at_import(path.read_text(encoding="utf-8")))
    }
    assert found == {}
    assert lookups_at_import('TITLE = _("call stack")\ndef f():\n    return _("x")') == [1]


def test_what_make_lab_zh_says_it_built_or_kept_is_chinese():
    from tools.make_student import Action, Outcome, report

    outcomes = [
        Outcome("00_start_here.ipynb", Action.ADDED),
        Outcome("03_backtracking.ipynb", Action.KEPT_OUTDATED),
        Outcome("04_pruning.ipynb", Action.UPDATED),
    ]
    lines = report(outcomes, Path("learner-zh"), "make reset-zh")
    assert lines[0] == "在 learner-zh/ 里建好了 1 本笔记本"
    assert "make reset-zh NB=03" in lines[1]
    assert leaks(lines) == []


# The Chinese notebooks themselves, stored and run: no two English words in a row.

TWO_WORDS = re.compile(r"\b[A-Za-z][a-z]+\b(?:(?:[,;:]? |-|')[A-Za-z][a-z]+\b)+")
"""Two or more English words in a row ("gave up", "fail early"), one space apart: a table's
columns, two spaces or more apart, do not make a sentence."""
NOT_READ = re.compile(
    r'<span lang="en">.*?</span>|```.*?```|`[^`]*`|\{[^}\n]*\}|\b(?:True|False|None)\b'
    r"|<style>.*?</style>|<script>.*?</script>|<[^>]+>|\]\([^)\n]*\)",
    re.S,
)
"""Not prose to a Chinese reader: English marked as such (the glossary's English column, a name,
a title, each in `<span lang="en">`), code (fenced, in backticks, Python's constants), format
placeholders, style sheets, scripts, HTML tags and a link's target. Unlike `ALLOWED`, a string
in quotes is read: 'gave up' in a printed tuple is English a learner must read."""
CHINESE_NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks" / "zh").glob("*.ipynb"))


def english_pairs(text: str) -> list[str]:
    """Each run of two or more English words in what a Chinese reader reads of `text`."""
    return TWO_WORDS.findall(html.unescape(NOT_READ.sub(" ", text)))


def is_code(text: str) -> bool:
    """Whether an output is Python source a notebook printed (03's `place_queens`): it parses and
    defines a function. Its comments and docstring are checked apart (`source_text`)."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return False
    return any(isinstance(node, ast.FunctionDef) for node in tree.body)


def output_texts(cell: Any) -> Iterator[str]:
    """What a code cell's outputs show as text: printed lines, a value's repr, HTML."""
    for output in cell.get("outputs", []):
        if "text" in output:
            yield output["text"]
        data = output.get("data", {})
        shown = data.get("text/html") or data.get("text/markdown") or data.get("text/plain")
        if shown:
            yield shown if isinstance(shown, str) else "".join(shown)


def notebook_english(notebook: Any) -> list[str]:
    """Each English pair in a notebook's text cells and outputs, with its cell's number."""
    found = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "markdown":
            texts = [cell.source]
        else:
            texts = [text for text in output_texts(cell) if not is_code(text)]
        found += [f"cell {index}: {pair!r}" for text in texts for pair in english_pairs(text)]
    return found


def test_the_search_for_english_pairs_reads_quoted_strings_and_skips_what_is_marked():
    assert english_pairs("('top95 #1', 'gave up', 2000)") == ["gave up"]
    assert english_pairs("+ fail early       pruned") == ["fail early"]
    assert english_pairs('<span lang="en">Peter Norvig</span> 的文章') == []
    assert english_pairs("调用 `solve_board(board)`，naive    fast") == []
    assert is_code("def f(x):\n    return x  # one step\n") and not is_code("('a b', 1)")


@pytest.mark.parametrize("path", CHINESE_NOTEBOOKS, ids=lambda path: path.stem[:2])
def test_the_chinese_teachers_notebook_shows_no_english(path: Path):
    """The stored outputs are what the notebook shows when run: nbval runs each one and fails
    when an output differs, so this reads the executed notebook."""
    import nbformat

    assert notebook_english(nbformat.read(path, as_version=4)) == []


@pytest.mark.parametrize("function", ["queens.place_queens", "exact_cover.algorithm_x"])
def test_the_library_code_a_notebook_prints_has_chinese_comments(function: str):
    import importlib

    from sudoku_lib.source import source_text

    module, name = function.split(".")
    shown = source_text(getattr(importlib.import_module(f"sudoku_lib.{module}"), name))
    said = [
        token.string
        for token in tokenize_all(shown)
        if token.type == tokenize.COMMENT or token.string.startswith('"""')
    ]
    assert said and all(re.search(r"[\u4e00-\u9fff]", words) for words in said)
    assert leaks(said) == []


def tokenize_all(source: str) -> list[tokenize.TokenInfo]:
    return list(tokenize.generate_tokens(io.StringIO(source).readline))


def test_every_labelled_widget_has_a_tooltip_not_none():
    """ipywidgets shows a widget's tooltip on its label: None is shown as the word "null"."""
    from ipywidgets.widgets.widget_description import DescriptionWidget

    from sudoku_lib.app import stepper_app
    from sudoku_lib.stepper import Stepper

    def walk(widget: widgets.Widget) -> Iterator[widgets.Widget]:
        yield widget
        for child in getattr(widget, "children", ()):
            yield from walk(child)

    roots = [Stepper(SAMPLE).widget, Stepper(FOUR_BY_FOUR, predict=True).widget, stepper_app()]
    untipped = {
        f"{type(widget).__name__} {getattr(widget, 'description', '')!r}"
        for root in roots
        for widget in walk(root)
        if isinstance(widget, DescriptionWidget) and widget.tooltip is None
    }
    assert untipped == set()


def test_make_reset_zh_reads_3_as_03_and_says_a_wrong_number_in_chinese(capsys):
    from tools.make_student import choose, main

    names = ["00_start_here.ipynb", "03_backtracking.ipynb"]
    assert choose(names, "3") == "03_backtracking.ipynb"
    assert main(["--lang", "zh", "--out", "/nonexistent/never-built", "--reset", "9"]) == 2
    said = capsys.readouterr().err
    assert "没有哪一本笔记本叫 '9'" in said and leaks([said]) == []


def test_the_you_called_line_names_a_lambda_as_the_notebook_named_it(monkeypatch):
    """A check titled in Chinese ("最受约束的格") still shows a call a learner can run."""
    import __main__
    from sudoku_lib.checks import check_most_constrained
    from sudoku_lib.checks.core import call_name

    monkeypatch.setattr(__main__, "most_constrained", lambda board: None, raising=False)
    named = __main__.most_constrained
    assert call_name(named, "f") == "most_constrained"  # the notebook's name for the lambda
    assert call_name(lambda board: None, "most_constrained") == "most_constrained"  # the check's
    for answer in (named, lambda board: None):
        said = repr(check_most_constrained(answer))
        assert "most_constrained(board)" in said and "最受约束的格(board)" not in said


def test_08s_table_of_problems_lines_up_by_display_width():
    """Chinese titles take two columns each: the case column starts at one place in every row."""
    import nbformat

    from sudoku_lib.measure import shown_width

    notebook = nbformat.read(CHINESE_NOTEBOOKS[8], as_version=4)
    table = next(text for cell in notebook.cells for text in output_texts(cell) if "不剪枝" in text)
    header, *rows = table.splitlines()
    column = shown_width(header[: header.index("用例")])
    cases = [min(at for at in (row.find("["), row.find("'")) if at >= 0) for row in rows]
    starts = {shown_width(row[:at]) for row, at in zip(rows, cases, strict=True)}
    assert "全排列 II" in table and starts == {column}
