"""The stepper against an independent replay of the events `solve()` reports to a listener."""

from __future__ import annotations

import random
import threading
import time

import ipywidgets as widgets
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_lib import ConflictError, SudokuError, solve
from sudoku_lib import stepper as stepper_module
from sudoku_lib.board import BLANK, Board, parse
from sudoku_lib.puzzles import ANTI_BACKTRACKING, SAMPLE, load_set
from sudoku_lib.search.events import DeadEnd, Event, Forced, Solved, Try, Undo, caption
from sudoku_lib.stats import format_seconds
from sudoku_lib.stepper import CHECKPOINT_EVERY, Stepper, side_by_side
from tests.strategies import puzzles


def events_of(puzzle: object, method: str, max_nodes: int | None = None, **switches) -> list:
    """Every event `solve` reports, collected by a plain listener (the reference stream)."""
    events: list[Event] = []
    solve(puzzle, method, max_nodes=max_nodes, listener=events.append, **switches)
    return events


def replay(puzzle: object, events: list[Event]) -> Board:
    """The board after the given events: place on Try and Forced, blank on Undo."""
    board = parse(puzzle)
    for event in events:
        if isinstance(event, Try | Forced):
            board[event.row][event.col] = event.digit
        elif isinstance(event, Undo):
            board[event.row][event.col] = BLANK
    return board


def open_choices(events: list[Event]) -> list[tuple[int, int, str]]:
    """The Try events not yet undone, oldest first."""
    stack = []
    for event in events:
        if isinstance(event, Try):
            stack.append((event.row, event.col, event.digit))
        elif isinstance(event, Undo) and not event.forced:
            assert stack.pop() == (event.row, event.col, event.digit)
    return stack


def blanked(solution: Board, holes: int, seed: int) -> str:
    """A puzzle made from a solved board by blanking `holes` cells chosen by a seeded RNG."""
    rng = random.Random(seed)
    cells = [(r, c) for r in range(len(solution)) for c in range(len(solution))]
    board = [row[:] for row in solution]
    for r, c in rng.sample(cells, holes):
        board[r][c] = BLANK
    return "".join("".join(row) for row in board)


def random_puzzles() -> list[tuple[str, str, dict[str, bool]]]:
    """Puzzles the stepper has not seen: random 4x4 and 9x9 ones, and some from the sets."""
    empty4 = solve("." * 16, "naive").solution
    solved9 = solve(load_set("easy50")[7], "pruned").solution
    cases = [(blanked(empty4, 11, seed), "naive", {}) for seed in range(3)]
    cases += [(blanked(solved9, 50 + seed, seed), "naive", {}) for seed in range(3)]
    rng = random.Random(4)
    for puzzle in rng.sample(load_set("top95"), 2) + rng.sample(load_set("easy50"), 2):
        cases.append((puzzle, "pruned", {}))
        cases.append((puzzle, "pruned", {"hidden_singles": False, "naked_singles": False}))
        cases.append((puzzle, "naive", {}))
    return cases


@pytest.mark.parametrize(("puzzle", "method", "switches"), random_puzzles())
def test_goto_agrees_with_an_independent_replay(puzzle, method, switches):
    reference = events_of(puzzle, method, max_nodes=1500, **switches)
    stepper = Stepper(puzzle, method, **switches)
    rng = random.Random(len(reference))
    positions = [0, len(reference), *rng.sample(range(len(reference) + 1), 12), 1, 0]
    for i in positions:
        stepper.goto(i)
        assert stepper.position == i
        assert stepper.board == replay(puzzle, reference[:i])
        assert stepper.stack == open_choices(reference[:i])
        assert stepper.depth == len(stepper.stack)
        assert stepper.nodes == sum(isinstance(e, Try) for e in reference[:i])
        assert stepper.forced == sum(isinstance(e, Forced) for e in reference[:i])
        assert stepper.backtracks == sum(
            isinstance(e, Undo) and not e.forced for e in reference[:i]
        )
        assert stepper.max_depth == max(
            (e.depth + 1 for e in reference[:i] if isinstance(e, Try)), default=0
        )
        if i:
            assert stepper.event == reference[i - 1]
            assert stepper.caption == caption(reference[i - 1])


def test_back_then_step_comes_back_to_the_same_board():
    stepper = Stepper(load_set("top95")[3], "naive")
    rng = random.Random(1)
    for _ in range(20):
        stepper.goto(rng.randrange(3 * CHECKPOINT_EVERY))
        before, stack, stats = stepper.board, stepper.stack, stepper.stats
        back = rng.randrange(1, CHECKPOINT_EVERY + 5)
        stepper.back(back)
        stepper.step(back)
        assert (stepper.board, stepper.stack, stepper.stats) == (before, stack, stats)


def test_both_ends_clamp():
    full = events_of(SAMPLE, "pruned")
    stepper = Stepper(SAMPLE, "pruned")
    stepper.back()
    assert stepper.position == 0
    assert stepper.board == parse(SAMPLE)
    stepper.goto(-5)
    assert stepper.position == 0
    stepper.goto(10**9)
    assert stepper.finished and stepper.at_end
    assert stepper.total == stepper.position == len(full)
    stepper.step(3)
    assert stepper.position == len(full)
    assert stepper.solved
    assert stepper.board == solve(SAMPLE).solution


def test_the_search_is_pulled_lazily():
    stepper = Stepper(ANTI_BACKTRACKING, "naive")
    assert stepper.known <= 1 and not stepper.finished
    stepper.step(10)
    assert stepper.known <= 11
    stepper.back(5)
    assert stepper.known <= 11
    assert repr(stepper) == "<Stepper naive: step 5 of ?, 5 placed>"


def test_goto_far_is_quick_and_keeps_memory_bounded():
    reference = events_of(ANTI_BACKTRACKING, "naive", max_nodes=34_000)
    assert len(reference) > 100_000
    stepper = Stepper(ANTI_BACKTRACKING, "naive")
    start = time.perf_counter()
    stepper.goto(100_000)
    seconds = time.perf_counter() - start
    print(f"goto(100_000) on the anti-backtracking puzzle: {format_seconds(seconds)}")
    assert stepper.position == 100_000
    assert stepper.board == replay(ANTI_BACKTRACKING, reference[:100_000])
    assert stepper.checkpoints <= 100_000 // CHECKPOINT_EVERY + 1
    assert stepper._log.distinct < 2 * 81 * 9 + 81 + 1  # each distinct event stored once
    start = time.perf_counter()
    stepper.goto(54_321)
    print(f"then back to 54,321: {format_seconds(time.perf_counter() - start)}")
    assert stepper.board == replay(ANTI_BACKTRACKING, reference[:54_321])


def test_run_to_buttons_stop_where_they_say():
    stepper = Stepper(SAMPLE, "naive")
    assert stepper.next_backtrack()
    assert isinstance(stepper.event, DeadEnd)
    first_dead_end = next(
        i for i, e in enumerate(events_of(SAMPLE, "naive")) if isinstance(e, DeadEnd)
    )
    assert stepper.position == first_dead_end + 1
    assert stepper.to_solution()
    assert stepper.solved and stepper.nodes == solve(SAMPLE, "naive").stats.nodes
    stepper.goto(first_dead_end - 3)
    known = stepper.known
    assert stepper.next_backtrack() and stepper.position == first_dead_end + 1
    assert stepper.known == known  # found among the known events: nothing ran ahead
    long = Stepper(ANTI_BACKTRACKING, "naive")
    assert not long.run_to_end(cap=2_000)
    assert long.position == 2_000 and "stopped after 2,000 steps" in long.note


def test_render_draws_the_state():
    stepper = Stepper(SAMPLE, "naive")
    stepper.step(4)
    html = stepper.board_html()
    flat = "".join("".join(row) for row in stepper.board)
    assert f'data-board="{flat}"' in html
    assert html.count("sdk-cur") == 1 and "sdk-dead" not in html
    assert html.count("sdk-p") == stepper.nodes
    stepper.next_backtrack()
    assert stepper.board_html().count("sdk-dead") == 1
    pruned = Stepper(load_set("top95")[0], "pruned", hidden_singles=False, naked_singles=False)
    pruned.step(5)
    assert "sdk-pm" in pruned.board_html() and "sdk-f" not in pruned.board_html()
    assert pruned.stack_html().count("sdk-top") == 1
    timings = []
    for i in range(50):
        stepper.goto(i)
        timings.append(stepper.render_seconds)
        pruned.goto(i)
        timings.append(pruned.render_seconds)
    print(f"median render: {format_seconds(sorted(timings)[len(timings) // 2])}")
    assert stepper._view.board.value == stepper.board_html()


def controls(widget: widgets.Widget) -> dict[str, widgets.Widget]:
    """Every button (by tooltip name), slider and Play under a widget."""
    found = {}
    stack = [widget]
    while stack:
        node = stack.pop()
        if isinstance(node, widgets.Button):
            found[node.tooltip.split(":")[0]] = node
        elif isinstance(node, widgets.Play | widgets.IntSlider | widgets.IntText):
            found[type(node).__name__] = node
        stack.extend(getattr(node, "children", ()))
    return found


def test_controls_drive_the_same_api():
    stepper = Stepper(SAMPLE, "naive")
    found = controls(stepper)
    assert {"First", "Back", "Step", "Last", "Next backtrack", "To solution"} <= set(found)
    assert all(isinstance(w, widgets.Button) or w.description for w in found.values())
    for _ in range(3):
        found["Step"].click()
    assert stepper.position == 3 and found["IntSlider"].value == 3
    found["Back"].click()
    assert stepper.position == 2 and found["IntSlider"].value == 2
    found["IntSlider"].value = 40
    assert stepper.position == 40
    found["IntText"].value = 7
    assert stepper.position == 7
    found["To solution"].click()
    assert stepper.solved and found["IntSlider"].max == stepper.total
    found["First"].click()
    assert stepper.position == 0


def test_side_by_side_steps_both():
    pair = side_by_side(SAMPLE)
    assert repr(pair) == (
        "<SideBySide <Stepper naive: step 0 of ?, 0 placed>"
        " | <Stepper pruned: step 0 of ?, 0 placed>>"
    )
    controls(pair)["Step"].click()
    pair.step(2)
    assert pair.left.position == pair.right.position == 3
    assert pair.left.board == replay(SAMPLE, events_of(SAMPLE, "naive", max_nodes=10)[:3])
    pair.to_solution()
    assert pair.left.solved and pair.right.solved
    assert pair.left.board == pair.right.board
    assert pair.right.position < pair.left.position
    mixed = side_by_side(SAMPLE, right=Stepper(SAMPLE, "pruned", hidden_singles=False))
    mixed.step()
    assert mixed.right.position == 1


def test_bad_input_is_refused_at_once():
    with pytest.raises(ConflictError):
        Stepper("8" + SAMPLE[1:], "naive")  # the top-left box now holds two 8s
    with pytest.raises(SudokuError, match="unknown method"):
        Stepper(SAMPLE, "magic")
    with pytest.raises(SudokuError, match="switches"):
        Stepper(SAMPLE, "naive", sets=False)


def test_a_solved_board_has_one_step():
    stepper = Stepper(solve(SAMPLE).solution, "naive")
    stepper.run_to_end()
    assert stepper.total == 1 and stepper.solved and isinstance(stepper.event, Solved)


def test_any_thread_can_drive_it():
    """ipykernel 7 may deliver widget messages on another thread (a subshell)."""
    stepper = Stepper(SAMPLE, "naive")
    stepper.step(2)
    errors = []

    def elsewhere():
        try:
            stepper.step(5)
            stepper.back()
        except Exception as error:  # reported below, in the test's own thread
            errors.append(error)

    worker = threading.Thread(target=elsewhere)
    worker.start()
    worker.join(timeout=30)
    assert not errors
    stepper.step(2)
    assert stepper.position == 8
    assert stepper.board == replay(SAMPLE, events_of(SAMPLE, "naive", max_nodes=20)[:8])


@pytest.mark.parametrize("method", ["naive", "pruned"])
def test_a_16x16_board_steps_and_draws(method):
    puzzle = blanked(solve("." * 256, "pruned").solution, 110, seed=2)
    reference = events_of(puzzle, method, max_nodes=300)
    stepper = Stepper(puzzle, method)
    for i in range(1, min(len(reference), 400), 7):
        stepper.goto(i)
        assert stepper.caption == caption(reference[i - 1], 16)
    assert stepper.board == replay(puzzle, reference[: stepper.position])
    assert "sdk-n16" in stepper.board_html()


def test_a_jump_far_ahead_is_bounded(monkeypatch):
    monkeypatch.setattr(stepper_module, "RUN_CAP", 1_000)
    stepper = Stepper(ANTI_BACKTRACKING, "naive")
    stepper.step(10)
    controls(stepper)["IntText"].value = 10**9
    assert stepper.position == 1_010 and "jump again" in stepper.note


@settings(max_examples=30, deadline=None)
@given(
    puzzle=st.one_of(puzzles(box=2, min_keep=3, max_keep=8), puzzles(box=3, min_keep=28)),
    method=st.sampled_from(["naive", "pruned"]),
    where=st.lists(st.floats(0, 1), min_size=1, max_size=6),
)
def test_any_puzzle_any_position_matches_the_replay(puzzle, method, where):
    reference = events_of(puzzle, method, max_nodes=300)
    stepper = Stepper(puzzle, method)
    for fraction in where:
        i = round(fraction * len(reference))
        stepper.goto(i)
        assert stepper.board == replay(puzzle, reference[:i])
        assert stepper.stack == open_choices(reference[:i])
