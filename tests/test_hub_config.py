"""deploy/jupyterhub_config.py says what deploy/README.md promises: loopback only, a culler, the
start hook, and limits that hold: a student's process cannot take more memory than mem_limit."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from traitlets.config.loader import PyFileConfigLoader

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("SUDOKU_HUB_STATE", str(tmp_path))
    return PyFileConfigLoader("jupyterhub_config.py", path=str(ROOT / "deploy")).load_config()


def test_the_hub_listens_on_the_loopback_only(config):
    assert config.JupyterHub.ip == "127.0.0.1" and config.JupyterHub.hub_ip == "127.0.0.1"


def test_idle_servers_are_culled_by_jupyterhub_idle_culler(config):
    (culler,) = [s for s in config.JupyterHub.services if s["name"] == "idle-culler"]
    assert culler["command"][1:3] == ["-m", "jupyterhub_idle_culler"]
    assert "--timeout=3600" in culler["command"]
    (role,) = [r for r in config.JupyterHub.load_roles if r["name"] == "idle-culler"]
    assert "delete:servers" in role["scopes"]


def test_each_server_opens_the_learners_copy_the_start_hook_builds(config, tmp_path):
    assert config.Spawner.default_url == "/lab/tree/learner/00_start_here.ipynb"
    assert config.Spawner.pre_spawn_hook.__name__ == "build_learner_copy"
    assert config.CourseSpawner.home_dir_template == str(tmp_path / "homes" / "{username}")


def run_as_student(config, tmp_path, code: str) -> subprocess.CompletedProcess[str]:
    """Run Python code under the limits the Hub puts on a student's processes (512 MiB)."""
    spawner = config.JupyterHub.spawner_class(mem_limit="512M", home_dir=str(tmp_path / "s"))
    return subprocess.run(
        [sys.executable, "-c", code],
        preexec_fn=spawner.make_preexec_fn("s"),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_students_process_cannot_take_more_than_the_memory_limit(config, tmp_path):
    over = run_as_student(config, tmp_path, "b = bytearray(700 * 2**20)")
    assert over.returncode != 0 and "MemoryError" in over.stderr
    under = run_as_student(
        config, tmp_path, "b = bytearray(64 * 2**20); import os; print(os.nice(0))"
    )
    assert under.returncode == 0 and int(under.stdout) > 0, "students yield to the Hub"
