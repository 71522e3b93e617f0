"""The course's JupyterHub (deploy/jupyterhub_config.py), run for real by the load test's own code:
two simulated students log in through the REST API, each server opens the student's own
learner's copy, notebook 05 runs in each kernel over the websocket, and the figures come back.
Nothing here depends on how fast the machine is: only on what happened."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import nbformat
import pytest

from tools.hub_load import PROXY, code_cells, load, percentile, running_hub, summary
from tools.make_student import STUB

ROOT = Path(__file__).resolve().parent.parent
USERS = 2

needs_hub = pytest.mark.skipif(
    not PROXY.exists() or shutil.which("node") is None,
    reason="the Hub's proxy is not installed: `make hub-load` (or `cd deploy && npm ci`) does it",
)


@pytest.fixture(scope="module")
def visited(tmp_path_factory):
    """The state folder of a Hub that two students used, and what was measured of them."""
    state = tmp_path_factory.mktemp("hub")
    with running_hub(state, USERS) as (url, token):
        students = asyncio.run(load(url, token, USERS))
    return state, students


@needs_hub
def test_every_student_ran_notebook_05_without_a_failure(visited):
    _, students = visited
    assert [s.name for s in students] == ["load001", "load002"]
    for student in students:
        assert student.failures == [], student.failures
        assert len(student.latencies) == len(code_cells())
        assert student.ready_seconds is not None and student.ready_seconds > 0
        assert student.pss is not None and student.pss > 50 * 2**20  # a server and a kernel
        assert student.cpu_seconds is not None and student.cpu_seconds > 0


@needs_hub
def test_each_student_opens_their_own_learners_copy(visited):
    state, students = visited
    for student in students:
        learner = state / "homes" / student.name / "learner"
        notebooks = sorted(path.name for path in learner.glob("*.ipynb"))
        assert notebooks == sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
        board = nbformat.read(learner / "01_the_board.ipynb", as_version=4)
        assert any(STUB in cell.source for cell in board.cells), "the exercises are stubs"


@needs_hub
def test_the_summary_gives_every_figure_the_issue_asks_for(visited):
    _, students = visited
    text = "\n".join(summary(students, 1.0))
    for figure in (
        "memory per student (PSS)",
        "CPU per student",
        "time to a ready kernel",
        "p50",
        "p95",
    ):
        assert figure in text
    assert "failures: 0" in text and "load average" in text


def test_percentile_is_the_nearest_rank():
    values = [float(v) for v in range(1, 21)]
    assert percentile(values, 0.5) == 10.0
    assert percentile(values, 0.95) == 19.0
    assert percentile([3.0], 0.95) == 3.0
