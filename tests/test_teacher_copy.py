"""The teacher's copy: `make lab-teacher` serves teacher/, a git-ignored working copy, so running
and saving a notebook there never changes a tracked file; solution cells open folded.

The test works on a scratch git repository holding the project's tracked files as they are now
(so it checks this work tree, not the last commit), builds the teacher's copy there with the
same command the Makefile runs, runs a notebook of it and saves it, and asks git what changed.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from tests.browser_support import ROOT
from tools.make_student import has_solution

NOTEBOOK = "01_the_board.ipynb"


def git(folder: Path, *args: str) -> str:
    """Run git in folder and return what it printed."""
    done = subprocess.run(
        ["git", "-C", str(folder), *args], check=True, capture_output=True, text=True
    )
    return done.stdout


def scratch_repository(target: Path) -> Path:
    """A new git repository with one commit: every file git tracks here, as it is on disk."""
    for name in git(ROOT, "ls-files", "-z").split("\0"):
        source = ROOT / name
        if name and source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    git(target, "init", "-q")
    git(target, "add", "-A")
    git(target, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "course")
    return target


def make_dry_run(target: str) -> str:
    """The commands `make <target>` would run here, without running them."""
    done = subprocess.run(
        ["make", "-n", "-C", str(ROOT), target], check=True, capture_output=True, text=True
    )
    return done.stdout


def test_make_lab_teacher_serves_the_teacher_s_copy_built_by_the_tool():
    commands = make_dry_run("lab-teacher")
    assert "tools.make_student --build teacher --out teacher" in commands
    assert "cd teacher && " in commands and "jupyter lab" in commands
    assert "cd notebooks" not in commands


def test_running_and_saving_in_the_teacher_s_copy_leaves_git_status_clean(tmp_path):
    repository = scratch_repository(tmp_path / "course")
    subprocess.run(
        [sys.executable, "-m", "tools.make_student", "--build", "teacher", "--out", "teacher"],
        cwd=repository,
        check=True,
        capture_output=True,
    )
    copy = repository / "teacher" / NOTEBOOK
    built = copy.read_bytes()
    notebook = nbformat.read(copy, as_version=4)
    NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        resources={"metadata": {"path": str(copy.parent)}},
    ).execute()
    nbformat.write(notebook, copy)  # what JupyterLab's save does

    assert copy.read_bytes() != built, "the run saved nothing: the test proves nothing"
    assert git(repository, "status", "--porcelain") == ""


def test_solution_cells_open_folded_and_nothing_else_does(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "tools.make_student", "--build", "teacher", "--out", str(tmp_path)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    for source in sorted((ROOT / "notebooks").glob("*.ipynb")):
        course = nbformat.read(source, as_version=4)
        copy = nbformat.read(tmp_path / source.name, as_version=4)
        assert [c.source for c in copy.cells] == [c.source for c in course.cells], source.name
        folded = [c.metadata.get("jupyter", {}).get("source_hidden", False) for c in copy.cells]
        assert folded == [has_solution(c) for c in course.cells], source.name
        assert any(folded), f"{source.name} has no solution cell to fold"
        outputs = [c.get("outputs") for c in course.cells]
        assert [c.get("outputs") for c in copy.cells] == outputs, source.name


def test_port_picks_the_port_of_both_labs_and_the_address_opens_00():
    for target in ("lab", "lab-teacher"):
        served = [
            line
            for line in subprocess.run(
                ["make", "-n", "-C", str(ROOT), target, "PORT=9123"],
                check=True,
                capture_output=True,
                text=True,
            ).stdout.splitlines()
            if "jupyter lab" in line
        ]
        assert len(served) == 1, target
        assert "--ServerApp.port=9123 --ServerApp.port_retries=0" in served[0]
        assert "--LabApp.default_url=/lab/tree/00_start_here.ipynb" in served[0]
        assert "ignore:ServerApp.token config is deprecated:DeprecationWarning" in served[0]
    assert "--ServerApp.port=" not in make_dry_run("lab")  # no PORT: the usual port or the next


def test_the_teacher_s_copy_is_trusted_so_its_stored_pictures_show(tmp_path: Path, monkeypatch):
    """JupyterLab shows a notebook's stored SVG only when it trusts the notebook: the build signs
    what it wrote, and a notebook the teacher then edits is no longer signed by it."""
    from nbformat.sign import NotebookNotary

    from tools.make_student import TEACHER, build

    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "signatures"))  # a notary of its own
    build(out_dir=tmp_path / "teacher", kind=TEACHER)
    notary = NotebookNotary()
    copies = sorted((tmp_path / "teacher").glob("*.ipynb"))
    assert copies and all(notary.check_signature(nbformat.read(p, as_version=4)) for p in copies)
    edited = nbformat.read(copies[0], as_version=4)
    edited.cells[0].source += "\nA line the teacher added."
    assert not notary.check_signature(edited)
