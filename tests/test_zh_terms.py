"""The Chinese edition says one thing one way and punctuates as Chinese is written.

Every Chinese word a reader meets is searched: the zh notebooks (their text, their code's Chinese
comments and strings, and their stored outputs), the catalog's translations, README.zh-CN.md and
docs/*.zh-CN.md. The term table, docs/terms.zh-CN.md, is the rule: a variant in its 不用 column
fails the test with the place it is in. The punctuation test fails on an ASCII `;` `:` `,` `?` `!`
`(` `)` in a Chinese sentence and on Chinese written against a Latin letter or a digit with no
space between; code (backticks, fenced blocks, HTML tags, links' targets, format placeholders and
calls or tuples such as `f(x)` or `(4, 4)`) is not prose and is left alone.
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
TERMS = ROOT / "docs" / "terms.zh-CN.md"
CATALOG = ROOT / "sudoku_lib" / "locale" / "zh_CN" / "LC_MESSAGES" / "sudoku_lib.po"
ZH_NOTEBOOKS = sorted((ROOT / "notebooks" / "zh").glob("*.ipynb"))
ZH_DOCUMENTS = [ROOT / "README.zh-CN.md", *sorted((ROOT / "docs").glob("*.zh-CN.md"))]

CJK = "\u3400-\u9fff\uf900-\ufaff"
CHINESE_SIDE = f"[{CJK}\u3000-\u303f\uff00-\uffef]"
"""A Chinese character or a full-width sign: what an ASCII sign next to it sits in."""


def variants() -> dict[str, str]:
    """Each variant the term table forbids, with the word to use instead."""
    found = {}
    for line in TERMS.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] in ("英文", "---"):
            continue
        for variant in cells[2].split("、"):
            if variant not in ("—", ""):
                found[variant] = cells[1]
    return found


NOT_PROSE = re.compile(
    r"```.*?```|`[^`\n]*`|<[^>\n]+>|\]\([^)\n]*\)|https?://\S+|\{[^{}\n]*\}(?:\([^()\n]*\))?|\$[^$\n]+\$"
    r"|\b\w+\((?:[^()\n]|\([^()\n]*\))*\)|\((?=[^()\n]*[,=])[\w'\".,\[\]{} =-]*\)",
    re.S,
)
"""Code inside prose: backticks, fenced blocks, HTML tags, a link's target, a URL, a format
placeholder, maths, a call `f(x)`, a tuple `(4, 4)`."""


def prose(text: str) -> str:
    """What of `text` is read as prose: code is cut out (a space stands in for it)."""
    return NOT_PROSE.sub(" ", text)


ASCII_IN_CHINESE = re.compile(
    rf"(?<={CHINESE_SIDE})[;:,?!()]|[;:,?!()](?= *{CHINESE_SIDE})|(?<={CHINESE_SIDE}) +[;:,?!()]"
)
NO_SPACE = re.compile(rf"[{CJK}][A-Za-z0-9]|[A-Za-z0-9][{CJK}]")


def punctuation_problems(text: str) -> list[str]:
    """Each ASCII sign in a Chinese sentence and each Chinese-Latin join with no space, with a
    few characters around it."""
    readable = prose(text)
    found = []
    for pattern in (ASCII_IN_CHINESE, NO_SPACE):
        for match in pattern.finditer(readable):
            found.append(readable[max(0, match.start() - 12) : match.end() + 12])
    return found


def term_problems(text: str) -> list[str]:
    """Each variant of the term table in `text`, with the word to use instead."""
    return [
        f"{variant} → {use}: …{text[max(0, at - 12) : at + len(variant) + 12]}…"
        for variant, use in variants().items()
        for at in (m.start() for m in re.finditer(re.escape(variant), text))
    ]


def code_words(source: str) -> Iterator[str]:
    """The Chinese a code cell shows or says: its comments and its Chinese string literals."""
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type in (tokenize.COMMENT, tokenize.STRING) and re.search(
                f"[{CJK}]", token.string
            ):
                yield token.string
    except (tokenize.TokenError, IndentationError, SyntaxError):
        yield source


def output_words(cell: nbformat.NotebookNode) -> Iterator[str]:
    """The text of a code cell's stored outputs (the HTML of a widget or picture is left out:
    it is drawn from the catalog, which is searched on its own)."""
    for output in cell.get("outputs", []):
        if "text" in output:
            yield output["text"]
        elif "text/plain" in output.get("data", {}):
            yield output["data"]["text/plain"]


def notebook_texts(path: Path, outputs: bool) -> Iterator[tuple[str, str]]:
    """(where, text) for each piece of Chinese a notebook holds."""
    for index, cell in enumerate(nbformat.read(path, as_version=4).cells):
        where = f"{path.name} cell {index}"
        if cell.cell_type == "markdown":
            yield where, cell.source
        elif cell.cell_type == "code":
            for words in code_words(cell.source):
                yield where, words
            if outputs:
                for words in output_words(cell):
                    yield where + " output", words


def catalog_texts() -> Iterator[tuple[str, str]]:
    """(where, text) for each translation in the Chinese catalog."""
    with CATALOG.open("rb") as file:
        catalog = read_po(file)
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for text in strings:
            yield f"msgid {ids[0][:40]!r}", text


def document_texts() -> Iterator[tuple[str, str]]:
    """(where, text) for README.zh-CN.md and each docs/*.zh-CN.md, the term table too."""
    for path in ZH_DOCUMENTS:
        yield path.name, path.read_text(encoding="utf-8")


SOURCES = ["notebooks", "catalog", "documents"]


def texts(source: str, outputs: bool = True) -> Iterator[tuple[str, str]]:
    if source == "notebooks":
        for path in ZH_NOTEBOOKS:
            yield from notebook_texts(path, outputs)
    elif source == "catalog":
        yield from catalog_texts()
    else:
        yield from document_texts()


def test_the_term_table_lists_variants_and_the_search_finds_them():
    table = variants()
    assert table["格子"] == "格" and table["撤回"] == "做选择 / 探索 / 撤销选择"
    assert table["摞"] == "宫行 / 宫列"
    assert term_problems("这个格子里放 3") and not term_problems("这个格里放 3，运行这个单元格")
    assert term_problems("第 1 行第 2 列的格（单元格）")


def test_the_punctuation_search_finds_ascii_signs_and_missing_spaces_and_leaves_code():
    assert punctuation_problems("它检查每一个宫了吗?")
    assert punctuation_problems("第 1 宫:左上")
    assert punctuation_problems("全排列 (LeetCode 46)")
    assert punctuation_problems("在hardest #5上")
    assert punctuation_problems("第3行")
    assert not punctuation_problems("调用 `f(x, y)` 之后，第 3 行（左上）")
    assert not punctuation_problems("坐标 (4, 4)，也就是第 5 行第 5 列；{cell}里")
    assert not punctuation_problems("[目录](01_the_board.ipynb)：见 https://example.org/a,b")


@pytest.mark.parametrize("source", SOURCES)
def test_one_term_per_idea(source: str):
    found = [
        f"{where}: {problem}"
        for where, text in texts(source)
        if where != TERMS.name  # the table names the variants it forbids
        for problem in term_problems(text)
    ]
    assert found == []


@pytest.mark.parametrize("source", SOURCES)
def test_chinese_punctuation_and_spacing(source: str):
    found = [
        f"{where}: {problem!r}"
        for where, text in texts(source, outputs=False)
        for problem in punctuation_problems(text)
    ]
    assert found == []


README_SECTIONS = {
    "Two commands": "两条命令",
    "Without make (Windows, or by hand)": "不用 make（Windows，或者手动）",
    "With conda": "用 conda",
    "The course": "课程内容",
    "The library": "库",
    "What `watch` understands": "`watch` 能看懂什么",
    "Where each idea lives": "每个想法在哪里",
    "For teachers": "给老师",
    "For a class": "给一个班级",
    "Publish the course for your class": "为班级发布课程",
    "In the browser": "在浏览器里",
    "Tests": "测试",
    "Performance": "性能",
    "Puzzle data": "题目数据",
}
"""Each section of README.md and its name in README.zh-CN.md (make_links.PUBLISH_ZH names one)."""
ZH_ONLY_SECTIONS = {"让库说中文", "翻译怎样保持同步"}
"""Sections only the Chinese README has: how to choose Chinese, how the editions keep in step."""


def headings(path: Path) -> list[str]:
    """A Markdown file's `##` and `###` headings in order (fenced code left out)."""
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return re.findall(r"^#{2,3} (.+)$", text, re.M)


def test_the_chinese_readme_has_every_section_of_the_english_one_in_order():
    from tools.make_links import PUBLISH_ZH

    english = headings(ROOT / "README.md")
    missing = [name for name in english if name not in README_SECTIONS]
    assert missing == [], "a new README.md section: add its Chinese name here and write it"
    chinese = [name for name in headings(ROOT / "README.zh-CN.md") if name not in ZH_ONLY_SECTIONS]
    assert chinese == [README_SECTIONS[name] for name in english]
    assert README_SECTIONS["Publish the course for your class"] == PUBLISH_ZH


SENTENCE_END = re.compile(r"[。？！；\n]| · ")
"""Where one Chinese sentence (or one field of a `左边：… · 右边：…` line) ends."""


def colon_chains(text: str) -> list[str]:
    """Each sentence of `text` whose prose chains clauses with two or more 「：」, the English
    way ("X: Y: Z"); a label line (「期望：…」) has one, and code is not counted."""
    return [s.strip() for s in SENTENCE_END.split(prose(text)) if s.count("：") >= 2]


def test_the_colon_search_finds_chained_clauses_and_leaves_labels_and_code():
    assert colon_chains("它放过了它：它检查每一个宫了吗：第 1 宫有两个 8。")
    assert colon_chains("collect：{homes}：没有这个文件夹")
    assert not colon_chains("期望：3\n得到：4")
    assert not colon_chains("{puzzle} · 左边：{left} · 右边：{right}")
    assert not colon_chains(
        "步数差了一。比如在 4x4 上：先写三个数字。用 `d: int` 和 `{a: b}`：就这样"
    )


def test_no_message_chains_clauses_with_colons():
    """The catalog's messages: what every check, tool and widget says to a Chinese reader."""
    found = [
        f"{where}: {chain!r}" for where, text in texts("catalog") for chain in colon_chains(text)
    ]
    assert found == []
