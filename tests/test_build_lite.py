"""The browser edition's lock file (tools/build_lite.py), worked out from small wheels made here:
what a wheel needs in a browser, what a self-contained site holds, what a CDN site takes from
the CDN. The built site itself is tested in a browser by test_lite_browser.py (`make test-lite`)."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from tools import build_lite

CDN = "https://cdn.example/pyodide/full/"
INFO = {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten", "python": "3.14.2"}


def wheel(folder: Path, name: str, *requires: str) -> Path:
    """A pure wheel of `name` 1.0 whose metadata requires `requires`, holding one module."""
    module = name.replace("-", "_")
    path = folder / f"{module}-1.0-py3-none-any.whl"
    meta = [f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0"]
    meta += [f"Requires-Dist: {r}" for r in requires]
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{module}/__init__.py", "")
        archive.writestr(f"{module}-1.0.dist-info/METADATA", "\n".join(meta) + "\n")
    return path


@pytest.fixture
def wheels(tmp_path: Path) -> list[Path]:
    """A library needing a widget package (which needs Prompt_Toolkit), a terminal package only
    off Emscripten, and an extra; and a package nothing needs."""
    return [
        wheel(
            tmp_path, "lib", "widgets>=1", "pty; sys_platform != 'emscripten'", "big; extra == 'x'"
        ),
        wheel(tmp_path, "widgets", "Prompt_Toolkit"),
        wheel(tmp_path, "prompt-toolkit"),
        wheel(tmp_path, "pty"),
        wheel(tmp_path, "unneeded"),
    ]


def test_a_self_contained_lock_holds_what_the_roots_need_in_a_browser(wheels: list[Path]):
    lock, held = build_lite.site_lock({"info": INFO, "packages": {}}, wheels, ["lib"], None)
    packages = lock["packages"]
    assert sorted(packages) == ["lib", "prompt-toolkit", "widgets"]
    assert packages["lib"]["depends"] == ["widgets"]  # pty is for a terminal, big for an extra
    assert packages["widgets"]["depends"] == ["prompt-toolkit"]
    assert packages["lib"]["imports"] == ["lib"] and lock["info"] == INFO
    assert sorted(w.name for w in held) == sorted(p["file_name"] for p in packages.values())
    for path in held:
        assert (
            packages[build_lite.wheel_name(path)]["sha256"]
            == hashlib.sha256(path.read_bytes()).hexdigest()
        )


def test_a_dependency_without_a_wheel_stops_the_build(wheels: list[Path]):
    without = [w for w in wheels if not w.name.startswith("prompt")]
    with pytest.raises(SystemExit, match="prompt-toolkit"):
        build_lite.site_lock({"info": INFO, "packages": {}}, without, ["lib"], None)


def test_a_cdn_lock_takes_the_cdn_s_packages_and_holds_only_what_it_lacks(wheels: list[Path]):
    public = {
        "Prompt_Toolkit": {
            "name": "prompt_toolkit",
            "version": "3.0",
            "file_name": "prompt_toolkit-3.0-py3-none-any.whl",
            "depends": [],
            "imports": ["prompt_toolkit"],
        },
        "matplotlib": {
            "name": "matplotlib",
            "version": "3.10",
            "file_name": "matplotlib-3.10-cp314-wasm32.whl",
            "depends": ["Prompt_Toolkit"],
            "imports": ["matplotlib"],
        },
    }
    lock, held = build_lite.site_lock({"info": INFO, "packages": public}, wheels, ["lib"], CDN)
    packages = lock["packages"]
    assert sorted(packages) == ["lib", "matplotlib", "prompt-toolkit", "widgets"]
    assert packages["prompt-toolkit"]["file_name"] == CDN + "prompt_toolkit-3.0-py3-none-any.whl"
    assert packages["matplotlib"]["depends"] == ["prompt-toolkit"]
    assert sorted(w.name for w in held) == [
        "lib-1.0-py3-none-any.whl",
        "widgets-1.0-py3-none-any.whl",
    ]


def test_the_site_s_kernel_preloads_the_library_and_asks_pypi_only_with_a_cdn():
    roots = [*build_lite.KERNEL_NEEDS, "sudoku-lib"]
    offline = build_lite.lite_config(roots, None)["jupyter-config-data"]["litePluginSettings"]
    kernel = offline[build_lite.KERNEL_PLUGIN]
    assert kernel["loadPyodideOptions"]["packages"] == roots
    assert kernel["disablePyPIFallback"] is True and "pyodideUrl" not in kernel
    online = build_lite.lite_config(roots, CDN)["jupyter-config-data"]["litePluginSettings"]
    assert online[build_lite.KERNEL_PLUGIN]["pyodideUrl"] == CDN + "pyodide.mjs"
    assert online[build_lite.KERNEL_PLUGIN]["disablePyPIFallback"] is False


def test_the_site_s_page_opens_notebook_00_and_keeps_the_configuration_the_lab_reads():
    root = (
        '<html><head><script id="jupyter-config-data" type="application/json">{}</script>\n'
        "    <script type=\"module\">\n      await import('./config-utils.js?_=1a2b');\n"
        "    </script>\n  </head></html>"
    )
    page = build_lite.opening_page(root, "00_start_here.ipynb")
    assert 'window.location.replace("lab/index.html?path=00_start_here.ipynb")' in page
    assert "config-utils" not in page and 'id="jupyter-config-data"' in page
    with pytest.raises(SystemExit, match=r"index\.html has changed"):
        build_lite.opening_page("<html></html>", "00_start_here.ipynb")


def test_large_files_that_shrink_get_a_gzip_copy_and_the_rest_do_not(tmp_path: Path):
    import gzip
    import os

    text = tmp_path / "bundle.js"
    text.write_text("let x = 1;\n" * 500)
    packed = tmp_path / "already.whl"
    packed.write_bytes(os.urandom(4000))  # as a zip's deflated members are
    small = tmp_path / "tiny.json"
    small.write_text("{}")
    build_lite.precompress(tmp_path)
    assert gzip.decompress((tmp_path / "bundle.js.gz").read_bytes()) == text.read_bytes()
    assert not (tmp_path / "already.whl.gz").exists()
    assert not (tmp_path / "tiny.json.gz").exists()
