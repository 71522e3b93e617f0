"""The browser edition (JupyterLite): a notebook the learner saved, when the site holds a newer one.

JupyterLite keeps a notebook the learner saved in the browser, in front of the site's own copy, so
a fix the teacher republishes never reaches it by itself. The site's build stamps each notebook
with its course version (`metadata["sudoku_course"]["version"]`) and lists the versions in
`course-versions.json`; when the library is imported in the browser, `announce()` compares the
notebooks of the kernel's folder that the learner saved with that list and says, one line each,
which have a newer version, and `take_newer("03")` takes it, keeping the learner's in backups/
(as `make lab` and `make reset` do on a computer).

Only notebooks whose time differs from the site's are read: the build gives every notebook the
time of the build, so one the learner saved is told apart without reading the others.
"""

from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from .i18n import _, get_language, set_language

STAMP = "sudoku_course"
"""The notebook metadata key that holds the course version the site built it from."""
VERSIONS = "course-versions.json"
"""The site's list: {"built": the build's time, "language": its edition's, "notebooks": {path:
version}}."""
DRIVE = Path("/drive")
"""Where JupyterLite's kernel sees the site's files (and the learner's saved ones)."""
BACKUPS = "backups"


def in_browser() -> bool:
    """True in Pyodide, the browser's Python."""
    return sys.platform == "emscripten"


def site_address() -> str:
    """The site's address, read from the kernel worker's own (…/extensions/… or …/build/…)."""
    import js  # type: ignore[import-not-found]  # Pyodide's bridge to the browser

    href = str(js.location.href)
    for marker in ("/extensions/", "/build/"):
        if marker in href:
            return href.split(marker)[0] + "/"
    raise LookupError(f"not a JupyterLite kernel: {href}")


def fetch(url: str) -> str:
    """A text file of the site (a synchronous request: the kernel runs in a worker)."""
    from pyodide.http import open_url  # type: ignore[import-not-found]

    text: str = open_url(url).read()
    return text


def site_versions() -> dict[str, Any]:
    """The site's list of course versions."""
    versions: dict[str, Any] = json.loads(fetch(site_address() + VERSIONS))
    return versions


def saved_version(path: Path) -> str | None:
    """The course version a notebook was built from (None when it says none)."""
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    stamp = notebook.get("metadata", {}).get(STAMP, {})
    return stamp.get("version") if isinstance(stamp, dict) else None


def outdated(folder: Path, versions: dict[str, Any]) -> list[str]:
    """The site paths of the notebooks in `folder` the learner saved from an older version."""
    built = float(versions["built"])
    found = []
    for relative, version in versions["notebooks"].items():
        path = DRIVE / relative
        if path.parent != folder:
            continue
        try:
            as_built = abs(path.stat().st_mtime - built) < 2
        except OSError:
            continue
        if not as_built and saved_version(path) != version:
            found.append(relative)
    return found


def notice(relative: str) -> str:
    """The one line that says a notebook has a newer version, and how to take it."""
    name = Path(relative).name
    said = _(
        "{name}: the site has a newer version than the one you saved; "
        'take_newer("{number}") takes it and keeps yours in backups/'
    )
    return said.format(name=name, number=name.split("_")[0])


def announce() -> None:
    """In the browser, one line for each notebook here that the site has a newer version of.
    Never fails: a site without the list, or a request that fails, says nothing."""
    chosen = get_language()
    try:
        versions = site_versions()
        set_language(versions.get("language", chosen))  # the edition's, before its notebook's
        lines = [notice(r) for r in outdated(Path.cwd(), versions)]
    except Exception:  # a notice must never stop the learner's first cell
        return
    finally:
        set_language(chosen)
    for line in lines:
        print(line)


def take_newer(notebook: str) -> str:
    """Take the site's version of `notebook` ("03", or its whole name) in the kernel's folder,
    keeping the learner's in backups/; returns (and prints) what was done."""
    if not in_browser():
        raise RuntimeError(_("take_newer is for the browser edition; here use make reset NB=03"))
    here = Path.cwd()
    names = sorted(p.name for p in here.glob("*.ipynb"))
    matches = [n for n in names if n == notebook or n.startswith(str(notebook))]
    if len(matches) != 1:
        said = _("take_newer: {wanted!r} names no single notebook here; choose one of: {names}")
        raise ValueError(said.format(wanted=notebook, names=", ".join(names)))
    path = here / matches[0]
    stamp = datetime.now().strftime("%Y-%m-%d_%H-%M-%S")
    backup = here / BACKUPS / f"{path.stem}.{stamp}{path.suffix}"
    backup.parent.mkdir(exist_ok=True)
    backup.write_bytes(path.read_bytes())
    relative = path.relative_to(DRIVE).as_posix()
    path.write_text(fetch(site_address() + "files/" + relative), encoding="utf-8")
    said = _("{name}: the site's version taken; yours is in {backup}; reopen the notebook")
    line = said.format(name=path.name, backup=backup.relative_to(here).as_posix())
    print(line)
    return line
