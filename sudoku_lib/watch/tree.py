"""The call tree of a watched run: a node per call, labelled by the choice that led to it,
with its status (solved, dead end, pruned, raised, open) read off the steps."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from .steps import Append, Call, Prune, Replace, Resume, Return, Step, Write, Yield


@dataclass
class CallNode:
    """One call in the call tree: its label (the choice that led to it), status and children.

    status: "solved" (returned True or recorded an answer), "dead end" (a leaf that found
    nothing), "pruned" (a branch the learner's `continue`/`break` skipped), "raised", or "" for a
    call that went on deeper. `on_path` is True when a solution lies below it.
    """

    label: str
    depth: int
    call: int | None = None
    children: list[CallNode] = field(default_factory=list)
    status: str = ""
    value: str = ""
    on_path: bool = False
    line: int = 0
    args: tuple[tuple[str, str], ...] = ()
    name: str = ""
    start: int = 0  # the position (steps done) at which this call began
    end: int | None = None  # the position at which it returned (None: it never did)
    known_at: int | None = None  # the position from which its status is known, if before `end`
    truthy: bool = False  # it returned a true value
    found: bool = False  # an answer was recorded or returned in this call or below it
    returned_answer: bool = False  # "solved" for the true value it returned, not an append

    def walk(self) -> Iterator[CallNode]:
        """This node and all below it, parents first (without recursion: a run may be 500 deep)."""
        pending = [self]
        while pending:
            node = pending.pop()
            yield node
            pending.extend(reversed(node.children))


def changed_args(parent: CallNode, args: tuple[tuple[str, str], ...]) -> str:
    """The arguments that differ from the parent call's, as "i=3": what this call is about."""
    before = dict(parent.args)
    changed = [f"{k}={v}" for k, v in args if before.get(k) != v and not v.startswith("board")]
    return ", ".join(changed)


def settle(node: CallNode, truthy: bool, raised: str | None) -> None:
    """Give a finished call its status from how it ended: an answer it recorded, or a true
    value (True, a board, a count) where nothing below it found one (a function that returns
    the list of answers its calls recorded has found nothing more itself)."""
    if raised:
        node.status = "raised"
    elif node.status == "solved":
        pass
    elif truthy and not any(child.truthy or child.found for child in node.children):
        node.status, node.returned_answer = "solved", True
    elif not any(c.status != "pruned" for c in node.children):
        node.status = "dead end"
    node.found = node.status == "solved" or any(child.found for child in node.children)


def unsettle_answers_not_returned(root: CallNode) -> None:
    """A true value is an answer only when it is handed all the way up: a call above it that
    returned a false value (False, 0, an empty list) dropped it. A call that returns None (a
    wrapper, LeetCode's `solveSudoku`) hands nothing up and breaks no chain."""
    pending = [(root, True)]
    while pending:
        node, chain = pending.pop()
        if node.returned_answer and not chain:
            node.returned_answer = False
            live = any(c.status != "pruned" for c in node.children)
            node.status = "" if live else "dead end"
        dropped = node.end is not None and not node.truthy and node.value != "None"
        pending.extend((child, chain and not dropped) for child in node.children)


def mark_paths(root: CallNode) -> None:
    """Set on_path on every node with a solution in its subtree (children before parents)."""
    for node in reversed(list(root.walk())):
        node.on_path = node.status == "solved" or any(c.on_path for c in node.children)


def call_tree(steps: list[Step]) -> CallNode:
    """The call tree: a node per call, labelled by the choice made just before it."""
    root = CallNode("start", 0)
    open_nodes = [root]
    last_choice: dict[int, str] = {}
    waiting: dict[int, CallNode] = {}  # generator calls that yielded, by call number
    for position, step in enumerate(steps, 1):
        top = open_nodes[-1]
        match step:
            case Call(call, depth, name, args, line):
                label = last_choice.pop(depth - 1, None) or (
                    changed_args(top, args) if top.name == name else name
                )
                node = CallNode(label, depth, call, line=line, args=args, name=name)
                node.start = position
                top.children.append(node)
                open_nodes.append(node)
            case Write(row, col, _, new, depth, _, False):
                last_choice[depth] = f"r{row + 1}c{col + 1}={new}"
            case Append(_, value, copy, depth) if not copy:
                last_choice[depth] = f"+{value}"
            case Replace(_, _, value, depth):
                last_choice[depth] = f"+{value}"
            case Append(_, _, True) if len(open_nodes) > 1:
                top.status, top.known_at = "solved", position
            case Prune(how, depth, line):
                pruned = CallNode(how.split()[0], depth + 1, None, [], "pruned")
                pruned.start = pruned.end = position
                top.children.append(pruned)
            case Return(value=value, truthy=truthy, raised=raised) if len(open_nodes) > 1:
                open_nodes.pop()
                top.value, top.end = value, position
                top.truthy = top.truthy or truthy  # a generator that yielded handed out
                settle(top, top.truthy, raised)
            case Yield(call) if len(open_nodes) > 1:
                top.truthy = True
                waiting[call] = open_nodes.pop()
            case Resume(call) if call in waiting:
                open_nodes.append(waiting.pop(call))
    for node in open_nodes[1:]:
        node.status = node.status or "open"
    unsettle_answers_not_returned(root)
    mark_paths(root)
    return root.children[0] if len(root.children) == 1 else root
