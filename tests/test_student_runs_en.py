"""Every notebook of the English learner's copy runs top to bottom, each check saying "not done
yet" (see `assert_learner_notebook_runs_and_every_check_is_not_done_yet`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_student import (
    NOTEBOOKS,
    assert_learner_notebook_runs_and_every_check_is_not_done_yet,
    edition_id,
)
from tools.make_student import Build, build


@pytest.fixture(scope="module")
def self_study(tmp_path_factory) -> Path:
    """The self-study build of the English edition."""
    folder = tmp_path_factory.mktemp("self-study-en")
    build(NOTEBOOKS[0].parent, folder, Build.SELF_STUDY, language="en")
    return folder


@pytest.mark.parametrize("path", NOTEBOOKS, ids=edition_id)
def test_learner_notebook_runs_and_every_check_is_not_done_yet(
    path: Path, self_study: Path
) -> None:
    assert_learner_notebook_runs_and_every_check_is_not_done_yet(path, self_study)
