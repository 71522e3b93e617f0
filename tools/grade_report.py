"""What `make grade` writes for people: each student's feedback, and the teacher's report on the
class's mistakes (report.html, report.zh.html), plain HTML with SVG bars, no script.

The checks name each mistake by the key of their words (`words.Said`, `Report.mistake`), so the
report counts by key: "forgot to undo the choice: 14 of 40" however the words differed from case
to case, with one student's report as the example.
"""

from __future__ import annotations

import html
import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import TYPE_CHECKING

from sudoku_lib.i18n import _, set_language
from sudoku_lib.words import CHECK_TEXT

if TYPE_CHECKING:
    from tools.grade import Graded, Result
    from tools.grade_course import Assignment

PASSED, FAILED, NOT_DONE = "#16a34a", "#dc2626", "#9ca3af"
BAR_WIDTH = 240  # pixels of a full bar
LABEL_LENGTH = 160  # characters of a mistake's name


def grader_words(key: str) -> str | None:
    """The name of a result the grader itself found (the checks name the rest)."""
    own = {
        "ended": _("the answer ended or hung the process running it"),
        "missing": _("no answer found, or it defined nothing to check"),
        "failed": _("a wrong answer with no mistake the check knows by name"),
        "not done yet": _("not done yet"),
        "raised": _("the answer raised an error"),
        "too slow": _("too slow: stopped by the time limit"),
    }
    return own.get(key)


def mistake_label(key: str) -> str:
    """A mistake's name for the report: its words with the blanks left out."""
    own = grader_words(key)
    if own is not None:
        return own
    template = CHECK_TEXT.get(key)
    if template is None:
        return key
    label = re.sub(r"\s*\{[^}]*\}\s*", " … ", _(template)).strip()
    return label if len(label) <= LABEL_LENGTH else label[: LABEL_LENGTH - 1] + "…"


def page(title: str, body: list[str], language: str) -> str:
    """A whole HTML page, styled in a few lines."""
    style = (
        "body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}"
        "pre{background:#f3f4f6;padding:.5rem;white-space:pre-wrap}"
        "td,th{padding:.2rem .5rem;text-align:left;vertical-align:top}td+td{white-space:nowrap}"
        ".passed{color:#166534}.failed{color:#991b1b}"
    )
    lang = "zh-CN" if language == "zh" else "en"
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{style}</style></head>"
        f"<body><h1>{html.escape(title)}</h1>\n" + "\n".join(body) + "\n</body></html>\n"
    )


def result_html(result: Result) -> str:
    """One exercise's result: a mark, and the check's words once."""
    mark = "✓" if result.passed else "✗"
    css = "passed" if result.passed else "failed"
    text = html.escape("\n".join(result.lines))
    return f'<h2 class="{css}">{mark} {html.escape(result.title)}</h2><pre>{text}</pre>'


def write_feedback(course: Path, graded: list[Graded]) -> None:
    """feedback/<student>/<NN>/<notebook>.html for every submission, in its copy's language."""
    for g in graded:
        set_language(g.language)
        title = _("{notebook}: {score} of {most}").format(
            notebook=g.filename, score=g.score, most=g.most
        )
        body = [f"<p>{html.escape(g.student)}</p>"]
        if g.refused:
            said = _("This notebook could not be graded: {why}.").format(why=g.refused)
            body.append(f'<p class="failed">{html.escape(said)}</p>')
        body += [result_html(result) for result in g.results]
        target = course / "feedback" / g.student / g.assignment / (Path(g.filename).stem + ".html")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page(title, body, g.language), encoding="utf-8")


def bar(parts: list[tuple[int, str]], total: int) -> str:
    """A horizontal bar in SVG, one coloured stretch for each (count, colour)."""
    rects, x = [], 0.0
    for count, colour in parts:
        width = BAR_WIDTH * count / max(total, 1)
        rects.append(f'<rect x="{x:.1f}" y="0" width="{width:.1f}" height="14" fill="{colour}"/>')
        x += width
    return (
        f'<svg width="{BAR_WIDTH}" height="14" role="img" xmlns="http://www.w3.org/2000/svg">'
        f'<rect width="{BAR_WIDTH}" height="14" fill="#f3f4f6"/>{"".join(rects)}</svg>'
    )


def exercise_section(title: str, results: list[tuple[str, Result]], total: int) -> list[str]:
    """One exercise: how many passed, and how many made each mistake, with one example each."""
    passed = sum(r.passed for _s, r in results)
    not_done = sum(r.outcome == "not done yet" for _s, r in results)
    wrong = len(results) - passed - not_done
    said = _("{passed} of {total} passed, {wrong} wrong, {not_done} not done").format(
        passed=passed, total=total, wrong=wrong, not_done=not_done
    )
    if total > len(results):
        said = _("{said}, {count} not graded").format(said=said, count=total - len(results))
    parts = [
        (passed, PASSED),
        (wrong, FAILED),
        (not_done, NOT_DONE),
        (total - len(results), "#111827"),
    ]
    out = [f"<h3>{html.escape(title)}</h3><p>{bar(parts, total)} {html.escape(said)}</p>"]
    counts = Counter(r.mistake or "failed" for _s, r in results if not r.passed)
    examples: dict[str, tuple[str, Result]] = {}
    for student, r in results:
        if not r.passed:
            examples.setdefault(r.mistake or "failed", (student, r))
    rows = []
    for key, count in counts.most_common():
        student, example = examples[key]
        of = _("{count} of {total}").format(count=count, total=total)
        shown = html.escape("\n".join(example.lines))
        summary = html.escape(_("for example, {student}").format(student=student))
        rows.append(
            f"<tr><td>{html.escape(mistake_label(key))}</td><td>{html.escape(of)}</td>"
            f"<td>{bar([(count, FAILED)], total)}</td></tr>"
            f'<tr><td colspan="3"><details><summary>{summary}</summary>'
            f"<pre>{shown}</pre></details></td></tr>"
        )
    if rows:
        out.append("<table>" + "".join(rows) + "</table>")
    return out


def exercise_title(assignment: Assignment, number: int, results: list[tuple[str, Result]]) -> str:
    """The exercise as its check titles it ("box of a cell"): a result the grader made itself
    (no answer, a process that ended) only has the function's name, so one the check made wins."""
    exercise = assignment.exercises[number]
    titles = [r.title for _s, r in results if r.title not in exercise.names]
    return next(iter(titles), results[0][1].title if results else exercise.check)


def report_body(graded: list[Graded], known: dict[str, Assignment]) -> list[str]:
    """The report's sections: each assignment's exercises, the refused files, each student."""
    students = sorted({g.student for g in graded})
    body = [f"<p>{html.escape(_('{count} students').format(count=len(students)))}</p>"]
    by_exercise: dict[tuple[str, int], list[tuple[str, Result]]] = defaultdict(list)
    handed: Counter[str] = Counter()
    for g in graded:
        handed[g.assignment] += 1
        for number, result in enumerate(g.results):
            by_exercise[g.assignment, number].append((g.student, result))
    for name, assignment in known.items():
        if not handed[name]:
            continue
        body.append(f"<h2>{html.escape(assignment.filename)}</h2>")
        for number in range(len(assignment.exercises)):
            results = by_exercise.get((name, number), [])
            body += exercise_section(
                exercise_title(assignment, number, results), results, handed[name]
            )
    refused = [g for g in graded if g.refused]
    if refused:
        body.append(f"<h2>{html.escape(_('Not graded'))}</h2><ul>")
        body += [f"<li>{html.escape(f'{g.student} {g.assignment}: {g.refused}')}</li>"
                 for g in refused]  # fmt: skip
        body.append("</ul>")
    body.append(f"<h2>{html.escape(_('Each student'))}</h2><table>")
    for g in graded:
        missed = [
            f"{r.title}: {mistake_label(r.mistake or 'failed')}" for r in g.results if not r.passed
        ]
        missed += [g.refused] if g.refused else []
        cells = [g.student, g.assignment, f"{g.score}/{g.most}", "; ".join(missed) or "✓"]
        body.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
    body.append("</table>")
    return body


def write_report(course: Path, graded: list[Graded], known: dict[str, Assignment]) -> None:
    """report.html in English and report.zh.html in Chinese."""
    for language, filename in (("en", "report.html"), ("zh", "report.zh.html")):
        set_language(language)
        text = page(_("The class's mistakes"), report_body(graded, known), language)
        (course / filename).write_text(text, encoding="utf-8")
    set_language("en")
