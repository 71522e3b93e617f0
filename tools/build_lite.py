"""Build the browser edition: the course as a static JupyterLite site in build/lite/ (`make lite`).

    python -m tools.build_lite                # build/lite/, self-contained: nothing fetched later
    python -m tools.build_lite --pyodide-cdn  # Pyodide's full distribution from its public address
    python -m tools.build_lite --if-stale     # only when an input changed since the last build

The site is JupyterLite with the Pyodide kernel, holding the learner's copy of every notebook
(self-study build). It has two editions, each a JupyterLite of its own: English at the top and
Chinese in zh/ (JupyterLab's menus in Chinese there, from the zh-CN language pack); each address
opens its notebook 00. Each notebook is stamped with its course version, listed in the edition's
course-versions.json (the library says when a saved notebook is older: sudoku_lib/lite.py), and
every file that compresses well gets a .gz copy beside it for the server (tools/lite_serve.py).

Everything comes from the two registries a school
can mirror: the Pyodide runtime from npm (pinned in tools/lite_build/package-lock.json, installed
with `npm ci`), JupyterLite and its kernel from PyPI (pinned in pyproject.toml's `lite` extra), and
the pure-Python wheels the kernel and the library need from PyPI, at the versions Pyodide's own
lock file names where it names one.

The kernel imports sudoku_lib in the first cell with nothing to install: the wheels are listed in a
lock file of the site's own, in Pyodide's format, and the kernel's `loadPyodideOptions.packages`
preloads the kernel's needs and the library from it before the first cell runs. That lock names
only wheels the site holds, so no package is looked for anywhere else, and PyPI is never asked
(`disablePyPIFallback`). With `--pyodide-cdn` (or LITE_PYODIDE=cdn) the runtime comes from
Pyodide's public address instead, the lock lists that distribution's packages at their public
addresses beside the site's own wheels, and matplotlib is preloaded so the charts draw.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterable
from email.parser import Parser
from pathlib import Path
from typing import Any

import nbformat
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from sudoku_lib import lite
from sudoku_lib.i18n import LANGUAGES
from tools import ROOT

OUT = ROOT / "build" / "lite"
NPM_DIR = ROOT / "tools" / "lite_build"
PYODIDE_DIR = NPM_DIR / "node_modules" / "pyodide"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
LANGUAGE_PLUGIN = "@jupyterlab/translation-extension:plugin"
CDN = "https://cdn.jsdelivr.net/pyodide/v{version}/full/"
STAMP = ".build-inputs"  # in the site: the digest of what it was built from

PYODIDE_PYTHON = "3.14"
"""The Python version of the pinned Pyodide (314.x is CPython 3.14): the wheels must suit it."""

PYODIDE_RUNTIME = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What of the npm package the site serves: the loader, the interpreter and the standard
library (not its consoles, type declarations and source maps). Its lock file goes too, as the
kernel's build step expects it there, but the kernel reads the site's own (`lockFileURL`)."""

KERNEL_NEEDS = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
"""What the Pyodide kernel installs at start unless the lock preloads it (its worker skips each
one named in `loadPyodideOptions.packages`)."""

EXTENSIONS = (
    "@jupyterlite/pyodide-kernel-extension",
    "@jupyter-widgets/jupyterlab-manager",
    "anywidget",
)
"""The lab extensions the site needs: the kernel, ipywidgets' manager, and anywidget's (the
stepper). The rest of the environment's (nbgrader's, Voila's) would be dead weight there."""

EMSCRIPTEN = {
    "implementation_name": "cpython",
    "implementation_version": "3.14.2",
    "os_name": "posix",
    "platform_machine": "wasm32",
    "platform_python_implementation": "CPython",
    "platform_release": "",
    "platform_system": "Emscripten",
    "platform_version": "",
    "python_full_version": "3.14.2",
    "python_version": PYODIDE_PYTHON,
    "sys_platform": "emscripten",
    "extra": "",
}
"""The environment markers of Pyodide's Python, so a wheel's dependencies are the ones it needs
there (IPython's `pexpect` is for terminals, not for a browser)."""

EDITIONS = {"en": "", "zh": "zh"}
"""Each edition of the site and its folder: English at the top, Chinese in zh/, each a JupyterLite
of its own (its own settings, language and saved work: JupyterLite keeps them per address)."""

OPENS = "00_start_here.ipynb"
"""The notebook the site's address opens (JupyterLite's own root would open the Launcher)."""

ROOT_SCRIPT = re.compile(
    r"<script type=\"module\">\s*await import\('\./config-utils\.js[^']*'\);\s*</script>"
)
"""What in JupyterLite's index.html sends the browser on to the Launcher."""

GZIP = ".gz"
LIBRARY_WHEEL = "sudoku_lib"
"""The course's own wheel's name: the one that keeps its source in the site."""
COLD_OPEN_IMPORTS = (
    *("micropip", "piplite.piplite", "pyodide_kernel"),  # in the order the kernel's worker starts
    *("sudoku_lib", "sudoku_lib.checks", "sudoku_lib.stepper"),
)
"""What the kernel's start and a learner's first cells import: the modules the build compiles."""
STDLIB = "python_stdlib.zip"
"""The runtime's standard library, which the site serves compiled (`with_bytecode`)."""
"""The suffix of the compressed copy written beside each file that compresses well, for a web
server to send as is (tools/lite_serve.py, nginx's `gzip_static`)."""
COMPRESS_FROM = 1024  # bytes: smaller files are not worth a second copy

OVERRIDES = {
    # Every cell rendered, so the learner (and the browser test) sees each output as it comes.
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    # No news fetched from the internet.
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false"},
}


# --- the wheels ---------------------------------------------------------------------------------


def run(command: list[str], cwd: Path = ROOT) -> None:
    """Run a build step, its output shown; a failure stops the build with its exit status."""
    subprocess.run(command, cwd=cwd, check=True)


def npm_runtime() -> Path:
    """The pinned Pyodide runtime, installed with `npm ci` when it is missing or stale."""
    stamp = NPM_DIR / "node_modules" / ".installed-stamp"
    lock = NPM_DIR / "package-lock.json"
    if not stamp.exists() or stamp.stat().st_mtime < lock.stat().st_mtime:
        run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=NPM_DIR)
        stamp.touch()
    return PYODIDE_DIR


def pyodide_lock() -> dict[str, Any]:
    """The lock file of the pinned Pyodide's full distribution (the npm package carries it)."""
    lock: dict[str, Any] = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text("utf-8"))
    return lock


def pyodide_version() -> str:
    """The pinned Pyodide's version, as its npm package says."""
    version: str = json.loads((PYODIDE_DIR / "package.json").read_text("utf-8"))["version"]
    return version


def constraints(lock: dict[str, Any]) -> list[str]:
    """`name==version` for every pure-Python package Pyodide's own lock holds: the versions that
    distribution was tested with."""
    return [
        f"{entry['name']}=={entry['version']}"
        for entry in lock["packages"].values()
        if entry["file_name"].endswith("-none-any.whl")
    ]


def kernel_wheels() -> list[Path]:
    """The wheels the kernel's extension carries: its own Python side, piplite, and stand-ins for
    ipykernel and widgetsnbextension (whose real wheels are for a server, not a browser). Of a
    stand-in carried in two versions (widgetsnbextension for ipywidgets 7 and 8), the newest."""
    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / EXTENSIONS[0]
    newest: dict[str, Path] = {}
    for wheel in sorted((share / "static" / "pypi").glob("*.whl"), key=wheel_version):
        newest[wheel_name(wheel)] = wheel
    return sorted(newest.values())


def wheel_version(wheel: Path) -> Version:
    """A wheel's version, from its file name (`piplite-0.8.6-py3-none-any.whl` -> 0.8.6)."""
    return Version(wheel.name.split("-")[1])


def gather_wheels(work: Path, lock: dict[str, Any]) -> list[Path]:
    """Every wheel the site holds: the library built from this tree, the kernel's own, and the
    pure-Python wheels both need, resolved by pip for Python 3.14 on any platform."""
    own, downloaded, pinned = work / "own", work / "pypi", work / "constraints.txt"
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(own), "."])
    shims = kernel_wheels()
    shim_names = {wheel_name(w) for w in shims}
    pinned.write_text(
        "\n".join(c for c in constraints(lock) if canonical(c.split("==")[0]) not in shim_names),
        "utf-8",
    )
    run(
        [
            sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:",
            "--platform", "any", "--implementation", "py", "--abi", "none",
            "--python-version", PYODIDE_PYTHON, "-c", str(pinned), "-d", str(downloaded),
            *map(str, own.glob("*.whl")), "ipython", "jedi", "comm", "micropip",
        ]
    )  # fmt: skip
    pypi = [w for w in sorted(downloaded.glob("*.whl")) if wheel_name(w) not in shim_names]
    return [*shims, *pypi]


def with_bytecode(work: Path, wheels: list[Path]) -> list[Path]:
    """The wheels, and the runtime's standard library (`STDLIB`, which `lay_out` serves),
    compiled in the browser's Python for what a cold open imports (tools/lite_bytecode.py), so a
    learner's first cell does not wait while Pyodide compiles the kernel."""
    source, out = work / "source-wheels", work / "wheels"
    for folder in (source, out):
        folder.mkdir()
    for wheel in wheels:
        shutil.copy2(wheel, source / wheel.name)
    command = ["node", str(NPM_DIR / "bytecode.mjs"), str(source), str(out), LIBRARY_WHEEL]
    run([*command, *COLD_OPEN_IMPORTS])
    (stdlib,) = out.glob("python3*.zip")
    stdlib.replace(work / STDLIB)
    return [out / wheel.name for wheel in wheels]


def canonical(name: str) -> str:
    """A project's name as Pyodide looks it up (`Prompt_Toolkit` -> `prompt-toolkit`)."""
    return str(canonicalize_name(name))


def wheel_name(wheel: Path) -> str:
    """A wheel's project name, normalized (`prompt_toolkit-3.0.53-...` -> `prompt-toolkit`)."""
    return canonical(wheel.name.split("-")[0])


def wheel_metadata(wheel: Path) -> tuple[str, list[str], list[str]]:
    """A wheel's version, its dependencies in a browser (normalized names), and its top-level
    import names (what `import` finds in it)."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta_path = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(archive.read(meta_path).decode("utf-8"))
        top = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
        imports = archive.read(top).decode("utf-8").split() if top else []
    if not imports:
        imports = sorted(
            {
                n.split("/")[0].removesuffix(".py")
                for n in names
                if not n.split("/")[0].endswith(".dist-info")
            }
            - {""}
        )
    depends = []
    for line in meta.get_all("Requires-Dist") or []:
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate(EMSCRIPTEN):
            depends.append(canonical(requirement.name))
    return str(meta["Version"]), depends, imports


def sha256(path: Path) -> str:
    """A file's SHA-256, which Pyodide checks each wheel against before installing it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def lock_entries(wheels: Iterable[Path]) -> dict[str, dict[str, Any]]:
    """The site's wheels as entries of a Pyodide lock file (file names relative to the lock)."""
    entries = {}
    for wheel in wheels:
        version, depends, imports = wheel_metadata(wheel)
        name = wheel_name(wheel)
        entries[name] = {
            "name": name,
            "version": version,
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": sha256(wheel),
            "package_type": "package",
            "imports": imports,
            "depends": depends,
            "unvendored_tests": False,
        }
    return entries


def reachable(entries: dict[str, dict[str, Any]], roots: Iterable[str]) -> set[str]:
    """The names `roots` need, their dependencies' too; a dependency the entries lack is an
    error here, at build time, not in a learner's browser."""
    seen: set[str] = set()
    todo = [canonical(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in entries:
            raise SystemExit(f"build_lite: no wheel for {name}, which the site needs")
        seen.add(name)
        todo.extend(entries[name]["depends"])
    return seen


def site_lock(
    lock: dict[str, Any], wheels: list[Path], roots: Iterable[str], cdn: str | None
) -> tuple[dict[str, Any], list[Path]]:
    """The site's lock file, and the wheels it holds: the site's own wheels, as far as `roots`
    need them; with a CDN, first every package of that distribution at its public address, and
    then the site's wheels only for what `roots` need that it lacks (the library, ipywidgets,
    anywidget, the kernel's own)."""
    ours = lock_entries(wheels)
    packages: dict[str, dict[str, Any]] = {}
    if cdn is not None:
        for key, entry in lock["packages"].items():
            depends = [canonical(d) for d in entry["depends"]]
            packages[canonical(key)] = dict(
                entry, file_name=cdn + entry["file_name"], depends=depends
            )
    public = set(packages)
    packages |= {name: entry for name, entry in ours.items() if name not in public}
    needed = reachable(packages, roots)
    packages = {name: packages[name] for name in sorted(public | needed)}
    held = {packages[name]["file_name"] for name in needed - public}
    return {"info": lock["info"], "packages": packages}, [w for w in wheels if w.name in held]


# --- the site -----------------------------------------------------------------------------------


def learner_copy(files: Path, language: str) -> None:
    """The learner's copy (self-study) of every notebook of one edition, in `files`."""
    from tools import make_student

    options = ["--build", "self-study", "--out", str(files), "--lang", language]
    if make_student.main(options) != 0:
        raise SystemExit("build_lite: the learner's copy could not be built")
    (files / make_student.MANIFEST).unlink()  # the build's own record, not course


def stamp_versions(files: Path, built: float) -> dict[str, str]:
    """Stamp each notebook with its course version (a digest of what a learner would edit, as
    `make lab` compares) and give it the build's time; returns path -> version. The library
    compares a notebook the learner saved with these (sudoku_lib/lite.py)."""
    from tools import make_student

    versions = {}
    for path in sorted(files.rglob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        version = make_student.fingerprint(notebook)[:16]
        notebook.metadata[lite.STAMP] = {"version": version}
        path.write_text(nbformat.writes(notebook) + "\n", "utf-8")
        os.utime(path, (built, built))
        versions[path.relative_to(files).as_posix()] = version
    return versions


def opening_page(root: str, notebook: str) -> str:
    """JupyterLite's root index.html, which sends the browser to the lab's Launcher, made to
    open `notebook` instead. The page itself stays: the lab reads the site's configuration
    from it."""
    target = json.dumps(f"lab/index.html?path={notebook}")
    opens = f"<script>window.location.replace({target});</script>"
    page, found = ROOT_SCRIPT.subn(opens, root)
    if found != 1:
        raise SystemExit("build_lite: JupyterLite's index.html has changed: see ROOT_SCRIPT")
    return page


def precompress(site: Path) -> None:
    """A gzip copy beside each file that shrinks by a tenth or more (wheels, already zipped, do
    not), so the server sends the small one without compressing on every request."""
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.suffix == GZIP or path.stat().st_size < COMPRESS_FROM:
            continue
        data = path.read_bytes()
        packed = gzip.compress(data, compresslevel=9, mtime=0)
        if len(packed) <= 0.9 * len(data):
            path.with_name(path.name + GZIP).write_bytes(packed)


def lite_config(roots: Iterable[str], cdn: str | None) -> dict[str, Any]:
    """jupyter-lite.json: the kernel preloads `roots` from the site's lock file; self-contained,
    it never asks PyPI; with a CDN, its runtime comes from there."""
    kernel: dict[str, Any] = {
        "loadPyodideOptions": {
            "lockFileURL": "./static/packages/pyodide-lock.json",
            "packages": list(roots),
        },
        "disablePyPIFallback": cdn is None,
    }
    if cdn is not None:
        kernel["pyodideUrl"] = cdn + "pyodide.mjs"
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Sudoku & Backtracking",
            "litePluginSettings": {KERNEL_PLUGIN: kernel},
        },
    }


def lay_out(lite_dir: Path, language: str, roots: list[str], cdn: str | None) -> None:
    """Everything `jupyter lite build` reads for one edition: its notebooks, the runtime (unless
    from a CDN), the extensions, the configuration (the Chinese edition's menus in Chinese,
    from the zh-CN language pack the build finds installed)."""
    learner_copy(lite_dir / "files", language)
    if cdn is None:
        runtime = lite_dir / "static" / "pyodide"  # where the kernel's build step looks for it
        runtime.mkdir(parents=True)
        compiled = lite_dir.parent / STDLIB  # the standard library, from `with_bytecode`
        for name in PYODIDE_RUNTIME:
            source = compiled if name == STDLIB else PYODIDE_DIR / name
            shutil.copy2(source, runtime / name)
    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    build_config = {
        "LiteBuildConfig": {
            # not every extension of this environment (these), but its language packs
            "ignore_sys_prefix": ["federated_extensions", "icons"],
            "federated_extensions": [str(share / extension) for extension in EXTENSIONS],
            "apps": ["lab"],
            "no_sourcemaps": True,
        }
    }
    overrides = dict(OVERRIDES)
    if language != "en":
        overrides[LANGUAGE_PLUGIN] = {"locale": LANGUAGES[language]}
    for name, content in (
        ("jupyter_lite_config.json", build_config),
        ("jupyter-lite.json", lite_config(roots, cdn)),
        ("overrides.json", overrides),
    ):
        (lite_dir / name).write_text(json.dumps(content, indent=1), "utf-8")


def build_edition(
    work: Path,
    target: Path,
    language: str,
    cdn: str | None,
    site: tuple[dict[str, Any], list[Path]],
) -> None:
    """Build one edition into `target`: JupyterLite's build, then the lock file and wheels
    beside it, the course versions, and the page that opens notebook 00."""
    lite_dir = work / f"site-{language}"
    lock, wheels = site
    roots = [*KERNEL_NEEDS, "sudoku-lib", *(["matplotlib"] if cdn else [])]
    lay_out(lite_dir, language, roots, cdn)
    built = float(int(time.time()))
    versions = stamp_versions(lite_dir / "files", built)
    run(
        [sys.executable, "-m", "jupyterlite_core", "build", "--output-dir", str(target)],
        cwd=lite_dir,
    )
    packages = target / "static" / "packages"
    packages.mkdir(parents=True)
    (packages / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), "utf-8")
    for wheel in wheels:
        shutil.copy2(wheel, packages / wheel.name)
    listing = {"built": built, "language": language, "notebooks": versions}
    (target / lite.VERSIONS).write_text(json.dumps(listing, indent=1), "utf-8")
    index = target / "index.html"
    index.write_text(opening_page(index.read_text("utf-8"), OPENS), "utf-8")


def inputs_digest(cdn: str | None) -> str:
    """A digest of everything the site is built from, so `--if-stale` knows when to build."""
    digest = hashlib.sha256(str(cdn).encode())
    sources = [ROOT / "pyproject.toml", NPM_DIR / "package-lock.json", Path(__file__)]
    sources += [ROOT / "tools" / "lite_bytecode.py", NPM_DIR / "bytecode.mjs"]
    sources.append(ROOT / "tools" / "make_student.py")  # what makes the learner's copy
    for folder in (ROOT / "sudoku_lib", ROOT / "notebooks"):
        sources += [p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    for path in sorted(sources):
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def build(out: Path, cdn: str | None) -> None:
    """Build the site into `out` (replaced whole), from a scratch folder: the wheels once, then
    each edition (the Chinese one inside the English one's folder, in zh/)."""
    with tempfile.TemporaryDirectory(prefix="lite-") as scratch:
        work = Path(scratch)
        lock = pyodide_lock()
        roots = [*KERNEL_NEEDS, "sudoku-lib", *(["matplotlib"] if cdn else [])]
        site = site_lock(lock, with_bytecode(work, gather_wheels(work, lock)), roots, cdn)
        staged = work / "out"
        for language, folder in EDITIONS.items():  # English first: its build empties its folder
            build_edition(work, staged / folder if folder else staged, language, cdn, site)
        precompress(staged)
        (staged / STAMP).write_text(inputs_digest(cdn), "utf-8")
        if out.exists():
            shutil.rmtree(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(staged, out)


def is_current(out: Path, cdn: str | None) -> bool:
    """Whether the site in `out` was built from the inputs as they are now."""
    stamp = out / STAMP
    return stamp.exists() and stamp.read_text("utf-8") == inputs_digest(cdn)


def main(argv: list[str] | None = None) -> int:
    """Build the site (or say it is up to date) and print where it is and how big."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="the site's folder (build/lite)")
    parser.add_argument(
        "--pyodide-cdn",
        action="store_true",
        default=os.environ.get("LITE_PYODIDE") == "cdn",
        help="load Pyodide's full distribution from its public address (LITE_PYODIDE=cdn)",
    )
    parser.add_argument(
        "--if-stale", action="store_true", help="build only if an input changed since"
    )
    args = parser.parse_args(argv)
    npm_runtime()
    cdn = CDN.format(version=pyodide_version()) if args.pyodide_cdn else None
    if args.if_stale and is_current(args.out, cdn):
        print(f"{args.out} is up to date")
        return 0
    build(args.out, cdn)
    size = sum(p.stat().st_size for p in args.out.rglob("*") if p.is_file())
    print(f"built {args.out}: {size / 1e6:.0f} MB; serve it with python -m tools.lite_serve")
    return 0


if __name__ == "__main__":
    sys.exit(main())
