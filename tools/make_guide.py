"""Write every figure the teacher's guides quote from the notebooks' stored outputs, so none drifts.

    python -m tools.make_guide            # rewrite the figures that differ
    python -m tools.make_guide --check    # change nothing; exit 1 and name what differs

A figure in a guide sits between two markers, `<!-- fig:02:dicts -->10.9<!-- /fig -->`: "02" is
the notebook, "dicts" a name in FIGURES below, which says which code cell printed it (by its cell
id, which nbformat keeps through edits and which the Chinese twin shares) and a regular expression
whose one group is the figure in that cell's text output. The English guide takes its figures from
notebooks/, the Chinese guide from notebooks/zh/ (each edition prints its own run, and its own
words, so a figure may have a pattern of its own in Chinese). Timings are the stored run's.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat

from tools import NOTEBOOKS, ROOT

GUIDES = {
    "en": (ROOT / "docs" / "teachers_guide.md", NOTEBOOKS),
    "zh": (ROOT / "docs" / "teachers_guide.zh-CN.md", NOTEBOOKS / "zh"),
}
MARKER = re.compile(r"<!-- fig:(\d\d):([\w-]+) -->(.*?)<!-- /fig -->", re.S)


@dataclass(frozen=True)
class Figure:
    """Where a figure is printed: a code cell's id, and a pattern whose group 1 is the figure
    (`zh` is the pattern for the Chinese notebook's output when its words differ)."""

    cell: str
    pattern: str
    zh: str | None = None

    def pattern_for(self, edition: str) -> str:
        """The pattern to search that edition's output with."""
        return self.zh if edition == "zh" and self.zh is not None else self.pattern


NUMBER = r"([\d,]+(?:\.\d+)?)"
FIGURES: dict[str, dict[str, Figure]] = {
    "00": {
        "placed": Figure("82c91ead", NUMBER),
        "undone": Figure("82c91ead", rf"{NUMBER}\D*$"),
    },
    "01": {
        "box-7-2": Figure("c26", r"^(\d+)$"),
        "peers-4": Figure("c35", r"\b4: (\d+)"),
        "peers-9": Figure("c35", r"\b9: (\d+)"),
        "peers-16": Figure("c35", r"\b16: (\d+)"),
        "found": Figure("c14", r"found (\d+)", zh=r"(\d+) 个\D*$"),
    },
    "02": {
        "boards": Figure("c15", NUMBER),
        "dicts": Figure("c22", rf"dicts\D*{NUMBER} µs"),
        "sets": Figure("c22", rf"sets\D*{NUMBER} µs"),
        "bits": Figure("c22", rf"bits\D*{NUMBER} µs"),
    },
    "03": {
        "placed": Figure("c07", rf"{NUMBER} digits placed", zh=rf"{NUMBER} 个数字"),
        "blanks": Figure("c07", rf"for {NUMBER} blanks", zh=rf"为 {NUMBER} 个空格"),
        "gave-up": Figure("c24", NUMBER),
        "unbounded": Figure("c26", rf"^{NUMBER}"),
        "minutes": Figure("c26", r"about (\d+) minutes", zh=r"约 (\d+) 分钟"),
        "times-sample": Figure("c26", rf"{NUMBER} times", zh=rf"{NUMBER} 倍"),
    },
    "04": {
        "naive-node": Figure("e9fd52f5", rf"naive\D*{NUMBER} µs", zh=rf"朴素搜索\D*{NUMBER} µs"),
        "constrained-node": Figure(
            "e9fd52f5", rf"most constrained\D*{NUMBER} µs", zh=rf"最受约束的格\D*{NUMBER} µs"
        ),
        "classic-1": Figure("f872ac52", r"'top95 #1': \((\d+), \d+\)"),
        "classic-2": Figure("f872ac52", r"'top95 #2': \((\d+), \d+\)"),
        "pruned-1": Figure("f872ac52", r"'top95 #1': \(\d+, (\d+)\)"),
        "pruned-2": Figure("f872ac52", r"'top95 #2': \(\d+, (\d+)\)"),
        "forced": Figure("921329cf", r"\(\d+, (\d+)\)"),
    },
    "05": {
        "steps": Figure("8d31f388", rf"{NUMBER} of", zh=rf"第 {NUMBER} 步"),
        "placed": Figure("8d31f388", rf"placed {NUMBER}", zh=rf"放了 {NUMBER} 个"),
        "per-digit": Figure("8d31f388", rf"{NUMBER} steps for each", zh=rf"平均 {NUMBER} 步"),
        "pruned-steps": Figure("1258439e", rf"pruned:\D*{NUMBER} of", zh=rf"剪枝：\D*{NUMBER} 步"),
        "pruned-forced": Figure("1258439e", rf"forced {NUMBER}", zh=rf"推出 {NUMBER} 个"),
        "stopped": Figure("cc52065d", rf"after {NUMBER} steps", zh=rf"走了 {NUMBER} 步"),
        "at-least": Figure("cc52065d", rf"at least {NUMBER}", zh=rf"至少 {NUMBER} 步"),
    },
    "06": {
        "naive-easy": Figure("3bebb71c", r"naive · easy50\s+(\d+)/"),
        "easy": Figure("3bebb71c", r"naive · easy50\s+\d+/(\d+)"),
        "naive-hardest": Figure("3bebb71c", r"naive · hardest375\s+(\d+)/"),
        "hardest": Figure("3bebb71c", r"naive · hardest375\s+\d+/(\d+)"),
        "no-guess": Figure("48e12573", r"^(\d+)%"),
        "top": Figure("48e12573", r"hardest (\d+)%", zh=r"最难的 (\d+)%"),
        "top-share": Figure("48e12573", r"take (\d+)%", zh=r"节点的 (\d+)%"),
        "mean": Figure("4ddd5988", rf"mean {NUMBER}", zh=rf"平均值 {NUMBER}"),
        "median": Figure("4ddd5988", rf"median {NUMBER}", zh=rf"中位数 {NUMBER}"),
    },
    "07": {
        "hard1-count": Figure("ad068d71", r"^(\d+)$"),
        "sixteen-count": Figure("62753c6b", r"^(\d+)$"),
    },
    "08": {
        "found": Figure("ed2b614d", r"(?:found|开始时)，? ?path = (\[[\d, ]*\])"),
        "returned": Figure("ed2b614d", r"(?:returned with|返回时)，? ?path = (\[[\d, ]*\])"),
        "without": Figure("dd9955e6", rf"^46 .*?\]\s+{NUMBER}\s+"),
        "with": Figure("dd9955e6", rf"^46 .*?\]\s+[\d,]+\s+{NUMBER}\s+"),
        "saved": Figure("dd9955e6", rf"^46 .*?\]\s+[\d,]+\s+[\d,]+\s+{NUMBER}x"),
    },
}


class FigureError(ValueError):
    """A figure the guide names cannot be read from the notebook's stored outputs."""


def notebook_path(folder: Path, number: str) -> Path:
    """The notebook numbered `number` in `folder` ("03" -> 03_backtracking.ipynb)."""
    found = sorted(folder.glob(f"{number}_*.ipynb"))
    if not found:
        raise FigureError(f"no notebook {number}_*.ipynb in {folder}")
    return found[0]


def output_text(cell: nbformat.NotebookNode) -> str:
    """A code cell's stored output as text: its printed streams and its results' plain text."""
    parts = []
    for output in cell.get("outputs", []):
        if output.output_type == "stream":
            parts.append(output.text)
        elif "data" in output:
            parts.append(output.data.get("text/plain", ""))
    return "".join(parts).strip()


class Reader:
    """The stored outputs of one edition's notebooks, read once each."""

    def __init__(self, folder: Path, edition: str) -> None:
        self.folder = folder
        self.edition = edition
        self.outputs: dict[str, dict[str, str]] = {}

    def cells(self, number: str) -> dict[str, str]:
        """Every code cell's output text in notebook `number`, by cell id."""
        if number not in self.outputs:
            notebook = nbformat.read(notebook_path(self.folder, number), as_version=4)
            self.outputs[number] = {
                cell.id: output_text(cell) for cell in notebook.cells if cell.cell_type == "code"
            }
        return self.outputs[number]

    def figure(self, number: str, name: str) -> str:
        """The figure `name` of notebook `number`, as the stored output prints it."""
        figure = FIGURES.get(number, {}).get(name)
        if figure is None:
            raise FigureError(f"fig:{number}:{name} is not in tools/make_guide.py FIGURES")
        text = self.cells(number).get(figure.cell)
        where = f"{self.folder.name}/{number} cell {figure.cell}"
        if text is None:
            raise FigureError(f"fig:{number}:{name}: no code cell {figure.cell} in {where}")
        match = re.search(figure.pattern_for(self.edition), text, re.M)
        if match is None:
            raise FigureError(f"fig:{number}:{name}: its pattern finds nothing in {where}")
        return match[1]


def filled(text: str, reader: Reader) -> str:
    """The guide with the text between every pair of markers replaced by the stored figure."""

    def fill(match: re.Match[str]) -> str:
        number, name = match[1], match[2]
        return f"<!-- fig:{number}:{name} -->{reader.figure(number, name)}<!-- /fig -->"

    return MARKER.sub(fill, text)


def out_of_date(write: bool) -> list[Path]:
    """Every guide whose figures differ from the stored outputs; rewritten if `write`."""
    stale = []
    for edition, (guide, folder) in GUIDES.items():
        text = guide.read_text(encoding="utf-8")
        new = filled(text, Reader(folder, edition))
        if new != text:
            stale.append(guide)
            if write:
                guide.write_text(new, encoding="utf-8")
    return stale


def main(argv: list[str] | None = None) -> int:
    """Rewrite (or, with --check, list) the guides whose figures are out of date."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    args = parser.parse_args(argv)
    try:
        stale = out_of_date(write=not args.check)
    except FigureError as error:
        print(f"make_guide: {error}", file=sys.stderr)
        return 2
    for path in stale:
        print(f"{'out of date' if args.check else 'rewrote'}: {path.relative_to(ROOT)}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
