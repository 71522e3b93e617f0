"""Library code a notebook prints, with its docstring and comments in the language chosen.

Notebook 03 prints `place_queens` beside the learner's own search, and 07 prints `algorithm_x`.
The code is shown as it is written; its docstring and each comment are words for the learner, so
they are looked up in the catalog (in the context "shown code"): the Chinese edition reads them in
Chinese. tools/catalog.py extracts them from the functions named in `SHOWN`, through
`shown_words`, so a comment that changes is a catalog entry that goes stale, and the tests say so.
"""

from __future__ import annotations

import ast
import inspect
import io
import textwrap
import tokenize
from collections.abc import Callable, Iterator

from .i18n import pgettext

CONTEXT = "shown code"
SHOWN = {"queens.py": ("place_queens",), "exact_cover.py": ("algorithm_x",)}
"""The functions a notebook prints, by the module file that defines them."""


def _function(tree: ast.Module, name: str) -> ast.FunctionDef:
    """The top-level function `name` of a parsed module."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            return node
    raise LookupError(f"no function {name} at the top level of the module")


def shown_words(source: str, name: str) -> Iterator[tuple[int, str]]:
    """(line, words) for the docstring and each comment of the function `name` in a module's
    `source`: what a learner reads in it, one message each."""
    node = _function(ast.parse(source), name)
    docstring = ast.get_docstring(node)
    if docstring:
        yield node.body[0].lineno, docstring
    lines = source.splitlines(keepends=True)[node.lineno - 1 : node.end_lineno]
    for token in tokenize.generate_tokens(io.StringIO("".join(lines)).readline):
        if token.type == tokenize.COMMENT:
            yield node.lineno + token.start[0] - 1, token.string.lstrip("#").strip()


def source_text(function: Callable[..., object]) -> str:
    """The source of `function` as `inspect.getsource` gives it, with its docstring and comments
    in the language chosen (in English, exactly the source)."""
    source = textwrap.dedent(inspect.getsource(function))
    lines = source.splitlines(keepends=True)
    node = _function(ast.parse(source), function.__name__)
    for token in reversed(list(tokenize.generate_tokens(io.StringIO(source).readline))):
        if token.type == tokenize.COMMENT:
            words = token.string.lstrip("#").strip()
            said = pgettext(CONTEXT, words)
            if said != words:
                row, col = token.start
                line = lines[row - 1]
                lines[row - 1] = line[:col] + "# " + said + line[token.end[1] :]
    docstring = ast.get_docstring(node) or ""
    told = pgettext(CONTEXT, docstring) if docstring else docstring
    if told != docstring:
        first = node.body[0]
        indent = " " * first.col_offset
        closing = '\n"""' if "\n" in told else '"""'  # a long docstring ends on a line of its own
        shown = ('"""' + told + closing).splitlines()
        lines[first.lineno - 1 : first.end_lineno] = [
            indent + line + "\n" if line else "\n" for line in shown
        ]
    return "".join(lines)
