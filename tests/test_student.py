"""The learner's copy, built by tools/make_student.py: every exercise stubbed, a folded model
solution after each exercise in the self-study build and none in the class build, a learner's edits
never overwritten, a reset that keeps a backup, and every notebook still running top to bottom
with each check saying "not done yet"."""

from __future__ import annotations

import importlib.util
import re
import shutil
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

from tools import make_links
from tools.make_links import binder_link, parse_remote
from tools.make_student import (
    BEGIN,
    END,
    MANIFEST,
    MODEL_SOLUTION_TAG,
    STUB,
    WORDS,
    Action,
    Build,
    build,
    fenced,
    graded_check,
    has_solution,
    is_hint,
    learner_notebook,
    main,
    replace_file,
    separate_solutions,
    stub_solutions,
)

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
ZH_NOTEBOOKS = sorted((ROOT / "notebooks" / "zh").glob("*.ipynb"))
BOTH_EDITIONS = NOTEBOOKS + ZH_NOTEBOOKS  # the Chinese edition is built and run the same way
NOT_DONE = {"en": "not done yet", "zh": "还没写完"}  # what a check says of a stub, per edition


def language_of(path: Path) -> str:
    """The edition a teacher's notebook belongs to: notebooks/zh/ is Chinese."""
    return "zh" if path.parent.name == "zh" else "en"


def edition_id(path: Path) -> str:
    return f"{language_of(path)}-{path.stem}"


CHECK_CALL = re.compile(r"^check_\w+\(", re.M)
FENCED = re.compile(r"^(`{3,})python\n(.*?)\n\1$", re.M | re.S)


def is_check(cell) -> bool:
    """A self-check cell: code whose statement is a call to a `check_...` function."""
    return cell.cell_type == "code" and CHECK_CALL.search(cell.source) is not None


def is_model_solution(cell) -> bool:
    """A cell the self-study build added to hold a model solution."""
    return MODEL_SOLUTION_TAG in cell.metadata.get("tags", [])


def output_text(cell) -> str:
    """Everything a cell printed or displayed as text."""
    parts = []
    for output in cell.get("outputs", []):
        parts.append(output.get("text", ""))
        parts.append(output.get("data", {}).get("text/plain", ""))
    return "".join(parts)


def read(path: Path):
    return nbformat.read(path, as_version=4)


def exercises(notebook) -> dict[str, list[str]]:
    """Cell id -> the solution regions of each exercise cell in a teacher's notebook."""
    return {c.id: separate_solutions(c.source)[1] for c in notebook.cells if has_solution(c)}


def test_stub_keeps_the_indentation_and_the_code_around_it():
    source = f"def f(x):\n    '''Doc.'''\n    {BEGIN}\n    return x + 1\n    {END}\n"
    assert stub_solutions(source) == f"def f(x):\n    '''Doc.'''\n    {STUB}"


def test_each_region_is_kept_dedented_for_the_model_solution():
    first = [f"    {BEGIN}", "    if x:", "        return 1", f"    {END}"]
    second = [f"    {BEGIN}", "    return y", f"    {END}"]
    source = "\n".join(["def f(x):", *first, "    y = 2", *second])
    stubbed, regions = separate_solutions(source)
    assert stubbed == f"def f(x):\n    {STUB}\n    y = 2\n    {STUB}"
    assert regions == ["if x:\n    return 1", "return y"]


@pytest.mark.parametrize("broken", [f"{BEGIN}\nx = 1", END, f"{BEGIN}\n{BEGIN}"])
def test_unbalanced_markers_are_refused(broken):
    with pytest.raises(ValueError, match="SOLUTION"):
        stub_solutions(broken)


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.name[:2] != "00"], ids=lambda p: p.stem)
def test_instructor_notebook_has_three_checked_exercises_that_pass(path):
    cells = read(path).cells
    indices = [i for i, cell in enumerate(cells) if has_solution(cell)]
    assert len(indices) >= 3, "at least three exercises"
    for i in indices:
        following = next((c for c in cells[i + 1 :] if c.cell_type == "code"), None)
        assert following is not None and is_check(following), f"cell {i} needs a self-check"
        assert "✓" in output_text(following), f"the stored check after cell {i} should pass"


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[tuple[Build, str], Path]:
    """Both builds of both editions of the real course, each in its own folder."""
    folders = {}
    for kind in Build:
        for language, source in (("en", ROOT / "notebooks"), ("zh", ROOT / "notebooks" / "zh")):
            folders[kind, language] = tmp_path_factory.mktemp(f"{kind.value}-{language}")
            build(source, folders[kind, language], kind, language=language)
    return folders


def built(builds, kind: Build, path: Path) -> Path:
    """Where a build put the learner's copy of the teacher's notebook at `path`."""
    return builds[kind, language_of(path)] / path.name


@pytest.mark.parametrize("kind", list(Build), ids=lambda k: k.value)
@pytest.mark.parametrize("path", BOTH_EDITIONS, ids=edition_id)
def test_every_exercise_is_stubbed_and_every_output_cleared(path, kind, builds):
    teacher, learner = read(path), read(built(builds, kind, path))
    by_id = {cell.id: cell for cell in learner.cells}
    for cell_id, regions in exercises(teacher).items():
        assert by_id[cell_id].source.count(STUB) >= len(regions), cell_id
    assert not any(BEGIN in c.source or END in c.source for c in learner.cells)
    assert all(not c.outputs and c.execution_count is None for c in code_cells(learner))


def code_cells(notebook) -> list:
    return [cell for cell in notebook.cells if cell.cell_type == "code"]


def solution_lines_not_said_elsewhere(teacher) -> set[str]:
    """Each solution line (stripped) that the teacher's notebook says nowhere outside a solution:
    finding one of these in a build can only mean the solution leaked."""
    elsewhere = "\n".join(stub_solutions(cell.source) for cell in teacher.cells)
    regions = [region for found in exercises(teacher).values() for region in found]
    lines = {line.strip() for region in regions for line in region.splitlines()}
    return {line for line in lines if line and line not in elsewhere}


@pytest.mark.parametrize("path", BOTH_EDITIONS, ids=edition_id)
def test_no_solution_line_leaks_into_the_class_build(path, builds):
    teacher = read(path)
    distinctive = solution_lines_not_said_elsewhere(teacher)
    if exercises(teacher):
        assert distinctive, "every solution repeats lines found elsewhere: nothing to look for"
    cells = read(built(builds, Build.CLASS, path)).cells
    text = "\n".join([c.source for c in cells] + [output_text(c) for c in cells])
    leaked = sorted(line for line in distinctive if line in text)
    assert not leaked, f"solution lines in the class build: {leaked}"
    assert not any(is_model_solution(c) for c in cells)


@pytest.mark.parametrize("path", BOTH_EDITIONS, ids=edition_id)
def test_self_study_build_folds_each_solution_after_its_exercise_and_hints(path, builds):
    cells = read(built(builds, Build.SELF_STUDY, path)).cells
    position = {cell.id: i for i, cell in enumerate(cells)}
    for cell_id, regions in exercises(read(path)).items():
        i = position[cell_id] + 1
        while is_hint(cells[i]) and not is_model_solution(cells[i]):
            i += 1
        folded = cells[i]
        assert is_model_solution(folded), f"no model solution after the exercise in {cell_id}"
        opening = folded.source.splitlines()[0]
        summary = WORDS[language_of(path)]["summary"]
        assert opening == f"<details><summary>{summary}</summary>", opening
        assert folded.source.rstrip().endswith("</details>")
        assert [code for _, code in FENCED.findall(folded.source)] == regions
    assert sum(is_model_solution(c) for c in cells) == len(exercises(read(path)))


def test_both_builds_hold_the_same_code_cells(builds):
    """What a kernel runs is only the code cells, so running one build tests both: the class
    build differs only in wrapping each check in `graded(...)`, which outside nbgrader returns
    the check's report unchanged."""
    for path in BOTH_EDITIONS:
        self_study, for_class = (read(built(builds, kind, path)) for kind in Build)
        expected = [
            graded_check(c.source) if is_check(c) else c.source for c in code_cells(self_study)
        ]
        assert [c.source for c in code_cells(for_class)] == expected


def self_study_copy(tmp_path_factory: pytest.TempPathFactory, language: str) -> Path:
    """The self-study build of one edition ("en" or "zh"), for the notebook runs of that edition
    (tests/test_student_runs_en.py and _zh.py: two files, so two workers run them side by side)."""
    folder = tmp_path_factory.mktemp(f"self-study-{language}")
    source = (NOTEBOOKS if language == "en" else ZH_NOTEBOOKS)[0].parent
    build(source, folder, Build.SELF_STUDY, language=language)
    return folder


def assert_learner_notebook_runs_and_every_check_is_not_done_yet(path: Path, folder: Path) -> Any:
    """Run the self-study build of the teacher's notebook at `path`, built in `folder`, top to
    bottom: no cell may fail, and every check must say "not done yet". The runs are the suite's
    longest work, so they are tests of their own files, one an edition (test_student_runs_en.py,
    test_student_runs_zh.py), which two workers can run side by side."""
    notebook = read(folder / path.name)
    NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": folder}}
    ).execute()  # raises on the first cell that errors
    for cell in filter(is_check, notebook.cells):
        assert NOT_DONE[language_of(path)] in output_text(cell), cell.source
    return notebook  # run: the Chinese edition's test reads its outputs too


# A learner's work is never lost: these work on a small copy of the course that the tests change.


@pytest.fixture
def course(tmp_path) -> Path:
    """A course of two real notebooks, 01 and 02, in a folder the test may edit as a teacher."""
    source = tmp_path / "notebooks"
    source.mkdir()
    for path in NOTEBOOKS[1:3]:
        shutil.copy(path, source / path.name)
    return source


def edit(path: Path, change) -> None:
    """Change a notebook the way a person would: read it, change a cell, save it."""
    notebook = read(path)
    change(notebook)
    nbformat.write(notebook, path)


def write_my_answer(notebook) -> None:
    exercise = next(c for c in notebook.cells if STUB in c.source)
    exercise.source = exercise.source.replace(STUB, "return 42  # my own try", 1)


def teachers_fix(notebook) -> None:
    notebook.cells[1].source += "\n\nA sentence the teacher added."


def actions(outcomes) -> dict[str, Action]:
    return {o.name: o.action for o in outcomes}


def test_a_second_build_changes_nothing(course, tmp_path):
    out = tmp_path / "learner"
    assert set(actions(build(course, out)).values()) == {Action.ADDED}
    before = {p.name: p.read_bytes() for p in out.glob("*.ipynb")}
    assert set(actions(build(course, out)).values()) == {Action.UNCHANGED}
    assert {p.name: p.read_bytes() for p in out.glob("*.ipynb")} == before


def test_a_rebuild_leaves_an_edited_notebook_byte_for_byte(course, tmp_path):
    out = tmp_path / "learner"
    build(course, out)
    mine, theirs = (out / p.name for p in sorted(course.glob("*.ipynb")))
    edit(mine, write_my_answer)
    saved = mine.read_bytes()
    for path in course.glob("*.ipynb"):
        edit(path, teachers_fix)
    outcome = actions(build(course, out))
    assert mine.read_bytes() == saved
    assert outcome == {mine.name: Action.KEPT_OUTDATED, theirs.name: Action.UPDATED}
    assert "A sentence the teacher added." in theirs.read_text()
    assert actions(build(course, out))[mine.name] is Action.KEPT_OUTDATED, "said again next time"


def test_a_notebook_only_run_still_gets_the_course_update(course, tmp_path):
    out = tmp_path / "learner"
    build(course, out)
    target = out / sorted(course.glob("*.ipynb"))[0].name

    def run_a_cell(notebook):
        cell = code_cells(notebook)[0]
        cell.execution_count = 1
        cell.outputs = [nbformat.v4.new_output("stream", text="hello\n")]

    edit(target, run_a_cell)
    assert actions(build(course, out))[target.name] is Action.UNCHANGED
    edit(course / target.name, teachers_fix)
    assert actions(build(course, out))[target.name] is Action.UPDATED
    assert "A sentence the teacher added." in target.read_text()


def test_building_again_adds_what_is_missing(course, tmp_path):
    out = tmp_path / "learner"
    build(course, out)
    deleted = next(out.glob("*.ipynb"))
    deleted.unlink()
    shutil.copy(NOTEBOOKS[3], course / NOTEBOOKS[3].name)
    outcome = actions(build(course, out))
    assert outcome[deleted.name] is Action.ADDED and outcome[NOTEBOOKS[3].name] is Action.ADDED
    assert deleted.exists() and (out / NOTEBOOKS[3].name).exists()


def test_a_notebook_the_tool_did_not_build_is_kept(course, tmp_path):
    out = tmp_path / "learner"
    build(course, out)
    (out / MANIFEST).unlink()
    target = next(out.glob("*.ipynb"))
    edit(target, write_my_answer)
    saved = target.read_bytes()
    assert actions(build(course, out))[target.name] is Action.KEPT_OUTDATED
    assert target.read_bytes() == saved


def test_reset_keeps_a_timestamped_backup_and_builds_afresh(course, tmp_path):
    out = tmp_path / "learner"
    build(course, out)
    target = out / sorted(course.glob("*.ipynb"))[0].name
    fresh = target.read_bytes()
    edit(target, write_my_answer)
    mine = target.read_bytes()
    (outcome,) = build(course, out, reset=(target.name[:2],))
    assert outcome.action is Action.RESET and outcome.backup is not None
    assert outcome.backup.parent == out / "backups"
    assert re.fullmatch(
        rf"{target.stem}\.\d{{4}}-\d\d-\d\d_\d\d-\d\d-\d\d\.ipynb", outcome.backup.name
    )
    assert outcome.backup.read_bytes() == mine
    assert target.read_bytes() == fresh
    (again,) = build(course, out, reset=(target.name[:2],))
    assert again.backup is None, "nothing to back up when the notebook is as built"
    assert actions(build(course, out))[target.name] is Action.UNCHANGED


def test_two_resets_in_one_second_keep_both_backups(course, tmp_path):
    out = tmp_path / "learner"
    build(course, out)
    name = sorted(course.glob("*.ipynb"))[0].name
    backups = []
    for _ in range(2):
        edit(out / name, write_my_answer)
        backups.append(build(course, out, reset=(name,))[0].backup)
    assert backups[0] != backups[1] and all(b.exists() for b in backups)


@pytest.mark.parametrize("name", ["9", "0"])
def test_reset_names_the_notebooks_when_the_choice_is_unclear(course, tmp_path, name):
    with pytest.raises(ValueError, match=re.escape("01_the_board.ipynb, 02_valid_sudoku.ipynb")):
        build(course, tmp_path / "learner", reset=(name,))


def test_the_command_says_in_one_line_what_it_kept(course, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("tools.make_student.SOURCE", course)
    out = tmp_path / "learner"
    assert main(["--out", str(out)]) == 0
    assert capsys.readouterr().out == f"built 2 notebooks in {out}/\n"
    edit(out / "01_the_board.ipynb", write_my_answer)
    edit(course / "01_the_board.ipynb", teachers_fix)
    assert main(["--out", str(out)]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith("01_the_board.ipynb: kept as you edited it") and "NB=01" in line
    assert main(["--out", str(out), "--reset", "5"]) == 2
    assert "'5' matches no notebook" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("damage", "why"),
    [
        (lambda path: path.write_text("[1, 2]"), "it holds a list"),
        (lambda path: path.write_text("7"), "it holds a int"),
        (lambda path: path.write_text(""), "cannot be read as JSON"),
        (lambda path: path.write_text('{"01_the_board.ipynb": 3}'), "it holds a dict"),
        (lambda path: path.unlink() or path.mkdir(), "it is a folder"),
    ],
    ids=["list", "number", "empty", "not-fingerprints", "folder"],
)
def test_a_damaged_manifest_keeps_every_notebook_and_names_the_file(
    course, tmp_path, capsys, monkeypatch, damage, why
):
    monkeypatch.setattr("tools.make_student.SOURCE", course)
    out = tmp_path / "learner"
    build(course, out)
    mine = out / "01_the_board.ipynb"
    edit(mine, write_my_answer)
    saved = mine.read_bytes()
    edit(course / mine.name, teachers_fix)  # the course changed: an unedited copy would update
    damage(out / MANIFEST)
    capsys.readouterr()
    code = main(["--out", str(out)])
    err = capsys.readouterr().err
    assert mine.read_bytes() == saved and "Traceback" not in err
    assert f"{out / MANIFEST} is damaged" in err and why in err
    assert "is kept as your own work" in err
    if why == "it is a folder":  # the build cannot write its manifest there: one more line
        assert code == 4 and f"cannot write {out / MANIFEST}" in err
    else:
        assert code == 0 and main(["--out", str(out)]) == 0
        assert capsys.readouterr().err == "", "the manifest was written afresh"


def test_a_folder_that_cannot_be_written_is_one_line(course, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("tools.make_student.SOURCE", course)
    blocker = tmp_path / "a_file"
    blocker.write_text("")
    assert main(["--out", str(blocker / "learner")]) == 4
    assert (
        capsys.readouterr().err
        == f"make_student: cannot write {blocker / 'learner'}: Not a directory\n"
    )
    out = tmp_path / "learner"
    build(course, out)

    def refuse(path, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(Path, "write_text", refuse)  # as a read-only learner/ (root ignores modes)
    monkeypatch.setattr(Path, "write_bytes", refuse)
    edit(course / "01_the_board.ipynb", teachers_fix)
    assert main(["--out", str(out)]) == 4
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Permission denied" in err and str(out) in err


def test_an_interrupted_write_leaves_the_old_file_and_no_part(tmp_path, monkeypatch):
    target = tmp_path / "01_the_board.ipynb"
    target.write_text("the learner's")

    def interrupt(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr("tools.make_student.os.replace", interrupt)
    with pytest.raises(KeyboardInterrupt):
        replace_file(target, b"fresh")
    assert target.read_text() == "the learner's" and sorted(tmp_path.iterdir()) == [target]


def test_reset_replaces_a_link_and_never_writes_through_it(course, tmp_path):
    out = tmp_path / "learner"
    build(course, out)
    teachers = course / "01_the_board.ipynb"
    original = teachers.read_bytes()
    (out / teachers.name).unlink()
    (out / teachers.name).symlink_to(teachers)
    (outcome,) = build(course, out, reset=("01",))
    assert teachers.read_bytes() == original, "the teacher's notebook is untouched"
    assert not (out / teachers.name).is_symlink()
    assert STUB in (out / teachers.name).read_text()
    assert outcome.backup is not None and outcome.backup.read_bytes() == original


def test_binder_and_make_lab_open_the_learners_copy():
    binder = binder_link(parse_remote("https://github.com/someone/course.git"), "main")
    assert binder.endswith("?urlpath=lab/tree/learner/00_start_here.ipynb")
    assert "python -m tools.make_student" in (ROOT / "postBuild").read_text()
    lab = re.search(r"^lab: (.*)\n\tcd (\S+) ", (ROOT / "Makefile").read_text(), re.M)
    assert lab is not None and lab.groups() == ("student", "learner")
    assert "learner/" in (ROOT / ".gitignore").read_text().splitlines()


def test_binder_and_make_lab_zh_open_the_chinese_learners_copy_in_a_chinese_jupyterlab():
    assert make_links.BEGIN in (ROOT / "README.zh-CN.md").read_text()  # `make links` writes it
    binder = make_links.readme_zh_line(parse_remote("https://github.com/someone/course"), "main")
    assert binder.endswith("?urlpath=lab/tree/learner-zh/00_start_here.ipynb)")
    assert "(README.zh-CN.md)" in (ROOT / "README.md").read_text()
    assert "python -m tools.make_student --lang zh" in (ROOT / "postBuild").read_text()
    makefile = (ROOT / "Makefile").read_text()
    student = re.search(r"^student-zh: .*\n\t(.*)$", makefile, re.M)
    assert student is not None and student.group(1).endswith("-m tools.make_student --lang zh")
    lab = re.search(r"^lab-zh: (.*)\n((?:\t.*\n)+)", makefile, re.M)
    assert lab is not None and lab.group(1) == "student-zh"
    assert '"locale": "zh_CN"' in lab.group(2) and "JUPYTERLAB_SETTINGS_DIR=" in lab.group(2)
    assert "cd learner-zh && JUPYTERLAB_SETTINGS_DIR" in lab.group(2)
    assert "learner-zh/" in (ROOT / ".gitignore").read_text().splitlines()
    assert importlib.util.find_spec("jupyterlab_language_pack_zh_CN") is not None


def test_make_lab_teacher_keeps_jupyterlabs_settings_in_the_teachers_copy():
    """A font size chosen for the projector stays in teacher/, not in the account's ~/.jupyter."""
    makefile = (ROOT / "Makefile").read_text()
    lab = re.search(r"^lab-teacher: (.*)\n((?:\t.*\n)+)", makefile, re.M)
    assert lab is not None and lab.group(1) == "teacher"
    assert "cd teacher && JUPYTERLAB_SETTINGS_DIR=$(CURDIR)/teacher/.jupyterlab-settings" in (
        lab.group(2)
    )
    assert "teacher/" in (ROOT / ".gitignore").read_text().splitlines()


def test_the_chinese_build_folds_its_model_solutions_under_chinese_words():
    learner = learner_notebook(small_course_notebook(), Build.SELF_STUDY, "zh")
    folded = next(cell for cell in learner.cells if is_model_solution(cell))
    assert folded.source.startswith(f"<details><summary>{WORDS['zh']['summary']}</summary>")
    assert "替换 `raise NotImplementedError` 的代码：" in folded.source


def small_course_notebook() -> nbformat.NotebookNode:
    """An exercise with two hints and a self-check, then a notebook's end with no exercise."""
    new_code, new_markdown = nbformat.v4.new_code_cell, nbformat.v4.new_markdown_cell
    exercise = f"def f(x):\n    {BEGIN}\n    return x + 1\n    {END}"
    return nbformat.v4.new_notebook(
        cells=[
            new_markdown("# A title", id="title"),
            new_code(exercise, id="exercise"),
            new_markdown("<details><summary>Hint</summary>\n\nAdd one.\n</details>", id="hint-1"),
            new_markdown("<details><summary>Hint</summary>\n\nUse `+`.\n</details>", id="hint-2"),
            new_code("check_f(f)", id="check"),
        ]
    )


def test_the_model_solution_comes_after_the_hints_and_before_the_check():
    self_study = learner_notebook(small_course_notebook(), Build.SELF_STUDY)
    ids = [cell.id for cell in self_study.cells]
    assert ids[:4] == ["title", "exercise", "hint-1", "hint-2"] and ids[5] == "check"
    assert is_model_solution(self_study.cells[4])
    assert FENCED.findall(self_study.cells[4].source) == [("```", "return x + 1")]
    for_class = learner_notebook(small_course_notebook(), Build.CLASS)
    assert [cell.id for cell in for_class.cells] == [
        "title",
        "exercise",
        "hint-1",
        "hint-2",
        "check",
    ]
    nbformat.validate(self_study)


def test_a_notebook_without_exercises_is_copied_with_its_outputs_cleared():
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1", id="sum")])
    notebook.cells[0].outputs = [nbformat.v4.new_output("execute_result", {"text/plain": "2"})]
    learner = learner_notebook(notebook, Build.SELF_STUDY)
    assert [(c.id, c.source, c.outputs) for c in learner.cells] == [("sum", "1 + 1", [])]


def test_a_solution_with_backticks_gets_a_longer_fence():
    assert fenced('s = "```"').startswith("````python\n")


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if exercises(read(p))], ids=lambda p: p.stem)
def test_every_exercise_is_followed_by_a_hint(path):
    """Help comes in order: the hints right after the exercise, then (in the learner's copy) the
    folded model solution, then the check."""
    cells = read(path).cells
    for i, cell in enumerate(cells):
        if has_solution(cell):
            assert i + 1 < len(cells) and is_hint(cells[i + 1]), f"no hint after {cell.id}"
