"""Keep the Chinese teacher's notebooks, notebooks/zh/, in step with the English ones.

    python -m tools.zh_sync              # list what the Chinese edition misses or has stale; exit 1
    python -m tools.zh_sync --stamp 03   # after bringing 03's Chinese cells up to date: record it

A Chinese notebook has the English one's cells in the same order, after one cell of its own that
chooses the language (tagged `language`). Each of its cells records, in its metadata
(`i18n.source`), a fingerprint of the English cell it was translated from; when the English cell
changes, the fingerprints differ and the cell is listed as stale. Code must say the same thing in
both: the same tokens, except comments, and string literals that hold Chinese (a docstring or a
printed sentence). So the exercises, the solutions and the self-checks are the same code.
`--stamp` records the fingerprints of a notebook's English cells once its Chinese cells say what
they say; it refuses while the cells do not pair up.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import re
import sys
import tokenize
from collections.abc import Iterator
from difflib import SequenceMatcher
from pathlib import Path

import nbformat

from tools import NOTEBOOKS
from tools.make_links import BEGIN as LINKS_BEGIN
from tools.make_links import END as LINKS_END

ZH_NOTEBOOKS = NOTEBOOKS / "zh"
LANGUAGE_TAG = "language"
CHINESE = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]")
KEPT_COMMENTS = re.compile(r"#+ (BEGIN|END) SOLUTION\s*$")
"""Comments that are code to the course's tools (make_student reads them), so they must match."""


GENERATED = re.compile(re.escape(LINKS_BEGIN) + r"\n.*?\n" + re.escape(LINKS_END), re.S)
"""The block `make links` writes from the git remote, in each edition in its own words."""


def source_fingerprint(source: str) -> str:
    """A short fingerprint of an English cell's source, recorded in the Chinese cell's metadata.
    The links block is left out: `make links` rewrites it in both editions, so a new remote makes
    no Chinese cell stale."""
    kept = GENERATED.sub(LINKS_BEGIN + LINKS_END, source)
    return hashlib.sha256(kept.encode()).hexdigest()[:16]


def recorded_fingerprint(cell: nbformat.NotebookNode) -> str | None:
    """The fingerprint a Chinese cell carries of the English cell it follows, if any."""
    value = cell.metadata.get("i18n", {}).get("source")
    return value if isinstance(value, str) else None


def code_tokens(source: str) -> list[str]:
    """What a code cell does, as tokens: comments dropped (but the solution markers kept), and a
    string holding Chinese reduced to a placeholder, since it is the translation of the English."""
    lines = [line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))]
    magics = [line.strip() for line in source.splitlines() if line.lstrip().startswith(("%", "!"))]
    tokens = [*magics]
    reader = io.StringIO("\n".join(lines) + "\n").readline
    try:
        for token in tokenize.generate_tokens(reader):
            if token.type == tokenize.COMMENT and not KEPT_COMMENTS.match(token.string):
                continue
            if token.type in (tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER):
                continue
            if token.type == tokenize.STRING and CHINESE.search(token.string):
                tokens.append("<translated string>")
            else:
                tokens.append(token.string)
    except (tokenize.TokenError, IndentationError) as error:
        tokens.append(f"<cannot read: {error}>")
    return tokens


def _same_modulo_translations(english: list[str], chinese: list[str]) -> bool:
    """Token lists equal, where a Chinese string (a translation) stands for an English string.

    A string without Chinese must match exactly, so data such as puzzles and method names can
    never drift between the editions.
    """
    if len(english) != len(chinese):
        return False
    return all(
        e == c or (c == "<translated string>" and _is_string(e))
        for e, c in zip(english, chinese, strict=True)
    )


def _is_string(token: str) -> bool:
    """True for a string literal token (with any prefix: f, r, b)."""
    return re.match(r"^[A-Za-z]{0,2}('|\")", token) is not None


def first_line(cell: nbformat.NotebookNode) -> str:
    """A cell named by its first non-blank line, shortened, so a list of problems reads."""
    line = next((text.strip() for text in cell.source.splitlines() if text.strip()), "(empty)")
    return repr(line if len(line) <= 60 else line[:57] + "...")


def translated_cells(chinese: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    """The Chinese notebook's cells that stand for English ones: all but its language cell."""
    return [cell for cell in chinese.cells if LANGUAGE_TAG not in cell.metadata.get("tags", [])]


def notebook_problems(
    english: nbformat.NotebookNode, chinese: nbformat.NotebookNode, name: str
) -> list[str]:
    """What one Chinese notebook misses or has stale against its English source."""
    found: list[str] = []
    if not chinese.cells or LANGUAGE_TAG not in chinese.cells[0].metadata.get("tags", []):
        found.append(f"{name}: the first cell must choose the language (tag it {LANGUAGE_TAG!r})")
    zh_cells = translated_cells(chinese)
    wanted = [(cell.cell_type, source_fingerprint(cell.source)) for cell in english.cells]
    recorded = [(cell.cell_type, recorded_fingerprint(cell)) for cell in zh_cells]
    matcher = SequenceMatcher(a=wanted, b=recorded, autojunk=False)
    for tag, e0, e1, z0, z1 in matcher.get_opcodes():
        if tag == "equal":
            for e, z in zip(range(e0, e1), range(z0, z1), strict=True):
                found.extend(_pair_problems(english.cells[e], zh_cells[z], name, e + 1))
            continue
        if tag == "replace" and e1 - e0 == z1 - z0:
            for e in range(e0, e1):
                found.append(
                    f"{name}: stale: English cell {e + 1} ({english.cells[e].cell_type}) "
                    f"changed since it was translated: {first_line(english.cells[e])}"
                )
            continue
        for e in range(e0, e1):
            found.append(
                f"{name}: missing: English cell {e + 1} ({english.cells[e].cell_type}) has no "
                f"Chinese cell: {first_line(english.cells[e])}"
            )
        for z in range(z0, z1):
            found.append(
                f"{name}: extra: Chinese cell {first_line(zh_cells[z])} follows no English cell"
            )
    return found


def _pair_problems(
    english: nbformat.NotebookNode, chinese: nbformat.NotebookNode, name: str, number: int
) -> Iterator[str]:
    """What differs between an English cell and the Chinese cell recorded as its translation."""
    where = f"{name}: cell {number} ({english.cell_type})"
    if english.metadata.get("tags", []) != chinese.metadata.get("tags", []):
        yield f"{where}: tags differ from the English cell's"
    if english.cell_type == "code" and not _same_modulo_translations(
        code_tokens(english.source), code_tokens(chinese.source)
    ):
        yield f"{where}: code differs beyond comments and translated strings: {first_line(english)}"


def edition_problems(english_dir: Path = NOTEBOOKS, chinese_dir: Path = ZH_NOTEBOOKS) -> list[str]:
    """What the whole Chinese edition misses or has stale, notebook by notebook."""
    found: list[str] = []
    english_names = {path.name for path in english_dir.glob("*.ipynb")}
    chinese_names = {path.name for path in chinese_dir.glob("*.ipynb")}
    for name in sorted(english_names - chinese_names):
        found.append(f"{name}: missing: no Chinese notebook in {chinese_dir.name}/")
    for name in sorted(chinese_names - english_names):
        found.append(f"{name}: extra: no English notebook of that name")
    for name in sorted(english_names & chinese_names):
        english = nbformat.read(english_dir / name, as_version=4)
        chinese = nbformat.read(chinese_dir / name, as_version=4)
        found.extend(notebook_problems(english, chinese, name))
    return found


def stamp(english: nbformat.NotebookNode, chinese: nbformat.NotebookNode) -> None:
    """Record in each Chinese cell the fingerprint of the English cell it now translates.

    Cells pair by position, so the two must already have the same cells in the same order; the
    code must already match. Raises ValueError naming the first cell that does not pair up.
    """
    zh_cells = translated_cells(chinese)
    if len(zh_cells) != len(english.cells):
        raise ValueError(
            f"the English notebook has {len(english.cells)} cells and the Chinese one "
            f"{len(zh_cells)} (besides its language cell): add or remove cells first"
        )
    for number, (e, z) in enumerate(zip(english.cells, zh_cells, strict=True), 1):
        if e.cell_type != z.cell_type:
            raise ValueError(f"cell {number}: {e.cell_type} in English, {z.cell_type} in Chinese")
        if e.cell_type == "code" and not _same_modulo_translations(
            code_tokens(e.source), code_tokens(z.source)
        ):
            raise ValueError(f"cell {number}: the code differs beyond comments and strings")
    for e, z in zip(english.cells, zh_cells, strict=True):
        z.metadata.setdefault("i18n", {})["source"] = source_fingerprint(e.source)


def main(argv: list[str] | None = None) -> int:
    """Check the edition (the default), or stamp the named notebooks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stamp", nargs="+", default=(), metavar="NB", help="e.g. 03")
    arguments = parser.parse_args(argv)
    for wanted in arguments.stamp:
        matches = sorted(ZH_NOTEBOOKS.glob(f"{wanted}*.ipynb"))
        if len(matches) != 1:
            print(f"zh_sync: {wanted!r} names no single Chinese notebook", file=sys.stderr)
            return 2
        chinese = nbformat.read(matches[0], as_version=4)
        try:
            stamp(nbformat.read(NOTEBOOKS / matches[0].name, as_version=4), chinese)
        except ValueError as error:
            print(f"zh_sync: {matches[0].name}: {error}", file=sys.stderr)
            return 2
        nbformat.write(chinese, matches[0])
        print(f"{matches[0].name}: stamped")
    if arguments.stamp:
        return 0
    found = edition_problems()
    for line in found:
        print(line)
    if not found:
        print("the Chinese edition is in step with the English one")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
