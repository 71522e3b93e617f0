"""deploy/jupyterhub_config.py says what deploy/README.md promises (loopback only, a culler, the
start hook, servers stopped within seconds), and the pieces it is built from (tools/hub_setup.py)
hold: the memory watchdog stops what passes the limit and leaves alone what does not; the sync
never overwrites a student's edit."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from traitlets.config.loader import PyFileConfigLoader

from tools import hub_setup
from tools.make_student import BEGIN, Build, build

ROOT = Path(__file__).resolve().parent.parent
MIB = 2**20


@pytest.fixture
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("SUDOKU_HUB_STATE", str(tmp_path / "state"))
    monkeypatch.setenv("SUDOKU_HUB_SHARED", str(tmp_path / "shared"))
    return PyFileConfigLoader("jupyterhub_config.py", path=str(ROOT / "deploy")).load_config()


def test_the_hub_listens_on_the_loopback_only(config):
    assert config.JupyterHub.ip == "127.0.0.1" and config.JupyterHub.hub_ip == "127.0.0.1"


def test_the_hubs_state_is_closed_to_everyone_else(config, tmp_path):
    assert (tmp_path / "state").stat().st_mode & 0o777 == 0o700
    assert config.JupyterHub.cookie_secret_file.startswith(str(tmp_path / "state"))
    assert str(tmp_path / "state") in config.JupyterHub.db_url


def test_idle_servers_are_culled_by_jupyterhub_idle_culler(config):
    (culler,) = [s for s in config.JupyterHub.services if s["name"] == "idle-culler"]
    assert culler["command"][1:3] == ["-m", "jupyterhub_idle_culler"]
    assert "--timeout=3600" in culler["command"]
    (role,) = [r for r in config.JupyterHub.load_roles if r["name"] == "idle-culler"]
    assert "delete:servers" in role["scopes"]


def test_each_server_opens_the_class_copy_the_start_hook_syncs(config, tmp_path):
    assert config.Spawner.default_url == "/lab/tree/learner/00_start_here.ipynb"
    assert config.Spawner.pre_spawn_hook.__name__ == "prepare_student"
    copy = tmp_path / "shared" / "learner"
    assert sorted(p.name for p in copy.glob("*.ipynb")) == sorted(
        p.name for p in (ROOT / "notebooks").glob("*.ipynb")
    )
    assert not [p.name for p in copy.glob("*.ipynb") if BEGIN in p.read_text()]


def test_stopping_a_server_takes_seconds_not_half_a_minute(config):
    spawner = config.LocalProcessSpawner
    assert spawner.interrupt_timeout + spawner.term_timeout + spawner.kill_timeout <= 8


def hog(megabytes: int) -> subprocess.Popen[bytes]:
    """A process that takes `megabytes` of resident memory and then waits."""
    code = f"b = bytearray({megabytes} * 2**20); import time; time.sleep(60)"
    return subprocess.Popen([sys.executable, "-c", code])


async def watch(pid: int, limit: int) -> list[str]:
    """Run the watchdog over pid for a few rounds; what it said."""
    said: list[str] = []
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(hub_setup.watch_memory(pid, limit, 0.2, said.append), 3)
    return said


def test_the_watchdog_stops_a_process_past_the_resident_limit():
    process = hog(200)
    try:
        said = asyncio.run(watch(process.pid, 120 * MIB))
        assert process.wait(timeout=10) != 0, "the hog was stopped"
        assert len(said) == 1 and "memory limit" in said[0] and "> 120 MiB" in said[0]
    finally:
        process.kill()


def test_the_watchdog_leaves_a_process_under_the_limit_alone():
    process = hog(20)
    try:
        assert asyncio.run(watch(process.pid, 400 * MIB)) == []
        assert process.poll() is None, "still running"
    finally:
        process.kill()
        process.wait()


def test_the_sync_adds_updates_and_never_overwrites_an_edit(tmp_path):
    prepared, out = tmp_path / "class", tmp_path / "learner"
    build(ROOT / "notebooks", prepared, Build.CLASS)
    first = {o.name: o.action.value for o in hub_setup.sync(prepared, out)}
    assert set(first.values()) == {"added"} and len(first) == 9
    edited = out / "01_the_board.ipynb"
    notebook = nbformat.read(edited, as_version=4)
    notebook.cells[0].source += "\nmy note"
    nbformat.write(notebook, edited)
    again = {o.name: o.action.value for o in hub_setup.sync(prepared, out)}
    assert again["01_the_board.ipynb"] == "kept"
    assert again["02_valid_sudoku.ipynb"] == "unchanged"
    assert "my note" in edited.read_text()


DOCKERFILE = ROOT / "deploy" / "image" / "Dockerfile"


def stages() -> list[list[list[str]]]:
    """Each stage of the Dockerfile: its COPY instructions, as words."""
    found: list[list[list[str]]] = []
    for line in DOCKERFILE.read_text().splitlines():
        if line.startswith("FROM "):
            found.append([])
        elif line.startswith("COPY "):
            found[-1].append(line.split())
    return found


def image_stage_copies() -> list[list[str]]:
    """The COPY instructions of the Dockerfile's last stage (the image), as words."""
    return stages()[-1]


def course_stage(tmp_path: Path) -> Path:
    """The first stage's build folder, /src, as its COPY instructions fill it from the course
    folder, and nothing more: what its RUN has to work with."""
    src = tmp_path / "src"
    src.mkdir()
    for _, *sources, target in stages()[0]:
        for source in sources:
            into = src / (source if target.endswith("/") or target == "./" else target)
            if (ROOT / source).is_dir():
                shutil.copytree(ROOT / source, into, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy(ROOT / source, into)
    return src


def test_the_image_takes_only_what_the_course_stage_wrote_to_out():
    copies = image_stage_copies()
    assert copies, "the image copies the course's files"
    for words in copies:
        assert words[1] == "--from=course", f"{' '.join(words)} reads the course folder itself"
        assert words[2].startswith("/out/")


def test_the_images_files_hold_no_solution(tmp_path):
    """The first stage's RUN, on what its COPY lines bring alone, then every file the image
    takes of it."""
    src, out = course_stage(tmp_path), tmp_path / "out"
    command = [sys.executable, "-m", "tools.hub_setup", "image", str(out)]
    subprocess.run(command, cwd=src, env=os.environ | {"PYTHONPATH": str(src)}, check=True)
    taken = [out / words[2].removeprefix("/out/") for words in image_stage_copies()]
    files = [f for path in taken for f in ([path] if path.is_file() else path.rglob("*"))]
    notebooks = [f for f in files if f.suffix == ".ipynb"]
    assert len(notebooks) == 9, "the class copy is in the image"
    teachers = {f.read_bytes() for f in (ROOT / "notebooks").glob("*.ipynb")}
    for notebook in notebooks:
        assert notebook.read_bytes() not in teachers
        cells = nbformat.read(notebook, as_version=4).cells
        assert not [c for c in cells if BEGIN in c.source], f"{notebook.name} has a solution"
        assert not [c for c in cells if "model-solution" in c.metadata.get("tags", [])]
    requirements = (out / "requirements.txt").read_text()
    assert "nbgitpuller" in requirements and "nbgrader" not in requirements


def test_without_root_the_hub_says_it_cannot_keep_students_apart(monkeypatch):
    monkeypatch.setattr(hub_setup.os, "getuid", lambda: 1000)
    assert "not run as root" in (hub_setup.isolation_problem() or "")


def test_where_students_cannot_be_kept_apart_the_hub_says_so_in_one_line(
    tmp_path, monkeypatch, capfd
):
    monkeypatch.setattr(hub_setup, "isolation_problem", lambda: "not root here")
    monkeypatch.setenv("SUDOKU_HUB_STATE", str(tmp_path / "state"))
    monkeypatch.delenv("SUDOKU_HUB_SHARED", raising=False)
    config = PyFileConfigLoader("jupyterhub_config.py", path=str(ROOT / "deploy")).load_config()
    said = capfd.readouterr().err.splitlines()
    assert said == ["make hub: running WITHOUT isolation between students: not root here"]
    assert config.JupyterHub.authenticator_class == "shared-password"
    assert (tmp_path / "state" / "shared" / "learner" / "00_start_here.ipynb").exists()
