"""Bytecode in the browser edition's wheels and standard library, so a cold open compiles nothing.

Pyodide's standard library and the wheels from PyPI carry source only, and Python compiles each
module the first time it is imported: in a learner's browser, on every cold open. Importing the
kernel (IPython, ipykernel, jedi, ...) took 3.4-4.7 s of Chromium's first answer here, and
1.1-1.2 s with bytecode in the wheels and the standard library. So the build compiles the modules
a cold open imports (`imported`: the kernel's worker's, and the library's with what it needs);
compiling the rest (pygments' five hundred lexers) would cost bytes and save nothing.

Where the bytecode goes:
- the other projects' wheels: in place of the source (`pkg/mod.pyc`), as Pyodide's own
  packages ship, so a class downloads one copy of each module, not two;
- the library's wheel (`KEEP`): beside the source (`pkg/__pycache__/mod.cpython-314.pyc`), since
  tracebacks quote the library's lines and `sudoku_lib.source` prints them;
- the standard library's zip: in place of the source too (`mod.pyc`, where Python's zip importer
  looks): beside it, the zip grew by 1.5 MB, over a class's budget of 15 MB a learner. A
  traceback through one of those modules shows where, without the line's text.
Every archive is written uncompressed: the build's gzip copy of the whole file (as the server
sends it) is smaller than the sum of its files compressed one by one. A wheel loses the data
files it would install for a Jupyter server (`*.data/data/share/jupyter/`: the lab extension's
JavaScript, which the site already serves from its own copy).

Bytecode belongs to one Python version, so the build runs this file inside the browser's own
Python, Pyodide under Node (tools/lite_build/bytecode.mjs); any CPython runs it too, for its own
version (the tests do). The bytecode is *unchecked*: Python uses it without comparing it with the
source's time, which unpacking a wheel does not keep.
"""

from __future__ import annotations

import importlib
import importlib.util
import py_compile
import sys
import sysconfig
import tempfile
import warnings
import zipfile
from pathlib import Path

SERVER_DATA = ".data/data/share/jupyter/"
"""What, inside a wheel, a Jupyter server installs and a browser's kernel never reads."""


def imported(folders: list[Path], names: list[str]) -> set[str]:
    """The files under `folders` (each wheel unpacked, the standard library's zip) that importing
    `names` loads, as paths inside their folder; `folders` go first on this Python's path."""
    sys.path[:0] = [str(f) for f in folders if str(f) not in sys.path]
    for name in names:
        importlib.import_module(name)
    found = set()
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None) or ""
        for folder in folders:
            if file.startswith(f"{folder}/"):
                found.add(file[len(str(folder)) + 1 :])
    return found


def recompiled(archive: Path, out: Path, modules: set[str], layout: str, home: str) -> Path:
    """A copy of the zip `archive` in the folder `out`, uncompressed, with the bytecode of each of
    its `modules` (paths inside it) laid out as `layout` says: "instead" of the source or beside
    it in a "pycache" folder (the module docstring says which goes where). A wheel's RECORD
    names each file the copy holds (bytecode without a hash, as the wheel format allows). `home`
    is where the browser's Python finds the archive's files (a folder, or the zip itself): each
    module's code is named for its file there, so that code can tell whose code is running (the
    time limit compares `co_filename` with `contextlib.__file__`)."""
    target = out / archive.name
    with zipfile.ZipFile(archive) as source, zipfile.ZipFile(target, "w") as copy:
        names = source.namelist()
        record = next((n for n in names if n.endswith(".dist-info/RECORD")), None)
        dropped = {n for n in names if SERVER_DATA in n}
        added = []
        for member in source.infolist():
            if member.filename in dropped or member.filename == record:
                continue
            data = source.read(member)
            if member.filename in modules:
                name = bytecode_name(member.filename, layout)
                runs_from = f"{home}/{name if layout == 'instead' else member.filename}"
                compiled = bytecode(data, runs_from)
                if compiled is not None:
                    added.append(name)
                    copy.writestr(stored(name, member), compiled)
                    if layout == "instead":
                        dropped.add(member.filename)
                        continue
            copy.writestr(stored(member.filename, member), data)
        if record is not None:
            listed = source.read(record).decode("utf-8").rstrip("\n").split("\n")
            kept = [line for line in listed if line.rsplit(",", 2)[0] not in dropped]
            copy.writestr(record, "\n".join([*kept, *(f"{name},," for name in added)]) + "\n")
    return target


def stored(name: str, like: zipfile.ZipInfo) -> zipfile.ZipInfo:
    """An uncompressed entry called `name`, with the time and permissions of `like`."""
    entry = zipfile.ZipInfo(name, like.date_time)
    entry.external_attr = like.external_attr
    return entry


def bytecode_name(module: str, layout: str) -> str:
    """Where this Python finds a module's bytecode: `a/b.pyc` in place of `a/b.py`, or
    `a/__pycache__/b.<tag>.pyc` beside it."""
    return importlib.util.cache_from_source(module) if layout == "pycache" else module + "c"


def bytecode(source: bytes, name: str) -> bytes | None:
    """A module's unchecked bytecode, its code named `name`, or None for a file this Python
    cannot compile (a template, or code for another version): it is left as source, as before.
    (Python renames the code of bytecode found beside its source after the source; the code of
    bytecode without source keeps the name it was compiled with.)"""
    with tempfile.TemporaryDirectory() as scratch:
        module, compiled = Path(scratch) / "module.py", Path(scratch) / "module.pyc"
        module.write_bytes(source)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a library's invalid escapes are its own affair
            try:
                py_compile.compile(
                    str(module),
                    str(compiled),
                    dfile=name,
                    doraise=True,
                    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
                )
            except py_compile.PyCompileError:
                return None
        return compiled.read_bytes()


def main(argv: list[str]) -> int:
    """`lite_bytecode.py WHEELS OUT STDLIB KEEP NAME...`: each wheel of the folder WHEELS, and the
    standard library's zip STDLIB, compiled for what importing the modules NAME loads, into the
    folder OUT; the project KEEP's wheel keeps its source."""
    wheels, out, stdlib = (Path(folder) for folder in argv[:3])
    keep, names = argv[3], argv[4:]
    archives = sorted(wheels.glob("*.whl"))
    unpacked = {wheel: Path(tempfile.mkdtemp(prefix="wheel-")) for wheel in archives}
    for wheel, folder in unpacked.items():
        with zipfile.ZipFile(wheel) as opened:
            opened.extractall(folder)
    modules = imported([*unpacked.values(), stdlib], names)
    site_packages = sysconfig.get_paths()["purelib"]
    for wheel in archives:
        layout = "pycache" if wheel.name.split("-")[0] == keep else "instead"
        recompiled(wheel, out, modules, layout, site_packages)
    recompiled(stdlib, out, modules, "instead", str(stdlib))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
