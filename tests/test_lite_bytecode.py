"""The browser edition's bytecode (tools/lite_bytecode.py), run here by CPython for its own version:
the build runs the same code in Pyodide for the browser's."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.lite_bytecode import SERVER_DATA, imported, recompiled

NAME = "toypkg"
HOME = "/lib/site-packages"


def make_wheel(folder: Path, name: str = NAME) -> Path:
    """A small wheel: a package with two modules (one never imported by the package), a file of
    server data and a RECORD that lists them all."""
    wheel = folder / f"{name}-1.0-py3-none-any.whl"
    files = {
        f"{name}/__init__.py": "from .used import VALUE\n",
        f"{name}/used.py": "VALUE = 'compiled'\n\n\ndef where():\n    return VALUE\n",
        f"{name}/unused.py": "OTHER = 1\n",
        f"{name}-1.0.data/data/share/jupyter/labextensions/x/static/main.js": "//\n",
        f"{name}-1.0.dist-info/METADATA": f"Name: {name}\nVersion: 1.0\n",
    }
    record = [f"{path},sha256=x,1" for path in files] + [f"{name}-1.0.dist-info/RECORD,,"]
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, text in files.items():
            archive.writestr(path, text)
        archive.writestr(f"{name}-1.0.dist-info/RECORD", "\n".join(record) + "\n")
    return wheel


def unpacked(wheel: Path, into: Path) -> Path:
    """The wheel's files in a folder of their own."""
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(into)
    return into


@pytest.fixture
def fresh_import() -> Iterator[None]:
    """Leave sys.modules and sys.path as they were after a test imports its toy package."""
    path, modules = list(sys.path), set(sys.modules)
    yield
    sys.path[:] = path
    for name in set(sys.modules) - modules:
        del sys.modules[name]


def test_imported_names_the_files_an_import_loads_not_the_others(
    tmp_path: Path, fresh_import: None
) -> None:
    folder = unpacked(make_wheel(tmp_path), tmp_path / "unpacked")
    found = imported([folder], [NAME])
    assert found == {f"{NAME}/__init__.py", f"{NAME}/used.py"}


def test_instead_replaces_the_imported_modules_source_and_keeps_record_true(tmp_path: Path) -> None:
    wheel, out = make_wheel(tmp_path), tmp_path / "out"
    out.mkdir()
    copy = recompiled(wheel, out, {f"{NAME}/used.py"}, "instead", HOME)
    with zipfile.ZipFile(copy) as archive:
        names = set(archive.namelist())
        record = archive.read(f"{NAME}-1.0.dist-info/RECORD").decode()
        assert all(info.compress_type == zipfile.ZIP_STORED for info in archive.infolist())
    assert f"{NAME}/used.pyc" in names and f"{NAME}/used.py" not in names
    assert f"{NAME}/unused.py" in names and f"{NAME}/unused.pyc" not in names
    assert not [n for n in names if SERVER_DATA in n]
    listed = {line.split(",")[0] for line in record.splitlines()}
    assert listed == names


def test_sourceless_bytecode_imports_and_runs(tmp_path: Path, fresh_import: None) -> None:
    wheel, out = make_wheel(tmp_path), tmp_path / "out"
    out.mkdir()
    copy = recompiled(wheel, out, {f"{NAME}/__init__.py", f"{NAME}/used.py"}, "instead", HOME)
    folder = unpacked(copy, tmp_path / "site")
    sys.path.insert(0, str(folder))
    module = importlib.import_module(NAME)
    assert module.VALUE == "compiled"
    assert str(getattr(module.__spec__, "origin", "")).endswith(".pyc")


def test_sourceless_code_is_named_for_its_file_where_it_runs(
    tmp_path: Path, fresh_import: None
) -> None:
    """So that code can tell whose code runs by `co_filename`, as the time limit does."""
    wheel, out, site = make_wheel(tmp_path), tmp_path / "out", tmp_path / "site"
    out.mkdir()
    copy = recompiled(wheel, out, {f"{NAME}/used.py"}, "instead", str(site))
    sys.path.insert(0, str(unpacked(copy, site)))
    used = importlib.import_module(f"{NAME}.used")
    assert used.where.__code__.co_filename == used.__file__ == str(site / NAME / "used.pyc")


def test_pycache_bytecode_is_used_without_looking_at_the_source(tmp_path: Path) -> None:
    """Unchecked bytecode: Python runs it even when the source beside it says otherwise (so an
    unpacked wheel's file times cannot make the browser compile again)."""
    wheel, out = make_wheel(tmp_path), tmp_path / "out"
    out.mkdir()
    copy = recompiled(wheel, out, {f"{NAME}/__init__.py", f"{NAME}/used.py"}, "pycache", HOME)
    folder = unpacked(copy, tmp_path / "site")
    cached = Path(importlib.util.cache_from_source(f"{NAME}/used.py"))
    assert (folder / cached).exists() and (folder / NAME / "used.py").exists()
    (folder / NAME / "used.py").write_text("VALUE = 'source'\n")
    ran = subprocess.run(
        [sys.executable, "-c", f"import {NAME}; print({NAME}.VALUE)"],
        cwd=folder,
        capture_output=True,
        text=True,
        check=True,
    )
    assert ran.stdout.strip() == "compiled"


def test_a_file_this_python_cannot_compile_stays_source(tmp_path: Path) -> None:
    wheel = tmp_path / "broken-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("broken/template.py", "def {{ name }}():\n")
        archive.writestr("broken-1.0.dist-info/RECORD", "broken/template.py,,\n")
    out = tmp_path / "out"
    out.mkdir()
    copy = recompiled(wheel, out, {"broken/template.py"}, "instead", HOME)
    with zipfile.ZipFile(copy) as archive:
        assert "broken/template.py" in archive.namelist()
        assert "broken/template.pyc" not in archive.namelist()
