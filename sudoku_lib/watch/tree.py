"""The call tree of a watched run: a node per call, labelled by the choice that led to it,
with its status (solved, dead end, pruned, raised, open) read off the steps."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from .steps import Append, Call, Count, Prune, Replace, Resume, Return, Step, Write, Yield


@dataclass
class CallNode:
    """One call in the call tree: its label (the choice that led to it), status and children.

    status: "solved" (kept an answer: see `settle`), "dead end" (a leaf that found
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
    truthy: bool = False  # it returned something (not False, 0, None or empty)
    number: bool = False  # it returned a bool or a number: a verdict or a count
    given: bool = False  # it returned an object it was handed (the list of answers)
    handed: int | None = None  # the child call whose returned object it returned
    raised: str | None = None
    yielded: bool = False  # a generator call that handed out a value
    counts: list[tuple[int, int]] = field(default_factory=list)  # answers counted: when, how many
    answers: int = 0  # the answers it recorded or counted (a loop may keep several)
    returned_answer: bool = False  # "solved" for the value it returned, not an append
    cached: bool = False  # its function is wrapped in a cache (`functools.cache`)
    from_cache: int = 0  # answers in its count that calls answered from the cache brought

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


def live(node: CallNode) -> bool:
    """Whether a call went on deeper (a pruned branch is not a call)."""
    return any(child.status != "pruned" for child in node.children)


def settle(root: CallNode) -> None:
    """Give every finished call its status once the run is over. An answer is what the search
    reached and kept, in the first of these ways the run shows: recorded (an answer appended,
    marked as the steps came), counted (a counter or set that grows only in calls that go no
    deeper: the only counters whose steps are kept), yielded by a call whose calls yielded
    nothing, or else returned (see `settle_returned`). A leaf that kept nothing is a dead end."""
    nodes = list(root.walk())
    for node in nodes:  # the steps keep only the counters of answers (record.py)
        node.answers += sum(grew for _, grew in node.counts)
        if node.counts and node.status != "solved":
            node.status, node.known_at = "solved", node.counts[0][0]
        elif node.yielded and not any(child.yielded for child in node.children):
            node.status = "solved"
    if not any(node.status == "solved" for node in nodes):
        settle_returned(root, nodes)
    for node in nodes:
        if node.raised:
            node.status = "raised"
        elif not node.status and node.end is not None and not live(node):
            node.status = "dead end"


def settle_returned(root: CallNode, nodes: list[CallNode]) -> None:
    """Answers a run hands back by returning them, when it keeps them nowhere else. A count or a
    verdict (True, 1) is an answer where a call that went no deeper returned it, if every call
    above it returned a true value too (or None: a wrapper); another value (a board, a dict of
    candidates, a list) is one where a call that went no deeper made it (a new list, not the
    list of answers it was handed), or where the outermost call's value was handed up to it
    from below, call by call (the same object: the solved board)."""
    for node in nodes:
        if node.end is None or not node.truthy or live(node):
            continue
        if node.number or not node.given:
            node.status, node.returned_answer = "solved", True
    unsettle_answers_not_returned(root)
    for node in nodes:
        node.from_cache = counted_in_cache(node)
    for top in root.children if root.call is None else [root]:
        node = top
        while (below := handed_by(node)) is not None:
            node = below
        if node is not top and not node.number and not live(node):
            node.status, node.returned_answer = "solved", True


def counted_in_cache(node: CallNode) -> int:
    """The answers a cached counting call's count holds beyond its calls' counts: those the
    cache handed back without a call (`paths(r, c - 1)` seen before). 0 for anything else."""
    if not node.cached or not node.number or not node.truthy or not live(node):
        return 0
    try:
        own = int(node.value)
        below = sum(int(child.value) for child in node.children if child.end is not None)
    except ValueError:  # not whole numbers: not a count
        return 0
    return max(own - below, 0)


def handed_by(node: CallNode) -> CallNode | None:
    """The child call whose returned object this call returned, if any."""
    return next((child for child in node.children if child.call == node.handed), None)


def unsettle_answers_not_returned(root: CallNode) -> None:
    """A true value is an answer only when it is handed all the way up: a call above it that
    returned a false value (False, 0, an empty list) dropped it. A call that returns None (a
    wrapper, LeetCode's `solveSudoku`) hands nothing up and breaks no chain."""
    pending = [(root, True)]
    while pending:
        node, chain = pending.pop()
        if node.returned_answer and not chain:
            node.returned_answer, node.status = False, ""
        dropped = node.end is not None and not node.truthy and node.value != "None"
        pending.extend((child, chain and not dropped) for child in node.children)


def answers_in(root: CallNode) -> int:
    """How many answers a run's tree holds: one a solved call, or as many as it recorded or
    counted, and those a cached counting call's cache handed back."""
    nodes = list(root.walk())
    solved = sum(max(node.answers, 1) for node in nodes if node.status == "solved")
    return solved + sum(node.from_cache for node in nodes)


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
                node.cached = step.cached
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
                top.answers += 1
                if top.status != "solved":
                    top.status, top.known_at = "solved", position
            case Prune(how, depth, line):
                pruned = CallNode(how.split()[0], depth + 1, None, [], "pruned")
                pruned.start = pruned.end = position
                top.children.append(pruned)
            case Count(grew=grew):
                top.counts.append((position, grew))
            case Return() if len(open_nodes) > 1:
                open_nodes.pop()
                top.value, top.end, top.raised = step.value, position, step.raised
                top.truthy, top.number = top.yielded or step.truthy, step.number
                top.given, top.handed = step.given, step.handed
            case Yield(call) if len(open_nodes) > 1:
                top.yielded = True
                waiting[call] = open_nodes.pop()
            case Resume(call) if call in waiting:
                open_nodes.append(waiting.pop(call))
    settle(root)
    for node in open_nodes[1:]:
        node.status = node.status or "open"
    mark_paths(root)
    return root.children[0] if len(root.children) == 1 else root
