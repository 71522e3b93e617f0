"""The learner's functions run in another process; the checks judge them here (`make grade`).

When a class is graded, a submission's answer cells run in a child process (`python -m
sudoku_lib.grading_child`, started inside a sandbox by tools/grade_sandbox.py), and the grader's
own process runs the course's checks on `RemoteFunction` proxies. A proxy's call sends the
arguments to the child (pickled: the grader trusts what it sends itself), the child calls the
learner's function under the course's time limit, and sends back the answer, the arguments as
the function left them, or what it raised. What comes back is plain JSON of a few tagged shapes
(`encode` / `decode`), never a pickle: an object the learner made comes back as an `Opaque`
stand-in that equals nothing, so an answer's own `__eq__`, a patched `Report` or a replaced check
lives and dies in the child and cannot reach the verdict.

What the child may still do is lie about itself: its replies are its own answers, so forging one
is the same as returning it. It cannot change how the grader judges, nor anything of another
student's: the grader starts a fresh child for every submission.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import importlib
import inspect
import io
import json
import os
import pickle
import select
import struct
import sys
import time
import traceback
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ..timelimit import (
    WALL_FACTOR,
    Limit,
    TooSlow,
    cpu_clock,
    deadline,
    is_library_file,
    thread_budgets,
)

HEADER = struct.Struct(">Q")
LONGEST_REPLY = 32 * 1024 * 1024  # bytes of one reply: more and the child is taken as broken
MOST_ITEMS = 200_000  # values in one encoded answer: more and it comes back as too large
SHOWN_REPR = 300  # characters of an opaque value's repr kept for the report
CALL_SECONDS = 10.0  # the time limit of a call made outside any deadline
OBSERVERS: dict[str, list[Any]] = {"work": [], "lines": []}
"""The recorders open in the grader that a call in the child must feed (recorder.watching_work
pushes its `(Work, modules, allowed)`, recorder.counting_lines its one-item list): the child
runs the same recorder around the call and its figures are added to these."""
SLACK = 5.0  # wall seconds the child gets beyond its limit (starting, sending, a loaded machine)
LOAD_SECONDS = 10.0  # seconds one answer cell may run when it is loaded
LEARNER_MODULE = "__learner__"  # the module the answers run in, in the child


# --- values as data ------------------------------------------------------------------------------


class TooLarge(Exception):
    """An answer with more values than MOST_ITEMS."""


def encode(value: Any, budget: list[int] | None = None) -> Any:
    """A value as JSON-ready data: exact built-in types keep their shape (tagged where JSON has
    none), a dataclass of sudoku_lib keeps its fields, anything else becomes an opaque record."""
    budget = [MOST_ITEMS] if budget is None else budget
    budget[0] -= 1
    if budget[0] < 0:
        raise TooLarge
    kind = type(value)
    if value is None or kind in (bool, str, float):
        return value
    if kind is int:
        return value if abs(value) < 2**63 else {"t": "int", "v": str(value)}
    if kind is list:
        return [encode(item, budget) for item in value]
    if kind in (tuple, set, frozenset):
        return {"t": kind.__name__, "v": [encode(item, budget) for item in value]}
    if kind is dict:
        return {
            "t": "dict",
            "v": [[encode(k, budget), encode(v, budget)] for k, v in value.items()],
        }
    if dataclasses.is_dataclass(value) and kind.__module__.startswith("sudoku_lib."):
        fields = {f.name: encode(getattr(value, f.name), budget) for f in dataclasses.fields(value)}
        return {"t": "dc", "m": kind.__module__, "n": kind.__qualname__, "v": fields}
    return {"t": "opaque", "n": kind.__name__, "r": shown(value)}


def shown(value: Any) -> str:
    """A value's repr for a report, cut short, even when its own repr breaks or hangs."""
    try:
        with deadline(1.0):
            text = repr(value)
    except BaseException:  # the learner's __repr__: whatever it raised, the text is all we need
        text = f"<{type(value).__name__}>"
    return text if len(text) <= SHOWN_REPR else text[: SHOWN_REPR - 1] + "…"


class Opaque:
    """What stands for an object the learner made: equal only to itself, shown by its repr."""

    def __init__(self, kind: str, text: str) -> None:
        self.kind, self.text = kind, text

    def __repr__(self) -> str:
        return self.text


def decode(data: Any) -> Any:
    """The value `encode` described, rebuilt from data alone (only sudoku_lib's own dataclasses
    are ever constructed, and only from their fields)."""
    if data is None or type(data) in (bool, str, float, int):
        return data
    if type(data) is list:
        return [decode(item) for item in data]
    if type(data) is not dict:
        raise ValueError("not an encoded value")
    tag, items = data.get("t"), data.get("v") or []
    if tag == "int":
        return int(str(items))
    if tag in ("tuple", "set", "frozenset"):
        made = [decode(item) for item in items]
        return {"tuple": tuple, "set": set, "frozenset": frozenset}[tag](made)
    if tag == "dict":
        return {decode(k): decode(v) for k, v in items}
    if tag == "dc":
        return library_dataclass(str(data.get("m")), str(data.get("n")), items)
    return Opaque(str(data.get("n")), str(data.get("r")))


def library_dataclass(module: str, name: str, fields: Any) -> Any:
    """sudoku_lib's dataclass `module.name` made from `fields`, or an Opaque if it is none."""
    if not module.startswith("sudoku_lib.") or not name.isidentifier():
        return Opaque(name, f"<{name}>")
    kind = getattr(sys.modules.get(module) or importlib.import_module(module), name, None)
    if not (isinstance(kind, type) and dataclasses.is_dataclass(kind)):
        return Opaque(name, f"<{name}>")
    try:
        return kind(**{key: decode(value) for key, value in fields.items()})
    except (TypeError, ValueError):
        return Opaque(name, f"<{name}>")


def recorded_moves(board: Any) -> list[Any] | None:
    """The log of a recording board (recorder.recorded_board), or None for any other value:
    the board is written on in the child, and its log goes back to the grader's copy."""
    from .recorder import RecordingRow

    if type(board) is list and board and isinstance(board[0], RecordingRow):
        return board[0].moves
    return None


def put_back(original: Any, after: Any) -> None:
    """Make an argument the grader passed look as the learner's function left it in the child."""
    if type(original) is list and type(after) is list:
        if len(original) == len(after) and all(type(o) is list for o in original):
            for row, new in zip(original, after, strict=True):
                put_back(row, new)
        else:
            original[:] = after
    elif isinstance(original, dict | set) and type(after) is type(original):
        original.clear()
        original.update(after)


# --- the pipe ----------------------------------------------------------------------------------


def remade_stepper(
    puzzle: str, method: str, marks: bool, predict: bool, switches: dict[str, bool], at: int
) -> Any:
    """A stepper made again from its recipe, at the same step (in the child)."""
    from ..stepper.model import StepperModel

    stepper = StepperModel(puzzle, method, pencil_marks=marks, predict=predict, **switches)
    stepper.goto(at)
    return stepper


def stepper_recipe(stepper: Any) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    """How to make a stepper again in the child: it holds a lock, which no pickle can carry."""
    from ..board import to_string

    puzzle = to_string(stepper.puzzle)
    args = (puzzle, stepper.method, stepper.pencil_marks, stepper.predict, stepper.switches)
    return remade_stepper, (*args, stepper.position)


def pickled(request: dict[str, Any]) -> bytes:
    """A request as a pickle, steppers by their recipe."""
    from ..stepper.model import StepperModel

    out = io.BytesIO()
    pickler = pickle.Pickler(out)
    pickler.dispatch_table = {StepperModel: stepper_recipe}
    pickler.dump(request)
    return out.getvalue()


def send(fd: int, payload: bytes) -> None:
    """One message: its length, then its bytes."""
    data = HEADER.pack(len(payload)) + payload
    while data:
        data = data[os.write(fd, data) :]


class ChildLost(Exception):
    """The child ended, hung past its wall time or sent something that is not a reply."""


def receive(fd: int, wall: float | None, longest: int = LONGEST_REPLY) -> bytes:
    """One message, waiting at most `wall` seconds (None: as long as it takes)."""
    ends = None if wall is None else time.monotonic() + wall
    header = read_exactly(fd, HEADER.size, ends)
    (length,) = HEADER.unpack(header)
    if length > longest:
        raise ChildLost("reply too long")
    return read_exactly(fd, length, ends)


def read_exactly(fd: int, count: int, ends: float | None) -> bytes:
    """`count` bytes from the pipe, or ChildLost when it closes or the time is up."""
    chunks, got = [], 0
    while got < count:
        left = None if ends is None else ends - time.monotonic()
        if left is not None and left <= 0:
            raise ChildLost("no reply in time")
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            raise ChildLost("no reply in time")
        chunk = os.read(fd, min(count - got, 1 << 20))
        if not chunk:
            raise ChildLost("ended")
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


# --- the grader's side -----------------------------------------------------------------------


class Channel:
    """The grader's end of one child's pipes: a request out, a JSON reply back.

    `lost` is set for good once the child ends, hangs or garbles a reply; every later request
    then fails at once, so a check on a lost child finishes quickly.
    """

    def __init__(self, to_child: int, from_child: int, kill: Callable[[], None]) -> None:
        self.to_child, self.from_child, self.kill = to_child, from_child, kill
        self.lost: str | None = None

    def ask(self, request: dict[str, Any], wall: float | None) -> dict[str, Any]:
        """Send a request and wait for its reply (ChildLost when there is none)."""
        if self.lost is not None:
            raise ChildLost(self.lost)
        try:
            send(self.to_child, pickled(request))
            reply = json.loads(receive(self.from_child, wall))
            if type(reply) is not dict:
                raise ValueError("not a reply")
        except (ChildLost, OSError, ValueError, RecursionError) as error:
            self.lost = str(error) or type(error).__name__
            self.kill()
            raise ChildLost(self.lost) from None
        return reply


def seconds_left() -> float:
    """The time the innermost open deadline of this thread has left (CALL_SECONDS if none)."""
    budgets = [b for b in thread_budgets().open if not b.closed]
    if not budgets:
        return CALL_SECONDS
    return max(0.01, min(b.ends - cpu_clock() for b in budgets))


class RemoteFunction:
    """A learner's function as the checks see it: called here, run in the child.

    It carries what the checks read off a function (`__name__`, the signature, whether it is or
    calls the library's own answer) as the child described it.
    """

    def __init__(self, channel: Channel, name: str, info: dict[str, Any]) -> None:
        self.channel, self.name = channel, name
        self.__name__ = str(info.get("name")) if str(info.get("name")).isidentifier() else name
        params = [p for p in info.get("params", []) if isinstance(p, str) and p.isidentifier()]
        kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
        self.__signature__ = inspect.Signature([inspect.Parameter(p, kind) for p in params])
        library = info.get("library")
        self.library_name = library if isinstance(library, str) else None
        self.library_uses = {tuple(pair) for pair in info.get("uses", []) if len(pair) == 2}
        self.spied: tuple[str, list[tuple[dict[str, Any], Any]]] | None = None
        self.watched: Any = None  # a recorder.Calls filled from the child's counts

    @contextmanager
    def spying(self, name: str) -> Iterator[list[tuple[dict[str, Any], Any]] | None]:
        """recorder.spying_on, done in the child: each call notes the calls of the global
        `name` the learner's function made there; None when it has no such global."""
        reply = self.channel.ask({"op": "spyable", "name": name}, SLACK * 2)
        if not reply.get("spyable"):
            yield None
            return
        self.spied = (name, [])
        try:
            yield self.spied[1]
        finally:
            self.spied = None

    @contextmanager
    def watching(self, calls: Any) -> Iterator[Any]:
        """recorder.watching_calls, done in the child: `calls` filled from its counts."""
        self.watched = calls
        try:
            yield calls
        finally:
            self.watched = None

    def __repr__(self) -> str:
        return f"<function {self.__name__}>"

    def __call__(self, *args: Any) -> Any:
        seconds = seconds_left()
        request = {"op": "call", "name": self.name, "args": args, "seconds": seconds}
        request["spy"] = self.spied[0] if self.spied else None
        request["watch"] = self.watched is not None
        if OBSERVERS["work"]:
            _, modules, allowed = OBSERVERS["work"][-1]
            request["work"] = [list(modules), sorted(allowed)]
        request["lines"] = bool(OBSERVERS["lines"])
        reply = self.channel.ask(request, seconds * WALL_FACTOR + SLACK)
        if self.spied is not None:
            for given, result in reply.get("spied") or []:
                self.spied[1].append((decode(given), decode(result)))
        if self.watched is not None:
            self.note_calls(reply.get("watched") or {})
        note_work(reply.get("work"), reply.get("lines"))
        for original, after in zip(args, reply.get("after", []), strict=False):
            put_back(original, decode(after))
        for original, moves in zip(args, reply.get("moves", []), strict=False):
            log = recorded_moves(original)
            if moves is not None and log is not None:
                log[:] = decode(moves)
        for budget in thread_budgets().open[-1:]:
            budget.limit.caught += int(reply.get("caught", 0))
        if "error" in reply:
            raise rebuilt_error(reply)
        return decode(reply.get("value"))

    def note_calls(self, seen: dict[str, Any]) -> None:
        """Add the child's count of calls to the grader's `Calls`."""
        for name, count in dict(seen.get("counts", {})).items():
            self.watched.counts[str(name)] = self.watched.counts.get(str(name), 0) + int(count)
        self.watched.recursive |= {str(name) for name in seen.get("recursive", [])}
        grown = seen.get("grown")
        if self.watched.grown is None and isinstance(grown, list) and len(grown) == 4:
            self.watched.grown = (str(grown[0]), str(grown[1]), int(grown[2]), int(grown[3]))

    def borrowed(self, library: list[Callable[..., Any]]) -> tuple[str, str] | None:
        """("library" or "wrapped library", the name) when the learner's function is, or calls,
        one of these library functions (any sudoku_lib function counts as being one)."""
        if self.library_name is not None:
            return "library", self.library_name
        for lib in library:
            if (getattr(lib, "__module__", ""), getattr(lib, "__name__", "")) in self.library_uses:
                return "wrapped library", lib.__name__
        return None


def note_work(work: Any, lines: Any) -> None:
    """Add the child's count of steps, library searches and lines to the recorders open here."""
    if isinstance(work, dict) and OBSERVERS["work"]:
        seen = OBSERVERS["work"][-1][0]
        seen.steps += int(work.get("steps", 0))
        seen.library += [str(name) for name in work.get("library", [])]
    if isinstance(lines, int) and OBSERVERS["lines"]:
        OBSERVERS["lines"][-1][0] += lines


_MADE_ERRORS: dict[str, type[Exception]] = {}


def rebuilt_error(reply: dict[str, Any]) -> BaseException:
    """The learner's exception as the checks expect to meet it: a built-in one by its own type,
    the learner's own class as an Exception of the same name, the stop as TooSlow."""
    name, message = str(reply.get("error")), str(reply.get("message", ""))
    if name == "TooSlow":
        return TooSlow()
    if name == "EnoughMoves":  # a recording board (recorder.recorded_board) has seen enough
        from .recorder import EnoughMoves

        return EnoughMoves()
    builtin = getattr(builtins, name, None) if name.isidentifier() else None
    if isinstance(builtin, type) and issubclass(builtin, Exception | SystemExit | GeneratorExit):
        error: BaseException = builtin(message) if message else builtin()
    else:
        if not name.isidentifier():
            name = "Exception"
        kind = _MADE_ERRORS.setdefault(name, type(name, (Exception,), {}))
        error = kind(message)
    frames = reply.get("frames")
    if isinstance(frames, list):
        error.learner_frames = [str(f) for f in frames]  # type: ignore[attr-defined]
    return error


# --- the child's side -------------------------------------------------------------------------


def describe(value: Any) -> dict[str, Any]:
    """What the grader needs to know of a name a check takes: a function's outline, or a value."""
    from .core import is_library_function, referenced_objects, unwrapped

    if not callable(value) or isinstance(value, type):
        return {"kind": "value", "value": encode(value)}
    inner = unwrapped(value)
    try:
        params = list(inspect.signature(value).parameters)
    except (TypeError, ValueError):
        params = []
    library = getattr(inner, "__name__", "?") if is_library_function(inner, []) else None
    uses = []
    for used in referenced_objects(inner):
        module = getattr(used, "__module__", None)
        if isinstance(module, str) and module.startswith("sudoku_lib") and callable(used):
            uses.append([module, str(getattr(used, "__name__", ""))])
    name = getattr(value, "__name__", "")
    return {
        "kind": "function",
        "name": str(name),
        "params": params,
        "library": library,
        "uses": uses,
    }


def learner_frames(error: BaseException) -> list[str]:
    """The names of the learner's own frames an exception passed through, outermost first."""
    return [
        frame.name
        for frame in traceback.extract_tb(error.__traceback__)
        if not is_library_file(frame.filename) and not frame.name.startswith("<")
    ]


def error_reply(error: BaseException) -> dict[str, Any]:
    """An exception as data: its type's name, its message, and the learner's frames."""
    try:
        message = str(error)[:1000]
    except Exception:
        message = ""
    name = "TooSlow" if isinstance(error, TooSlow) else type(error).__name__
    return {"error": name, "message": message, "frames": learner_frames(error)}


def called(namespace: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    """Call the learner's function under the time limit; the answer and the arguments after."""
    function, args = namespace.get(request["name"]), request["args"]
    reply: dict[str, Any]
    limit = Limit()
    try:
        with (
            watched_and_spied(function, request) as noted,
            deadline(float(request["seconds"])) as limit,
        ):
            got = function(*args)  # type: ignore[misc]
        reply = {"value": encode(got)}
    except TooLarge:
        reply = {"error": "MemoryError", "message": "the answer is too large to send"}
    except BaseException as error:  # the learner's: whatever it is, the grader is told
        reply = error_reply(error)
    try:
        reply["after"] = [encode(arg) for arg in args]
        reply["moves"] = [encode(recorded_moves(arg)) for arg in args]
    except TooLarge:
        reply["after"] = []
    reply["caught"] = limit.caught
    reply |= noted_data(locals().get("noted"))
    return reply


@contextmanager
def watched_and_spied(function: Any, request: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The recorders a check asked for, around one call in the child."""
    from .recorder import counting_lines, spying_on, watching_calls, watching_work

    noted: dict[str, Any] = {}
    with contextlib.ExitStack() as stack:
        if request.get("spy"):
            noted["spied"] = stack.enter_context(spying_on(function, str(request["spy"])))
        if request.get("watch"):
            noted["watched"] = stack.enter_context(watching_calls(function))
        if request.get("work"):
            modules, allowed = request["work"]
            work = watching_work(tuple(map(str, modules)), frozenset(map(str, allowed)))
            noted["work"] = stack.enter_context(work)
        if request.get("lines"):
            noted["lines"] = stack.enter_context(counting_lines())
        yield noted


def noted_data(noted: dict[str, Any] | None) -> dict[str, Any]:
    """What the recorders saw, as data for the grader."""
    out: dict[str, Any] = {}
    if not noted:
        return out
    try:
        if noted.get("spied") is not None:
            out["spied"] = [[encode(given), encode(result)] for given, result in noted["spied"]]
        calls = noted.get("watched")
        if calls is not None:
            out["watched"] = {"counts": calls.counts, "recursive": sorted(calls.recursive),
                              "grown": list(calls.grown) if calls.grown else None}  # fmt: skip
        if noted.get("work") is not None:
            out["work"] = {"steps": noted["work"].steps, "library": noted["work"].library[:10]}
        if noted.get("lines") is not None:
            out["lines"] = noted["lines"][0]
    except TooLarge:
        pass
    return out


def loaded(namespace: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    """Run one cell (the course's setup or a learner's answer) into the namespace."""
    try:
        code = compile(request["source"], f"<cell {request['cell']}>", "exec")
        with deadline(float(request.get("seconds", LOAD_SECONDS))):
            exec(code, namespace)
    except BaseException as error:  # the cell's own failure: reported, and the rest goes on
        return error_reply(error)
    return {}


def handle(namespace: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    """One request from the grader, answered."""
    if request["op"] == "load":
        return loaded(namespace, request)
    if request["op"] == "call":
        return called(namespace, request)
    if request["op"] == "spyable":
        return {"spyable": callable(namespace.get(str(request["name"])))}
    if request["op"] == "describe":
        names = {}
        for name in request["names"]:
            try:
                names[name] = describe(namespace[name]) if name in namespace else {"kind": "none"}
            except TooLarge:
                names[name] = {"kind": "value", "value": {"t": "opaque", "n": "?", "r": "…"}}
        return {"names": names}
    return {"error": "ValueError", "message": "unknown request"}


def serve() -> None:
    """The child's loop: the pipes moved off stdin and stdout first, so the learner's prints go
    nowhere and cannot be mistaken for a reply."""
    requests, replies = os.dup(0), os.dup(1)
    nowhere = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(nowhere, fd)
    learner = types.ModuleType(LEARNER_MODULE)  # no file: timelimit takes its code as the learner's
    sys.modules[LEARNER_MODULE] = learner
    namespace = learner.__dict__
    while True:
        try:
            request = pickle.loads(receive(requests, None, longest=1 << 30))
        except ChildLost:
            return
        try:
            payload = json.dumps(handle(namespace, request))
        except BaseException as error:  # the reply must go out whatever happened
            payload = json.dumps(error_reply(error))
        send(replies, payload.encode())
