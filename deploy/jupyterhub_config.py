"""JupyterHub for a class on one machine: `make hub` (read by `jupyterhub -f`).

What a student gets: a JupyterLab of their own at http://127.0.0.1:8000, opening on their own
class copy of the course (no solutions), `learner/00_start_here.ipynb` in their home folder.

- Students kept apart, the standard way on one machine (as The Littlest JupyterHub does, without
  systemd): the Hub runs as root and each student is a system user of their own, created when
  the Hub first meets them (LocalAuthenticator.create_system_users), whose server runs under their
  uid (LocalProcessSpawner) in a home only they can open (0700, SUDOKU_HUB_HOMES/<name>,
  /home/<name> by default). Their server runs on an environment of its own (SUDOKU_HUB_LEARNER_ENV:
  JupyterLab, the charts, nbgitpuller; no nbgrader) and a copy of the library, so it needs
  nothing of the teacher's course folder, which is closed to other users (o-rwx) at each start.
  Another student's files, another server's token in /proc/<pid>/environ, the Hub's database and
  secrets (the state folder, 0700), the teacher's notebooks with their solutions, grading/ and
  .git are all refused by the operating system's own permission checks. Where the Hub cannot do
  this (not root, no useradd, no Python every user may run) it says so in one line and runs
  every student as its own user, in SUDOKU_HUB_STATE/homes: a demo, not a class.
- Each student's copy: at start the Hub builds the class copy (no solutions) into a folder every
  student may read (SUDOKU_HUB_SHARED), with the library; before each student's server starts, a
  start hook runs the sync as the student (tools/hub_setup.py), which never overwrites a notebook
  they edited and brings in course updates for the ones they did not.
- Log-in: the demo uses JupyterHub's shared-password authenticator, made local so that each
  student becomes a system user; a real class uses a real authenticator (the guide names them).
  With SUDOKU_HUB_ADMIN_PASSWORD set, `teacher` logs in as the Hub's admin (/hub/admin).
- The learner's JupyterLab has no teacher tools: their environment has no nbgrader, and
  deploy/learner-jupyter, on each server's JUPYTER_CONFIG_PATH, switches off nbgrader's and
  JupyterLite's extensions wherever they are installed (the demo without isolation).
- Limits per student, on what they use: a watchdog in the Hub adds up the resident memory (RSS)
  of each student's server and kernels every few seconds and, past `mem_limit`, stops the
  largest process (their kernel, which JupyterLab restarts), as a cgroup's out-of-memory killer
  would; their processes run at a lower priority than the Hub. Kubernetes uses cgroups.
- Idle servers are stopped by jupyterhub-idle-culler after an hour without activity; stopping the
  Hub stops every server within a few seconds.

Environment variables (all optional; `make hub PORT=...`, `make hub-load` and the tests set them):
  SUDOKU_HUB_PORT        the public port (8000); SUDOKU_HUB_API_PORT, SUDOKU_HUB_PROXY_API_PORT
                         the Hub's and the proxy's internal ports (8081, 8001)
  SUDOKU_HUB_STATE       the Hub's database, cookie secret and log (deploy/.hub; kept 0700)
  SUDOKU_HUB_HOMES       where students' homes are (/home; deploy/.hub/homes without isolation)
  SUDOKU_HUB_SHARED      the class copy every student reads (/srv/sudoku-course; <state>/shared)
  SUDOKU_HUB_LEARNER_ENV the students' Python environment (/opt/sudoku-course/env)
  SUDOKU_HUB_STUDENTS    how many demo students, student1 ... studentN (3)
  SUDOKU_HUB_PASSWORD    the demo password (sudoku-class)
  SUDOKU_HUB_ADMIN_PASSWORD  the teacher's admin password (32 characters or more); unset: no admin
  SUDOKU_HUB_MEM_LIMIT   resident memory per student (1G); SUDOKU_HUB_CPU_LIMIT CPUs (1)
  SUDOKU_HUB_CULL_TIMEOUT, SUDOKU_HUB_CULL_EVERY  idle culling, in seconds (3600, 300)
  SUDOKU_HUB_LOAD_TOKEN  a token for the load test's service (`make hub-load`); unset: none
"""

from __future__ import annotations

import asyncio
import os
import pwd
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jupyterhub.auth import LocalAuthenticator
from jupyterhub.authenticators.shared import SharedPasswordAuthenticator
from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid
from jupyterhub.utils import url_path_join

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the course's tools

from tools import hub_setup  # noqa: E402

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (jupyterhub provides it)

PROBLEM = hub_setup.isolation_problem()
ISOLATED = PROBLEM is None
STATE = Path(os.environ.get("SUDOKU_HUB_STATE", ROOT / "deploy" / ".hub")).resolve()
HOMES = Path(os.environ.get("SUDOKU_HUB_HOMES", "/home" if ISOLATED else STATE / "homes"))
SHARED = Path(
    os.environ.get("SUDOKU_HUB_SHARED", "/srv/sudoku-course" if ISOLATED else STATE / "shared")
)
LEARNER_ENV = Path(os.environ.get("SUDOKU_HUB_LEARNER_ENV", hub_setup.LEARNER_ENV))
STUDENTS = int(os.environ.get("SUDOKU_HUB_STUDENTS", "3"))
NICENESS = 5  # students' processes yield to the Hub and the proxy when the machine is busy
MEMORY_EVERY = 2.0  # seconds between two looks at a student's resident memory


def env_int(name: str, default: int) -> int:
    """An integer setting from the environment."""
    return int(os.environ.get(name, str(default)))


# --- where the Hub listens and keeps its state (closed to everyone but the Hub) ---------------
STATE.mkdir(parents=True, exist_ok=True)
STATE.chmod(0o700)
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = env_int("SUDOKU_HUB_PORT", 8000)
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = env_int("SUDOKU_HUB_API_PORT", 8081)
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{env_int('SUDOKU_HUB_PROXY_API_PORT', 8001)}"
c.ConfigurableHTTPProxy.command = [str(ROOT / "deploy/node_modules/.bin/configurable-http-proxy")]
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")

# --- what students run on and read, and the teacher's folder closed to them -------------------
if ISOLATED:
    PYTHON = hub_setup.learner_env(LEARNER_ENV)
    hub_setup.protect_course()
else:
    PYTHON = Path(sys.executable)
    print(f"make hub: running WITHOUT isolation between students: {PROBLEM}", file=sys.stderr)
CLASS_COPY, CODE, LEARNER_CONFIG = hub_setup.prepare_shared(SHARED)


# --- who may log in (the demo; the guide names real authenticators) ---------------------------
class ClassAuthenticator(SharedPasswordAuthenticator, LocalAuthenticator):
    """The shared password, and a system user of their own for each student who logs in."""


if ISOLATED:
    c.JupyterHub.authenticator_class = ClassAuthenticator
    c.LocalAuthenticator.create_system_users = True
    c.LocalAuthenticator.add_user_cmd = [
        "useradd", "--base-dir", str(HOMES), "--no-create-home", "--user-group",
        "--shell", "/bin/bash",
    ]  # fmt: skip
else:
    c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = os.environ.get("SUDOKU_HUB_PASSWORD", "sudoku-class")
c.Authenticator.allowed_users = {f"student{i}" for i in range(1, STUDENTS + 1)}
if admin_password := os.environ.get("SUDOKU_HUB_ADMIN_PASSWORD"):
    c.Authenticator.admin_users = {"teacher"}
    c.SharedPasswordAuthenticator.admin_password = admin_password


# --- each student's server: their own home and copy, with limits ------------------------------
def account(name: str) -> tuple[int, int]:
    """The uid and gid a student's processes run as: their own, or the Hub's without isolation."""
    if not ISOLATED:
        return os.getuid(), os.getgid()
    entry = pwd.getpwnam(name)
    return entry.pw_uid, entry.pw_gid


class CourseSpawner(LocalProcessSpawner):
    """A student's server under their own uid, in HOMES/<name>, lower in priority than the Hub,
    watched for the resident memory it and its kernels hold."""

    def home(self) -> Path:
        """The student's home: one layout whether or not their account existed before."""
        return HOMES / self.user.name

    def make_preexec_fn(self, name: str) -> Callable[[], None]:
        """Become the student (when isolated), enter their home, lower the priority."""
        become = set_user_setuid(name, chdir=False) if ISOLATED else None
        home = self.home()

        def preexec() -> None:
            if become is not None:
                become()
            os.chdir(home)
            os.nice(NICENESS)

        return preexec

    def user_env(self, env: dict[str, str]) -> dict[str, str]:
        """USER, HOME and SHELL of the student, and the learner's Jupyter settings."""
        env["USER"] = self.user.name
        env["HOME"] = str(self.home())
        env["SHELL"] = "/bin/bash"
        env["JUPYTER_CONFIG_PATH"] = str(LEARNER_CONFIG)
        if ISOLATED:  # the library's copy for students, not the teacher's folder
            env["PYTHONPATH"] = str(CODE)
        return env

    async def start(self) -> Any:
        """Start the server, then its memory watchdog."""
        started = await super().start()
        limit = int(self.mem_limit) if self.mem_limit else 0
        if limit:
            self.watchdog = asyncio.ensure_future(
                hub_setup.watch_memory(self.pid, limit, MEMORY_EVERY, self.memory_said)
            )
        return started

    def memory_said(self, line: str) -> None:
        """The watchdog's line, in the Hub's log with the student's name."""
        self.log.warning("%s: %s", self.user.name, line)

    async def stop(self, now: bool = False) -> None:
        """Stop the watchdog, then the server."""
        if watchdog := getattr(self, "watchdog", None):
            watchdog.cancel()
        await super().stop(now)


async def prepare_student(spawner: CourseSpawner) -> None:
    """The start hook: the student's home (theirs alone), then their learner/ brought up to date
    from the class copy by the sync, run as the student."""
    name, home = spawner.user.name, spawner.home()
    uid, gid = account(name)
    hub_setup.prepare_home(home, uid, gid)
    sync = await asyncio.create_subprocess_exec(
        PYTHON, "-m", "tools.hub_setup", "sync", str(CLASS_COPY), str(home / "learner"),
        cwd=home, env={"PYTHONPATH": str(CODE), "HOME": str(home), "PATH": os.environ["PATH"]},
        preexec_fn=set_user_setuid(name, chdir=False) if ISOLATED else None,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    said, _ = await sync.communicate()
    if sync.returncode != 0:
        raise RuntimeError(f"{name}'s class copy could not be synced: {said.decode().strip()}")


c.JupyterHub.spawner_class = CourseSpawner
SCRIPTS = PYTHON.parent  # the students' jupyterhub-singleuser and kernels
c.Spawner.cmd = [str(SCRIPTS / "jupyterhub-singleuser")]
c.Spawner.environment = {"PATH": f"{SCRIPTS}{os.pathsep}{os.environ.get('PATH', '')}"}
if not ISOLATED and os.getuid() == 0:  # Jupyter refuses root unless told
    c.Spawner.args = ["--ServerApp.allow_root=True"]
c.Spawner.default_url = url_path_join("/lab/tree/learner", "00_start_here.ipynb")
c.Spawner.pre_spawn_hook = prepare_student
c.Spawner.mem_limit = os.environ.get("SUDOKU_HUB_MEM_LIMIT", "1G")
c.Spawner.cpu_limit = float(os.environ.get("SUDOKU_HUB_CPU_LIMIT", "1"))
c.Spawner.start_timeout = 120  # a busy machine starts a server in seconds, not minutes
c.Spawner.http_timeout = 120
# Stopping: a server gets 2 s to stop on SIGINT and 2 more on SIGTERM before SIGKILL, so the
# Hub, which stops every server on its way out, is gone within seconds, not half a minute.
c.LocalProcessSpawner.interrupt_timeout = 2
c.LocalProcessSpawner.term_timeout = 2
c.LocalProcessSpawner.kill_timeout = 2
# A Hub started in the background (`make hub &`, a CI job) inherits SIGINT ignored, and so would
# every process it starts, the culler included, which then sits out the Hub's 30 s before the
# SIGTERM that follows: SIGINT is made to interrupt again, for the Hub and all it starts.
signal.signal(signal.SIGINT, signal.default_int_handler)

# --- services: idle culling, and the load test's token -----------------------------------------
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [
            sys.executable,
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={env_int('SUDOKU_HUB_CULL_TIMEOUT', 3600)}",
            f"--cull-every={env_int('SUDOKU_HUB_CULL_EVERY', 300)}",
        ],
    }
]
if load_token := os.environ.get("SUDOKU_HUB_LOAD_TOKEN"):
    # tools/hub_load.py: makes students, gives each a token of their own, starts their servers.
    c.JupyterHub.services.append({"name": "load-test", "api_token": load_token})
    c.JupyterHub.load_roles.append(
        {
            "name": "load-test",
            "scopes": ["admin:users", "admin:servers", "tokens", "access:servers"],
            "services": ["load-test"],
        }
    )
