"""watch: a learner's own recursive function, recorded once, replayed, and explained."""

from __future__ import annotations

import sys
import time

import pytest

from sudoku_lib import parse, solve, watch
from sudoku_lib.board import BLANK
from sudoku_lib.puzzles import SAMPLE, TREE_4X4
from sudoku_lib.queens import count_queens
from sudoku_lib.search.events import Try, Undo
from sudoku_lib.trace import record_tree
from sudoku_lib.watch import (
    Append,
    Call,
    Pop,
    Prune,
    Replace,
    Return,
    Write,
    caption,
    find_missing_undo,
)
from tests.learner_functions import permute


def is_valid(board, r, c, d):
    """The notebook's rule check, at any size (a helper: not recorded as a call)."""
    size = len(board)
    box = round(size**0.5)
    for i in range(size):
        if board[r][i] == d or board[i][c] == d:
            return False
    top, left = box * (r // box), box * (c // box)
    return all(board[i][j] != d for i in range(top, top + box) for j in range(left, left + box))


def solve_board(board, counter, undo=True):
    """Notebook 03's plain solver, as a learner types it.

    `undo=False` leaves out the un-choose: the classic mistake `find_missing_undo` must name."""
    size = len(board)
    for r in range(size):
        for c in range(size):
            if board[r][c] == ".":
                for d in "123456789"[:size]:
                    if is_valid(board, r, c, d):
                        board[r][c] = d  # choose
                        counter["placed"] += 1
                        if solve_board(board, counter, undo):  # explore
                            return True
                        if undo:
                            board[r][c] = "."  # un-choose
                return False
    return True


def library_board_at_each_try(puzzle):
    """The board after every Try of the library's naive search, and the (cell, digit) writes."""
    events = []
    solve(puzzle, "naive", listener=events.append)
    board, boards, writes = parse(puzzle), [], []
    for event in events:
        if isinstance(event, Try):
            board[event.row][event.col] = event.digit
            boards.append([row[:] for row in board])
            writes.append((event.row, event.col, event.digit))
        elif isinstance(event, Undo):
            board[event.row][event.col] = BLANK
            writes.append((event.row, event.col, BLANK))
    return boards, writes


@pytest.fixture(scope="module")
def sample_run():
    board, counter = parse(SAMPLE), {"placed": 0}
    return watch(solve_board, board, counter), board, counter


def test_the_sample_places_the_same_digits_as_the_library(sample_run):
    recording, board, counter = sample_run
    result = solve(SAMPLE, "naive")
    assert recording.placed == result.stats.nodes == counter["placed"]
    assert (
        recording.calls == result.stats.nodes + 1
    )  # every placed digit is explored, plus the root
    assert recording.result is True and recording.error is None
    assert board == result.solution  # the learner's own board is filled, as an unwatched run would


def test_the_board_is_the_same_as_the_library_search_at_every_try(sample_run):
    recording, _, _ = sample_run
    boards, writes = library_board_at_each_try(SAMPLE)
    seen = [(s.row, s.col, s.new) for s in recording.steps if isinstance(s, Write)]
    assert seen == writes
    recording.goto(0)
    tries = 0
    for position, step in enumerate(recording.steps, start=1):
        if isinstance(step, Write) and not step.erase:
            recording.goto(position)
            assert recording.board == boards[tries]
            tries += 1
    assert tries == len(boards)


def test_replay_goes_back_to_the_start_and_forward_to_the_end():
    board = parse(TREE_4X4)
    recording = watch(solve_board, board, {"placed": 0})
    recording.goto(recording.total)
    assert recording.board == board and recording.stack == []
    recording.back(recording.total)
    assert recording.position == 0 and recording.board == parse(TREE_4X4)
    recording.step(3)
    assert recording.position == 3 and recording.depth >= 1
    assert recording.caption.startswith(f"line {recording.line}:")
    with pytest.raises(TypeError, match="whole number"):
        recording.goto("5")


def test_only_the_learners_recursive_calls_are_recorded():
    recording = watch(solve_board, parse(TREE_4X4), {"placed": 0})
    names = {step.name for step in recording.steps if isinstance(step, Call)}
    assert names == {"solve_board"}  # not is_valid (a helper), nor any library function


def test_a_path_and_the_answers_are_recorded_with_the_pruned_branches():
    recording = watch(permute, [1, 2, 3])
    assert recording.result == [[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]]
    appends = [s for s in recording.steps if isinstance(s, Append)]
    assert sum(s.copy for s in appends) == 6  # res.append(path[:]): six answers recorded
    assert sum(isinstance(s, Pop) for s in recording.steps) == 15  # one pop per choice
    # a `continue` for each used number: 3 calls with one used, 6 with two
    assert sum(isinstance(s, Prune) for s in recording.steps) == 3 * 1 + 6 * 2
    tree = recording.tree()
    assert sum(node.status == "solved" for node in tree.walk()) == 6
    assert {n.label for n in tree.children[0].children} == {"+1", "+2", "+3"}
    recording.goto(6)  # permute, backtrack([]), append 1, backtrack([1]), continue, append 2
    assert recording.lists()["path"] == ["1", "2"]


def words(n, letters):
    """Every word of n letters, the path's last item replaced in place for each letter."""
    res = []

    def grow(path):
        if len(path) == n:
            res.append(path[:])
            return
        path.append("")
        for ch in letters:
            path[-1] = ch
            grow(path)
        path.pop()

    grow([])
    return res


def test_a_new_last_item_of_the_path_is_recorded():
    recording = watch(words, 2, "ab")
    assert ["".join(word) for word in recording.result] == ["aa", "ab", "ba", "bb"]
    replaced = [s for s in recording.steps if isinstance(s, Replace)]
    assert len(replaced) == 2 + 2 * 2  # each letter of the first place, then of the second
    assert caption(replaced[0]) == f"line {replaced[0].line}: path[-1] = 'a' replaces ''"
    assert [(s.old, s.value) for s in replaced[:3]] == [
        ("''", "'a'"),
        ("''", "'a'"),
        ("'a'", "'b'"),
    ]
    tree = recording.tree()
    assert [node.label for node in tree.children[0].children] == ["+'a'", "+'b'"]
    recording.goto(11)  # ... 'aa' recorded, path[-1] = 'b'
    assert recording.lists()["path"] == ["'a'", "'b'"]
    recording.goto(17)  # ... grow(['a']) popped its place and returned, path[-1] = 'b'
    assert recording.lists()["path"] == ["'b'"]
    assert find_missing_undo(recording) is None


def test_items_of_a_fixed_table_set_in_place_add_no_steps():
    """`used[i] = True` (a list that never grows) is state, not a path: not a step."""
    recording = watch(permute, [1, 2, 3])
    assert not any(isinstance(s, Replace) for s in recording.steps)


def permute_on_one_line(nums):
    """`permute` with its `if used[i]: continue` written on one line."""
    res = []

    def backtrack(path, used):
        if len(path) == len(nums):
            res.append(path[:])
            return
        for i in range(len(nums)):
            if used[i]: continue  # noqa: E701  # fmt: skip
            used[i] = True
            path.append(nums[i])
            backtrack(path, used)
            path.pop()
            used[i] = False

    backtrack([], [False] * len(nums))
    return res


def test_a_continue_on_its_ifs_line_is_recorded_only_when_taken():
    shared, own = watch(permute_on_one_line, [1, 2, 3]), watch(permute, [1, 2, 3])
    without_lines = [
        [(type(s), caption(s).split(": ", 1)[1]) for s in r.steps[1:]] for r in (shared, own)
    ]
    assert without_lines[0] == without_lines[1]  # after the first call, the same steps
    prunes = [s for s in shared.steps if isinstance(s, Prune)]
    assert len(prunes) == 3 * 1 + 6 * 2 and {s.how for s in prunes} == {"continue"}
    assert sum(node.status == "pruned" for node in shared.tree().walk()) == 15


# Each loop below may go deeper (the recursive call never runs at depth 0): a `continue` or
# `break` in it rejects a choice, so taking one is a pruned branch.


def sort_out(values, depth=0):
    kept = []
    for v in values:
        if v == 0: continue  # noqa: E701  # fmt: skip
        elif v < 0: break  # noqa: E701  # fmt: skip
        else:
            kept.append(v) if depth == 0 else sort_out(values, depth - 1)
    return kept


def break_last(values, depth=0):
    seen = []
    for v in values:
        seen.append(v) if depth == 0 else break_last(values, depth - 1)
        if v > 2: break  # noqa: E701  # fmt: skip


def continue_last(values, depth=0):
    seen = []
    for v in values:
        seen.append(v) if depth == 0 else continue_last(values, depth - 1)
        if v > 2: continue  # noqa: E701  # fmt: skip


@pytest.mark.parametrize(
    ("function", "values", "taken"),
    [
        (sort_out, [1, 0, 2, -1, 3], ["continue", "break"]),  # else and elif lines follow
        (sort_out, [1, 2, 3], []),
        (break_last, [1, 2, 3, 4], ["break"]),  # taken at the function's last line: then return
        (break_last, [1, 2], []),
        (continue_last, [1, 2, 3, 4], []),  # the end of the loop's body: it skips nothing
    ],
)
def test_a_break_or_continue_on_its_ifs_line_is_a_prune_only_when_taken(function, values, taken):
    recording = watch(function, values)
    assert recording.error is None
    assert [s.how for s in recording.steps if isinstance(s, Prune)] == taken
    if taken and function is break_last:
        assert isinstance(recording.steps[-2], Prune) and isinstance(recording.steps[-1], Return)


def test_an_exception_is_described_with_the_learners_line_and_depth():
    def dig(n):
        if n == 3:
            return [][n]  # the bug
        return dig(n + 1)

    line = dig.__code__.co_firstlineno + 2
    recording = watch(dig, 0)
    assert recording.error == f"your function raised IndexError at line {line}, 4 calls deep: " + (
        "list index out of range"
    )
    assert recording.result is None
    assert recording.goto(recording.total).caption == recording.error


def test_infinite_recursion_stops_cleanly_and_the_tracer_is_removed():
    def forever(n):
        return forever(n + 1)

    def mine(frame, event, arg):
        return None

    sys.settrace(mine)
    try:
        recording = watch(forever, 0)
        assert sys.gettrace() is mine
    finally:
        sys.settrace(None)
    assert recording.error.startswith("stopped at 500 calls deep")
    assert recording.goto(recording.total).depth == 500  # the replay still works
    assert recording.back(10).depth == 491  # the last step says why; the nine before are calls


def test_max_steps_ends_the_recording_even_through_except_exception():
    def stubborn(n):
        try:
            return stubborn(n + 1) if n < 400 else n
        except Exception:
            return -1

    recording = watch(stubborn, 0, max_steps=100)
    assert recording.error == "stopped after 100 steps (max_steps=100)"
    assert recording.total == 101  # the hundred steps, then the one that says why
    assert recording.result is None


def test_a_bare_except_cannot_keep_the_run_going_after_max_steps():
    """Each call catches watch's stop with a bare `except:`: it is raised again at the next
    line or call, so the run still ends, and the words say why it took more than one stop."""
    calls = []

    def branch(n):
        calls.append(n)
        try:
            if n < 30:
                branch(n + 1)
                branch(n + 1)
        except:  # noqa: E722
            pass
        return n

    recording = watch(branch, 0, max_steps=50)
    assert len(calls) < 100  # not the 2**31 calls the search would make untraced
    assert recording.result is None
    assert recording.error.startswith("stopped after 50 steps (max_steps=50); your code caught")
    assert "bare `except:`" in recording.error and recording.steps[-1].why == recording.error
    assert sys.gettrace() is None and sys.getprofile() is None


def test_every_level_catching_the_stop_still_ends_at_the_depth_bound():
    def deeper(n):
        try:
            return deeper(n + 1)
        except:  # noqa: E722
            return "caught"

    recording = watch(deeper, 0)
    assert recording.result is None
    assert recording.error.startswith("stopped at 500 calls deep")
    assert "caught watch's stop and went on (500 times)" in recording.error


def test_a_bare_except_around_a_loop_that_never_ends_is_stopped_too():
    def stubborn(n):
        try:
            while True:
                n += 1
        except:  # noqa: E722  (catches the time limit, then tries again)
            return stubborn(n)

    started = time.process_time()  # CPU time: a busy machine does not stretch it
    recording = watch(stubborn, 0, max_seconds=0.3)
    assert time.process_time() - started < 3
    assert recording.error.startswith("stopped after 300.0 ms (max_seconds=0.3)")
    assert "caught watch's stop" in recording.error
    assert sys.gettrace() is None and sys.getprofile() is None


def test_a_loop_that_never_ends_is_stopped():
    def spin(n):
        i = 0
        while i < n:
            n += 1
        return i

    recording = watch(spin, 1, max_seconds=0.5)
    assert recording.error == (
        "stopped after 500.0 ms (max_seconds=0.5): is there a loop that never ends?"
    )
    assert recording.goto(recording.total).caption == recording.error
    assert sys.gettrace() is None


@pytest.mark.parametrize(
    ("function", "max_steps", "error", "words"),
    [
        ("solve_board", 10, TypeError, "needs a function"),
        (solve_board, "10", TypeError, "max_steps must be a whole number"),
        (solve_board, True, TypeError, "max_steps must be a whole number"),
        (solve_board, 0, ValueError, "at least 1"),
    ],
)
def test_bad_arguments_are_refused_clearly(function, max_steps, error, words):
    with pytest.raises(error, match=words):
        watch(function, parse(TREE_4X4), {"placed": 0}, max_steps=max_steps)


@pytest.mark.parametrize(
    ("seconds", "error"), [("1", TypeError), (0, ValueError), (-2.5, ValueError)]
)
def test_a_bad_time_limit_is_refused_clearly(seconds, error):
    with pytest.raises(error, match="max_seconds"):
        watch(solve_board, parse(TREE_4X4), {"placed": 0}, max_seconds=seconds)


def test_a_missing_undo_is_explained_in_words():
    recording = watch(solve_board, parse(TREE_4X4), {"placed": 0}, False)
    message = find_missing_undo(recording)
    assert message is not None and "un-choose before you return" in message
    assert message.startswith("after your call for row ")
    assert find_missing_undo(watch(solve_board, parse(TREE_4X4), {"placed": 0})) is None


def test_a_missing_pop_is_explained_in_words():
    assert find_missing_undo(watch(permute, [1, 2, 3])) is None
    message = find_missing_undo(watch(permute, [1, 2, 3], False))
    assert message is not None and "path" in message and "pop" in message


def test_every_call_returns_once_in_a_finished_recording():
    recording = watch(permute, [1, 2])
    calls = [s.call for s in recording.steps if isinstance(s, Call)]
    returns = [s.call for s in recording.steps if isinstance(s, Return)]
    assert sorted(calls) == sorted(returns) == list(range(recording.calls))


def test_the_call_tree_is_drawn_with_a_marker_per_status():
    import xml.etree.ElementTree as ET

    from sudoku_lib.tree_figures import draw_call_tree

    recording = watch(permute, [1, 2, 3])
    picture = draw_call_tree(recording, current=3)
    calls = next(e for e in ET.fromstring(picture.svg).iter() if e.get("class") == "calls")
    tags = [e.tag.split("}")[1] for e in calls]
    assert tags.count("polygon") == 6, "a star a solution"
    assert tags.count("rect") == 15, "a hollow square a pruned branch"
    assert len([e for e in calls if e.get("data-current") == "3"]) == 1
    titles = [e.text for e in ET.fromstring(picture.svg).iter() if e.get("class") == "title"]
    assert titles == ["permute: 17 calls, 6 solved"]
    board_tree = watch(solve_board, parse(TREE_4X4), {"placed": 0}).tree()
    library_tree = record_tree(TREE_4X4)  # the library's naive search, drawn in notebook 03
    assert sum(n.status == "dead end" for n in board_tree.walk()) == len(library_tree.dead_ends())
    assert [n.label for n in board_tree.walk() if n.on_path][-1] == "r4c4=3"


def test_the_stepper_model_replays_on_the_courses_timeline_engine():
    recording = watch(permute, [1, 2, 3])
    model = recording.model
    assert model.to_solution() and model.caption.endswith("res.append([1, 2, 3])")
    assert model.stack[-1].startswith("backtrack([1, 2, 3]")
    frame = model.frame()
    assert frame.stack[0].startswith("1. permute(") and 'data-current="' in frame.board_html
    assert frame.board_html.count("<polygon") == 1  # one answer recorded so far, one star
    model.last()  # the picture follows the run to its last call, the sixth answer's branch
    assert model.frame().board_html.count("<polygon") >= 1 and model.at_end
    model.first()
    assert model.caption == "before the first call of permute" and model.frame().stack == []


def test_a_watched_board_is_drawn_beside_its_call_tree():
    recording = watch(solve_board, parse(TREE_4X4), {"placed": 0})
    model = recording.model
    assert model.next_dead_end() and isinstance(model.event, Return)
    html = model.frame().board_html
    assert 'class="sdk-board sdk-n4"' in html and "<svg" in html
    assert recording.goto(recording.total).board == solve(TREE_4X4, "naive").solution


def test_a_recording_shows_as_the_stepper_widget():
    recording = watch(permute, [1, 2])
    bundle = recording._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"] == repr(recording)


def place_queens(n, queens):
    """Notebook 03's N-Queens counter, with the path passed in."""
    if len(queens) == n:
        return 1
    total = 0
    for col in range(n):
        if any(c == col or abs(c - col) == len(queens) - r for r, c in enumerate(queens)):
            continue
        queens.append(col)
        total += place_queens(n, queens)
        queens.pop()
    return total


def test_n_queens_is_drawn_as_a_board_from_its_path():
    recording = watch(place_queens, 4, [])
    assert recording.result == count_queens(4)
    model = recording.model
    assert model.queens == (4, "queens")
    model.goto(next(i for i, s in enumerate(recording.steps, 1) if isinstance(s, Return)))
    columns = [int(c) for c in recording.lists()["queens"]]
    html = model.frame().board_html
    assert html.count("♛") == len(columns) and 'class="sdk-queens" data-n="4"' in html


def test_each_step_shows_the_learners_own_line():
    import inspect

    recording = watch(permute, [1, 2, 3])
    source, first = inspect.getsourcelines(permute)
    model = recording.model
    for position, step in enumerate(recording.steps, 1):
        if isinstance(step, (Append, Pop, Prune)):
            model.goto(position)
            written = source[step.line - first].strip()
            assert model.frame().caption.endswith(f"⟵ {written}")
            expected = {"Append": ".append(", "Pop": ".pop()", "Prune": "continue"}
            assert expected[type(step).__name__] in written


def pick_with_comments(nums, depth=0):
    """A choice loop whose `continue` and `break` carry comments of their own."""
    for x in nums:
        if x == 2:
            continue  # two is not wanted
        if x > 3:
            break  # too big, and so is everything after it
        if depth < 1:
            pick_with_comments(nums, depth + 1)


def test_a_prune_s_caption_names_the_choice_once_and_not_the_line_s_comment():
    captions = [caption(s) for s in watch(pick_with_comments, [1, 2, 3, 4]).steps]
    first = pick_with_comments.__code__.co_firstlineno
    prunes = [c for c in captions if "continue" in c or "break" in c]
    assert prunes[:2] == [
        f"line {first + 4}: continue skips x = 2",
        f"line {first + 6}: break ends the loop at x = 4",
    ]
    assert not any("#" in c or "pruned" in c for c in captions)
