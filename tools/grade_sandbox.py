"""Where a submission's code runs when a class is graded: a child process, as shut in as this
machine allows (`make grade` prints which protection was in force).

The strongest the grader finds, in order:

1. bubblewrap (`bwrap`): the child sees only the system's programs, the Python environment and
   the library (`sudoku_lib/`); the course's notebooks with their solutions, the grading folder
   (other students' work, the grades), the homes and the rest of the disk are not there. No
   network, its own process and IPC namespaces, a private /tmp. Run as root, the child also
   drops to the system user `sudoku-grader` (made with `useradd` if missing) inside.
2. without bubblewrap, as root: the `sudoku-grader` user alone (`setpriv`): the grades and
   feedback the grader writes are not its to change, but files every user may read (the
   course's notebooks, usually) are readable.
3. neither: the child runs as you, with the limits below only.

Always: a memory bound (RLIMIT_AS), a CPU bound, a file-size bound, no core files, its own
process group (killed whole afterwards), output to nowhere, and a wall time on every reply.
"""

from __future__ import annotations

import contextlib
import functools
import os
import pwd
import resource
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from sudoku_lib.checks.remote import Channel
from sudoku_lib.i18n import _
from tools import ROOT

GRADER_USER = "sudoku-grader"
MEMORY = 2 * 1024**3  # bytes of address space a child may map
CPU_SECONDS = 600  # CPU seconds a child may use in all (each call has its own, far smaller limit)
FILE_BYTES = 16 * 1024 * 1024  # the largest file a child may write (it has only a private /tmp)
PROCESSES = 256  # processes and threads the grader's user may run at once, all children together
LIBRARY = ROOT / "sudoku_lib"


@dataclass(frozen=True)
class Protection:
    """How children are started here, and the one line that says so."""

    prefix: tuple[str, ...]
    said: str
    own_user: bool = False  # whether children run as the grader's own user


def grader_ids() -> tuple[int, int] | None:
    """The sudoku-grader user's (uid, gid), made first if missing; None unless running as root."""
    if os.geteuid() != 0:
        return None
    try:
        entry = pwd.getpwnam(GRADER_USER)
    except KeyError:
        useradd = shutil.which("useradd") or "/usr/sbin/useradd"
        made = subprocess.run(
            [useradd, "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", GRADER_USER],
            capture_output=True,
            check=False,
        )
        if made.returncode != 0:
            return None
        entry = pwd.getpwnam(GRADER_USER)
    return entry.pw_uid, entry.pw_gid


def drop_to(ids: tuple[int, int] | None) -> tuple[str, ...]:
    """setpriv's words for becoming the grader's user (nothing when there is none)."""
    setpriv = shutil.which("setpriv")
    if ids is None or setpriv is None:
        return ()
    uid, gid = ids
    return (setpriv, f"--reuid={uid}", f"--regid={gid}", "--clear-groups", "--inh-caps=-all")


def sandbox_binds() -> list[str]:
    """bubblewrap's arguments: the system and the Python environment read-only, the library
    alone from the project, a private /tmp, nothing shared."""
    args = [
        "--unshare-net",
        "--unshare-ipc",
        "--unshare-pid",
        "--unshare-uts",
        "--unshare-cgroup-try",
    ]
    args += ["--die-with-parent", "--new-session", "--dev", "/dev"]
    args += ["--proc", "/proc", "--tmpfs", "/tmp", "--chdir", "/tmp"]
    shown = {"/usr", "/bin", "/sbin", "/lib", "/lib64", "/etc/alternatives", "/etc/ld.so.cache"}
    shown |= {sys.prefix, sys.base_prefix, str(Path(sys.executable).resolve().parent.parent)}
    shown.add(str(LIBRARY))
    binds: list[str] = []
    parents: set[Path] = set()
    for path in sorted(shown):
        if Path(path).is_symlink():
            binds += ["--symlink", os.readlink(path), path]
        elif Path(path).exists():
            binds += ["--ro-bind", path, path]
            parents |= set(Path(path).parents) - {Path("/")}
    for parent in sorted(parents, key=lambda p: len(p.parts)):  # readable by the child's user
        args += ["--perms", "0755", "--dir", str(parent)]
    return args + binds


@functools.cache
def protection() -> Protection:
    """The strongest protection that works here, tried once with a real child."""
    ids = grader_ids()
    bwrap = shutil.which("bwrap")
    if bwrap is not None:
        prefix = (bwrap, *sandbox_binds(), *drop_to(ids))
        if works(prefix):
            who = _("as user {user}").format(user=GRADER_USER) if drop_to(ids) else _("as you")
            said = _("bubblewrap sandbox {who}").format(who=who)
            return Protection(prefix, said, own_user=bool(drop_to(ids)))
    if drop_to(ids) and works(drop_to(ids)):
        said = _("separate user {user}, no sandbox (install bubblewrap to hide the solutions)")
        return Protection(drop_to(ids), said.format(user=GRADER_USER), own_user=True)
    return Protection((), _("no sandbox: the answers run as you (install bubblewrap)"))


def works(prefix: tuple[str, ...]) -> bool:
    """Whether a child started with this prefix runs Python and imports the library."""
    command = [*prefix, sys.executable, "-c", "import sudoku_lib.checks"]
    try:
        done = subprocess.run(
            command, env=child_env(), capture_output=True, timeout=60, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def child_env() -> dict[str, str]:
    """The child's whole environment: where the library is, and nothing of the grader's."""
    return {"PYTHONPATH": str(ROOT), "HOME": "/tmp", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}


def limited() -> None:
    """Run in the child before it starts: its resource bounds. The bound on processes counts
    every process of the user, so it is set only for the grader's own user (a fork bomb)."""
    bounds = [
        (resource.RLIMIT_AS, MEMORY),
        (resource.RLIMIT_CPU, CPU_SECONDS),
        (resource.RLIMIT_FSIZE, FILE_BYTES),
        (resource.RLIMIT_CORE, 0),
    ]
    if protection().own_user:
        bounds.append((resource.RLIMIT_NPROC, PROCESSES))
    for limit, value in bounds:
        resource.setrlimit(limit, (value, value))


class Child:
    """One sandboxed child serving one submission (`sudoku_lib.grading_child`)."""

    def __init__(self) -> None:
        command = [*protection().prefix, sys.executable, "-m", "sudoku_lib.grading_child"]
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=child_env(),
            cwd="/tmp",
            preexec_fn=limited,
            start_new_session=True,
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self.channel = Channel(self.process.stdin.fileno(), self.process.stdout.fileno(), self.kill)

    def kill(self) -> None:
        """End the child and everything it started (its own process group)."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                pipe.close()

    def __enter__(self) -> Child:
        return self

    def __exit__(self, *_: object) -> None:
        self.kill()
