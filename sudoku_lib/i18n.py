"""Which language the library speaks, and the catalog lookups that every learner-facing word goes
through.

English is the source and the default: the code's own strings are the catalog's message ids, so an
English run never opens a catalog. `set_language("zh")` (or `SUDOKU_LANG=zh` in the environment)
loads the Chinese catalog, `sudoku_lib/locale/zh_CN/LC_MESSAGES/sudoku_lib.mo`, with the standard
library's `gettext`. The `.mo` is compiled from the `.po` beside it by `make catalog` (Babel) and
committed with it, so a plain install, or a browser kernel, needs neither Babel nor a build step;
a test checks that the committed `.mo` says what the `.po` says.

Words are looked up when they are shown, never when a module is imported, so switching language
in the middle of a session changes every message from then on.

`SUDOKU_LANG` is read as a desktop's `LANG` is: `zh_CN.UTF-8` means Chinese, `C` and
`en_US.UTF-8` English. A setting never breaks an import: a value the course does not speak, or a
catalog that is missing or damaged, gives English and one line on stderr saying so.
"""

from __future__ import annotations

import gettext as _gettext
import os
import sys
from pathlib import Path

from .errors import ArgumentError

DOMAIN = "sudoku_lib"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = {"en": "en", "zh": "zh_CN"}
"""The languages the course speaks: the code a learner types, and the catalog's locale."""
ALIASES = {
    "zh_cn": "zh",
    "zh-cn": "zh",
    "zh-hans": "zh",
    "cn": "zh",
    "english": "en",
    "c": "en",
    "posix": "en",
}
ENVIRONMENT_VARIABLE = "SUDOKU_LANG"

_language = "en"
_catalog: _gettext.NullTranslations = _gettext.NullTranslations()


def language_code(name: str) -> str:
    """The course's code for a language as a person may write it ("zh", "zh_CN", "zh-CN", "en")."""
    if not isinstance(name, str):
        raise TypeError(
            _("language: expected a string such as 'zh' or 'en', got {name!r}").format(name=name)
        )
    code = name.strip().lower().split(".")[0].split("@")[0]  # zh_CN.UTF-8, sr_RS@latin
    code = ALIASES.get(code, code)
    if code not in LANGUAGES and code[:3] in {"en_", "en-", "zh_", "zh-"}:
        code = code[:2]  # en_US, en-GB, zh_SG: the course speaks one English, one Chinese
    if code not in LANGUAGES:
        known = ", ".join(repr(known) for known in LANGUAGES)
        said = _("language: {name!r} is not one the course speaks; choose {known}")
        raise ArgumentError(said.format(name=name, known=known), "language")
    return code


def set_language(name: str) -> None:
    """Speak `name` from now on: "zh" for Chinese, "en" (the default) for English.

    Charts drawn afterwards use a font that has Chinese characters (`sudoku_lib.charts` sets
    it when it draws, so choosing the language never imports matplotlib: a browser's Python
    has none). A catalog that is missing or damaged leaves English, said in one line on stderr.
    """
    global _language, _catalog
    code = language_code(name)
    catalog: _gettext.NullTranslations = _gettext.NullTranslations()
    if code != "en":
        try:
            catalog = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[LANGUAGES[code]])
        except Exception as error:  # missing (OSError) or damaged (any parse error) catalog
            warn_once(
                _(
                    "sudoku_lib: the {language} catalog could not be read ({error}); "
                    "speaking English"
                ).format(language=LANGUAGES[code], error=type(error).__name__)
            )
            code = "en"
    _catalog, _language = catalog, code


_warned: set[str] = set()


def warn_once(line: str) -> None:
    """Say on stderr, once per session, why the language asked for is not the one spoken."""
    if line not in _warned:
        _warned.add(line)
        print(line, file=sys.stderr)


def get_language() -> str:
    """The language the library speaks now: "en" or "zh"."""
    return _language


def _(message: str) -> str:
    """`message` (English, the catalog's id) in the language chosen; English when untranslated."""
    return _catalog.gettext(message)


def N_(message: str) -> str:
    """Mark `message` for the catalog without translating it (a name kept in a table, looked up
    by its English and translated where it is shown, with `_`)."""
    return message


def pgettext(context: str, message: str) -> str:
    """`message` in the language chosen, read in `context` (one English word, two meanings)."""
    return _catalog.pgettext(context, message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for `count`, in the language chosen."""
    return _catalog.ngettext(singular, plural, count)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """The singular or plural form for `count`, read in `context`, in the language chosen."""
    return _catalog.npgettext(context, singular, plural, count)


def _language_from_environment() -> None:
    """Start in the language `SUDOKU_LANG` names, if it names one; a name the course does not
    speak is said in one line, and English spoken."""
    chosen = os.environ.get(ENVIRONMENT_VARIABLE, "").strip()
    if not chosen:
        return
    try:
        set_language(chosen)
    except ArgumentError:
        warn_once(
            _(
                "sudoku_lib: {variable}={value!r} is not a language the course speaks; "
                "speaking English"
            ).format(variable=ENVIRONMENT_VARIABLE, value=chosen)
        )


_language_from_environment()
