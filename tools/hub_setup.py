"""What the course's JupyterHub (deploy/jupyterhub_config.py) does to keep students apart.

The Hub runs as root and each student is a system user of their own (JupyterHub's
LocalProcessSpawner, the way The Littlest JupyterHub does it without systemd). Students run in
an environment of their own, as The Littlest JupyterHub's users do: a Python environment made
from a Python every user can run, holding what a learner needs and no teacher tool (no
nbgrader), and a copy of the library, so nothing of theirs reads the teacher's course folder,
which is closed to them. This module holds the steps:

- `isolation_problem`: why this machine cannot keep students apart (not root, no `useradd`, no
  Python 3.11+ that other users may run), or None when it can;
- `learner_env`: the students' environment, made or brought up to date (pyproject.toml's
  dependencies, `charts` and `learner-hub` extras, JupyterHub at the Hub's own version);
- `protect_course`: the teacher's course folder closed to other users;
- `prepare_shared`: the class copy (no solutions), the library and the sync below copied into a
  folder every student may read, with the learner's Jupyter settings beside them;
- `prepare_home`: a student's home, theirs alone (0700);
- `sync`: run *as the student*, brings their learner/ up to date from the prepared class copy with
  the same never-overwrite rule as tools/make_student.py, so root never writes through a
  student's files;
- `tree_memory` and `watch_memory`: the memory a student's server and its kernels hold resident,
  and a watchdog that stops their largest process when it passes the limit, as a cgroup's
  out-of-memory killer would.

    python -m tools.hub_setup env ENV             # make the students' environment (make hub)
    python -m tools.hub_setup image OUT           # what the Kubernetes image takes (its build)
    python -m tools.hub_setup sync PREPARED OUT   # what the Hub runs as each student
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import hashlib
import importlib.metadata
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tomllib
from collections.abc import Awaitable, Callable
from pathlib import Path

import nbformat
import psutil

from tools import NOTEBOOKS, ROOT
from tools.make_student import (
    Action,
    Build,
    Outcome,
    build,
    fingerprint,
    load_manifest,
    place,
    report,
    save_manifest,
)

LEARNER_CONFIG = ROOT / "deploy" / "learner-jupyter"
"""The learner's Jupyter settings: nbgrader's and JupyterLite's extensions off (`make lab` too)."""
LEARNER_EXTRAS = ("charts", "learner-hub")
"""pyproject.toml's extras the students' environment holds, beside the library's dependencies."""
PYTHONS = ("python3.13", "python3.12", "python3.11", "python3")
"""Pythons looked for, on PATH and in /usr/bin, when this one is out of other users' reach."""
SYNC_MODULES = ("__init__.py", "make_student.py", "hub_setup.py")
"""The tools a student's sync runs, copied beside the library for them."""
LEARNER_ENV = Path("/opt/sudoku-course/env")
"""Where the students' environment is made, unless SUDOKU_HUB_LEARNER_ENV says otherwise."""
STAMP = ".sudoku-requirements"
PRIVATE = 0o700
PUBLIC_DIR = 0o755
PUBLIC_FILE = 0o644


def unreachable(path: Path) -> Path | None:
    """The first folder on the way to path that other users cannot pass through, if any."""
    for folder in reversed(path.parents):
        if not folder.stat().st_mode & stat.S_IXOTH:
            return folder
    return None


def shared_python() -> Path | None:
    """A Python 3.11 or newer that every user may run (the file and the folders to it), this
    one first; None when there is none."""
    found = [Path(sys.executable).resolve()]
    for name in PYTHONS:
        for where in (shutil.which(name), f"/usr/bin/{name}"):
            if where and Path(where).exists():
                found.append(Path(where).resolve())
    for python in dict.fromkeys(found):
        if unreachable(python) is None and python.stat().st_mode & stat.S_IXOTH:
            version = subprocess.run(
                [python, "-c", "import sys, ensurepip, venv; print(sys.version_info >= (3, 11))"],
                capture_output=True,
                text=True,
                check=False,
            )
            if version.stdout.strip() == "True":
                return python
    return None


def isolation_problem() -> str | None:
    """Why students cannot be kept apart here, in a few words; None when they can."""
    if os.getuid() != 0:
        return "the Hub is not run as root, so it cannot create a system user for each student"
    if shutil.which("useradd") is None:
        return "this machine has no useradd to create a system user for each student"
    if shared_python() is None:
        return "no Python 3.11+ with venv here that other users may run (apt install python3-venv)"
    return None


def learner_requirements() -> list[str]:
    """What the students' environment holds: the library's dependencies and LEARNER_EXTRAS
    (from pyproject.toml, the one list), JupyterHub pinned at the Hub's own version."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = list(project["dependencies"])
    for extra in LEARNER_EXTRAS:
        wanted += project["optional-dependencies"][extra]
    hub = f"jupyterhub=={importlib.metadata.version('jupyterhub')}"
    return [hub if spec.startswith("jupyterhub") else spec for spec in wanted]


def learner_env(env: Path) -> Path:
    """The students' environment at env, made (a minute or two, from PyPI) or brought up to date
    when the requirements changed; returns its Python."""
    wanted = learner_requirements()
    digest = hashlib.sha256(json.dumps(wanted).encode()).hexdigest()
    python = env / "bin" / "python"
    stamp = env / STAMP
    env.parent.mkdir(parents=True, exist_ok=True)
    with (env.parent / f".{env.name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two Hubs starting at once make it once
        if python.exists() and stamp.exists() and stamp.read_text() == digest:
            return python
        base = shared_python()
        if base is None:
            raise RuntimeError("no Python 3.11 or newer that other users may run")
        print(f"hub: making the students' environment in {env} (once; a minute or two)")
        subprocess.run([base, "-m", "venv", env], check=True)
        subprocess.run([python, "-m", "pip", "install", "--quiet", *wanted], check=True)
        stamp.write_text(digest)
    return python


def protect_course() -> None:
    """Close the teacher's course folder (its notebooks with solutions, grading/, .git) to
    other users: students run on their own environment and copies, never on it."""
    ROOT.chmod(stat.S_IMODE(ROOT.stat().st_mode) & ~0o007)


def open_to_all(folder: Path) -> None:
    """Make folder and everything in it readable by every user, writable by its owner alone."""
    for path in [folder, *folder.rglob("*")]:
        if not path.is_symlink():
            path.chmod(PUBLIC_DIR if path.is_dir() else PUBLIC_FILE)


def prepare_shared(shared: Path) -> tuple[Path, Path, Path]:
    """Build the class copy (no solutions), copy the library and the sync's tools, and the
    learner's settings into `shared`, readable by all; returns the class copy's folder, the
    folder to put on a student's PYTHONPATH, and the one for their JUPYTER_CONFIG_PATH. Run by the
    Hub at each start, as the owner of the course."""
    copy, code, settings = shared / "learner", shared / "code", shared / "jupyter"
    build(NOTEBOOKS, copy, Build.CLASS)
    shutil.rmtree(code, ignore_errors=True)
    shutil.copytree(
        ROOT / "sudoku_lib", code / "sudoku_lib", ignore=shutil.ignore_patterns("__pycache__")
    )
    (code / "tools").mkdir()
    for name in SYNC_MODULES:
        shutil.copy(ROOT / "tools" / name, code / "tools" / name)
    shutil.copytree(LEARNER_CONFIG, settings, dirs_exist_ok=True)
    open_to_all(shared)
    return copy, code, settings


def image_files(out: Path) -> None:
    """What the Kubernetes image (deploy/image/Dockerfile) takes of the course, and nothing
    else: the shared folder prepare_shared makes, and the students' requirements to install."""
    prepare_shared(out)
    (out / "requirements.txt").write_text("\n".join(learner_requirements()) + "\n")
    open_to_all(out)


def prepare_home(home: Path, uid: int, gid: int) -> None:
    """The student's home, made if needed and theirs alone: owned by them, closed to others."""
    home.mkdir(parents=True, exist_ok=True)
    os.chown(home, uid, gid)
    home.chmod(PRIVATE)


def sync(prepared: Path, out: Path) -> list[Outcome]:
    """Bring out up to date with the prepared class copy, never overwriting a learner's edits
    (the rule tools/make_student.py's build keeps, applied to notebooks already built)."""
    out.mkdir(parents=True, exist_ok=True)
    manifest = load_manifest(out)
    outcomes = []
    for path in sorted(prepared.glob("*.ipynb")):
        fresh = nbformat.read(path, as_version=4)
        outcome = place(fresh, out / path.name, manifest.get(path.name), reset=False)
        if outcome.action not in (Action.KEPT, Action.KEPT_OUTDATED):
            manifest[path.name] = fingerprint(fresh)
        outcomes.append(outcome)
    save_manifest(out, manifest)
    return outcomes


def tree_memory(pid: int) -> list[tuple[int, int]]:
    """(pid, resident bytes) of a process and every process it started, largest first."""
    try:
        root = psutil.Process(pid)
        family = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []
    sizes = []
    for member in family:
        try:
            sizes.append((member.pid, member.memory_info().rss))
        except psutil.NoSuchProcess:
            continue
    return sorted(sizes, key=lambda size: size[1], reverse=True)


async def watch_memory(
    pid: int, limit: int, every: float, said: Callable[[str], Awaitable[None] | None]
) -> None:
    """Every `every` seconds, add up the resident memory of the server at pid and all it started;
    past `limit`, kill the largest of them (a kernel, which JupyterLab restarts, saying it died)
    and tell `said` in one line. Ends when the server is gone."""
    while True:
        await asyncio.sleep(every)
        sizes = await asyncio.to_thread(tree_memory, pid)
        if not sizes:
            return
        total = sum(size for _, size in sizes)
        if total <= limit:
            continue
        largest, size = sizes[0]
        try:
            os.kill(largest, signal.SIGKILL)
        except ProcessLookupError:
            continue
        result = said(
            f"memory limit: {total / 2**20:,.0f} MiB resident > {limit / 2**20:,.0f} MiB; "
            f"stopped process {largest} ({size / 2**20:,.0f} MiB)"
        )
        if result is not None:
            await result


def main(argv: list[str] | None = None) -> int:
    """`env ENV`: the students' environment made; `image OUT`: the image's files; `sync
    PREPARED OUT`: the student's learner/ brought up to date, with a few lines on what it did."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    actions = parser.add_subparsers(dest="action", required=True)
    actions.add_parser("env").add_argument("env", type=Path, help="where to make it")
    actions.add_parser("image").add_argument("out", type=Path, help="where to put it")
    syncing = actions.add_parser("sync")
    syncing.add_argument("prepared", type=Path, help="the class copy the Hub prepared")
    syncing.add_argument("out", type=Path, help="the student's learner/ folder")
    args = parser.parse_args(argv)
    if args.action == "env":
        print(learner_env(args.env))
        return 0
    if args.action == "image":
        image_files(args.out)
        return 0
    try:
        outcomes = sync(args.prepared, args.out)
    except OSError as error:
        print(f"hub_setup: cannot sync {args.out}: {error.strerror or error}", file=sys.stderr)
        return 4
    print("\n".join(report(outcomes, args.out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
