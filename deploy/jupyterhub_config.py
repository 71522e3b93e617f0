"""JupyterHub for a class on one machine: `make hub` (read by `jupyterhub -f`).

What a student gets: a JupyterLab of their own at http://127.0.0.1:8000, opening on their own
learner's copy of the course, `learner/00_start_here.ipynb` in their home folder.

- Log-in: the demo uses JupyterHub's SharedPasswordAuthenticator (the demo names below, one
  shared password). A real class uses a real authenticator; the guide (deploy/README.md) names them.
- Each student's copy: a start hook (`pre_spawn_hook`) runs the course's own build,
  tools/make_student.py, into the student's home every time their server starts. It never
  overwrites a notebook the student edited and brings in course updates for the ones they did
  not, which is why it is used instead of an nbgitpuller link: nbgitpuller would pull the
  teacher's notebooks, solutions included, and needs a git host; the hook needs neither.
- Servers: SimpleLocalProcessSpawner runs every student's server as this machine's user, in
  <state>/homes/<name>. It gives no isolation between students, so it is for a demo or one
  trusted machine; Kubernetes (deploy/z2jh/) is the way past that.
- Limits per student: memory and CPU are announced to the server (MEM_LIMIT, CPU_LIMIT) and, as
  far as one machine can without cgroups, enforced per process: every process of a student's
  server, kernels included, gets an address-space cap of `mem_limit` and a lower scheduling
  priority than the Hub. Kubernetes enforces them per student with cgroups.
- Idle servers are stopped by jupyterhub-idle-culler after an hour without activity.

Environment variables (all optional; `make hub-load` and the tests set them):
  SUDOKU_HUB_STATE       folder for the Hub's database, cookie secret and homes (deploy/.hub)
  SUDOKU_HUB_PORT        the public port (8000); SUDOKU_HUB_API_PORT, SUDOKU_HUB_PROXY_API_PORT
                         the Hub's and the proxy's internal ports (8081, 8001)
  SUDOKU_HUB_STUDENTS    how many demo students, student1 ... studentN (3)
  SUDOKU_HUB_PASSWORD    the demo password (sudoku-class)
  SUDOKU_HUB_BUILD       which copy students get: class (no model solutions) or self-study
  SUDOKU_HUB_MEM_LIMIT   memory per student (1G); SUDOKU_HUB_CPU_LIMIT CPUs per student (1)
  SUDOKU_HUB_CULL_TIMEOUT, SUDOKU_HUB_CULL_EVERY  idle culling, in seconds (3600, 300)
  SUDOKU_HUB_LOAD_TOKEN  a token for the load test's service (`make hub-load`); unset: none
"""

from __future__ import annotations

import asyncio
import os
import resource
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jupyterhub.spawner import SimpleLocalProcessSpawner
from jupyterhub.utils import url_path_join

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the course's tools, for the start hook

from tools.make_student import Build, build  # noqa: E402

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (jupyterhub provides it)

STATE = Path(os.environ.get("SUDOKU_HUB_STATE", ROOT / "deploy" / ".hub")).resolve()
SCRIPTS = Path(sys.executable).parent  # this environment's jupyterhub-singleuser and kernels
STUDENTS = int(os.environ.get("SUDOKU_HUB_STUDENTS", "3"))
BUILD = Build(os.environ.get("SUDOKU_HUB_BUILD", Build.CLASS.value))
NICENESS = 5  # students' processes yield to the Hub and the proxy when the machine is busy


def env_int(name: str, default: int) -> int:
    """An integer setting from the environment."""
    return int(os.environ.get(name, str(default)))


# --- where the Hub listens and keeps its state -----------------------------------------------
STATE.mkdir(parents=True, exist_ok=True)
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = env_int("SUDOKU_HUB_PORT", 8000)
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = env_int("SUDOKU_HUB_API_PORT", 8081)
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{env_int('SUDOKU_HUB_PROXY_API_PORT', 8001)}"
c.ConfigurableHTTPProxy.command = [str(ROOT / "deploy/node_modules/.bin/configurable-http-proxy")]
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")

# --- who may log in (the demo; the guide names real authenticators) ---------------------------
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = os.environ.get("SUDOKU_HUB_PASSWORD", "sudoku-class")
c.Authenticator.allowed_users = {f"student{i}" for i in range(1, STUDENTS + 1)}


# --- each student's server: their own learner's copy, with limits -----------------------------
async def build_learner_copy(spawner: Any) -> None:
    """The start hook: bring the student's learner/ up to date before their server starts,
    in a thread so that other students' logins go on meanwhile."""
    home = Path(spawner.home_dir)
    await asyncio.to_thread(build, ROOT / "notebooks", home / "learner", BUILD)


class CourseSpawner(SimpleLocalProcessSpawner):
    """SimpleLocalProcessSpawner whose processes get the per-process limits one machine has."""

    def make_preexec_fn(self, name: str) -> Callable[[], None]:
        """Make the home, then cap address space and lower priority before the server runs."""
        prepare = super().make_preexec_fn(name)
        cap = int(self.mem_limit) if self.mem_limit else resource.RLIM_INFINITY

        def preexec() -> None:
            prepare()
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
            os.nice(NICENESS)

        return preexec


c.JupyterHub.spawner_class = CourseSpawner
c.CourseSpawner.home_dir_template = str(STATE / "homes" / "{username}")
c.Spawner.cmd = [str(SCRIPTS / "jupyterhub-singleuser")]
c.Spawner.environment = {"PATH": f"{SCRIPTS}{os.pathsep}{os.environ.get('PATH', '')}"}
if os.getuid() == 0:  # CI and containers run as root, which Jupyter refuses unless told
    c.Spawner.args = ["--ServerApp.allow_root=True"]
c.Spawner.default_url = url_path_join("/lab/tree/learner", "00_start_here.ipynb")
c.Spawner.pre_spawn_hook = build_learner_copy
c.Spawner.mem_limit = os.environ.get("SUDOKU_HUB_MEM_LIMIT", "1G")
c.Spawner.cpu_limit = float(os.environ.get("SUDOKU_HUB_CPU_LIMIT", "1"))
c.Spawner.start_timeout = 120  # a busy machine starts a server in seconds, not minutes
c.Spawner.http_timeout = 120

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
