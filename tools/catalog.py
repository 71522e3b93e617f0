"""The library's message catalogs: extract the English words, update the Chinese `.po`, compile it.

    python -m tools.catalog update   # extract, merge into the .po (new words untranslated), compile
    python -m tools.catalog check    # list what the Chinese catalog is missing or has stale; exit 1

`make catalog` runs `update`; the tests run `check`, so an English message that changes without its
translation fails CI with the message named. Babel does the catalog work (reading and writing
`.po`, merging, compiling `.mo`); the extraction is this module's own, because the course keeps
most of its words in tables (`CHECK_TEXT` and its kin in words.py) that are looked up by key, so a
message id is a table's value rather than the argument of a `_()` call. What is extracted:

- the first argument of `_("...")` and of `N_("...")` (a name marked where it is defined and
  translated where it is shown), and `pgettext("context", "...")`, `ngettext("one", "many", n)`;
- `plural(n, "noun")` and `plural(n, "noun", "nouns")`, as "{count} noun" / "{count} nouns" in
  the context "counted" (words.plural looks them up so);
- every string value of the tables named in `TABLES`, wherever they are assigned or updated;
- the docstring and comments of each function a notebook prints (`sudoku_lib.source.SHOWN`),
  in the context "shown code".

The compiled `.mo` is committed beside the `.po`, so installing the library needs no Babel.
"""

from __future__ import annotations

import argparse
import ast
import io
import string
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from sudoku_lib.source import CONTEXT as SHOWN_CONTEXT
from sudoku_lib.source import SHOWN, shown_words
from tools import ROOT

PACKAGE = ROOT / "sudoku_lib"
SPEAKING_TOOLS = (
    ROOT / "tools" / "make_student.py",
    *(ROOT / "tools" / f"{name}.py" for name in ("grade", "grade_course", "grade_report")),
    *(ROOT / "tools" / f"{name}.py" for name in ("grade_sandbox", "collect")),
)
"""Tools whose words a learner or a teacher reads (what `make lab-zh` says it built or kept,
what `make grade` says of a submission, the feedback and the report on the class's mistakes)."""
DOMAIN = "sudoku_lib"
LOCALES = ("zh_CN",)
TABLES = frozenset(
    {
        "CHECK_TEXT",
        "PICTURE_TEXT",
        "WATCH_TEXT",
        "METHOD_LABELS",
        "METHOD_TITLES",
        "SWITCH_LABELS",
        "BOX_NAMES_9",
        "COUNT_WORDS",
        "CHARACTER_NOTES",
        "UNIT_TEMPLATES",
        "STATUS_TEXT",
        "PREDICT_TEXT",
        "ARGPARSE_TEXT",
        "LADDER_NAMES",
        "EVENT_NAMES",
    }
)
"""Tables whose string values are messages, looked up through the catalog when shown."""
HEADER = (
    "# The Sudoku & Backtracking course's library, in Chinese (Simplified).\n"
    "# Update with `make catalog`; the tests fail while a message is missing or stale."
)
COUNTED = "counted"
"""The context of a counted noun: "{count} node", as `words.plural` writes it."""

Extracted = tuple[int, str | tuple[str, str], str | None]
"""One message as found: its line, its id (or singular and plural ids), its context."""


def po_path(locale: str) -> Path:
    """Where a locale's catalog lives, inside the package so it installs with it."""
    return PACKAGE / "locale" / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def _literal(node: ast.AST) -> str | None:
    """A string constant's value, else None (an f-string or a name is not a message id)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _call_messages(call: ast.Call) -> Iterator[Extracted]:
    """The message a `_`, `pgettext`, `ngettext` or `plural` call names, when its words are
    literal."""
    name = call.func.id if isinstance(call.func, ast.Name) else None
    texts = [_literal(arg) for arg in call.args]
    line = call.lineno
    if name in ("_", "N_") and texts and texts[0] is not None:
        yield line, texts[0], None
    elif name == "pgettext" and len(texts) == 2 and texts[0] is not None and texts[1] is not None:
        yield line, texts[1], texts[0]
    elif name == "ngettext" and len(texts) >= 2 and texts[0] is not None and texts[1] is not None:
        yield line, (texts[0], texts[1]), None
    elif name == "plural" and len(texts) >= 2 and texts[1] is not None:
        nouns = texts[2] if len(texts) > 2 and texts[2] is not None else texts[1] + "s"
        yield line, ("{count} " + texts[1], "{count} " + nouns), COUNTED


def _table_values(node: ast.AST) -> Iterator[Extracted]:
    """Every string value in a table's literal: a dict, a tuple, or a MappingProxyType of a dict."""
    if isinstance(node, ast.Call) and node.args:
        yield from _table_values(node.args[0])
    elif isinstance(node, ast.Dict):
        for value in node.values:
            yield from _table_values(value)
    elif isinstance(node, ast.Tuple | ast.List):
        for item in node.elts:
            yield from _table_values(item)
    elif isinstance(node, ast.Constant) and (text := _literal(node)) is not None:
        yield node.lineno, text, None


def _table_name(node: ast.AST) -> str | None:
    """The table an assignment or an `.update(...)` call fills, if it is one of `TABLES`."""
    if isinstance(node, ast.Assign | ast.AnnAssign):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in targets:
            if isinstance(target, ast.Name) and target.id in TABLES:
                return target.id
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "update"
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id in TABLES
    ):
        return node.func.value.id
    return None


def messages_in(source: str) -> Iterator[Extracted]:
    """Every message one Python source holds, in the order the file has them."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and _table_name(node) is not None and node.args:
            yield from _table_values(node.args[0])
        elif isinstance(node, ast.Assign | ast.AnnAssign) and _table_name(node) is not None:
            if node.value is not None:
                yield from _table_values(node.value)
        elif isinstance(node, ast.Call):
            yield from _call_messages(node)


def extract() -> Catalog:
    """The template catalog: every message of the package (and of the tools that speak to a
    learner), with the files and lines it is on."""
    template = Catalog(project="sudoku-lib", domain=DOMAIN, fuzzy=False)
    for path in [*sorted(PACKAGE.rglob("*.py")), *SPEAKING_TOOLS]:
        where = path.relative_to(ROOT).as_posix()
        source = path.read_text(encoding="utf-8")
        for line, message_id, context in messages_in(source):
            if message_id:
                template.add(message_id, locations=[(where, line)], context=context)
        for name in SHOWN.get(path.name, ()) if path.parent == PACKAGE else ():
            for line, words in shown_words(source, name):
                template.add(words, locations=[(where, line)], context=SHOWN_CONTEXT)
    return template


def read_catalog(locale: str) -> Catalog:
    """A locale's catalog as committed (an empty one when there is none yet)."""
    path = po_path(locale)
    if not path.exists():
        return Catalog(
            locale=locale,
            domain=DOMAIN,
            project="sudoku-lib",
            copyright_holder="the Sudoku & Backtracking course",
            header_comment=HEADER,
            fuzzy=False,
        )
    with path.open("rb") as file:
        return read_po(file, locale=locale, domain=DOMAIN)


def write_catalog(catalog: Catalog, locale: str) -> None:
    """Save the `.po` and compile the `.mo` beside it."""
    path = po_path(locale)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=100, sort_output=False, include_previous=True)
    with path.with_suffix(".mo").open("wb") as file:
        write_mo(file, catalog)


def compiled(catalog: Catalog) -> bytes:
    """The `.mo` bytes a catalog compiles to."""
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def update(locale: str) -> Catalog:
    """Merge the code's messages into a locale's catalog: new ones untranslated, changed ones
    fuzzy (with the previous English kept, so a translator sees what changed), gone ones dropped."""
    catalog = read_catalog(locale)
    kept_date = catalog.creation_date  # a date that moves on every run would churn the file
    catalog.update(extract(), no_fuzzy_matching=False)
    catalog.obsolete.clear()
    catalog.creation_date = kept_date
    write_catalog(catalog, locale)
    return catalog


def _fields(text: str) -> set[str]:
    """The named blanks of a template ("{cell}", "{digit!r}"): a translation must keep them all."""
    return {
        f"{name}!{conversion}" if conversion else name
        for _, name, _, conversion in string.Formatter().parse(text)
        if name is not None
    }


def _translations(message: Message) -> list[str]:
    """A message's translated forms (one, or one per plural form)."""
    forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return [form for form in forms if form]


def _ids(message: Message) -> list[str]:
    """A message's English ids (one, or singular and plural)."""
    return list(message.id) if isinstance(message.id, tuple | list) else [message.id]


def problems(locale: str) -> list[str]:
    """What the locale's catalog lacks or has stale against the code, one line each; empty when
    it is in step. Every message must be translated, not fuzzy, keep its blanks, and the
    committed `.mo` must be the `.po` compiled."""
    mo = po_path(locale).with_suffix(".mo")
    committed = mo.read_bytes() if mo.exists() else b""
    found = catalog_problems(read_catalog(locale), extract())
    if committed != compiled(read_catalog(locale)):
        found.append(f"{mo.relative_to(ROOT)} is not the .po compiled: run make catalog")
    return found


def catalog_problems(catalog: Catalog, template: Catalog) -> list[str]:
    """What `catalog` lacks or has stale against the messages of `template` (the code's)."""
    found: list[str] = []
    for message in template:
        if not message.id:
            continue
        where = ", ".join(f"{path}:{line}" for path, line in message.locations[:2])
        entry = catalog.get(message.id, message.context)
        english = _ids(message)[0]
        if entry is None or not _translations(entry):
            found.append(f"missing: {english!r} ({where})")
        elif entry.fuzzy:
            found.append(f"stale (the English changed): {english!r} ({where})")
        elif any(_fields(form) != _fields(english) for form in _translations(entry)):
            found.append(f"blanks differ: {english!r} ({where})")
    known = {(message.id, message.context) for message in template if message.id}
    for entry in catalog:
        if entry.id and (entry.id, entry.context) not in known:
            found.append(f"stale (no longer in the code): {_ids(entry)[0]!r}")
    return found


def main(argv: list[str] | None = None) -> int:
    """`update` rewrites the catalogs; `check` lists their problems and fails when there are any."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("update", "check"))
    arguments = parser.parse_args(argv)
    status = 0
    for locale in LOCALES:
        if arguments.action == "update":
            catalog = update(locale)
            untranslated = sum(1 for m in catalog if m.id and (m.fuzzy or not _translations(m)))
            print(f"{po_path(locale).relative_to(ROOT)}: {untranslated} to translate")
        for line in problems(locale) if arguments.action == "check" else []:
            print(f"{locale}: {line}")
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
