"""`watch` counts the answers of real backtracking programs as they mean them: each program in
tests/data/watch_programs/ (written for these tests, in the styles learners and textbooks use)
is run plainly, its answers counted from what it hands back or keeps, and then watched, fresh,
and `recording.solved` must be that count, with the same result and arguments left."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from sudoku_lib import watch
from sudoku_lib.watch import Count, caption

PROGRAMS = sorted((Path(__file__).parent / "data" / "watch_programs").glob("*.py"))


def fresh(path: Path) -> ModuleType:
    """The program loaded anew: its globals (lists, counters, caches, defaults) as written."""
    spec = importlib.util.spec_from_file_location(f"watch_program_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def same(a: Any, b: Any) -> bool:
    """Equal, for numpy arrays too."""
    if hasattr(a, "tolist") and hasattr(b, "tolist"):
        return bool(a.tolist() == b.tolist())
    return bool(a == b)


def test_there_are_at_least_twenty_programs() -> None:
    assert len(PROGRAMS) >= 20


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_watch_counts_each_programs_answers_as_a_plain_run_does(path: Path) -> None:
    plain = fresh(path)
    got = plain.ENTRY(*plain.ARGS)
    expected = plain.answers(got)
    assert expected >= 1
    module = fresh(path)
    recording = watch(module.ENTRY, *module.ARGS)
    assert recording.error is None, recording.error
    assert same(recording.result, got)
    assert module.answers(recording.result) == expected  # the globals it keeps too
    assert all(same(a, b) for a, b in zip(module.ARGS, plain.ARGS, strict=True))
    assert recording.solved == expected


def test_only_counters_of_answers_are_steps_and_each_says_so() -> None:
    module = fresh(PROGRAMS[0].with_name("queens_global_counter.py"))
    recording = watch(module.ENTRY, *module.ARGS)
    counts = [step for step in recording.steps if isinstance(step, Count)]
    assert {step.name for step in counts} == {"found"}  # `calls += 1` in every call is not one
    assert len(counts) == module.found == recording.solved
    assert caption(counts[0]).endswith("found grows to 1")
