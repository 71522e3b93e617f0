"""How the course names things for people: cells, units, digits, counts and durations.

Every caption, error message, self-check and picture title builds its words here, so the course
says a thing one way everywhere. Each English template is a message id of the gettext catalog
(sudoku_lib/i18n.py): it is looked up when it is shown, so after `set_language("zh")` the same
functions speak Chinese. The tables below stay English; `make catalog` extracts them. Code
counts rows, columns and boxes from 0 (`r`, `c`, `box_index`); people
count them from 1, and only this module turns the one into the other.
"""

from __future__ import annotations

import unicodedata
from types import MappingProxyType

from .i18n import _, npgettext, pgettext

UNIT_KINDS = ("row", "column", "box")
COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}
BOX_NAMES_9 = (
    "top-left", "top-middle", "top-right",
    "middle-left", "centre", "middle-right",
    "bottom-left", "bottom-middle", "bottom-right",
)  # fmt: skip


METHOD_LABELS = MappingProxyType(
    {"naive": "naive backtracking", "pruned": "backtracking with pruning"}
)
"""How the stepper's two methods read on a button."""

SWITCH_LABELS = MappingProxyType(
    {
        "sets": "sets for checks",
        "fail_early": "fail early",
        "most_constrained": "most constrained cell first",
        "naked_singles": "naked singles",
        "hidden_singles": "hidden singles",
    }
)
"""How the switches of the pruned search read on a button (their meaning: search/pruned.py)."""


LADDER_NAMES = MappingProxyType(
    {
        "naive": "naive",
        "+ sets": "+ sets",
        "+ fail early": "+ fail early",
        "+ most constrained": "+ most constrained",
        "+ naked singles": "+ naked singles",
        "+ hidden singles": "+ hidden singles",
    }
)
"""The steps of the pruning ladder (measure.pruning_ladder) as a table or a chart names them. In
code they stay these English keys (`results["+ hidden singles"]`), the same in every edition."""


def is_wide(char: str) -> bool:
    """Whether `char` is drawn a full em wide (a Chinese character, a full-width sign): it takes
    two columns of a text table, and twice a Latin letter's room in a picture."""
    return unicodedata.east_asian_width(char) in "WF"


def series_name(label: str) -> str:
    """A series' label as shown, in the language chosen: a pruning step is translated, any other
    label (a method's name, the learner's own) is shown as it was given."""
    return _(LADDER_NAMES[label]) if label in LADDER_NAMES else label


def switched_off(method_name: str, off: list[str]) -> str:
    """A method's name with the switches it runs without: "pruned, hidden singles off"."""
    in_order = [name for name in SWITCH_LABELS if name in off]  # the order the search uses
    labels = [switch_label(name) for name in in_order]
    if not labels:
        return method_name
    return _("{method}, {switches} off").format(
        method=method_name, switches=_(" and ").join(labels)
    )


METHOD_TITLES = MappingProxyType({"naive": "naive", "pruned": "pruned"})
"""How a stepper's title names its method, above the board: short, as code names it."""


def method_title(name: str) -> str:
    """A stepper's method as its title says it: "pruned", in Chinese "剪枝搜索"."""
    return _(METHOD_TITLES[name]) if name in METHOD_TITLES else name


def method_label(name: str) -> str:
    """How one of the stepper's methods reads on a button, in the language chosen."""
    return _(METHOD_LABELS[name])


def switch_label(name: str) -> str:
    """How one switch of the pruned search reads on a button, in the language chosen."""
    return _(SWITCH_LABELS[name])


EVENT_NAMES = MappingProxyType(
    {"Try": "Try", "Forced": "Forced", "Undo": "Undo", "DeadEnd": "DeadEnd", "Solved": "Solved"}
)
"""A search event's kind as a learner reads it: its class's name, which English code shows."""


def event_kind(name: str) -> str:
    """An event class's name in the language chosen: "Undo", in Chinese "撤销"."""
    return _(EVENT_NAMES[name]) if name in EVENT_NAMES else name


STATUS_TEXT = MappingProxyType(
    {"solved": "solved", "no solution": "no solution", "gave up": "gave up"}
)
"""How a search's status (SolveResult.status, which code compares) reads for people."""


def status_text(status: str) -> str:
    """A search's status in the language chosen: "solved", in Chinese "已解出"."""
    return _(STATUS_TEXT[status])


def cell_name(row: int, col: int) -> str:
    """A cell as a learner says it, from 0-based indices: (0, 2) -> "row 1, column 3"."""
    return _("row {row}, column {column}").format(row=row + 1, column=col + 1)


UNIT_TEMPLATES = MappingProxyType(
    {"row": "row {index}", "column": "column {index}", "box": "box {index}"}
)
"""How one unit of each kind is named; the kinds themselves stay English in code."""


def unit_name(kind: str, index: int, size: int = 9) -> str:
    """ "row 3", "column 5" or "box 1 (top-left)" from a 0-based index; 9x9 boxes get a name."""
    name = unit_number(kind, index)
    if kind == "box" and size == 9:
        name = _("{box} ({place})").format(box=name, place=_(BOX_NAMES_9[index]))
    return name


def unit_number(kind: str, index: int) -> str:
    """ "row 3", "box 1": a unit by its number alone, from a 0-based index."""
    return _(UNIT_TEMPLATES[kind]).format(index=index + 1)


def count_word(n: int) -> str:
    """Small counts in words ("two", "three"), larger ones in figures."""
    return _(COUNT_WORDS[n]) if n in COUNT_WORDS else str(n)


def number(n: int) -> str:
    """An integer with thousands separators, as prose writes it: 4208 -> "4,208"."""
    return f"{n:,}"


def plural(n: int, noun: str, nouns: str | None = None) -> str:
    """ "1 node", "4,208 nodes": a count with its noun.

    The catalog holds "{count} node" / "{count} nodes" in the context "counted" (tools/catalog.py
    extracts every call's noun), so a language without plurals can add its measure word there:
    "4,208 个节点".
    """
    singular, many = "{count} " + noun, "{count} " + (nouns or noun + "s")
    return npgettext("counted", singular, many, n).format(count=number(n))


def format_seconds(seconds: float) -> str:
    """A measured duration: "740.0 µs", "12.3 ms", "2.41 s".

    Notebooks print every measured time through this, always with a decimal point, so the nbval
    sanitizer (tests/sanitize.cfg) can recognise and mask it.
    """
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def about_duration(seconds: float) -> str:
    """A long estimate in the unit a person would use: 845 s -> "about 14 minutes"."""
    if seconds < 59.5:
        return _about(plural(max(1, round(seconds)), "second"))
    if seconds < 1.5 * 3_600:
        return _about(plural(round(seconds / 60), "minute"))
    if seconds < 1.5 * 86_400:
        return _about(plural(round(seconds / 3_600), "hour"))
    return _about(plural(round(seconds / 86_400), "day"))


def _about(duration: str) -> str:
    """An estimate said as one: "about 14 minutes"."""
    return _("about {duration}").format(duration=duration)


def cell_and_indices(row: int, col: int) -> str:
    """A cell both ways, as code and as people write it: (4, 4) -> "(4, 4), row 5, column 5"."""
    return _("({r}, {c}), {cell}").format(r=row, c=col, cell=cell_name(row, col))


# What the self-checks say. One template a message, filled with `check_text(key, **fields)`, so a
# translation changes this table and nothing else. The checks in sudoku_lib/checks/ use only these.
CHECK_TEXT = {
    "passed": "✓ {title}: all {count} cases pass.",
    "not done": (
        "… {title}: not done yet. Replace `raise NotImplementedError` in `{name}` with your "
        "code, then run this cell again."
    ),
    "not done inside": (
        "… {title}: not done yet. `{caller}` calls `{name}`, which still says "
        "`raise NotImplementedError`. Write `{name}` first, then run this cell again."
    ),
    "failed case": "✗ {title}, case {case}:",
    "you called": "    you called: {call}",
    "where": "    where {name} is:",
    "expected": "    expected {value}",
    "got": "    got      {value}",
    "missing": "    missing (expected, not in your answer): {items}",
    "extra": "    extra (in your answer, not expected): {items}",
    "repeated": "    repeated (in your answer more than once): {items}",
    "more": "and {count} more",
    "cells differ": "    cells that differ: {items}",
    "cell differs": "{cell}: expected {expected!r}, got {got!r}",
    "raised": "    your code raised {error}: {message}",
    "recursion": (
        "    your code raised RecursionError: it called itself too deeply. Does every call move "
        "on to the next cell, and does the recursion stop when no cell is left?"
    ),
    "too slow": ("    no answer after {seconds}: the check stopped your code there. {why}"),
    "too slow why": (
        "Slow code usually tries far more than it needs to (every digit everywhere, without "
        "checking the rules first), or loops without end."
    ),
    "library": (
        "✗ {title}: this hands in the library's own {name} instead of your code. The exercise is "
        "to write it yourself: the library is there to compare with afterwards."
    ),
    "wrapped library": (
        "✗ {title}: your function calls the library's own {name}, which does the whole exercise. "
        "The exercise is to write it yourself: the library is there to compare with afterwards."
    ),
    "may mean": "    what this may mean: {words}",
    "right but": "✗ {title}, case {case}: the answer is right, but {words}",
    # what the checks of notebooks 00-03 say about their exercises' typical mistakes
    "counted every cell": "you counted all 81 cells: count only the blanks, '.'.",
    "counted the givens": (
        "you counted the givens, the filled cells: count the blanks ('.'), the cells a search "
        "must fill."
    ),
    "search nodes not blanks": (
        "that is how many digits the {method} search placed by choice on this puzzle, the work "
        "of one search: the least any search must place is one digit per blank, the '.'s."
    ),
    "missed a character": (
        "on a board whose only blank is its {where} character, your count is 0: does your loop "
        "look at all 81 characters (range(81), or `for ch in puzzle`)?"
    ),
    "from zero": (
        "the question counts rows and columns from 1 (row {row}, column {col}), Python's lists "
        "from 0: read board[row - 1][col - 1]."
    ),
    "row and column swapped": (
        "row and column are swapped: the row comes first, solution[row - 1][col - 1]."
    ),
    "box from one": (
        "your box numbers count from 1; in code they count from 0, like r and c (the top-left "
        "box is box_index 0). Drop the + 1."
    ),
    "box rows and columns swapped": (
        "rows and columns are swapped: the band, r // box, is worth `box` boxes each, and the "
        "stack, c // box, one."
    ),
    "box band not multiplied": (
        "each band holds `box` boxes, so the band number must be multiplied: box * (r // box)."
    ),
    "box precedence": (
        "Python works `box * r // box` out from left to right, which is just r: put the "
        "brackets in, box * (r // box)."
    ),
    "box size fixed at 3": (
        "the answer is right for 9x9 boards only: use the argument `box` where the formula has 3."
    ),
    "cells from one": (
        "your cells count from 1; in code rows and columns count from 0 (r and c run 0 to 8)."
    ),
    "cells as lists": (
        "your cells are lists, such as {first!r}: write each cell as a tuple, {pair!r}, for a "
        "list never equals a tuple ([0, 1] == (0, 1) is False) and cannot go in a set."
    ),
    "peers include the cell": (
        "your answer includes the cell itself, {cell}: its peers are the *other* cells."
    ),
    "peers miss": "all the missing cells are in {unit}: add it.",
    "its row": "its row",
    "its column": "its column",
    "peers miss the box": (
        "the missing cells are in its box: the box starts at {corner} "
        "(r={top}, c={left}, that is 3 * (r // 3), 3 * (c // 3)) and is 3 cells each way."
    ),
    "peers repeated": (
        "some cells are in your list twice (a cell can share both the row and the box): "
        "collect them in a set."
    ),
    "kept zeros": "your board keeps the '0's: a blank must be {blank!r}.",
    "rows as strings": (
        "each row is a string: it must be a list of one-character strings, like list(text[0:9])."
    ),
    "board shape": (
        "your board has {rows} rows of {cells} cells: it must be 9 rows of 9. Row i is "
        "text[9 * i : 9 * i + 9], for i in range(9)."
    ),
    "one flat list": "you returned one list of 81 cells: cut it into 9 rows of 9.",
    "board transposed": (
        "rows and columns are swapped: the first 9 characters are row 1, not column 1."
    ),
    "same answer always": "your function says {answer} for every row the check tries.",
    "blanks counted": (
        "you counted the blanks: two '.' are not a clash; skip the blanks before looking."
    ),
    "missed an end": (
        "your code finds two 5s in the middle of a row, but not two that use the row's {end} "
        "cell: does your loop look at all 9 cells (range(9), not range(8) or range(1, 9))?"
    ),
    "first": "first",
    "last": "last",
    "missed the ends": (
        "the two 9s are the first and the last cell: does your loop reach all 9 cells?"
    ),
    "size fixed": (
        "this is a {size}x{size} board: take the size from len(board) and the box size from its "
        "square root ({box}), instead of writing 9 and 3."
    ),
    "boxes mixed up": (
        "on a board that holds only two 1s, at {first} and at {second} (cells that share no "
        "row, column or box), your code says False: it puts two different boxes into one "
        "dict. Check the box formula, box * (r // box) + c // box."
    ),
    "clash missed": "this board has {clash}, and your code let it through: does it look at {kind}?",
    "every row": "every row",
    "every column": "every column",
    "every box": "every box",
    "one of": "one of {pairs}",
    "and": "{first} and {second}",
    "not two cells": "return two cells, ((r1, c1), (r2, c2)), or None when nothing clashes.",
    "same cell twice": (
        "both cells are the same: a cell must be compared with the cells seen before it, not "
        "with itself (look the digit up before you store it)."
    ),
    "valid yet clash": "this board is valid (no digit repeats), yet your code found a clash.",
    "digits differ": (
        "{first} holds {d1!r} and {second} holds {d2!r}: a clash is the same digit twice."
    ),
    "no shared unit": (
        "{first} and {second} both hold {digit}, but they share no row, column or box."
    ),
    "digit in unit": "a {digit} is in {unit} already (at {cell})",
    "said it fits": "you said it fits, but {places}: does your code look at the {kinds}?",
    "kind row": "row",
    "kind column": "column",
    "kind box": "box",
    "said no": (
        "nothing in its row, column or box holds this digit, yet you said no: is the box's "
        "top-left corner (box * (r // box), box * (c // box))?"
    ),
    "placed and board": "{placed} digits placed, board {filled}",
    "NOT filled": "NOT filled",
    "filled": "filled",
    "board not filled": (
        "the board you were given still has blanks: fill it in place (the check looks at it "
        "afterwards), not a copy, and only stop when no blank is left."
    ),
    "forgot to un-choose": (
        "{where}, your code left {count} digits on the board (at {cell}: {digit!r}), where it "
        "should have taken every one back. Every digit tried must come off again when its branch "
        "fails: the un-choose step, board[r][c] = '.', after the recursive call."
    ),
    "on a board with no solution": "tried on a 4x4 board with no solution, {puzzle!r}",
    "on this board": "after counting",
    "counted the blanks only": (
        "{blanks} is the number of blanks: count every digit placed, also those taken back later."
    ),
    "counted tries": (
        "that is more than were placed: count a digit only when is_valid_any_size lets it go "
        "on the board, not every digit tried."
    ),
    "count_all too slow": (
        "A count here takes well under a second. Does your function return right after the "
        "digits of the first blank? Without that return the loops go on to the next blanks and "
        "count the same boards over and over. And check each digit with is_valid_any_size as "
        "you place it, not only once the board is full."
    ),
    "count not a bool": (
        "you return {got}, as solve_board does: count_all must return a number. Add up what "
        "count_all(board) returns for every digit that fits (total += ...), take each digit back, "
        "and return the total; a full board returns 1."
    ),
    "stopped at the first": (
        "you stopped at the first solution: add up what every digit's branch finds instead of "
        "returning at the first success."
    ),
    "full board not counted": (
        "a full board is one solution: return 1 when no blank is left (the base case)."
    ),
    "diagonals ignored": (
        "that is every way with one queen per row and column: queens on a diagonal attack too."
    ),
    "queens base case": "with all n queens placed, count one way: return 1 when row == n.",
    "two queens fit": (
        "two queens on a 2x2 board always attack each other, so there is no way, yet you count "
        "{got}. Is each new queen checked against every earlier one, column and both diagonals "
        "(abs(c - col) == row - r), and is a way counted only once all n are placed (row == n)?"
    ),
    "digit beyond the size": (
        "your code wrote {digit!r} at {cell}, but a {size}x{size} board only uses the digits up "
        'to {last!r}: try the digits "123456789ABCDEFG"[:size], not "123456789".'
    ),
}


CHECK_TEXT.update(
    {  # notebook 08: what a missing or extra answer says about the template's parts
        "reuse not passed down": (
            "every missing answer uses a candidate more than once: pass i (not i + 1) down, so "
            "the next call may choose the same candidate again."
        ),
        "used more than once": (
            "{answer!r} uses {value} more often than the candidates hold it: each candidate may "
            "be used once, so pass i + 1 (not i) down."
        ),
        "skip from start": (
            "every missing answer, such as {answer!r}, holds an equal number twice: the skip "
            "must test i > start, not i > 0, so the first number of each call's loop is always "
            "allowed (the equal number before it is on the path, not a twin tried here)."
        ),
        "sort before break": (
            "your code is right on these candidates sorted, but {candidates!r} are not: sort "
            "them first, since the `break` is only right when every later candidate is larger."
        ),
        "stopped at two": (
            "every missing answer, such as {answer!r}, is longer than two: record a path of two "
            "or more and carry on (no `return`), so longer ones grow from it, as in subsets."
        ),
        "equal numbers refused": (
            "every missing answer, such as {answer!r}, holds an equal number twice: "
            "non-decreasing lets a number follow its equal, so skip nums[i] only when it is "
            "smaller than path[-1] (<, not <=)."
        ),
        "tried set shared": (
            "even on {nums!r}, with no equal numbers to skip, your code finds only {got!r}: make "
            "`tried = set()` inside each call, before its loop, so each level starts afresh."
        ),
        "not a palindrome": (
            "{piece!r} in {answer!r} does not read the same backwards ({piece!r} reversed is "
            "{reversed!r}): cut off a piece and go deeper only when the piece is a palindrome, "
            "s[start:end] == s[start:end][::-1]."
        ),
        "pieces not s": (
            "the pieces of {answer!r} do not join back into {s!r}: each call should cut from "
            "`start`, where the last piece ended, and pass `end` down as the next start."
        ),
        "no cut reaches the end": (
            "no answer at all: does a piece ever reach the end of the string? With "
            "s[start:end], `end` must run up to len(s) itself: range(start + 1, len(s) + 1)."
        ),
    }
)


CHECK_TEXT.update(
    {  # what any check says about an answer it cannot take at face value
        "not judged": (
            "    your answer could not be compared or shown within {seconds}: its own ==, "
            "repr or hash never finished. Return plain values: numbers, strings, lists, tuples."
        ),
        "not judged broken": (
            "    your answer could not be compared or shown: its own ==, repr or hash raised an "
            "error. Return plain values: numbers, strings, lists, tuples."
        ),
        "equals anything": (
            "    your answer, a {kind}, says it equals anything, even an object it has never "
            "seen (its == always says True), so it proves nothing. Return the answer itself: "
            "numbers, strings, lists, tuples."
        ),
        "exited": (
            "    your code raised {error}: it asked Python to stop (exit(), sys.exit() or quit() "
            "does this). Return the answer instead; in a notebook, exit() ends the kernel."
        ),
        "nonlocal missing": (
            "an inner function that assigns to a variable of the function around it (count += 1) "
            "makes a new variable of its own, unset at first, unless it says `nonlocal count` "
            "first (or keep the count in what the inner function returns)."
        ),
        "changed input": (
            "your function changed the caller's list {name}: it was {before}, and after the call "
            "it is {after}. Leave the caller's list as it was: work on a copy (sorted(xs) "
            "instead of xs.sort(), new = [row[:] for row in board])."
        ),
    }
)


CHECK_TEXT.update(
    {  # a learner's search set against the model's, move by move (checks/recorder.py)
        "move place model": "the model places {new} at {cell}",
        "move erase model": "the model takes the {old} at {cell} back",
        "move overwrite model": "the model writes {new} over the {old} at {cell}",
        "move place yours": "your search placed {new} at {cell}",
        "move erase yours": "your search took the {old} at {cell} back",
        "move overwrite yours": "your search wrote {new} over the {old} at {cell}",
        "model ended": "the model's search has ended",
        "yours ended": "your search stopped",
        "watch the parting": "To see your search make that move, step by step: {code}",
        "watch the stop": (
            "To see your search's last move, and step on from it to where it stopped: {code}"
        ),
        "parting": (
            "the check watched your search move by move beside the model's on {board}: at "
            "move {step} they part: {model}, but {yours}."
        ),
        "this board": "this board",
        "the small board": "the 4x4 puzzle {puzzle!r}",
        "went on after solved": (
            "The board was full, so the model stopped; yours took a digit back and went on. "
            "Stop once a branch succeeds: `if fill(i + 1): return True`, and return True when "
            "no blank is left."
        ),
        "no un-choose": (
            "The model takes a digit back before it tries the next one; yours wrote the next one "
            "over it. Every digit tried must come off again when its branch fails: the "
            "un-choose step, board[r][c] = '.', after the recursive call."
        ),
        "returned in the loop": (
            "The model goes on with the next digit; yours backed up instead: a `return` inside "
            "the digit loop ends the loop after the first digit's branch. Return from inside the "
            "loop only when the branch succeeded (if fill(i + 1): return True), and return False "
            "after the loop."
        ),
        "returned in the loop counting": (
            "The model goes on with the next digit; yours backed up instead: a `return` inside "
            "the digit loop ends the loop after the first digit that fits. Add up what every "
            "digit's branch counts (total += count_all(board)), and return the total after the "
            "loop."
        ),
        "count not what was placed": (
            "the check ran your function again and counted the digits its search placed as it "
            "watched: {placed}, yet it returned {got}.{carried}"
        ),
        "count carried": (
            " Run again on the same board it returns {again}: the count goes on from the last "
            "call. Keep it in a variable of solve_counting (nonlocal in the inner function), "
            "not in a global that is never reset."
        ),
        "path never taken back": (
            "the check watched your calls: a call of {function} began with `{name}` holding "
            "{before} items and returned with {after}, so a choice it made was never taken "
            "back. Take each choice back after exploring it: {name}.pop() after the recursive "
            "call (the un-choose step)."
        ),
        "table of answers": (
            "the check also tries a case it does not name ({case}), and your code has no answer "
            "for it: an answer must be worked out, not looked up in a table of the cases shown."
        ),
    }
)


CHECK_TEXT.update(
    {  # notebook 04's capstone: the idea, not only the answer
        "no most constrained": (
            "your search placed {nodes} digits by choice on {case} without once asking your "
            "most_constrained(board) where to branch. Pruning means branching on the cell with "
            "the fewest candidates, not the first blank: call most_constrained(board) and try "
            "the candidates of the cell it gives."
        ),
        "not failing early": (
            "on a board where row 1, column 9 has no candidate from the start, your search "
            "still placed {nodes} digits by choice. A search that fails early backs up at once "
            "when a cell has no candidate (0 digits here): does your most_constrained pass "
            "over a cell with no candidate, or your search skip it?"
        ),
    }
)


CHECK_TEXT.update(
    {  # notebooks 01, 02, 06 and 07: mistakes an earlier guess misnamed
        "digits as numbers on a board": (
            "your board holds numbers, such as {number!r}: keep each digit as the "
            "one-character string it was in the text ('5', not 5), so it matches the blanks "
            "'.' and the rest of the course."
        ),
        "look alike": (
            "    they look alike, but differ at {where}: expected {expected!r} (a {kind_e}), "
            "got {got!r} (a {kind_g})."
        ),
        "full rows only": (
            "your code says True for a full row but False for a row with blanks, even one "
            "with a single blank: len(set(digits)) == 9 holds only when all nine cells are "
            "filled. A row is valid when no digit repeats: compare len(set(digits)) with "
            "len(digits)."
        ),
        "letters skipped": (
            "on a 16x16 board your code finds two equal digits 1-9, but not two equal letters "
            "A-G: a 16x16 board's digits are 1-9 and A-G. Skip only the blanks '.', not every "
            "character outside 1-9."
        ),
        "counted too far": (
            "you ask your count for up to {limit} solutions. A second solution already "
            "settles it (limit=2): counting on to {limit} on a puzzle with many solutions "
            "takes far longer and says nothing more."
        ),
    }
)


CHECK_TEXT.update(
    {  # notebook 08: the pruning each exercise names, and what a search without it does
        "not pruned": (
            "your search made {calls} calls here, as many as the search with no pruning at all "
            "({unpruned}); pruned, it needs {pruned}. The exercise asks for the pruning: "
            "{pruning}."
        ),
        "pruning 47": (
            "sort nums, and skip nums[i] when it equals nums[i - 1] and nums[i - 1] is not used, "
            "so no branch that can only repeat an answer is explored (building every answer and "
            "dropping repeats with a set is not pruning)"
        ),
        "pruning 90": (
            "sort nums, and skip nums[i] when i > start and it equals nums[i - 1], so no branch "
            "that can only repeat an answer is explored (building every answer and dropping "
            "repeats with a set is not pruning)"
        ),
        "pruning 39": "sort the candidates, and `break` once one is larger than what remains",
        "pruning 40": (
            "sort the candidates, skip one equal to the one before it at the same level "
            "(i > start), and `break` once one is larger than what remains (dropping repeated "
            "answers with a set is not pruning)"
        ),
        "pruning 131": "cut off a piece only when it is a palindrome",
        "pruning 491": (
            "skip a number smaller than the path's last, and one already tried at this level "
            "(a set made afresh in each call), so no branch that can only repeat an answer is "
            "explored (dropping repeated answers at the end is not pruning)"
        ),
        "continue not break": (
            "your loop has no `break` where it counts: on 201 candidates of which 200 are "
            "larger than the target, your code ran {lines} lines, looking at every candidate in "
            "every call. Once a sorted candidate is larger than what remains, every later one "
            "is larger too, so `break` ends the loop there, where `continue` goes on looking at "
            "each of them for nothing."
        ),
    }
)


class Said(str):
    """A self-check message that remembers its key, so a class's mistakes can be counted by
    what they are (`make grade`'s report), not by their words, which differ case by case."""

    key: str


def check_text(key: str, **fields: object) -> str:
    """One self-check message, by key, with its blanks filled in."""
    said = Said(_(CHECK_TEXT[key]).format(**fields))
    said.key = key
    return said


def sentences(first: str, *more: str | None) -> str:
    """Sentences one after another as the language writes them: a space between them in
    English, none after a Chinese 。. A None (nothing more to say) is left out."""
    text = first
    for sentence in more:
        if sentence:
            text = _("{sentence} {next}").format(sentence=text, next=sentence)
    return text


def seconds_text(seconds: float) -> str:
    """A short time limit as said: 2 -> "2 seconds", 0.5 -> "0.5 seconds", 1 -> "1 second"."""
    many = 1 if seconds == 1 else 2  # 0.5 reads "0.5 seconds", as 2 does
    return npgettext("counted", "{count} second", "{count} seconds", many).format(
        count=f"{seconds:g}"
    )


def cell_in_unit(row: int, col: int, kind: str) -> str:
    """A cell named within a unit that already fixes part of it: "column 7" within a row."""
    if kind == "row":
        return _("column {index}").format(index=col + 1)
    if kind == "column":
        return _("row {index}").format(index=row + 1)
    return cell_name(row, col)


def step_status(position: int, known: int, finished: bool) -> str:
    """Where a stepper is, in words: "step 4 of 12,523", "step 52 of 52: the search has ended",
    or "step 4 of at least 4" while the search goes on (only the steps recorded so far are known).
    """
    fields = {"position": number(position), "known": number(known)}
    if not finished:
        return _("step {position} of at least {known}").format(**fields)
    if position == known:
        return _("step {position} of {known}: the search has ended").format(**fields)
    return _("step {position} of {known}").format(**fields)


def ended_note() -> str:
    """What a stepper says when asked to go past its last step."""
    return _("the search has ended: this is its last step")


def cap_note(cap: int) -> str:
    """What a stepper says when a cap stopped a long move."""
    return _("stopped after {steps}: press again to go on").format(steps=plural(cap, "step"))


# What `watch` and notebook 08's checks say about a learner's own function, one template a
# message, filled with `watch_text(key, **fields)` (sudoku_lib/watch/, checks/nb08.py).
WATCH_TEXT = {
    "call": "line {line}: call {name}({args})",
    "raised": "line {line}: the call raised {error}",
    "return": "line {line}: return {value}",
    "erase": "line {line}: erase {old} at {cell}",
    "write": "line {line}: write {new} at {cell}",
    "mark": "line {line}: mark {cell} with {new} (it held {old})",
    "letter back": "line {line}: put {new} back at {cell}",
    "append": "line {line}: {name}.append({value})",
    "pop": "line {line}: {name}.pop() takes off {value}",
    "count": "line {line}: {name} grows to {value}",
    "replace": "line {line}: {name}[{index}] = {value} replaces {old}",
    "prune": "line {line}: {how}: this choice is not tried",
    "continue at": "line {line}: continue skips {choice}",
    "break at": "line {line}: break ends the loop at {choice}",
    "yield": "line {line}: yield {value}",
    "resume": "line {line}: {name} is asked for its next value",
    "generator": (
        "{name} is a generator: calling it runs nothing until its values are asked for, so "
        "nothing was recorded. Watch it with its values asked for: "
        "watch(lambda: list({name}(...)))"
    ),
    "before": "before the first call of {name}",
    "stack title": "your calls",
    "title": "watch: {name}",
    "calls open": "calls open {depth}",
    "digits placed": "digits placed {count}",
    "queens placed": "queens placed {count}",
    "no recursion": "no recursion found: `watch` steps through recursive functions",
    "summary": "watched {name}: {calls}, {placed}{steps}; {ended}",
    "placed": "{digits} placed, ",
    "returned": "returned {value}",
    "position": "<watched {name}: step {position} of {known}>",
    "too many steps": "stopped after {steps} steps (max_steps={max_steps})",
    "too slow": (
        "stopped after {seconds} (max_seconds={max_seconds}): is there a loop that never ends?"
    ),
    "too deep": (
        "stopped at {depth} calls deep: your function kept calling itself. Does every call get "
        "closer to a case that returns without recursing?"
    ),
    "exception": "your function raised {error} at line {line}, {depth} deep",
    "put back": "Put back as they were before the call: {names}.",
    "not put back": "Could not put back (their own code refused): {names}.",
    "default of": "{name} (the default of {function})",
    "argument n": "argument {n}",
    "copying took": "Copying your arguments first (to put them back) took {seconds} of it.",
    "copy too slow": (
        "copying your arguments (to put them back if the run fails) took {seconds}, all of "
        "max_seconds={max_seconds}: your function was not run; pass a larger max_seconds"
    ),
    "stop caught": (
        "your code caught watch's stop and went on ({times}): a bare `except:` catches "
        "everything; write `except Exception:`, or better the error you expect"
    ),
    "left on board": (
        "after your call for {cell} returned {value}, the board still held {digit} there: "
        "un-choose before you return"
    ),
    "left on path": (
        "your call {call} found {name} = [{before}] and returned with {name} = [{after}]: "
        "un-choose with {name}.pop() after each explore, before the next choice"
    ),
    "not a list": "return a list of answers (a list of lists), not a {kind}",
    "answer not a list": "each answer should be a list, but one is {answer!r}",
    "path not copied": (
        "all {count} answers are the same list object, now {answer!r}: you recorded the path "
        "itself, which the search empties again as it backs up. Record a copy: "
        "`res.append(path[:])`."
    ),
    "found twice": "{answer!r} is found more than once. {hint}",
    "hint 47": (
        "Sort first; then skip nums[i] when it equals nums[i - 1] and nums[i - 1] is not in use: "
        "the same number at the same position grows the same branch."
    ),
    "hint 90": (
        "Sort first; then, in one call's loop, skip nums[i] when i > start and it equals "
        "nums[i - 1]."
    ),
    "hint 39": (
        "The same numbers in another order are the same combination: let each call choose only "
        "from `start` on, and pass i (not 0) down so earlier candidates are not chosen again."
    ),
    "hint 40": (
        "Sort first; then, in one call's loop, skip candidates[i] when i > start and it equals "
        "candidates[i - 1]; pass i + 1 down, since each candidate may be used once."
    ),
    "hint 131": (
        "Each call should cut only after `start`, and move `start` to where its piece ended."
    ),
    "hint 491": (
        "Equal numbers later in the list start the same branch again: keep a set of the values "
        "already tried in this call's loop, and skip those."
    ),
}


def watch_text(key: str, **fields: object) -> str:
    """One message of `watch` or notebook 08's checks, by key, with its blanks filled in."""
    return _(WATCH_TEXT[key]).format(**fields)


CHARACTER_NOTES = MappingProxyType(
    {"\ufeff": "a byte-order mark: some editors start a file with one"}
)


def character_name(char: str) -> str:
    """One character as an error message names it: "'x'"; one that a reader cannot see, or
    could take for another, with its code and name too: "'\\u0301' (U+0301, COMBINING ACUTE
    ACCENT)", "'\\ufeff' (U+FEFF, a byte-order mark: ...)"."""
    if char.isascii() and char.isprintable():
        return repr(char)
    visible = char.isprintable() and not unicodedata.category(char).startswith("M")
    shown = repr(char) if visible else ascii(char)
    known = CHARACTER_NOTES.get(char)
    note = _(known) if known else unicodedata.name(char, "") or _("a control character")
    return f"{shown} (U+{ord(char):04X}, {note})"


def short_cell_name(row: int, col: int) -> str:
    """A cell in the fewest characters, for a label under a small picture: (0, 2) -> "r1c3"."""
    return _("r{row}c{column}").format(row=row + 1, column=col + 1)


CHECK_TEXT.update(
    {  # notebook 04: the pieces of a pruned search, and the learner's own search
        "extra in one unit": (
            "every extra digit ({digits}) is already in {unit}: did you leave that unit out, "
            "or read the wrong cells for it?"
        ),
        "digits as numbers": "the board holds digits as one-character strings: '5', not 5.",
        "wrote on the board": (
            "your function changed the board ({cell} first, {count} cells in all): placing a "
            "single as you find it changes what the next cell sees. Only look; place nothing."
        ),
        "digit in a collection": (
            "each value should be the digit itself, {digit!r}, not {value!r}: take the one "
            "candidate out with next(iter(fits))."
        ),
        "filled cells included": "{cell} already holds a digit: look only at empty cells.",
        "a dict please": "a dict was asked for, and this is a {kind}.",
        "keys missing": "missing {items}",
        "keys extra": "extra {items}",
        "keys wrong": "a wrong value at {items}",
        "placed digit included": (
            "the unit already holds a {digit}: only missing digits can be hidden singles."
        ),
        "fits elsewhere": (
            "{digit!r} fits in {count} empty cells of this unit ({cells}), so it is no hidden "
            "single: for each missing digit, count the unit's empty cells where it is a "
            "candidate, and keep the digit only when that count is 1."
        ),
        "cells as keys": "the dict runs the other way round: {{digit: cell}}, not {{cell: digit}}.",
        "not an empty cell": "{cell} already holds a digit: only empty cells are to be filled.",
        "more candidates": (
            "your cell has {got}, the expected one {fewest}: the fewest, not the most."
        ),
        "no candidate skipped": (
            "{cell} has no candidate at all, and that makes it the most constrained cell: keep "
            "it (0 is fewer than any count), for it is what lets the search fail early."
        ),
        "last of a tie": (
            "both cells have as few candidates: on a tie, keep the first in reading order "
            "(replace the best cell only when a cell has strictly fewer)."
        ),
        "pruned too slow": (
            "A pruned search finishes these puzzles in well under a second. Does it place the "
            "naked singles before each choice, fill the most constrained cell first, and back "
            "up as soon as a cell has no candidate?"
        ),
        "not a pair": "return a pair (solution, nodes), not a {kind}.",
        "no solution expected": "this puzzle has no solution: return (None, nodes).",
        "solution expected": (
            "this puzzle has a solution, but your search returned None. Usually a failed "
            "branch left digits behind: when every candidate of a level fails, take back the "
            "tried digit and every digit that level forced (step 4 above)."
        ),
        "blanks left": (
            "the board you returned still has {count} (the first at {cell}): was a branch "
            "that had succeeded undone? Return as soon as the search says it is solved."
        ),
        "given changed": "the board you returned changed a given, at {cell}.",
        "rule broken": (
            "the board you returned breaks a rule: a digit twice in a row, a column or a box."
        ),
        "nodes not a count": "nodes should be a count (an int, 0 or more), not {nodes}.",
        "no guesses counted": (
            "you report 0 nodes, yet singles alone cannot finish this puzzle: add 1 to your "
            "count each time you place a digit by choice."
        ),
        "not pruned enough": (
            "your search placed {nodes} digits by choice, and the naive search needs {naive}: "
            "a pruned search needs at least {times} times fewer. Does it place the naked "
            "singles before each choice, fill the most constrained cell first, and back up as "
            "soon as a cell has no candidate? And does it count only the digits it placed by "
            "choice, not the forced ones?"
        ),
        "nodes beside naive": (
            "    on {puzzle}: yours {nodes}, the naive search {naive} ({times} times as many)."
        ),
    }
)


CHECK_TEXT.update(
    {  # notebooks 06 and 07: reading measurements, counting solutions
        "not sorted": (
            "that is the middle of the node counts in the order the puzzles came: sort the "
            "counts first."
        ),
        "one middle of two": (
            "with an even count of puzzles there are two middle counts: the median is their mean."
        ),
        "the mean": (
            "that is the mean (the average) of the node counts, which the few dear puzzles drag "
            "up; the median is the middle of the sorted counts."
        ),
        "whole number division": (
            "the mean of {low} and {high} is {mean}: divide with /, not // (which drops the "
            "fraction)."
        ),
        "not the naive median": (
            "that is the median of the {method} search's nodes: run the naive one, "
            'solve(puzzle, "naive") (solve\'s own default is fast).'
        ),
        "median of another counter": (
            "that is the median of result.stats.{field}: the nodes, the digits the search "
            "placed by choice, are result.stats.nodes."
        ),
        "most starts as None": (
            "None cannot be compared with a number of nodes: start from the first puzzle "
            "(or from -1 nodes) and compare the others with it."
        ),
        "no puzzle beat zero": (
            "every puzzle here needed 0 nodes, so none has more than the 0 you started from "
            "and you return None. Start from the first puzzle, or from -1 nodes."
        ),
        "puzzle not name": (
            "that is the puzzle itself, its 81 characters: return its name, the key it has "
            "in the dict."
        ),
        "count not name": (
            "that is a number of nodes: return the name of the puzzle that needed them, its "
            "key in the dict."
        ),
        "hardest tie": (
            "another puzzle needs as many nodes and comes first: on a tie, keep the first "
            "(replace the best only when a puzzle needs strictly more)."
        ),
        "fewest not most": "that puzzle needed the fewest nodes: the most was asked for.",
        "method not passed": (
            "that is the hardest puzzle for the {other} search: run the one asked for, "
            "solve(puzzle, method) with method = {method!r}."
        ),
        "fewest clues not most nodes": (
            "that is the puzzle with the most blanks, but blanks do not tell what a search "
            "costs (section 7): run the search on each puzzle and compare "
            "result.stats.nodes."
        ),
        "counts cut by a bound": (
            "that is what the naive search reports when a bound of {bound} nodes stops it: a "
            "puzzle it gave up on needs more than {bound}. Run it with no bound, "
            'solve(puzzle, "naive"): it finishes these easy puzzles.'
        ),
        "bound of another search": (
            "that is the bound the {method} search would need: run the naive one, "
            'solve(puzzle, "naive").'
        ),
        "bound one too many": (
            "one node too many: a puzzle that needs {nodes} nodes already finishes within a "
            "bound of {nodes} (max_nodes={nodes})."
        ),
        "bound one too few": (
            "one node too few: a bound of {bound} stops the puzzle that needs {nodes} nodes "
            "before it finishes."
        ),
        "walked unsorted": (
            "that is the node count at that place in the order the puzzles came: sort the "
            "counts first (sorted(counts)), so each place counts the puzzles at or below it."
        ),
        "one place too far": (
            "that is the next count up: count how many puzzles need at most n nodes, and stop "
            "at the first n where that share reaches the fraction."
        ),
        "position not value": (
            "that looks like a position in the sorted counts: return the node count there."
        ),
        "count stop early": (
            "Counting every solution and then keeping `limit` of them never ends on a board "
            "with billions of solutions: stop the search as soon as the count reaches the limit."
        ),
        "past the limit": "the count went past the limit: stop once it reaches it.",
        "count stopped at first": (
            "the search stopped at the first solution: count it and carry on until the limit."
        ),
        "count not repeatable": (
            "a second call on the same puzzle said {second}, the first {first}: something is "
            "left over between calls (digits on a shared board, or a counter outside the "
            "function)."
        ),
        "limit of one": (
            "this puzzle has two solutions, yet you said True. A limit of 1 stops the count at "
            "the first and cannot tell one from two: use limit=2, and ask for exactly one "
            "(== 1, not >= 1)."
        ),
        "none counted": (
            "you count 0 where there is a solution: does a full board count as one (return 1 "
            "when no blank is left), and does each digit come off again after its call "
            "(board[r][c] = '.'), so the next digit sees the board as it was?"
        ),
        "puzzle length changed": (
            "your new puzzle has {length} characters, not {expected}: replace the one character "
            "at index, puzzle[:index] + '.' + puzzle[index + 1:], so nothing is added or lost."
        ),
        "none is not one": "this puzzle has no solution at all: unique means exactly one.",
        "blanked without asking": (
            "the cell was blanked although the puzzle then has more than one solution: ask "
            "is_unique first, and keep the clue when the answer is no."
        ),
        "index from one": (
            "the cell after the one asked for was blanked: the index counts from 0, like a "
            "Python string."
        ),
        "kept a removable clue": (
            "blanking this cell keeps the puzzle unique, so the blank should stay."
        ),
    }
)


PICTURE_TEXT = {  # the words on the course's charts and board pictures (charts.py, draw.py)
    "nodes axis": "nodes (digits placed by choice)",
    "seconds axis": "time per puzzle (ms)",
    "backtracks axis": "backtracks",
    "forced axis": "digits forced by propagation",
    "clues axis": "clues (givens)",
    "nodes panel": "nodes",
    "time panel": "time",
    "gave up": "gave up (> bound)",
    "puzzles": "puzzles",
    "share needing": "share of puzzles needing at least x",
    "hardest first": "puzzles, hardest first",
    "solved cell": "{solved} solved",
    "nodes cell": "nodes: median {median}, max {most}",
    "time cell": "median {time}",
    "row axis": "row",
    "column axis": "column",
    "row index axis": "r (row index, from 0)",
    "column index axis": "c (column index, from 0)",
    "no clashes": "no clashes: the board is valid",
    "tree start": "start",
    "tree path": "on the path to the solution",
    "tree tried": "tried, then taken back",
    "tree dead end": "dead end: nothing fits next",
    "tree title": "{nodes} digits placed, {dead_ends} dead ends, {status}",
    "board picture": "a {size}x{size} Sudoku board",
    "call solved": "solved: an answer recorded",
    "call dead end": "dead end: nothing found below",
    "call pruned": "pruned: a branch skipped",
    "call raised": "raised an exception",
    "call open": "still running when the run stopped",
    "call deeper": "went deeper",
    "call tree title": "{name}: {calls}, {solved} solved",
    "depth": "depth {depth}",
    "without pruning": "without pruning",
    "with pruning": "with pruning",
    "fewer calls": "{ratio}x fewer calls",
    "calls axis": "calls of the recursive function (log scale)",
    "pruning gains title": "what each problem's pruning saves, measured",
    "no matplotlib": (
        "(This chart needs matplotlib, which this browser edition of the course lacks; the rest "
        "of the notebook runs without it.)"
    ),
    "chart": "a chart",
    "busy": "Working…",
    "kernel restarted": (
        "The kernel has restarted, so this stepper no longer answers: run its cell again."
    ),
}


def picture_text(key: str, **fields: object) -> str:
    """The words a picture shows for `key`, with its blanks filled in."""
    return _(PICTURE_TEXT[key]).format(**fields)


# Notebook 05's checks: the stepper's steps, its dead ends, its tries per depth.
CHECK_TEXT.update(
    {
        "one step off": (
            "that is the board one step {way}: step 0 is the puzzle as given, so replay the "
            "first `steps` events, events[:steps], no more and no fewer."
        ),
        "too early": "too early",
        "too late": "too late",
        "board not returned": (
            "your function returned None: is the `return board` missing after the replay?"
        ),
        "stepper not moved": (
            "that is the puzzle as given: no step was replayed on it. Does each Try write its "
            "digit into the board you return?"
        ),
        "dead end from 0": (
            "the cell is counted from 0, as code does: add 1 to the row and the column for the "
            "ones a person says, (r + 1, c + 1)."
        ),
        "dead end swapped": "row and column are swapped: the pair is (row, column).",
        "dead end step off": (
            "the step is one off: count one step for each digit written and one for the dead "
            "end itself (on the 4x4: three digits, then the dead end at step 4)."
        ),
        "depth from 1": (
            "your depths count from 1: event.depth is 0 for the first empty cell, so use it as "
            "it is."
        ),
        "no tries heard": (
            "your dict is empty: the listener heard no Try at all. Did solve run the naive "
            'search? solve(puzzle, "naive", listener=listen): the default method guesses '
            "little or not at all."
        ),
        "counts carried over": (
            "called twice on the same puzzle, your function answers differently: the counts of "
            "the call before are still in the dict. Make the dict inside tries_per_depth, so "
            "each call starts from {{}}."
        ),
        "not only tries": (
            "you counted more than the tries: keep only the events that are a Try "
            "(isinstance(event, Try))."
        ),
    }
)

# The time limit, when the learner's code caught its stop (a bare `except:`) and went on.
CHECK_TEXT.update(
    {
        "too slow caught": (
            "    no answer after {seconds}: the check stopped your code there, but your function "
            "caught the time limit's stop ({times}) and went on, so the check had to stop it "
            "again. A bare `except:` or `except BaseException:` catches everything, the stop "
            "too: catch only the exceptions you mean, e.g. `except ValueError:`. {why}"
        ),
        "answer after stop": (
            "    your function returned {got}, but only after its {seconds} were up: it caught "
            "the time limit's stop with a bare `except:` or `except BaseException:` and went "
            "on, so this answer does not count. Catch only the exceptions you mean, e.g. "
            "`except ValueError:`. {why}"
        ),
    }
)


# Predict mode: the stepper's questions, its judgements and its score (stepper/predict.py,
# stepper/questions.py, stepper/quiz.py). One template a message, filled with `predict_text`.
PREDICT_TEXT = {
    "ask digit": (
        "The search took back {digit} in {cell}. Which digit will it try there next, or will it "
        "back up?"
    ),
    "ask direction": "{digit} is now in {cell}. Will the search go deeper, or back up?",
    "ask direction next": (
        "{digit} is now in {cell}, and the next empty cell is {next}. Will the search go "
        "deeper, or back up?"
    ),
    "ask cell": "Which cell will the pruned search choose next? Click it on the board.",
    "deeper": "go deeper",
    "back up": "back up",
    "right": "✓ Right: {reason}.",
    "wrong": "✗ Not this time: {reason}.",
    "score": "{right} of {asked} right",
    "score line": "Your predictions: {score}",
    "skip": "Skip",
    "skip tip": "take the step without answering (not counted)",
    "next question": "Next question",
    "next question tip": "step on to the next step that asks a question",
    "ask call": "{call} is running. Which call comes next, or does it return?",
    "call returns": "{name} returns",
    "call next": "{name} calls {call} next",
    "no more calls": "{name} makes no more calls: it returns",
    "still calls": "{name} calls {call} before it returns",
    "called already": "{call} was called already: its branch is done",
    "comes before": "{call} comes before {other}: the loop reaches it first",
    "app switch": "Ask before each step",
    "app switch tip": "predict mode: the room answers a question before each step that matters",
    "keys": (
        "Keys: a digit answers a digit · ↓ go deeper · ↑ back up · two digits name a cell, row "
        "first · S skip · N next question"
    ),
    "no question here": "No question at this step: press Step, or Next question.",
    "digit in unit": "{digit} is already in {unit}",
    "tried already": (
        "{digit} was tried in {cell} already and taken back: the search goes on with the digits "
        "after {undone}"
    ),
    "comes first": "{digit} fits {cell} too and comes first: the search tries the digits in order",
    "next digit": "{digit} is the first digit after {undone} that fits {cell}",
    "untried fits": "{digit} fits {cell} and has not been tried there yet, so the search tries it",
    "all tried": "every digit that fits {cell} ({digits}) has been tried, so the search backs up",
    "goes on": "the search can go on: {step}",
    "nothing fits": "nothing fits in {cell}: {blockers}",
    "unit holds": "its {kind} holds {digits}",
    "kind row": "row",
    "kind column": "column",
    "kind box": "box",
    "must back up": "the search must back up: {step}",
    "filled cell": "{cell} already holds a digit",
    "fewest": "{cell} has the fewest candidates ({count}), so the search fills it first",
    "fewest tie": (
        "{cell} has the fewest candidates ({count}), and comes first in reading order of the "
        "cells with that many"
    ),
    "more candidates": (
        "{cell} has {count} candidates, and {best} only {fewest}: the search takes the cell with "
        "the fewest"
    ),
    "tie later": (
        "{cell} has as few candidates ({count}) as {best}, but {best} comes first in reading order"
    ),
    "no question": (
        "there is no question before step {position}: step on, or call next_question() to reach "
        "the next one"
    ),
    "predict off": "this stepper asks no questions: make it with predict=True",
    "not a choice": "{choice!r} is not an answer to this question: choose one of {choices}",
    "not a cell": (
        "{choice!r} is not a cell: give a (row, column) pair counted from 0, each 0 to {last}"
    ),
}


def predict_text(key: str, **fields: object) -> str:
    """One sentence of predict mode, by key, with its blanks filled in."""
    return _(PREDICT_TEXT[key]).format(**fields)


def listed(items: list[str]) -> str:
    """Items as prose lists them: "1", "1 and 3", "1, 3 and 4"."""
    if len(items) < 2:
        return "".join(items)
    separator = _(", ")  # the list comma: Chinese lists with 、
    return _("{first} and {last}").format(first=separator.join(items[:-1]), last=items[-1])


def listed_clauses(clauses: list[str]) -> str:
    """Clauses as prose lists them: "its row holds 1 and 2 and its column holds 6". Chinese
    joins clauses with a comma, since 和 already joins the digits inside each one."""
    if len(clauses) < 2:
        return "".join(clauses)
    separator = pgettext("clauses", ", ")
    joined = pgettext("clauses", "{first} and {last}")
    return joined.format(first=separator.join(clauses[:-1]), last=clauses[-1])


# Notebook 05's stepping exercises: a cell's changes, and the learner's predictions scored.
CHECK_TEXT.update(
    {
        "only writes counted": (
            "that is the number of digits written in the cell: a take-back changes it too (the "
            "digit goes and the cell is blank again), so count both."
        ),
        "counted holding": (
            "that is the number of steps after which the cell holds a digit: count only the "
            "steps that change it, where its digit is written or taken back."
        ),
        "always deeper": (
            "you answer 'deeper' after every try, but sometimes nothing fits the next empty cell, "
            "and then the search must back up: try every digit there with is_valid first."
        ),
        "digits from one": (
            "after taking back {digit}, the search does not start again from 1: it goes on with "
            "the digits after {digit}, since those before were tried already."
        ),
        "quiz case": (
            "predict(stepper) for each of the first {count} questions of Stepper(puzzle, "
            "predict=True) on {name}"
        ),
        "first wrong prediction": (
            "Your first wrong prediction was at step {step}: {question!r} You said {choice!r}, "
            "but {reason}."
        ),
    }
)


# Notebook 06's exercise on the heavy tail: the hardest puzzles' share of all the nodes.
CHECK_TEXT.update(
    {
        "share as percent": (
            "that is a percentage: return the share as a fraction of 1 (0.25, not 25)."
        ),
        "share not sorted": (
            "that is the share of the first puzzles as listed: sort the node counts, hardest "
            "first (sorted(..., reverse=True)), then take the top ones."
        ),
        "share of easiest": (
            "that is the share of the easiest puzzles: sort with reverse=True, so the hardest "
            "come first."
        ),
        "share no puzzle": (
            "with {count} puzzles, a fraction of {fraction} is less than one puzzle: take at "
            "least one, max(1, round(fraction * len(records)))."
        ),
    }
)


# Notebook 00's exercise on the naive search's first move.
CHECK_TEXT.update(
    {
        "box forgotten": (
            "{digit} is missing from the cell's row and column, but its 3x3 box holds it already: "
            "look at the box too."
        ),
        "column forgotten": (
            "{digit} is missing from the cell's row, but its column or box holds it already: a "
            "digit must be missing from all three."
        ),
    }
)


# Issue 34: checks with no holes (held-out cases, wrong formulas named, searches that are not
# the learner's own), and a word on what each caught mistake may mean.
CHECK_TEXT.update(
    {
        "one short of 81": (
            "your count is one short on every puzzle, and 80 on the empty board: a puzzle has "
            "81 cells, not 80 (puzzle.count('.') counts the blanks)."
        ),
        "move from zero": (
            "your row and column count from 0, as Python's indexes do (r = {r}, c = {c}): the "
            "question counts from 1, so add 1 to each, (r + 1, c + 1, digit)."
        ),
        "box corner wrong": (
            "your box is the wrong block of cells: for r = {r}, c = {c}, r // {box} and "
            "c // {box} are the box's band and stack numbers, not its first row and column. The "
            "box starts at row {box} * (r // {box}) = {top} and column {box} * (c // {box}) = "
            "{left}."
        ),
    }
)


CHECK_TEXT.update(
    {
        "neighbours only": (
            "your code finds two 5s with only blanks between them, but not two 5s with a 3 "
            "between: it compares each digit with the one next to it only. A digit must be "
            "compared with every digit before it: keep the digits seen so far in a set."
        ),
    }
)


CHECK_TEXT.update(
    {
        "library search used": (
            "while it ran, your function called the library's own search, `{name}`, which does "
            "the work this exercise asks of you. Write the search yourself (choose, explore, "
            "un-choose); the library is there to compare with afterwards."
        ),
        "no work for the answer": (
            "your function answered {case} ({answer} ways) after only {steps} of its own: "
            "that many ways cannot be counted so fast, so the answer was looked up, not worked "
            "out. Place the queens one row at a time and count the full boards."
        ),
    }
)


CHECK_TEXT.update(
    {
        "blank as candidate": (
            "your answer holds '.', the mark of a blank, which is no digit. Try only the digits "
            "'1' to '9' (for d in '123456789') and keep those the cell's row, column and box "
            "do not hold."
        ),
    }
)


CHECK_TEXT.update(
    {
        "fits nowhere": (
            "{digit!r} is missing from this unit, yet fits none of its empty cells: that is a "
            "dead end, not a hidden single. Keep a digit only when it fits exactly one cell "
            "(len(spots) == 1, not <= 1)."
        ),
        "pruned changed board": (
            "your search wrote its digits on the board it was given, so the caller loses its "
            "puzzle. Work on a copy, board = [row[:] for row in board], as the first line of "
            "pruned_solve, and return that."
        ),
        "piece wrong": (
            "your search may well be right, but one of its pieces is not: on {case} your "
            "{name} gives another answer than the course's. Run the check of {name} again, fix "
            "{name} until it passes, then run this check."
        ),
    }
)


CHECK_TEXT.update(
    {
        "undo not replayed": (
            "the board keeps digits the search had taken back by then: an Undo writes '.' "
            "back at its cell (event.row, event.col), so replay the Undo events too."
        ),
        "steps off by one": (
            "that is the count over the first {counted} steps, not {steps}: the loop takes one "
            "step too many or too few. Take exactly `steps` steps, for _ in range(steps), and "
            "look at the cell before and after each one."
        ),
    }
)


CHECK_TEXT.update(
    {
        "share all zero": (
            "here every puzzle needed 0 nodes, so the total is 0 and dividing by it fails. No "
            "nodes at all means no share to take: return 0.0 when the total is 0."
        ),
    }
)


CHECK_TEXT.update(
    {
        "two read as one": (
            "this puzzle has two solutions, and your count up to 2 found both, yet you said "
            "True: `>= 1` (or `> 0`) says yes to two as well. Unique means exactly one: "
            "compare the count with == 1."
        ),
        "two called unique": (
            "this puzzle has two solutions, yet you said True. Does your search go on after "
            "the first solution (it must find a second to say no), and stop at the second?"
        ),
    }
)


CHECK_TEXT.update(
    {
        "no search of yours": (
            "no function of yours called itself: the answers were made without a search of "
            "your own (itertools, or every arrangement put in a set). The exercise asks for the "
            "template, choose, explore, un-choose, with its pruning: {pruning}."
        ),
        "kept between calls": (
            "called again with ({args}), your function gave another answer than the first "
            "time: something it keeps outside the call (a global set of the answers seen, a "
            "list never emptied) carries over to the next call. Make it inside the function."
        ),
    }
)


CHECK_TEXT.update(
    {
        "stopped at the first single": (
            "every digit you give is right, but {missing} is missing: does your loop return "
            "after the first hidden single? Collect every one in the dict and return it after "
            "the loop."
        ),
        "digit taken for a blank": (
            "on a board of blanks with a single {digit}, your count is 81: your test takes the "
            "{digit} for a blank. A blank is '.', and every digit is a given."
        ),
        "tried from nine down": (
            "{largest} is the largest digit that fits there; the naive search tries the digits "
            "from 1 up and keeps the first that fits, {smallest}."
        ),
        "true inside the loop": (
            "your function says True even for rows with two 5s side by side: it decides after "
            "the first digit. Return False as soon as a digit repeats, and True only after the "
            "loop has looked at all 9 cells (the `return True` goes after the loop, not in it)."
        ),
        "answers inverted": (
            "your answers are the wrong way round on every case the check tried: True where the "
            "digit is already in the row, column or box, False where it fits. Return False as "
            "soon as you find the digit, and True when you have not."
        ),
        "not a single": (
            "{cell} has more than one candidate ({digits}), so it is no naked single: keep a "
            "cell only when exactly one digit fits (len(fits) == 1)."
        ),
        "take-backs counted": (
            "those are the take-backs (Undo) at each depth, not the tries: count the events "
            "that are a Try."
        ),
        "keyed by place": (
            "your keys are rows (or columns) of the board, not depths: event.depth is how deep "
            "the search is, 0 for the first empty cell it fills, wherever that cell is."
        ),
    }
)


CHECK_TEXT.update(
    {
        "choices in order": (
            "the digits are right, but the search tries them in order, from 1 up, and a {kind} "
            "does not say which comes first: return a list, sorted from the smallest digit."
        ),
        "choices held": (
            "those are the digits the cell's row, column and box already hold: the choices are "
            "the other digits, the ones none of the three holds."
        ),
    }
)


CHECK_TEXT.update(
    {
        "no puzzles no share": (
            "with no puzzles there is nothing to stop, and dividing by len(puzzles) = 0 fails: "
            "return 0.0 for an empty list."
        ),
        "share solved not stopped": (
            "that is the share the search finished: the question is the share it gave up on, "
            'the puzzles whose result.status is "gave up".'
        ),
        "count not share": (
            "that is how many puzzles were stopped: divide by how many there are ({count}) for "
            "the share."
        ),
        "not the naive search": (
            "that is the share the {method} search gives up on: the exercise measures the naive "
            'one, solve(puzzle, "naive", max_nodes=bound) (solve\'s own default is fast).'
        ),
        "stopped by status": (
            "you count a puzzle as stopped when it used `bound` nodes, but a puzzle can be "
            'solved with exactly that many: read result.status, which says "gave up" only '
            "for the puzzles the bound really stopped."
        ),
    }
)
