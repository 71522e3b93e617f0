"""Putting back what a watched run changed when it did not end well (stopped, or raised).

A run that ends early leaves the learner's lists half-filled: a path with three items, a
global list of answers with one, a global counter at 3, a `path=[]` default that the next
plain call then starts from. So before the call `watch` notes the arguments as they are, and,
as the run first meets each of the learner's functions, the module globals its code names
(what each is bound to, and its contents) and the defaults it keeps; when the run ends early
each is put back in place (the learner's objects stay theirs), and the words name those that
had changed. Only the learner's containers are followed: lists, dicts, sets, bytearrays,
deques, arrays with a `copy()` and `[...]` (numpy), and the attributes of an object of their
own class, three levels deep (a board is two).
"""

from __future__ import annotations

import collections
import inspect
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import CodeType, FrameType, FunctionType, ModuleType
from typing import Any

from ..words import watch_text

DEPTH = 3
"""How deep into nested containers a snapshot copies (a board is two deep)."""
LONG = 100_000
"""A list longer than this is copied as a whole but its items are not looked into: a list that
long is data (a 5,000,000-item argument), not a board, and looking costs time off the limit."""


@dataclass
class Snapshot:
    """A container as it was, to put back in place: the object, how to put it back, its items
    then, and the snapshots of the containers among them."""

    value: Any
    items: Any
    put: Callable[[Any, Any], None]
    inner: list[Snapshot] = field(default_factory=list)

    def changed(self) -> bool:
        """Whether it (or a container inside it) no longer holds what it held."""
        try:
            now = self.value if self.put is not put_array else self.value.tolist()
            before = self.items if self.put is not put_array else self.items.tolist()
            if self.put is put_dict:
                now = list(self.value.items())
            elif self.put is put_attributes:
                now = list(vars(self.value).items())
            elif isinstance(self.value, set | collections.deque | bytearray):
                now = list(self.value)
            if now != before:
                return True
        except Exception:  # items that cannot be compared: taken as changed
            return True
        return any(inner.changed() for inner in self.inner)

    def restore(self) -> None:
        """Put it back as it was, in place, and the containers inside it."""
        self.put(self.value, self.items)
        for inner in self.inner:
            inner.restore()


def put_list(value: Any, items: Any) -> None:
    """A list or bytearray back in place."""
    value[:] = items


def put_dict(value: Any, items: Any) -> None:
    """A dict back in place, in its order."""
    value.clear()
    value.update(items)


def put_set(value: Any, items: Any) -> None:
    """A set or deque back in place."""
    value.clear()
    (value.update if isinstance(value, set) else value.extend)(items)


def put_array(value: Any, items: Any) -> None:
    """A numpy array (or any array with `[...]` assignment) back in place."""
    value[...] = items


def put_attributes(value: Any, items: Any) -> None:
    """An object's own attributes back as they were (a `Solution` with `self.res`)."""
    attributes = vars(value)
    attributes.clear()
    attributes.update(items)


def snapshot(value: Any, depth: int = 0) -> Snapshot | None:
    """What it takes to put a container back as it is now; None for anything else (numbers,
    strings, tuples, functions, classes and modules are not changed in place)."""
    if depth >= DEPTH:
        return None
    kind = type(value)
    if kind is list or kind is bytearray:
        items: Any = list(value) if kind is list else bytes(value)
        saved = Snapshot(value, items if kind is list else bytearray(items), put_list)
        if kind is list and len(items) <= LONG:
            saved.inner = inner_snapshots(items, depth)
        return saved
    if kind is dict:
        saved = Snapshot(value, list(value.items()), put_dict)
        saved.inner = inner_snapshots(value.values(), depth) if len(value) <= LONG else []
        return saved
    if kind is set or kind is collections.deque:
        return Snapshot(value, list(value), put_set)
    if callable(getattr(value, "copy", None)) and hasattr(value, "__array__"):
        return Snapshot(value, value.copy(), put_array)
    if own_object(value):
        attributes = vars(value)
        saved = Snapshot(value, list(attributes.items()), put_attributes)
        saved.inner = inner_snapshots(attributes.values(), depth)
        return saved
    return None


def inner_snapshots(items: Any, depth: int) -> list[Snapshot]:
    """The snapshots of the containers among a container's items."""
    found = (snapshot(item, depth + 1) for item in items if not isinstance(item, str | int))
    return [saved for saved in found if saved is not None]


def own_object(value: object) -> bool:
    """An instance of a class of the learner's, with attributes of its own to put back."""
    kind = type(value)
    if isinstance(value, type | ModuleType | FunctionType) or callable(value):
        return False
    module = getattr(kind, "__module__", "builtins")
    return module not in ("builtins", "collections") and hasattr(value, "__dict__")


@dataclass
class Keeper:
    """The learner's containers a run can reach, each noted before the run could change it,
    by the name the learner knows it by."""

    saved: list[tuple[str, Snapshot]] = field(default_factory=list)
    seen: set[int] = field(default_factory=set)  # ids of the objects noted
    codes: set[CodeType] = field(default_factory=set)  # the code whose globals were noted
    bindings: dict[tuple[int, str], tuple[dict[str, Any], Any]] = field(default_factory=dict)
    """What each module global the learner's code names was bound to (a counter's int too)."""

    def keep(self, name: str, value: Any) -> None:
        """Note one object (once, under the first name it was met by)."""
        if id(value) in self.seen:
            return
        try:
            saved = snapshot(value)
        except Exception:  # an object of the learner's whose attributes raise: not followed
            return
        if saved is not None:
            self.seen.add(id(value))
            self.saved.append((name, saved))

    def keep_arguments(self, function: Callable[..., Any], args: tuple[Any, ...]) -> None:
        """The arguments, by their parameters' names, the object of a bound method, and the
        function's own defaults."""
        names = parameter_names(function, len(args))
        for name, value in zip(names, args, strict=True):
            self.keep(name, value)
        owner = getattr(function, "__self__", None)
        if owner is not None and own_object(owner):
            self.keep("self", owner)
        self.keep_defaults(unwrapped(function))

    def keep_defaults(self, function: Any) -> None:
        """A function's mutable defaults (`path=[]`), which outlive every call."""
        code = getattr(function, "__code__", None)
        defaults = getattr(function, "__defaults__", None) or ()
        keywords = getattr(function, "__kwdefaults__", None) or {}
        if code is None:
            return
        positional = code.co_varnames[: code.co_argcount]
        named = zip(positional[len(positional) - len(defaults) :], defaults, strict=True)
        for parameter, value in (*named, *keywords.items()):
            label = watch_text("default of", name=parameter, function=code.co_name)
            self.keep(label, value)

    def keep_reachable(self, frame: FrameType) -> None:
        """When a run first meets a function of the learner's: the module globals its code
        names, and its defaults (the function found by name in its module or on `self`'s
        class)."""
        code = frame.f_code
        if code in self.codes:
            return
        self.codes.add(code)
        namespace = frame.f_globals
        for name in code.co_names:
            if name in namespace:
                self.bindings.setdefault((id(namespace), name), (namespace, namespace[name]))
                self.keep(name, namespace[name])
        owner = frame.f_locals.get("self") if "self" in code.co_varnames else None
        for function in (namespace.get(code.co_name), getattr(type(owner), code.co_name, None)):
            function = unwrapped(function) if callable(function) else None
            if getattr(function, "__code__", None) is code:
                self.keep_defaults(function)

    def put_back(self) -> tuple[list[str], list[str]]:
        """Put everything noted back as it was, and each global bound again to what it was
        (`found += 1` binds a new int; `ANSWERS = []` a new list): the names of those that had
        changed and were put back, and of those that could not be (an object whose own code
        refuses it)."""
        changed = [name for name, saved in self.saved if saved.changed()]
        failed = []
        for name, saved in reversed(self.saved):
            try:
                saved.restore()
            except Exception:
                failed.append(name)
        for (_, name), (namespace, value) in self.bindings.items():
            if namespace.get(name, value) is not value:
                namespace[name] = value
                changed += [] if name in changed else [name]
        return [name for name in changed if name not in failed], failed[::-1]


def unwrapped(function: Any) -> Any:
    """The function a decorator such as `functools.cache` wraps (itself when it wraps none, or
    when its `__wrapped__` chain goes round)."""
    try:
        return inspect.unwrap(function)
    except ValueError:
        return function


def parameter_names(function: Callable[..., Any], count: int) -> Iterator[str]:
    """The names of the first `count` parameters a call of `function` fills (a bound method's
    `self` left out), or "argument 1", "argument 2"... where they cannot be read."""
    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        parameters = []
    for i in range(count):
        usable = i < len(parameters) and parameters[i].kind in (
            inspect.Parameter.POSITIONAL_ONLY,
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
        )
        yield parameters[i].name if usable else watch_text("argument n", n=i + 1)
