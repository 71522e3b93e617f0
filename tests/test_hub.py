"""The course's JupyterHub (deploy/jupyterhub_config.py), run for real by the load test's own code:
two simulated students log in through the REST API, each server opens the student's own class
copy, notebook 06 runs in each kernel over the websocket with no error output, and then, from one
student's kernel, every way into another student's work or the teacher's is tried and must fail.
Nothing here depends on how fast the machine is: only on what happened."""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import pwd
import re
import shutil
import tempfile
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

import nbformat
import pytest

from tests.browser_support import jupyter_server
from tools import hub_setup
from tools.hub_load import (
    PROXY,
    Hub,
    HubRun,
    Student,
    code_cells,
    load,
    message,
    notebooks,
    percentile,
    reply,
    running_hub,
    summary,
)
from tools.make_student import BEGIN, STUB

ROOT = Path(__file__).resolve().parent.parent
USERS = 2
NOTEBOOK = "06"
MEMORY_LIMIT = "600M"  # notebook 06 peaks near 300 MiB resident with its server
PASSWORD = "sudoku-class"  # the demo's
HOG_MIB = 700  # a kernel that takes this much passes the limit on its own
ISOLATED = hub_setup.isolation_problem() is None

needs_hub = pytest.mark.skipif(
    not PROXY.exists() or shutil.which("node") is None,
    reason="the Hub's proxy is not installed: `make hub-load` (or `cd deploy && npm ci`) does it",
)

# Run in student load001's kernel: every attempt on load002's home, server and token, on the
# teacher's notebooks and on the Hub's state; beside each, the same thing done to load001's own,
# which must work (so a refusal means the door is shut, not that the probe is wrong).
PROBE = """
import glob, json, os, urllib.request
from pathlib import Path
homes, root, state, url = Path({homes!r}), Path({root!r}), Path({state!r}), {url!r}
me, other = "load001", "load002"
done, own = [], []

def attempt(what, action, into=done):
    try:
        action()
        into.append(what)
    except Exception:
        pass

def contents(user, token):
    request = urllib.request.Request(f"{{url}}/user/{{user}}/api/contents/learner",
                                     headers={{"Authorization": f"token {{token}}"}})
    assert urllib.request.urlopen(request, timeout=30).status == 200

def tokens():
    found = {{}}
    for path in glob.glob("/proc/[0-9]*/environ"):
        try:
            pairs = Path(path).read_bytes().split(b"\\0")
        except OSError:
            continue
        variables = dict(p.decode(errors="replace").split("=", 1) for p in pairs if b"=" in p)
        if "JUPYTERHUB_API_TOKEN" in variables:
            found[variables.get("JUPYTERHUB_USER")] = variables["JUPYTERHUB_API_TOKEN"]
    return found

def solutions():
    texts = [Path(p).read_text() for p in glob.glob(str(root / "notebooks" / "*.ipynb"))]
    texts.append((root / "notebooks" / "03_backtracking.ipynb").read_text())
    assert any("BEGIN SOLUTION" in text for text in texts)

found = tokens()
mine = os.environ["JUPYTERHUB_API_TOKEN"]
attempt("list own home", lambda: os.listdir(homes / me), own)
attempt("read own notebook", lambda: (homes / me / "learner/00_start_here.ipynb").read_text(), own)
attempt("own token in /proc", lambda: found[me], own)
attempt("own contents API", lambda: contents(me, mine), own)
attempt("list other home", lambda: os.listdir(homes / other))
attempt("read other notebook", lambda: (homes / other / "learner/00_start_here.ipynb").read_text())
attempt("write other home", lambda: (homes / other / "probe.txt").write_text("x"))
attempt("other token in /proc", lambda: found[other])
attempt("other token used", lambda: contents(other, found[other]))
attempt("own token on other's API", lambda: contents(other, mine))
attempt("teacher's solutions", solutions)
attempt("list teacher's folder", lambda: os.listdir(root))
attempt("Hub database", lambda: (state / "jupyterhub.sqlite").read_bytes())
attempt("Hub cookie secret", lambda: (state / "jupyterhub_cookie_secret").read_bytes())
print(json.dumps({{"done": done, "own": own}}))
"""


async def run_code(
    hub: Hub, student: Student, code: str, seconds: float = 120
) -> tuple[str, list[str]]:
    """Run code in a new kernel of the student's; what it printed, and its errors. Raises
    TimeoutError when no answer comes within `seconds`."""
    kernel, socket_ = await hub.kernel(student, "learner")
    try:
        session = uuid.uuid4().hex
        text, msg_id = message("execute_request", {"code": code, "silent": False}, session)
        await socket_.write_message(text)
        errors: list[str] = []
        printed: list[str] = []
        await reply(socket_, msg_id, seconds, errors, printed)
        return "".join(printed), errors
    finally:
        socket_.close()
        await hub.shut_down(student, kernel)


@dataclass
class Visit:
    """What happened on a Hub two students used."""

    hub_run: HubRun
    students: list[Student]
    probe: str  # what the probe printed
    probe_errors: list[str]
    lab_page: str  # load001's /lab page
    hog_answered: bool  # whether a kernel past the memory limit ever answered
    logins: dict[str, int]  # password tried -> the log-in form's answer, as a browser sends it


def log_in(url: str, name: str, password: str) -> int:
    """Log in through the Hub's form as a browser does (its xsrf field and cookies); the status
    of the answer (200 once redirected to the student's server starting, 403 refused)."""
    browser = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    form = browser.open(f"{url}/hub/login", timeout=60).read().decode()
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', form)
    assert xsrf is not None, "the log-in form has its xsrf field"
    fields = {"username": name, "password": password, "_xsrf": xsrf.group(1)}
    try:
        with browser.open(f"{url}/hub/login", urlencode(fields).encode(), timeout=120) as page:
            return int(page.status)
    except urllib.error.HTTPError as refused:
        return refused.code


async def visit(hub_run: HubRun) -> Visit:
    """Two students run notebook 06; then load001's kernel runs the probe, their /lab page is
    fetched, and load002's kernel takes more memory than the limit, while both servers are up."""
    url = hub_run.url
    students = await load(url, hub_run.token, USERS, notebooks(NOTEBOOK))
    hub = Hub(url, hub_run.token)
    probe = PROBE.format(
        homes=str(hub_run.homes), root=str(ROOT), state=str(hub_run.folder / "state"), url=url
    )
    printed, errors = await run_code(hub, students[0], probe)
    page = await hub.client.fetch(
        f"{url}/user/load001/lab", headers={"Authorization": f"token {students[0].token}"}
    )
    logins = {
        password: await asyncio.to_thread(log_in, url, "student1", password)
        for password in ("wrong password", PASSWORD)
    }
    await hub.wait_until_ready("student1")  # the log-in started their server
    hog = f"b = b'x' * ({HOG_MIB} * 2**20); import time; time.sleep(60)"
    try:
        await run_code(hub, students[1], hog, seconds=40)
        answered = True
    except (TimeoutError, ConnectionError):
        answered = False
    return Visit(hub_run, students, printed, errors, page.body.decode(), answered, logins)


@pytest.fixture(scope="module")
def visited():
    """A Hub two students used, with a memory limit of MEMORY_LIMIT."""
    folder = Path(tempfile.mkdtemp(prefix="sudoku-hub-test-"))  # /tmp: homes must be reachable
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("SUDOKU_HUB_MEM_LIMIT", MEMORY_LIMIT)
            with running_hub(folder, USERS, demo=1) as hub_run:
                yield asyncio.run(visit(hub_run))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def enabled_extensions(page: str) -> set[str]:
    """The lab extensions a JupyterLab page loads: its page config's federated extensions but
    those it disables."""
    start = page.index('id="jupyter-config-data"')
    config = json.loads(page[page.index(">", start) + 1 : page.index("</script>", start)])
    names = {extension["name"] for extension in config["federated_extensions"]}
    return names - set(config.get("disabledExtensions", []))


@needs_hub
def test_every_student_ran_notebook_06_with_no_error_output(visited):
    students = visited.students
    assert [s.name for s in students] == ["load001", "load002"]
    for student in students:
        assert student.all_failures == [], student.all_failures
        (run,) = student.runs
        assert len(run.latencies) == len(code_cells(notebooks(NOTEBOOK)[0]))
        assert student.ready_seconds is not None and student.ready_seconds > 0
        assert student.pss is not None and student.pss > 50 * 2**20  # a server and a kernel
        assert run.peak_rss >= 50 * 2**20
        assert student.cpu_seconds is not None and student.cpu_seconds > 0


@needs_hub
@pytest.mark.skipif(not ISOLATED, reason=f"no isolation here: {hub_setup.isolation_problem()}")
def test_a_student_reaches_nothing_of_another_student_or_the_teacher(visited):
    assert visited.probe_errors == []
    answer = json.loads(visited.probe)
    assert answer["own"] == [
        "list own home",
        "read own notebook",
        "own token in /proc",
        "own contents API",
    ]
    assert answer["done"] == []


@needs_hub
def test_each_student_opens_their_own_class_copy_without_solutions(visited):
    for student in visited.students:
        home = visited.hub_run.homes / student.name
        if ISOLATED:
            assert home.stat().st_mode & 0o777 == 0o700
            assert home.stat().st_uid == pwd.getpwnam(student.name).pw_uid
        notebooks_ = sorted(path.name for path in (home / "learner").glob("*.ipynb"))
        assert notebooks_ == sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
        for path in (home / "learner").glob("*.ipynb"):
            assert BEGIN not in path.read_text()
        board = nbformat.read(home / "learner" / "01_the_board.ipynb", as_version=4)
        assert any(STUB in cell.source for cell in board.cells), "the exercises are stubs"
        assert not any("model-solution" in cell.metadata.get("tags", []) for cell in board.cells)


@needs_hub
def test_a_student_logs_in_with_the_password_and_gets_a_home_of_their_own(visited):
    assert visited.logins == {"wrong password": 403, PASSWORD: 200}
    home = visited.hub_run.homes / "student1"
    assert (home / "learner" / "00_start_here.ipynb").exists()
    if ISOLATED:
        assert home.stat().st_uid == pwd.getpwnam("student1").pw_uid
        assert home.stat().st_mode & 0o777 == 0o700


@needs_hub
def test_a_kernel_past_the_resident_memory_limit_is_stopped_and_named(visited):
    assert not visited.hog_answered
    log = (visited.hub_run.folder / "hub.log").read_text()
    assert "load002: memory limit:" in log and "> 600 MiB" in log  # JupyterHub: 600M = 600 MiB
    assert "load001: memory limit" not in log, "notebook 06 and the probe stay under it"


@needs_hub
def test_the_students_jupyterlab_has_no_teacher_tools(visited):
    enabled = enabled_extensions(visited.lab_page)
    assert "@jupyter-widgets/jupyterlab-manager" in enabled  # the page was read right
    assert not [name for name in enabled if "nbgrader" in name or "jupyterlite" in name]


@needs_hub
def test_the_summary_gives_every_figure_per_student_and_per_notebook(visited):
    text = "\n".join(summary(visited.students, 1.0, visited.hub_run.stop_seconds))
    for figure in (
        "memory per student (PSS",
        "peak resident memory (RSS)",
        "CPU per student",
        "time to a ready kernel",
        "p50",
        "p95",
        "06_measuring_the_search",
    ):
        assert figure in text
    assert "failures: 0" in text and "load average" in text


def test_the_mix_is_every_notebook_or_those_named():
    assert [path.name[:2] for path in notebooks()] == [f"{n:02d}" for n in range(9)]
    assert [path.name[:2] for path in notebooks("6, 5")] == ["06", "05"]
    with pytest.raises(ValueError, match="no notebook numbered '12'"):
        notebooks("12")


def test_percentile_is_the_nearest_rank():
    values = [float(v) for v in range(1, 21)]
    assert percentile(values, 0.5) == 10.0
    assert percentile(values, 0.95) == 19.0
    assert percentile([3.0], 0.95) == 3.0


def lab_extensions(tmp_path: Path) -> set[str]:
    """The lab extensions a JupyterLab on this environment loads, as a browser would see them."""
    tmp_path.mkdir()
    with jupyter_server(tmp_path, []) as lab:
        request = urllib.request.Request(
            f"{lab.url}lab", headers={"Authorization": f"token {lab.token}"}
        )
        with urllib.request.urlopen(request, timeout=60) as page:
            return enabled_extensions(page.read().decode())


def test_the_learners_own_lab_loads_no_teacher_tool(tmp_path, monkeypatch):
    """`make lab`'s settings (deploy/learner-jupyter) on the full environment, which has nbgrader
    and JupyterLite for the teacher: both are off for the learner, on for the teacher."""
    teacher = lab_extensions(tmp_path / "teacher")
    assert "@jupyter/nbgrader" in teacher, "the teacher's lab keeps nbgrader"
    monkeypatch.setenv("JUPYTER_CONFIG_PATH", str(hub_setup.LEARNER_CONFIG))
    learner = lab_extensions(tmp_path / "learner")
    assert "@jupyter-widgets/jupyterlab-manager" in learner
    assert not [name for name in learner if "nbgrader" in name or "jupyterlite" in name]
