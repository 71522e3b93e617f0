"""Links that work (`make links`, tools/make_links.py): no page of the course links to a hosting
address the project does not name as its own, every relative link leads to a file that exists, and
the links are built from the git remote, or replaced by where to publish when there is none."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import unquote

import nbformat
import pytest

from tools import make_links
from tools.make_links import (
    BEGIN,
    END,
    NoRemote,
    Repository,
    binder_link,
    notebook_line,
    parse_remote,
    readme_line,
    remote_url,
    replace_between_markers,
)
from tools.zh_sync import source_fingerprint

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))
DOCS = [*sorted(ROOT.glob("README*.md")), *sorted((ROOT / "docs").glob("**/*.md"))]
DOCS += sorted((ROOT / "deploy").glob("**/*.md"))
DOCS = [path for path in DOCS if "node_modules" not in path.parts]
URL = re.compile(r"https?://[^\s)\"'<>\]]+")
# Addresses that launch or host a copy of a course: each must be this project's own.
HOSTING = re.compile(
    r"mybinder\.org/v2/|\.github\.io|github\.com/|gitlab\.com/|nbviewer\.org/|colab\.research|"
    r"/git-pull\?"
)
# Other projects' repositories the pages may cite by name (tools, data sources): none so far.
CITED: set[str] = set()
RELATIVE = re.compile(
    r"\]\((?!https?:|#|mailto:)([^)\s]+)\)|(?:href|src)=\"(?!https?:|#)([^\"]+)\""
)


def pages() -> list[tuple[str, str]]:
    """(where, text) for every page a reader opens: the docs, and each notebook's cells."""
    found = [(path.relative_to(ROOT).as_posix(), path.read_text()) for path in DOCS]
    for path in NOTEBOOKS:
        notebook = nbformat.read(path, as_version=4)
        text = "\n".join(cell.source for cell in notebook.cells)
        found.append((path.relative_to(ROOT).as_posix(), text))
    return found


def own_repository() -> Repository | None:
    """The repository the project names as its own: its git remote, if it has one."""
    try:
        return parse_remote(remote_url(ROOT))
    except (NoRemote, ValueError):
        return None


def is_own(url: str, repo: Repository | None) -> bool:
    """True for a link that points at the project's own repository or its published site."""
    if repo is None:
        return False
    decoded = unquote(url).lower()
    return (
        f"{repo.host}/{repo.path}".lower() in decoded
        or f"/{repo.path}/".lower() in decoded
        or f"{repo.owner}.github.io/{repo.name}".lower() in decoded
    )


def hosting_links(text: str, repo: Repository | None) -> list[str]:
    """Hosting addresses in text that are neither the project's own nor a cited project.

    A form with a placeholder, `https://mybinder.org/v2/gh/<owner>/...`, shows the shape of a
    link rather than pointing anywhere, so it is not one."""
    urls = [m.group(0) for m in URL.finditer(text) if not text.startswith("<", m.end())]
    return [
        url
        for url in urls
        if HOSTING.search(url) and not is_own(url, repo) and url.rstrip("/") not in CITED
    ]


@pytest.mark.parametrize("where, text", pages(), ids=lambda value: value[:40])
def test_no_page_links_to_a_hosting_address_the_project_does_not_own(where, text):
    assert hosting_links(text, own_repository()) == [], where


def test_the_check_catches_a_hard_coded_binder_badge():
    """The badge the README once had, for a repository that never existed."""
    old = "https://mybinder.org/v2/gh/sudoku-backtracking/course/main?urlpath=lab/tree/learner/"
    assert hosting_links(f"[![Binder](x)]({old})", None) == [old]
    assert hosting_links("`https://mybinder.org/v2/gh/<owner>/<repo>/<branch>`", None) == []
    mine = parse_remote("git@github.com:ada/sudoku.git")
    assert hosting_links(binder_link(mine, "main"), mine) == []
    assert hosting_links(old, mine) == [old]


@pytest.mark.parametrize("path", [*DOCS, *NOTEBOOKS], ids=lambda p: p.name)
def test_every_relative_link_leads_to_a_file_that_exists(path):
    if path.suffix == ".ipynb":
        cells = nbformat.read(path, as_version=4).cells
        text = "\n".join(c.source for c in cells if c.cell_type == "markdown")
    else:
        text = path.read_text()
    for match in RELATIVE.finditer(text):
        target = (match.group(1) or match.group(2)).split("#")[0]
        assert (path.parent / unquote(target)).exists(), f"{path.name}: {target}"


@pytest.mark.parametrize(
    "url, host, path",
    [
        ("https://github.com/ada/sudoku.git", "github.com", "ada/sudoku"),
        ("git@github.com:ada/sudoku.git", "github.com", "ada/sudoku"),
        ("ssh://git@gitlab.com/school/cs/sudoku.git", "gitlab.com", "school/cs/sudoku"),
        ("https://git.example.edu/ada/sudoku/", "git.example.edu", "ada/sudoku"),
    ],
)
def test_a_remote_is_read_in_each_form_git_writes(url, host, path):
    repo = parse_remote(url)
    assert (repo.host, repo.path) == (host, path)
    assert repo.clone_url == f"https://{host}/{path}"


def test_binder_links_take_each_hosts_form_and_open_the_learners_copy():
    opens = "?urlpath=lab/tree/learner/00_start_here.ipynb"
    github = binder_link(parse_remote("git@github.com:ada/sudoku.git"), "main")
    assert github == f"https://mybinder.org/v2/gh/ada/sudoku/main{opens}"
    gitlab = binder_link(parse_remote("https://gitlab.com/school/cs/sudoku"), "main")
    assert gitlab == f"https://mybinder.org/v2/gl/school%2Fcs%2Fsudoku/main{opens}"
    other = binder_link(parse_remote("https://git.example.edu/ada/sudoku.git"), "term-2")
    assert other == (
        f"https://mybinder.org/v2/git/https%3A%2F%2Fgit.example.edu%2Fada%2Fsudoku/term-2{opens}"
    )


@pytest.mark.parametrize("bad", ["", "not a url", "https://github.com/onlyowner"])
def test_a_remote_that_names_no_repository_is_refused(bad):
    with pytest.raises(ValueError, match="cannot read the git remote"):
        parse_remote(bad)


def test_without_a_remote_the_lines_point_at_publishing_not_at_a_site():
    for line in (readme_line(None, "main"), notebook_line(None, "main")):
        assert "Publish the course for your class" in line and URL.search(line) is None


def test_only_the_block_between_the_markers_changes():
    text = f"before\n{BEGIN}\nold line\n{END}\nafter"
    assert replace_between_markers(text, "new", "x") == f"before\n{BEGIN}\nnew\n{END}\nafter"
    with pytest.raises(ValueError, match="expected one block"):
        replace_between_markers("no markers here", "new", "README.md")


@pytest.fixture
def clone(tmp_path, monkeypatch) -> Path:
    """A git repository holding a copy of the READMEs and notebook 00 (both editions), where
    make_links writes."""
    (tmp_path / "notebooks" / "zh").mkdir(parents=True)
    shutil.copy(ROOT / "README.md", tmp_path / "README.md")
    shutil.copy(ROOT / "README.zh-CN.md", tmp_path / "README.zh-CN.md")
    shutil.copy(make_links.START, tmp_path / "notebooks" / make_links.START.name)
    shutil.copy(make_links.START_ZH, tmp_path / "notebooks" / "zh" / make_links.START.name)
    subprocess.run(["git", "init", "-q", "-b", "main", str(tmp_path)], check=True)
    monkeypatch.setattr(make_links, "ROOT", tmp_path)
    monkeypatch.setattr(make_links, "README", tmp_path / "README.md")
    monkeypatch.setattr(make_links, "README_ZH", tmp_path / "README.zh-CN.md")
    monkeypatch.setattr(make_links, "START", tmp_path / "notebooks" / make_links.START.name)
    monkeypatch.setattr(
        make_links, "START_ZH", tmp_path / "notebooks" / "zh" / make_links.START.name
    )
    monkeypatch.setattr(make_links, "remote_url", lambda: remote_url(tmp_path))
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    return tmp_path


def test_with_no_remote_it_says_so_plainly(clone, capsys):
    assert make_links.main(["--branch", "main"]) == 0
    said = capsys.readouterr().out
    assert "no git remote" in said and "git remote add origin" in said
    assert hosting_links((clone / "README.md").read_text(), None) == []


def test_with_a_remote_it_writes_the_binder_link_into_readme_and_00_only(clone, capsys):
    before_readme = (clone / "README.md").read_text()
    notebook_path = clone / "notebooks" / make_links.START.name
    before_cells = nbformat.read(notebook_path, as_version=4).cells
    remote = "git@github.com:ada/sudoku.git"
    subprocess.run(["git", "-C", str(clone), "remote", "add", "origin", remote], check=True)
    assert make_links.main(["--branch", "main"]) == 0
    link = binder_link(parse_remote(remote), "main")
    readme = (clone / "README.md").read_text()
    assert link in readme and link in capsys.readouterr().out
    changed = [line for line in readme.splitlines() if line not in before_readme.splitlines()]
    assert len(changed) == 1 and changed[0].startswith("[![Binder]")
    after_cells = nbformat.read(notebook_path, as_version=4).cells
    differing = [
        i for i, (a, b) in enumerate(zip(before_cells, after_cells, strict=True)) if a != b
    ]
    assert len(differing) == 1 and link in after_cells[differing[0]].source


def test_the_chinese_readme_and_00_get_the_chinese_binder_link_and_stay_in_step(clone):
    english = clone / "notebooks" / make_links.START.name
    chinese = clone / "notebooks" / "zh" / make_links.START.name
    before = [source_fingerprint(cell.source) for cell in nbformat.read(english, 4).cells]
    remote = "https://github.com/ada/sudoku.git"
    subprocess.run(["git", "-C", str(clone), "remote", "add", "origin", remote], check=True)
    assert make_links.main(["--branch", "main"]) == 0
    link = binder_link(parse_remote(remote), "main", make_links.OPENS_ZH)
    assert "learner-zh" in link
    assert link in (clone / "README.zh-CN.md").read_text()
    holding = [c.source for c in nbformat.read(chinese, 4).cells if BEGIN in c.source]
    assert len(holding) == 1 and f"[在 Binder 上打开]({link})" in holding[0]
    after = [source_fingerprint(cell.source) for cell in nbformat.read(english, 4).cells]
    assert after == before  # the rewritten English block makes no Chinese cell stale
