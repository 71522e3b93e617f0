"""How many students one machine serves, and whether every notebook runs on the Hub:
`make hub-load USERS=N [NB=05,06]`.

    python -m tools.hub_load --users 4                 # every notebook, each student in turn
    python -m tools.hub_load --users 2 --notebooks 06  # one notebook

It starts the course's JupyterHub (deploy/jupyterhub_config.py) on free loopback ports with a
fresh state folder, then N simulated students at once, each through the Hub's REST API as a
student's browser would go: the student is created and given a token of their own, their server
is started (the start hook syncs their class copy), and then each chosen notebook runs in a
kernel of its own, started in their learner/ folder, its code cells one after another over the
kernel's websocket (steppers are created and stepped, charts drawn), the kernel shut down after
it as a student closing the notebook. Student i starts at the i-th notebook of the mix and goes
round, so the students run different notebooks at the same moment. Then it prints:

- per student: memory, as the proportional set size (PSS) of the server and its kernel at the
  end, so memory the processes share is split between them, and as the peak resident memory
  (RSS) of the server and its kernels, which is what the Hub's memory watchdog limits; CPU time
  from start to the last cell; time to a ready first kernel; cell latency p50 and p95; failures;
- per notebook: how many students ran it, its code cells, failures, the median time to run it
  whole, cell latency p95, and the peak resident memory of a server and its kernel running it;
- failures, named: a cell that raised or wrote to stderr, a server or kernel that did not come,
  a time-out;

with the machine's load average, since the figures mean little without it. Everything is
bounded: each request, each cell and the whole run have a time limit, and the Hub is stopped at
the end whatever happened (the time it took to stop is printed too). The Hub is only ever
reached on 127.0.0.1. Run as root, the Hub creates a system user for each simulated student
(load001 ...); those it created are removed again at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pwd
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from sudoku_lib.words import format_seconds
from tools import NOTEBOOKS, ROOT
from tools.hub_setup import LEARNER_ENV, isolation_problem, learner_env, tree_memory

CONFIG = ROOT / "deploy" / "jupyterhub_config.py"
PROXY = ROOT / "deploy" / "node_modules" / ".bin" / "configurable-http-proxy"
HOST = "127.0.0.1"
REQUEST_SECONDS = 60.0  # one REST request
READY_SECONDS = 300.0  # a server to come up and its kernel to answer, on a loaded machine
CELL_SECONDS = 180.0  # one cell
RUN_SECONDS = 3600.0  # the whole run, whatever N is
HUB_SECONDS = 120.0  # the Hub to answer after it is started
STOP_SECONDS = 60.0  # the Hub to stop, before it and all it started are killed
SAMPLE_SECONDS = 0.5  # between two looks at each student's resident memory
MIB = 2**20
LOG_LINES = 30  # of the Hub's log, shown when something failed


def notebooks(wanted: str = "") -> list[Path]:
    """The course's notebooks, or those named by number in `wanted` ("05,06")."""
    every = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    if not wanted:
        return every
    chosen = []
    for number in wanted.replace(" ", "").split(","):
        found = [path for path in every if path.name.startswith(f"{int(number):02d}_")]
        if not found:
            raise ValueError(f"no notebook numbered {number!r}; the course has 00 to 08")
        chosen += found
    return chosen


def code_cells(path: Path) -> list[str]:
    """The code a student runs: the notebook's code cells, answers included."""
    notebook = nbformat.read(path, as_version=4)
    return [cell.source for cell in notebook.cells if cell.cell_type == "code"]


@dataclass
class Run:
    """One notebook run by one student, and what was measured of it."""

    notebook: str
    latencies: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    seconds: float | None = None  # the whole notebook, kernel start included
    peak_rss: int = 0  # bytes: the server and its kernels while it ran
    ready: float | None = None  # time.monotonic() of the kernel's first answer


@dataclass
class Student:
    """One simulated student's session and what was measured of it."""

    name: str
    token: str = ""
    started: float = 0.0  # time.monotonic() when the student asked for their server
    ready_seconds: float | None = None
    runs: list[Run] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)  # outside any notebook: log-in, server
    pss: int | None = None  # bytes: the server and one kernel, the most after any notebook
    cpu_seconds: float | None = None  # CPU time of the server and kernels over the whole session
    kernels_cpu: float = 0.0  # CPU time of the kernels already shut down
    pid: int | None = None  # the student's server, once found

    @property
    def latencies(self) -> list[float]:
        """Every cell's latency, all notebooks."""
        return [latency for run in self.runs for latency in run.latencies]

    @property
    def all_failures(self) -> list[str]:
        """Every failure, the notebook's name first where there is one."""
        named = [f"{run.notebook} {failure}" for run in self.runs for failure in run.failures]
        return self.failures + named

    @property
    def peak_rss(self) -> int:
        """The most resident memory the server and its kernels held at once."""
        return max((run.peak_rss for run in self.runs), default=0)

    def line(self) -> str:
        """The student's row of the table."""
        ready = format_seconds(self.ready_seconds) if self.ready_seconds is not None else "-"
        memory = f"{self.pss / MIB:,.0f} MiB" if self.pss is not None else "-"
        peak = f"{self.peak_rss / MIB:,.0f} MiB" if self.peak_rss else "-"
        cpu = format_seconds(self.cpu_seconds) if self.cpu_seconds is not None else "-"
        p50, p95 = percentiles(self.latencies)
        return (
            f"{self.name:<10} {memory:>9} {peak:>9} {cpu:>8} {ready:>8} {p50:>8} {p95:>8} "
            f"{len(self.all_failures):>8}"
        )


HEADER = (
    f"{'student':<10} {'PSS':>9} {'peak RSS':>9} {'CPU':>8} {'ready':>8} {'cell p50':>8} "
    f"{'cell p95':>8} failures"
)
NOTEBOOK_HEADER = (
    f"{'notebook':<36} {'runs':>4} {'cells':>5} {'failures':>8} {'whole':>8} {'cell p95':>8} "
    f"{'peak RSS':>9}"
)


def notebook_lines(students: list[Student]) -> list[str]:
    """The table per notebook: every student's runs of it taken together."""
    lines = [NOTEBOOK_HEADER]
    for path in notebooks():
        runs = [run for s in students for run in s.runs if run.notebook == path.name]
        if not runs:
            continue
        wholes = [run.seconds for run in runs if run.seconds is not None]
        whole = format_seconds(statistics.median(wholes)) if wholes else "-"
        _, p95 = percentiles([latency for run in runs for latency in run.latencies])
        peak = max(run.peak_rss for run in runs)
        failures = sum(len(run.failures) for run in runs)
        lines.append(
            f"{path.stem:<36} {len(runs):>4} {len(code_cells(path)):>5} {failures:>8} "
            f"{whole:>8} {p95:>8} {peak / MIB:>5,.0f} MiB"
        )
    return lines


def percentile(values: list[float], fraction: float) -> float:
    """The value below which `fraction` of the values lie (nearest rank), for small samples."""
    ordered = sorted(values)
    rank = max(1, round(fraction * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def percentiles(values: list[float]) -> tuple[str, str]:
    """p50 and p95 as text, or dashes when nothing was measured."""
    if not values:
        return "-", "-"
    return format_seconds(percentile(values, 0.5)), format_seconds(percentile(values, 0.95))


def free_port() -> int:
    """A port on the loopback nobody listens on now."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def student_names(users: int) -> list[str]:
    """The simulated students' names."""
    return [f"load{i:03d}" for i in range(1, users + 1)]


def remove_accounts(names: list[str]) -> None:
    """Delete the system users (and their groups) the Hub created for simulated students."""
    for name in names:
        subprocess.run(["userdel", name], check=False, capture_output=True)


@dataclass
class HubRun:
    """A Hub started for a load run: where it is, and how long it took to stop."""

    url: str
    token: str
    folder: Path
    stop_seconds: float | None = None

    @property
    def homes(self) -> Path:
        """The students' homes."""
        return self.folder / "homes"


@contextmanager
def running_hub(folder: Path, students: int, demo: int = 0) -> Iterator[HubRun]:
    """The course's JupyterHub, started on free ports with its state, homes and class copy in
    folder, for `students` made through its API and `demo` who log in with the demo password
    (student1 ...); yields where it is, and stops it (and with it every student's server) on
    the way out, removing the system users it made for them."""
    if not PROXY.exists():
        raise SystemExit(
            f"hub-load: {PROXY.relative_to(ROOT)} is missing; `make hub-load` installs it"
        )
    if isolation_problem() is None:  # made before the Hub starts, not counted in its start
        learner_env(Path(os.environ.get("SUDOKU_HUB_LEARNER_ENV", LEARNER_ENV)))
    folder.chmod(0o711)  # the students' homes inside are reached through it
    (folder / "homes").mkdir(mode=0o755, exist_ok=True)
    names = student_names(students) + [f"student{i}" for i in range(1, demo + 1)]
    existing = {name for name in names if has_account(name)}
    run = HubRun(f"http://{HOST}:{free_port()}", secrets.token_hex(16), folder)
    environment = os.environ | {
        "SUDOKU_HUB_STATE": str(folder / "state"),
        "SUDOKU_HUB_HOMES": str(run.homes),
        "SUDOKU_HUB_SHARED": str(folder / "shared"),
        "SUDOKU_HUB_PORT": run.url.rsplit(":", 1)[1],
        "SUDOKU_HUB_API_PORT": str(free_port()),
        "SUDOKU_HUB_PROXY_API_PORT": str(free_port()),
        "SUDOKU_HUB_STUDENTS": str(demo),  # who may log in with the password: none for a load
        "SUDOKU_HUB_LOAD_TOKEN": run.token,
    }
    command = [str(Path(sys.executable).parent / "jupyterhub"), "-f", str(CONFIG)]
    with (folder / "hub.log").open("w") as log:
        hub = subprocess.Popen(
            command, cwd=folder, env=environment, stdout=log, stderr=log, start_new_session=True
        )
    try:
        yield run
    finally:
        stopping = time.monotonic()
        hub.send_signal(signal.SIGTERM)  # the Hub stops its students' servers and the proxy
        try:
            hub.wait(timeout=STOP_SECONDS)
            run.stop_seconds = time.monotonic() - stopping
        except subprocess.TimeoutExpired:
            os.killpg(hub.pid, signal.SIGKILL)  # the Hub and all it started, ours alone
            hub.wait()
        if os.getuid() == 0:
            remove_accounts([name for name in names if name not in existing])


def has_account(name: str) -> bool:
    """Whether a system user of that name exists."""
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


class Hub:
    """The Hub's REST API and its users' servers, over one HTTP client."""

    def __init__(self, url: str, token: str) -> None:
        self.url = url
        self.token = token
        self.client = AsyncHTTPClient()

    async def call(
        self, method: str, path: str, body: dict[str, Any] | None = None, token: str = ""
    ) -> Any:
        """One request; its JSON answer (None when it has none). Raises on an HTTP error."""
        request = HTTPRequest(
            self.url + path,
            method=method,
            headers={"Authorization": f"token {token or self.token}"},
            body=None if body is None and method in ("GET", "DELETE") else json.dumps(body or {}),
            request_timeout=REQUEST_SECONDS,
            allow_nonstandard_methods=True,
        )
        response = await self.client.fetch(request)
        return json.loads(response.body) if response.body else None

    async def wait_until_up(self) -> None:
        """Poll the Hub's API until it answers, for at most HUB_SECONDS."""
        deadline = time.monotonic() + HUB_SECONDS
        while True:
            try:
                await self.call("GET", "/hub/api/")
                return
            except (OSError, Exception):
                if time.monotonic() > deadline:
                    raise TimeoutError(
                        f"the Hub did not answer within {HUB_SECONDS:.0f} s"
                    ) from None
                await asyncio.sleep(1)

    async def log_in(self, student: Student) -> None:
        """Create the student and give them a token of their own, as a log-in would."""
        await self.call("POST", f"/hub/api/users/{student.name}")
        answer = await self.call("POST", f"/hub/api/users/{student.name}/tokens", {"note": "load"})
        student.token = answer["token"]

    async def start_server(self, student: Student) -> None:
        """Ask for the student's server and wait until the Hub says it is ready."""
        await self.call("POST", f"/hub/api/users/{student.name}/server")
        await self.wait_until_ready(student.name)

    async def wait_until_ready(self, name: str) -> None:
        """Wait until the Hub says the user's server is ready, for at most READY_SECONDS."""
        deadline = time.monotonic() + READY_SECONDS
        while time.monotonic() < deadline:
            user = await self.call("GET", f"/hub/api/users/{name}")
            if user["servers"].get("", {}).get("ready"):
                return
            await asyncio.sleep(0.5)
        raise TimeoutError(f"no server within {READY_SECONDS:.0f} s")

    async def kernel(self, student: Student, path: str) -> tuple[str, WebSocketClientConnection]:
        """Start a kernel on the student's server in the folder `path` of their home; its id
        and its websocket."""
        base = f"/user/{student.name}/api/kernels"
        kernel = await self.call("POST", base, {"name": "python3", "path": path}, student.token)
        url = self.url.replace("http", "ws", 1) + f"{base}/{kernel['id']}/channels"
        request = HTTPRequest(
            url,
            headers={"Authorization": f"token {student.token}"},
            connect_timeout=REQUEST_SECONDS,
        )
        return kernel["id"], await websocket_connect(request)

    async def shut_down(self, student: Student, kernel: str) -> None:
        """Shut the kernel down, as closing its notebook would."""
        await self.call("DELETE", f"/user/{student.name}/api/kernels/{kernel}", token=student.token)


def message(kind: str, content: dict[str, Any], session: str) -> tuple[str, str]:
    """A kernel message as the Jupyter server's websocket takes it, and its id."""
    msg_id = uuid.uuid4().hex
    header = {"msg_id": msg_id, "msg_type": kind, "session": session, "username": "load",
              "version": "5.3", "date": ""}  # fmt: skip
    body = {"header": header, "parent_header": {}, "metadata": {}, "content": content,
            "channel": "shell", "buffers": []}  # fmt: skip
    return json.dumps(body), msg_id


async def reply(
    socket_: WebSocketClientConnection,
    msg_id: str,
    seconds: float,
    errors: list[str],
    printed: list[str] | None = None,
) -> dict[str, Any]:
    """The shell reply to msg_id; on the way, every error output and stderr text the request
    produced is added to errors, and its stdout to printed when given (the rest, other outputs,
    status and comms, skipped)."""
    async with asyncio.timeout(seconds):
        while True:
            text = await socket_.read_message()
            if text is None:
                raise ConnectionError("the kernel's websocket closed")
            if isinstance(text, bytes):
                continue  # binary frames carry widget buffers, never a reply
            found = json.loads(text)
            if found.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, content = found.get("msg_type"), found.get("content", {})
            if kind == "stream" and content.get("name") == "stderr":
                errors.append(f"stderr: {content.get('text', '').strip()[:200]}")
            elif kind == "stream" and printed is not None:
                printed.append(content.get("text", ""))
            elif kind == "error":
                errors.append(f"{content.get('ename')}: {content.get('evalue')}")
            elif found.get("channel") == "shell":
                answer: dict[str, Any] = content
                return answer


async def run_cells(socket_: WebSocketClientConnection, run: Run, cells: list[str]) -> None:
    """Wait for the kernel's first answer, then run each cell and time it to its reply; a cell
    that raised or wrote to stderr is a failure."""
    session = uuid.uuid4().hex
    text, msg_id = message("kernel_info_request", {}, session)
    await socket_.write_message(text)
    await reply(socket_, msg_id, READY_SECONDS, [])
    run.ready = time.monotonic()
    for number, code in enumerate(cells, 1):
        content = {"code": code, "silent": False, "store_history": True, "user_expressions": {},
                   "allow_stdin": False, "stop_on_error": False}  # fmt: skip
        text, msg_id = message("execute_request", content, session)
        started = time.monotonic()
        await socket_.write_message(text)
        errors: list[str] = []
        await reply(socket_, msg_id, CELL_SECONDS, errors)
        run.latencies.append(time.monotonic() - started)
        run.failures += [f"cell {number}: {error}" for error in dict.fromkeys(errors)]


def server_pid(name: str) -> int | None:
    """The process id of the student's server (found by the user its environment names)."""
    for process in psutil.process_iter(["cmdline"]):
        try:
            if "jupyterhub-singleuser" not in " ".join(process.info["cmdline"] or []):
                continue
            if process.environ().get("JUPYTERHUB_USER") == name:
                return process.pid
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
    return None


def usage(pid: int) -> tuple[int, float, float] | None:
    """PSS in bytes of the server at pid and all it started (its kernels), and the CPU seconds
    so far of the server and of the rest; None when it is gone."""
    try:
        server = psutil.Process(pid)
        kernels = server.children(recursive=True)
        pss = sum(member.memory_full_info().pss for member in [server, *kernels])
        own = sum(server.cpu_times()[:2])  # user + system
        theirs = sum(sum(member.cpu_times()[:2]) for member in kernels)
    except psutil.NoSuchProcess:
        return None
    return int(pss), float(own), float(theirs)


def count_usage(student: Student) -> None:
    """Before a kernel is shut down: the student's memory with it (the most so far is kept) and
    the CPU time their kernels used; their CPU time in all, server included."""
    found = usage(student.pid) if student.pid is not None else None
    if found is not None:
        pss, own, kernels = found
        student.pss = max(student.pss or 0, pss)
        student.kernels_cpu += kernels
        student.cpu_seconds = own + student.kernels_cpu


async def sample_memory(student: Student, run: Run) -> None:
    """Keep run.peak_rss at the most resident memory the student's server and kernels hold,
    looking every SAMPLE_SECONDS until cancelled."""
    while True:
        if student.pid is not None:
            sizes = await asyncio.to_thread(tree_memory, student.pid)
            run.peak_rss = max(run.peak_rss, sum(size for _, size in sizes))
        await asyncio.sleep(SAMPLE_SECONDS)


async def run_notebook(hub: Hub, student: Student, path: Path) -> None:
    """One notebook in a kernel of its own in the student's learner/, then the kernel shut."""
    run = Run(path.name)
    student.runs.append(run)
    sampler = asyncio.ensure_future(sample_memory(student, run))
    started = time.monotonic()
    try:
        kernel, socket_ = await hub.kernel(student, "learner")
        try:
            await run_cells(socket_, run, code_cells(path))
            if student.ready_seconds is None and run.ready is not None:
                student.ready_seconds = run.ready - student.started
            run.seconds = time.monotonic() - started
            await asyncio.to_thread(count_usage, student)
        finally:
            socket_.close()
            await hub.shut_down(student, kernel)
    except Exception as error:  # a failure of this notebook's run, named; the others go on
        run.failures.append(named(error))
    finally:
        sampler.cancel()


def named(error: Exception) -> str:
    """An exception in one line, with where it was raised."""
    where = traceback.extract_tb(error.__traceback__)[-1]
    return f"{type(error).__name__}: {error} ({Path(where.filename).name}:{where.lineno})"


async def session(hub: Hub, student: Student, mix: list[Path]) -> None:
    """One student's whole visit; anything that goes wrong is a failure of theirs, not a crash."""
    try:
        student.started = time.monotonic()
        await hub.log_in(student)
        await hub.start_server(student)
        student.pid = await asyncio.to_thread(server_pid, student.name)
        for path in mix:
            await run_notebook(hub, student, path)
    except Exception as error:  # every failure is counted and named, none ends the run
        student.failures.append(named(error))


async def load(url: str, token: str, users: int, mix: list[Path]) -> list[Student]:
    """All students at once, as a class that starts together; student i begins at the i-th
    notebook of the mix and goes round it."""
    hub = Hub(url, token)
    await hub.wait_until_up()
    students = [Student(name) for name in student_names(users)]
    turns = [mix[i % len(mix) :] + mix[: i % len(mix)] for i in range(users)]
    async with asyncio.timeout(RUN_SECONDS):
        await asyncio.gather(
            *(session(hub, s, turn) for s, turn in zip(students, turns, strict=True))
        )
    return students


def summary(students: list[Student], seconds: float, stop_seconds: float | None) -> list[str]:
    """The tables, the overall figures and the load average they were measured under."""
    lines = [HEADER, *(student.line() for student in students), "", *notebook_lines(students)]
    memory = [s.pss for s in students if s.pss is not None]
    peaks = [s.peak_rss for s in students if s.peak_rss]
    ready = [s.ready_seconds for s in students if s.ready_seconds is not None]
    cpu = [s.cpu_seconds for s in students if s.cpu_seconds is not None]
    latencies = [latency for s in students for latency in s.latencies]
    p50, p95 = percentiles(latencies)
    failures = [f"{s.name}: {failure}" for s in students for failure in s.all_failures]
    one, five, _ = os.getloadavg()
    stopped = format_seconds(stop_seconds) if stop_seconds is not None else "killed"
    lines += [
        "",
        f"students: {len(students)}, run in {format_seconds(seconds)}; "
        f"the Hub stopped in {stopped}",
        f"memory per student (PSS, server and one kernel): mean "
        f"{statistics.mean(memory) / MIB:,.0f} MiB, max {max(memory) / MIB:,.0f} MiB"
        if memory
        else "memory per student: not measured",
        f"peak resident memory (RSS) of a server and its kernels: max {max(peaks) / MIB:,.0f} MiB"
        if peaks
        else "peak resident memory: not measured",
        f"CPU per student (server and kernels, start to last cell): mean "
        f"{format_seconds(statistics.mean(cpu))}"
        if cpu
        else "CPU per student: not measured",
        f"time to a ready kernel: median {format_seconds(statistics.median(ready))}, "
        f"max {format_seconds(max(ready))}"
        if ready
        else "time to a ready kernel: none ready",
        f"cell latency over all students: p50 {p50}, p95 {p95} ({len(latencies)} cells)",
        f"failures: {len(failures)}",
        *(f"  {failure}" for failure in failures),
        f"load average at the end: {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores",
    ]
    return lines


def main(argv: list[str] | None = None) -> int:
    """Run the load test and print its figures; exit 1 when any student had a failure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=5, help="simulated students (5)")
    parser.add_argument(
        "--notebooks", default="", help="the mix, by number: 05,06 (every notebook)"
    )
    args = parser.parse_args(argv)
    if args.users < 1:
        parser.error(f"--users must be at least 1, got {args.users}")
    try:
        mix = notebooks(args.notebooks)
    except ValueError as error:
        parser.error(f"--notebooks: {error}")
    started = time.monotonic()
    folder = Path(tempfile.mkdtemp(prefix="sudoku-hub-"))
    try:
        with running_hub(folder, args.users) as hub:
            students = asyncio.run(load(hub.url, hub.token, args.users, mix))
        if any(student.all_failures for student in students):
            log = (folder / "hub.log").read_text().splitlines()
            print("\n".join(["the Hub's log, last lines:", *log[-LOG_LINES:]]), file=sys.stderr)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print("\n".join(summary(students, time.monotonic() - started, hub.stop_seconds)))
    return 1 if any(student.all_failures for student in students) else 0


if __name__ == "__main__":
    sys.exit(main())
