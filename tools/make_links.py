"""Write the course's online links from where the repository really lives: `make links`.

    python -m tools.make_links                 # from the remote `origin` (or the only remote)
    python -m tools.make_links --branch main   # the branch the links open (default: the current)

It reads the git remote and writes, between markers, one line at the top of the README and one in
notebook 00, and the same in Chinese in README.zh-CN.md and notebooks/zh/00 (nothing else in any
of them is touched):

- the Binder link, which opens the learner's copy of notebook 00 in a JupyterLab built from the
  repository (GitHub and GitLab by their short forms, any other git host by its address);
- for a repository on GitHub whose Makefile builds the browser edition (`make lite`), the address
  its JupyterLite site gets on GitHub Pages.

With no remote there is nothing to build a link from: it says so, and writes lines that point at
the README's "Publish the course for your class" instead, so no link leads nowhere.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import nbformat

from tools import NOTEBOOKS, ROOT

README = ROOT / "README.md"
README_ZH = ROOT / "README.zh-CN.md"  # the Chinese edition's README, when there is one
START = NOTEBOOKS / "00_start_here.ipynb"
START_ZH = NOTEBOOKS / "zh" / "00_start_here.ipynb"  # the Chinese teacher's notebook 00
BEGIN = "<!-- links: written by `make links` from the git remote -->"
END = "<!-- end of links -->"
OPENS = "lab/tree/learner/00_start_here.ipynb"  # what a Binder link opens: the learner's copy
OPENS_ZH = "lab/tree/learner-zh/00_start_here.ipynb"  # the same in the Chinese edition
BADGE = "https://mybinder.org/badge_logo.svg"
PUBLISH = "Publish the course for your class"
PUBLISH_ZH = "为班级发布课程"  # the same section of README.zh-CN.md
REMOTE = re.compile(
    r"^(?:(?:https?|ssh|git)://(?:[^@/]+@)?(?P<host>[^/:]+)(?::\d+)?/"
    r"|(?:[^@/]+@)?(?P<scp_host>[^/:]+):)"
    r"(?P<path>[^?#]+?)(?:\.git)?/?$"
)


class NoRemote(Exception):
    """The repository has no remote to build links from."""


@dataclass(frozen=True)
class Repository:
    """Where the course lives: its host, its path there (owner/name), and a URL to clone it."""

    host: str
    path: str
    clone_url: str

    @property
    def owner(self) -> str:
        return self.path.split("/")[0]

    @property
    def name(self) -> str:
        return self.path.rsplit("/", 1)[-1]


def parse_remote(url: str) -> Repository:
    """A remote's URL (https, ssh or scp-like `git@host:owner/name.git`) as a Repository."""
    found = REMOTE.match(url.strip())
    if found is None or "/" not in found["path"]:
        raise ValueError(f"cannot read the git remote {url!r} as host and owner/name")
    host = (found["host"] or found["scp_host"]).lower()
    path = found["path"].strip("/")
    return Repository(host, path, f"https://{host}/{path}")


def binder_link(repo: Repository, branch: str, opens: str = OPENS) -> str:
    """The mybinder.org link that builds the repository and opens the learner's notebook 00."""
    if repo.host == "github.com":
        spec = f"gh/{repo.path}/{branch}"
    elif repo.host == "gitlab.com":
        spec = f"gl/{quote(repo.path, safe='')}/{branch}"
    else:
        spec = f"git/{quote(repo.clone_url, safe='')}/{branch}"
    return f"https://mybinder.org/v2/{spec}?urlpath={opens}"


def pages_link(repo: Repository) -> str | None:
    """The JupyterLite site's address on GitHub Pages, when there is one to publish."""
    has_lite = re.search(r"^lite:", (ROOT / "Makefile").read_text(), re.M) is not None
    if repo.host != "github.com" or not has_lite:
        return None
    return f"https://{repo.owner.lower()}.github.io/{repo.name}/"


def readme_line(repo: Repository | None, branch: str) -> str:
    """The README's line: a Binder badge (and the browser edition), or where to publish."""
    if repo is None:
        return f"No online copy yet: see [{PUBLISH}](#{anchor(PUBLISH)}), then `make links`."
    line = f"[![Binder]({BADGE})]({binder_link(repo, branch)})"
    lite = pages_link(repo)
    return line + (f" · [in the browser, nothing to install]({lite})" if lite else "")


def readme_zh_line(repo: Repository | None, branch: str) -> str:
    """The Chinese README's line: a Binder badge opening the Chinese learner's copy."""
    if repo is None:
        return (
            "还没有在线版本：把仓库放到 git 托管平台上，"
            "再运行 `make links`，这里就会出现 Binder 链接。"
        )
    return f"[![Binder]({BADGE})]({binder_link(repo, branch, OPENS_ZH)})"


def notebook_line(repo: Repository | None, branch: str) -> str:
    """Notebook 00's line: where the course runs online, in a learner's words."""
    if repo is None:
        return (
            "The course can also run online, with nothing to install, once your teacher "
            f'publishes it (the README\'s "{PUBLISH}").'
        )
    lite = pages_link(repo)
    online = f"[on Binder]({binder_link(repo, branch)}) (a JupyterLab, ready in a minute or two)"
    if lite:
        online += f" or [in your browser]({lite}) (nothing to install)"
    return f"The course also runs online: {online}."


def notebook_zh_line(repo: Repository | None, branch: str) -> str:
    """The Chinese notebook 00's line: where the Chinese edition runs online (Binder opens the
    Chinese learner's copy)."""
    if repo is None:
        return (
            "老师把课程发布出去以后，这门课也能在线运行，什么都不用安装"
            f"（做法见 README.zh-CN.md 的「{PUBLISH_ZH}」一节）。"
        )
    link = binder_link(repo, branch, OPENS_ZH)
    ready = "（一个 JupyterLab，一两分钟就能准备好）"
    return f"这门课也可以在线运行：[在 Binder 上打开]({link}){ready}。"


def anchor(heading: str) -> str:
    """The anchor GitHub gives a README heading."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def replace_between_markers(text: str, line: str, where: str) -> str:
    """The text with the block between BEGIN and END replaced by the line; refuse when the
    markers are missing, since then there is no line of ours to touch."""
    pattern = re.compile(re.escape(BEGIN) + r"\n.*?\n" + re.escape(END), re.S)
    if len(pattern.findall(text)) != 1:
        raise ValueError(f"{where}: expected one block between {BEGIN!r} and {END!r}")
    return pattern.sub(lambda _: f"{BEGIN}\n{line}\n{END}", text)


def write_readme(path: Path, line: str) -> None:
    """Replace the README's link block."""
    path.write_text(replace_between_markers(path.read_text(), line, path.name))


def write_notebook(path: Path, line: str) -> None:
    """Replace the link block in the one markdown cell of the notebook that holds it."""
    notebook = nbformat.read(path, as_version=4)
    holders = [c for c in notebook.cells if c.cell_type == "markdown" and BEGIN in c.source]
    if len(holders) != 1:
        raise ValueError(f"{path.name}: expected one cell holding {BEGIN!r}")
    new = replace_between_markers(holders[0].source, line, path.name)
    if new != holders[0].source:
        holders[0].source = new
        path.write_text(nbformat.writes(notebook) + "\n")


def git(*arguments: str, cwd: Path = ROOT) -> str:
    """One git command's output, stripped; empty when git fails."""
    done = subprocess.run(["git", *arguments], cwd=cwd, capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 else ""


def remote_url(cwd: Path = ROOT) -> str:
    """The URL of `origin`, or of the only remote; NoRemote when there is none to choose."""
    remotes = git("remote", cwd=cwd).split()
    if not remotes:
        raise NoRemote("this repository has no git remote")
    if "origin" not in remotes and len(remotes) > 1:
        raise NoRemote(f"several remotes and none named origin: {', '.join(remotes)}")
    return git("remote", "get-url", "origin" if "origin" in remotes else remotes[0], cwd=cwd)


def main(argv: list[str] | None = None) -> int:
    """Write the links (or the lines that say where to publish) and say what was done."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--branch", help="the branch the links open (default: the current one)")
    args = parser.parse_args(argv)
    branch = args.branch or git("rev-parse", "--abbrev-ref", "HEAD") or "main"
    try:
        repo: Repository | None = parse_remote(remote_url())
    except NoRemote as why:
        repo = None
        print(f"make links: {why}, so there is no address to build links from.")
        print("  Put the repository on a git host (see the README's", f'"{PUBLISH}"),')
        print("  `git remote add origin <its URL>`, and run `make links` again.")
    except ValueError as error:
        print(f"make links: {error}", file=sys.stderr)
        return 2
    try:
        write_readme(README, readme_line(repo, branch))
        if README_ZH.exists():
            write_readme(README_ZH, readme_zh_line(repo, branch))
        write_notebook(START, notebook_line(repo, branch))
        if START_ZH.exists():
            write_notebook(START_ZH, notebook_zh_line(repo, branch))
    except ValueError as error:
        print(f"make links: {error}", file=sys.stderr)
        return 2
    if repo is None:
        print("  The READMEs and notebook 00 (both editions) now say where to publish instead.")
    else:
        print(f"Binder: {binder_link(repo, branch)}")
        if lite := pages_link(repo):
            print(f"JupyterLite on GitHub Pages: {lite}")
        print("written into the READMEs and notebook 00 (both editions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
