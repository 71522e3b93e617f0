"""Build the browser edition: the course as a static JupyterLite site in build/lite/ (`make lite`).

    python -m tools.build_lite                # build/lite/, self-contained: nothing fetched later
    python -m tools.build_lite --pyodide-cdn  # Pyodide's full distribution from its public address
    python -m tools.build_lite --if-stale     # only when an input changed since the last build

The site is JupyterLite with the Pyodide kernel, holding the learner's copy of every notebook
(self-study build; the Chinese edition in zh/). Everything comes from the two registries a school
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
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable
from email.parser import Parser
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from tools import ROOT

OUT = ROOT / "build" / "lite"
NPM_DIR = ROOT / "tools" / "lite_build"
PYODIDE_DIR = NPM_DIR / "node_modules" / "pyodide"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
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


def learner_copies(files: Path) -> None:
    """The learner's copy of every notebook, English at the top and Chinese in zh/."""
    from tools import make_student

    for options in (["--out", str(files)], ["--lang", "zh", "--out", str(files / "zh")]):
        if make_student.main(["--build", "self-study", *options]) != 0:
            raise SystemExit("build_lite: the learner's copy could not be built")
    for manifest in files.rglob(make_student.MANIFEST):  # the build's own record, not course
        manifest.unlink()


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


def lay_out(lite_dir: Path, work: Path, cdn: str | None) -> tuple[dict[str, Any], list[Path]]:
    """Everything `jupyter lite build` reads: the notebooks, the runtime (unless from a CDN), the
    extensions, the configuration; returns the site's lock file and its wheels, which the build
    does not place (they go beside its output, in static/packages/)."""
    learner_copies(lite_dir / "files")
    lock = pyodide_lock()
    roots = [*KERNEL_NEEDS, "sudoku-lib", *(["matplotlib"] if cdn else [])]
    site, wheels = site_lock(lock, gather_wheels(work, lock), roots, cdn)
    if cdn is None:
        runtime = lite_dir / "static" / "pyodide"  # where the kernel's build step looks for it
        runtime.mkdir(parents=True)
        for name in PYODIDE_RUNTIME:
            shutil.copy2(PYODIDE_DIR / name, runtime / name)
    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    build_config = {
        "LiteBuildConfig": {
            "ignore_sys_prefix": True,  # not every extension of this environment: these
            "federated_extensions": [str(share / extension) for extension in EXTENSIONS],
            "apps": ["lab"],
            "no_sourcemaps": True,
        }
    }
    for name, content in (
        ("jupyter_lite_config.json", build_config),
        ("jupyter-lite.json", lite_config(roots, cdn)),
        ("overrides.json", OVERRIDES),
    ):
        (lite_dir / name).write_text(json.dumps(content, indent=1), "utf-8")
    return site, wheels


def inputs_digest(cdn: str | None) -> str:
    """A digest of everything the site is built from, so `--if-stale` knows when to build."""
    digest = hashlib.sha256(str(cdn).encode())
    sources = [ROOT / "pyproject.toml", NPM_DIR / "package-lock.json", Path(__file__)]
    sources.append(ROOT / "tools" / "make_student.py")  # what makes the learner's copy
    for folder in (ROOT / "sudoku_lib", ROOT / "notebooks"):
        sources += [p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    for path in sorted(sources):
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def build(out: Path, cdn: str | None) -> None:
    """Build the site into `out` (replaced whole), from a scratch folder."""
    with tempfile.TemporaryDirectory(prefix="lite-") as scratch:
        work = Path(scratch)
        lite_dir = work / "site"
        site, wheels = lay_out(lite_dir, work, cdn)
        staged = work / "out"
        run(
            [sys.executable, "-m", "jupyterlite_core", "build", "--output-dir", str(staged)],
            cwd=lite_dir,
        )
        packages = staged / "static" / "packages"
        packages.mkdir(parents=True)
        (packages / "pyodide-lock.json").write_text(json.dumps(site, indent=1), "utf-8")
        for wheel in wheels:
            shutil.copy2(wheel, packages / wheel.name)
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
    print(
        f"built {args.out}: {size / 1e6:.0f} MB; serve it with python -m http.server -d {args.out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
