"""How many students one machine serves: `make hub-load USERS=N`.

    python -m tools.hub_load --users 5

It starts the course's JupyterHub (deploy/jupyterhub_config.py) on free loopback ports with a
fresh state folder, then N simulated students at once, each through the Hub's REST API as a
student's browser would go: the student is created and given a token of their own, their server
is started (the start hook builds their learner's copy), a kernel is started on it, and notebook
05's code cells run in that kernel one after another over the kernel's websocket, so steppers are
created and stepped for real. Then it prints, per student and overall:

- memory: the proportional set size (PSS) of the student's server and its kernel, so memory the
  processes share is split between them rather than counted in each;
- CPU: the CPU time the server and kernel used from start to the last cell, which, unlike the
  latencies, hardly moves with how busy the machine is;
- time to a ready kernel: from the request to start the server to the kernel's first reply;
- cell latency, p50 and p95: from sending a cell to its execute_reply;
- failures: a cell that raised, a server or kernel that did not come, a time-out;

with the machine's load average, since the figures mean little without it. Everything is
bounded: each request, each cell and the whole run have a time limit, and the Hub is stopped at
the end whatever happened. The Hub is only ever reached on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
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

CONFIG = ROOT / "deploy" / "jupyterhub_config.py"
PROXY = ROOT / "deploy" / "node_modules" / ".bin" / "configurable-http-proxy"
NOTEBOOK = NOTEBOOKS / "05_stepping_through_the_search.ipynb"
HOST = "127.0.0.1"
REQUEST_SECONDS = 60.0  # one REST request
READY_SECONDS = 300.0  # a server to come up and its kernel to answer, on a loaded machine
CELL_SECONDS = 120.0  # one cell of notebook 05
RUN_SECONDS = 1200.0  # the whole run, whatever N is
HUB_SECONDS = 120.0  # the Hub to answer after it is started
MIB = 2**20


@dataclass
class Student:
    """One simulated student's session and what was measured of it."""

    name: str
    token: str = ""
    started: float = 0.0  # time.monotonic() when the student asked for their server
    ready_seconds: float | None = None
    latencies: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    pss: int | None = None  # bytes
    cpu_seconds: float | None = None  # CPU time of the server and kernel over the whole session

    def line(self) -> str:
        """The student's row of the table."""
        ready = format_seconds(self.ready_seconds) if self.ready_seconds is not None else "-"
        memory = f"{self.pss / MIB:,.0f} MiB" if self.pss is not None else "-"
        cpu = format_seconds(self.cpu_seconds) if self.cpu_seconds is not None else "-"
        p50, p95 = percentiles(self.latencies)
        return (
            f"{self.name:<12} {memory:>10} {cpu:>10} {ready:>10} {p50:>10} {p95:>10} "
            f"{len(self.failures):>8}"
        )


HEADER = (
    f"{'student':<12} {'PSS':>10} {'CPU':>10} {'ready':>10} {'cell p50':>10} {'cell p95':>10} "
    "failures"
)


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


def code_cells(path: Path = NOTEBOOK) -> list[str]:
    """The code the students run: notebook 05's code cells, answers included."""
    notebook = nbformat.read(path, as_version=4)
    return [cell.source for cell in notebook.cells if cell.cell_type == "code"]


@contextmanager
def running_hub(state: Path, students: int) -> Iterator[tuple[str, str]]:
    """The course's JupyterHub, started on free ports; yields its address and a service token,
    and stops it (and with it every student's server) on the way out."""
    if not PROXY.exists():
        raise SystemExit(
            f"hub-load: {PROXY.relative_to(ROOT)} is missing; `make hub-load` installs it"
        )
    token = secrets.token_hex(16)
    port = free_port()
    environment = os.environ | {
        "SUDOKU_HUB_STATE": str(state),
        "SUDOKU_HUB_PORT": str(port),
        "SUDOKU_HUB_API_PORT": str(free_port()),
        "SUDOKU_HUB_PROXY_API_PORT": str(free_port()),
        "SUDOKU_HUB_STUDENTS": str(students),
        "SUDOKU_HUB_LOAD_TOKEN": token,
    }
    command = [str(Path(sys.executable).parent / "jupyterhub"), "-f", str(CONFIG)]
    with (state / "hub.log").open("w") as log:
        hub = subprocess.Popen(
            command, cwd=state, env=environment, stdout=log, stderr=log, start_new_session=True
        )
    try:
        yield f"http://{HOST}:{port}", token
    finally:
        hub.send_signal(signal.SIGTERM)  # the Hub stops its students' servers and the proxy
        try:
            hub.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(hub.pid, signal.SIGKILL)  # the Hub and all it started, ours alone
            hub.wait()


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
            body=None if body is None and method == "GET" else json.dumps(body or {}),
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
        deadline = time.monotonic() + READY_SECONDS
        while time.monotonic() < deadline:
            user = await self.call("GET", f"/hub/api/users/{student.name}")
            if user["servers"].get("", {}).get("ready"):
                return
            await asyncio.sleep(0.5)
        raise TimeoutError(f"no server within {READY_SECONDS:.0f} s")

    async def kernel(self, student: Student) -> WebSocketClientConnection:
        """Start a kernel on the student's server and open its websocket."""
        base = f"/user/{student.name}/api/kernels"
        kernel = await self.call("POST", base, {"name": "python3"}, token=student.token)
        url = self.url.replace("http", "ws", 1) + f"{base}/{kernel['id']}/channels"
        request = HTTPRequest(
            url,
            headers={"Authorization": f"token {student.token}"},
            connect_timeout=REQUEST_SECONDS,
        )
        return await websocket_connect(request)


def message(kind: str, content: dict[str, Any], session: str) -> tuple[str, str]:
    """A kernel message as the Jupyter server's websocket takes it, and its id."""
    msg_id = uuid.uuid4().hex
    header = {"msg_id": msg_id, "msg_type": kind, "session": session, "username": "load",
              "version": "5.3", "date": ""}  # fmt: skip
    body = {"header": header, "parent_header": {}, "metadata": {}, "content": content,
            "channel": "shell", "buffers": []}  # fmt: skip
    return json.dumps(body), msg_id


async def reply(socket_: WebSocketClientConnection, msg_id: str, seconds: float) -> dict[str, Any]:
    """The shell reply to msg_id, skipping every other message (outputs, status, comms)."""
    async with asyncio.timeout(seconds):
        while True:
            text = await socket_.read_message()
            if text is None:
                raise ConnectionError("the kernel's websocket closed")
            if isinstance(text, bytes):
                continue  # binary frames carry widget buffers, never a reply
            found = json.loads(text)
            if (
                found.get("parent_header", {}).get("msg_id") == msg_id
                and found.get("channel") == "shell"
            ):
                content: dict[str, Any] = found["content"]
                return content


async def run_cells(socket_: WebSocketClientConnection, student: Student, cells: list[str]) -> None:
    """Wait for the kernel's first answer, then run each cell and time it to its reply."""
    session = uuid.uuid4().hex
    text, msg_id = message("kernel_info_request", {}, session)
    await socket_.write_message(text)
    await reply(socket_, msg_id, READY_SECONDS)
    student.ready_seconds = time.monotonic() - student.started
    for number, code in enumerate(cells, 1):
        content = {"code": code, "silent": False, "store_history": True, "user_expressions": {},
                   "allow_stdin": False, "stop_on_error": False}  # fmt: skip
        text, msg_id = message("execute_request", content, session)
        started = time.monotonic()
        await socket_.write_message(text)
        answer = await reply(socket_, msg_id, CELL_SECONDS)
        student.latencies.append(time.monotonic() - started)
        if answer.get("status") != "ok":
            student.failures.append(f"cell {number}: {answer.get('ename')}: {answer.get('evalue')}")


def student_usage(name: str) -> tuple[int, float] | None:
    """PSS in bytes, and CPU seconds so far, of the student's server and all it started (the
    kernel); None when the server's process is not found."""
    for process in psutil.process_iter(["cmdline"]):
        try:
            if "jupyterhub-singleuser" not in " ".join(process.info["cmdline"] or []):
                continue
            if process.environ().get("JUPYTERHUB_USER") != name:
                continue
            family = [process, *process.children(recursive=True)]
            pss = sum(member.memory_full_info().pss for member in family)
            cpu = sum(sum(member.cpu_times()[:2]) for member in family)  # user + system
            return int(pss), float(cpu)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
    return None


async def session(hub: Hub, student: Student, cells: list[str]) -> None:
    """One student's whole visit; anything that goes wrong is a failure of theirs, not a crash."""
    socket_ = None
    try:
        student.started = time.monotonic()
        await hub.log_in(student)
        await hub.start_server(student)
        socket_ = await hub.kernel(student)
        await run_cells(socket_, student, cells)
        usage = student_usage(student.name)
        if usage is not None:
            student.pss, student.cpu_seconds = usage
    except Exception as error:  # every failure is counted and named, none ends the run
        where = traceback.extract_tb(error.__traceback__)[-1]
        student.failures.append(
            f"{type(error).__name__}: {error} ({Path(where.filename).name}:{where.lineno})"
        )
    finally:
        if socket_ is not None:
            socket_.close()


async def load(url: str, token: str, users: int) -> list[Student]:
    """All students at once, as a class that starts together."""
    hub = Hub(url, token)
    await hub.wait_until_up()
    cells = code_cells()
    students = [Student(f"load{i:03d}") for i in range(1, users + 1)]
    async with asyncio.timeout(RUN_SECONDS):
        await asyncio.gather(*(session(hub, student, cells) for student in students))
    return students


def summary(students: list[Student], seconds: float) -> list[str]:
    """The table, the overall figures and the load average they were measured under."""
    lines = [HEADER, *(student.line() for student in students)]
    memory = [s.pss for s in students if s.pss is not None]
    ready = [s.ready_seconds for s in students if s.ready_seconds is not None]
    cpu = [s.cpu_seconds for s in students if s.cpu_seconds is not None]
    latencies = [latency for s in students for latency in s.latencies]
    p50, p95 = percentiles(latencies)
    failures = [f"{s.name}: {failure}" for s in students for failure in s.failures]
    one, five, _ = os.getloadavg()
    lines += [
        "",
        f"students: {len(students)}, run in {format_seconds(seconds)}",
        f"memory per student (PSS): mean {statistics.mean(memory) / MIB:,.0f} MiB, "
        f"max {max(memory) / MIB:,.0f} MiB"
        if memory
        else "memory per student: not measured",
        f"CPU per student (server and kernel, start to last cell): mean "
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
    args = parser.parse_args(argv)
    if args.users < 1:
        parser.error(f"--users must be at least 1, got {args.users}")
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="sudoku-hub-") as folder:
        state = Path(folder)
        with running_hub(state, args.users) as (url, token):
            students = asyncio.run(load(url, token, args.users))
    print("\n".join(summary(students, time.monotonic() - started)))
    return 1 if any(student.failures for student in students) else 0


if __name__ == "__main__":
    sys.exit(main())
