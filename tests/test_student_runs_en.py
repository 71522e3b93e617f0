"""Every notebook of the English learner's copy runs top to bottom, each check saying "not done
yet" (see `assert_learner_notebook_runs_and_every_check_is_not_done_yet`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_student import (
    NOTEBOOKS,
    assert_learner_notebook_runs_and_every_check_is_not_done_yet,
    edition_id,
    self_study_copy,
)


@pytest.fixture(scope="module")
def self_study(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return self_study_copy(tmp_path_factory, "en")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=edition_id)
def test_learner_notebook_runs_and_every_check_is_not_done_yet(
    path: Path, self_study: Path
) -> None:
    assert_learner_notebook_runs_and_every_check_is_not_done_yet(path, self_study)
