"""What the learner's source says, read once per file: which of their functions are
recursive (directly or through each other), and which `continue` and `break` lines reject a
choice (a pruned branch) rather than skip a cell."""

from __future__ import annotations

import ast
import linecache
from types import CodeType
from typing import NamedTuple


def parsed(filename: str) -> ast.Module | None:
    """A file of the learner's as a syntax tree (a notebook cell too: linecache holds cells
    under their own names), or None when its source cannot be had."""
    try:
        return ast.parse("".join(linecache.getlines(filename)))
    except (SyntaxError, ValueError):
        return None


def looks_recursive(code: CodeType) -> bool:
    """Does this function name itself (as a global, a closure cell or self.<name>)?"""
    return code.co_name in code.co_names or code.co_name in code.co_freevars


class PrunePoint(NamedTuple):
    """A `continue` or `break` that rejects a choice, as its line is read before it runs."""

    how: str  # "continue" or "break"
    after: frozenset[int]  # for one on its `if`'s line: the lines that run when it is not taken
    choice: tuple[str, ...]  # the names its `for` loop binds, which say the choice rejected


def prune_points(filename: str) -> dict[int, PrunePoint]:
    """Each line of a file holding a `continue` or `break` that rejects a choice. When it shares
    its line with its `if` (`if used[i]: continue`), reaching one of the lines in `after` next
    means the `if` was false, and anything else that it was taken; on a line of its own, running
    the line is taking it."""
    tree = parsed(filename)
    if tree is None:
        return {}
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    recursive = recursive_names(tree)
    points: dict[int, PrunePoint] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Continue | ast.Break):
            loop = enclosing_loop(node, parents)
            if not is_choice_loop(loop, recursive):
                continue  # it skips a cell or an item, not a choice: nothing is pruned
            owner = parents.get(node)
            after: frozenset[int] = frozenset()
            if isinstance(owner, ast.If) and owner.lineno == node.lineno:
                after = fall_through(owner, parents)
            how = "continue" if isinstance(node, ast.Continue) else "break"
            points[node.lineno] = PrunePoint(how, after, loop_names(loop))
    return points


def loop_names(loop: ast.AST | None) -> tuple[str, ...]:
    """The plain names a `for` loop binds at each turn (`d`, or `i, x`); none for a `while`."""
    target = loop.target if isinstance(loop, ast.For | ast.AsyncFor) else None
    if isinstance(target, ast.Name):
        return (target.id,)
    if isinstance(target, ast.Tuple | ast.List):
        return tuple(item.id for item in target.elts if isinstance(item, ast.Name))
    return ()


LOOPS = (ast.For, ast.AsyncFor, ast.While)
SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def enclosing_loop(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> ast.AST | None:
    """The innermost loop a `continue` or `break` belongs to."""
    parent = parents.get(node)
    while parent is not None and not isinstance(parent, LOOPS):
        parent = parents.get(parent)
    return parent


def recursive_names(tree: ast.AST) -> frozenset[str]:
    """The functions of a file that call themselves, directly or through each other (mutual
    recursion, a method calling `self.helper` that calls it back): each a name on a cycle of
    "calls by name" among the file's own functions."""
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    defined = {function.name for function in functions}
    calls: dict[str, set[str]] = {name: set() for name in defined}
    for function in functions:
        calls[function.name] |= called_names(function) & defined
    return frozenset(name for name in defined if reaches(calls, name, name))


def called_names(node: ast.AST) -> set[str]:
    """The names a piece of code calls, as `f(...)` or `something.f(...)`."""
    names: set[str] = set()
    for call in ast.walk(node):
        if isinstance(call, ast.Call):
            names |= direct_name(call)
    return names


def reaches(calls: dict[str, set[str]], start: str, goal: str) -> bool:
    """Whether `start` calls `goal`, at some remove."""
    seen, pending = set(), list(calls.get(start, ()))
    while pending:
        name = pending.pop()
        if name == goal:
            return True
        if name not in seen:
            seen.add(name)
            pending.extend(calls.get(name, ()))
    return False


def is_choice_loop(loop: ast.AST | None, recursive: frozenset[str]) -> bool:
    """Whether a loop tries choices: a turn of it may go deeper, by a recursive call in its own
    body (not only in a loop nested in it). A loop that scans for the next blank cell, and
    skips the filled ones with `continue`, only leads to the loop that chooses."""
    if loop is None:
        return False
    pending = list(ast.iter_child_nodes(loop))
    while pending:
        node = pending.pop()
        if isinstance(node, LOOPS + SCOPES):
            continue
        if isinstance(node, ast.Call) and direct_name(node) & recursive:
            return True
        pending.extend(ast.iter_child_nodes(node))
    return False


def direct_name(call: ast.Call) -> set[str]:
    """The name a call calls, `f` in `f(x)` and `self.f(x)` alike."""
    func = call.func
    if isinstance(func, ast.Name):
        return {func.id}
    if isinstance(func, ast.Attribute):
        return {func.attr}
    return set()


def fall_through(statement: ast.If, parents: dict[ast.AST, ast.AST]) -> frozenset[int]:
    """The line(s) that run after an `if` whose test was false: its `else`/`elif`, the next
    statement after it (climbing out of enclosing blocks), or the loop's header at the end of
    the loop's body (also the body's first line for a `while`, which Python may jump to)."""
    if statement.orelse:
        return frozenset({statement.orelse[0].lineno})
    node: ast.AST = statement
    while (parent := parents.get(node)) is not None:
        if isinstance(parent, ast.For | ast.AsyncFor | ast.While) and node in parent.body:
            index = parent.body.index(node)
            if index + 1 < len(parent.body):
                return frozenset({parent.body[index + 1].lineno})
            first = {parent.body[0].lineno} if isinstance(parent, ast.While) else set()
            return frozenset({parent.lineno, *first})
        for block in ("body", "orelse", "finalbody"):
            statements = getattr(parent, block, None)
            if isinstance(statements, list) and node in statements:
                index = statements.index(node)
                if index + 1 < len(statements):
                    return frozenset({statements[index + 1].lineno})
        if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.Module):
            break
        node = parent
    return frozenset()
