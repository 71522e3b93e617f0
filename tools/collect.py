"""Gather a class's notebooks from the Hub's homes into grading/submitted/: `make collect`.

    python -m tools.collect                     # homes under /home (HUB_HOMES=... in make)
    python -m tools.collect --homes deploy/.hub/homes --course grading

Each folder in the homes folder is one student's home, named by the student. Their notebooks are
looked for where the course puts them (learner/, learner-zh/, class/, class-zh/, or the home
itself), and the newest copy of each notebook is copied to submitted/<student>/<NN>/ under the
course's file name (the grader finds the answers in any copy). A link is never followed (a
student could point one at a classmate's file), a file larger than the grader reads is left
where it is, and each one passed over is named.
"""

from __future__ import annotations

import argparse
import os
import re
import stat
import sys
from pathlib import Path

from sudoku_lib.i18n import _
from sudoku_lib.words import plural
from tools import NOTEBOOKS
from tools.grade import GRADING
from tools.grade_course import MAX_BYTES

PLACES = ("learner", "learner-zh", "class", "class-zh", ".")
STUDENT = re.compile(r"^[\w.-]+$")


def plain_file(path: Path) -> os.stat_result | None:
    """The file's status when it is a regular file reached without any link, else None."""
    try:
        status = path.lstat()
        parent = path.parent.lstat()
    except OSError:
        return None
    if stat.S_ISLNK(parent.st_mode) or not stat.S_ISREG(status.st_mode):
        return None
    return status


def newest_copies(home: Path, names: dict[str, str]) -> dict[str, Path]:
    """Assignment -> the most recently saved copy of its notebook in one home."""
    found: dict[str, tuple[float, Path]] = {}
    for place in PLACES:
        for name, filename in names.items():
            path = home / place / filename
            status = plain_file(path)
            if status is not None and (name not in found or status.st_mtime > found[name][0]):
                found[name] = (status.st_mtime, path)
    return {name: path for name, (_mtime, path) in found.items()}


def copy_bounded(source: Path, target: Path) -> bool:
    """Copy a file without following a link, unless it is larger than the grader reads."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
    descriptor = os.open(source, flags)
    with os.fdopen(descriptor, "rb") as reading:
        data = reading.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return True


def collect(homes: Path, course: Path) -> list[str]:
    """Copy every student's notebooks; the lines to print."""
    names = {path.name[:2]: path.name for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))}
    lines, copied, students = [], 0, 0
    for home in sorted(homes.iterdir()):
        if not home.is_dir() or home.is_symlink() or not STUDENT.match(home.name):
            continue
        found = newest_copies(home, names)
        students += bool(found)
        for name, path in sorted(found.items()):
            target = course / "submitted" / home.name / name / names[name]
            try:
                done = copy_bounded(path, target)
            except OSError as error:
                lines.append(f"{path}: {error.strerror}")
                continue
            if not done:
                lines.append(_("{path}: larger than {most} MB, not copied").format(
                    path=path, most=MAX_BYTES // 2**20))  # fmt: skip
            copied += done
    said = _("copied {notebooks} of {students} from {homes} to {target}")
    lines.append(said.format(notebooks=plural(copied, "notebook"),
                             students=plural(students, "student"), homes=homes,
                             target=course / "submitted"))  # fmt: skip
    return lines


def main(argv: list[str] | None = None) -> int:
    """Collect, or say in one line why not."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--homes", type=Path, default=Path(os.environ.get("HUB_HOMES", "/home")))
    parser.add_argument("--course", type=Path, default=GRADING)
    args = parser.parse_args(argv)
    if not args.homes.is_dir():
        print(_("collect: {homes}: no such folder (set HUB_HOMES)").format(homes=args.homes),
              file=sys.stderr)  # fmt: skip
        return 2
    print("\n".join(collect(args.homes, args.course)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
