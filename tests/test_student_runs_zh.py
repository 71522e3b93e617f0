"""Every notebook of the Chinese learner's copy runs top to bottom, each check saying "not done
yet" (see `assert_learner_notebook_runs_and_every_check_is_not_done_yet`), and nothing it shows,
text or output, holds two English words in a row (test_zh_no_english.notebook_english)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_student import (
    ZH_NOTEBOOKS,
    assert_learner_notebook_runs_and_every_check_is_not_done_yet,
    edition_id,
    self_study_copy,
)
from tests.test_zh_no_english import notebook_english


@pytest.fixture(scope="module")
def self_study(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return self_study_copy(tmp_path_factory, "zh")


@pytest.mark.parametrize("path", ZH_NOTEBOOKS, ids=edition_id)
def test_learner_notebook_runs_and_every_check_is_not_done_yet(
    path: Path, self_study: Path
) -> None:
    notebook = assert_learner_notebook_runs_and_every_check_is_not_done_yet(path, self_study)
    assert notebook_english(notebook) == []
