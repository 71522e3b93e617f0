"""The stepper against an independent replay of the events `solve()` reports to a listener.

Most tests use the plain model (no widgets); the widget tests drive the same model through its
controls, as a browser would, by clicking buttons and sending the controller's messages.
"""

from __future__ import annotations

import ctypes
import gc
import os
import random
import subprocess
import sys
import textwrap
import threading
import time
import weakref

import ipywidgets as widgets
import ipywidgets.widgets.widget as widget_module
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_lib import ConflictError, SudokuError, solve
from sudoku_lib.board import BLANK, Board, parse
from sudoku_lib.puzzles import ANTI_BACKTRACKING, SAMPLE, load_set
from sudoku_lib.search.events import DeadEnd, Event, Forced, Solved, Try, Undo, caption
from sudoku_lib.stats import format_seconds
from sudoku_lib.stepper import (
    CHECKPOINT_EVERY,
    FixedRecording,
    StepError,
    Stepper,
    StepperModel,
    Timeline,
    bench,
    engine,
    html,
    side_by_side,
    view,
)
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


def assert_matches(stepper: StepperModel, puzzle: object, reference: list[Event], i: int) -> None:
    """Everything the stepper shows at position i agrees with the first i reference events."""
    done = reference[:i]
    assert stepper.position == i
    assert stepper.board == replay(puzzle, done)
    assert stepper.stack == open_choices(done)
    assert stepper.depth == len(stepper.stack)
    assert stepper.nodes == sum(isinstance(e, Try) for e in done)
    assert stepper.forced == sum(isinstance(e, Forced) for e in done)
    assert stepper.backtracks == sum(isinstance(e, Undo) and not e.forced for e in done)
    assert stepper.max_depth == max((e.depth + 1 for e in done if isinstance(e, Try)), default=0)
    if i:
        assert stepper.event == reference[i - 1]
        assert stepper.caption == caption(reference[i - 1], len(stepper.puzzle))


@pytest.mark.parametrize(("puzzle", "method", "switches"), random_puzzles())
def test_goto_agrees_with_an_independent_replay(puzzle, method, switches):
    reference = events_of(puzzle, method, max_nodes=1500, **switches)
    stepper = StepperModel(puzzle, method, **switches)
    rng = random.Random(len(reference))
    for i in [0, len(reference), *rng.sample(range(len(reference) + 1), 12), 1, 0]:
        stepper.goto(i)
        assert_matches(stepper, puzzle, reference, i)


def test_back_then_step_comes_back_to_the_same_board():
    stepper = StepperModel(load_set("top95")[3], "naive")
    rng = random.Random(1)
    for _ in range(20):
        stepper.goto(rng.randrange(3 * CHECKPOINT_EVERY))
        before, stack, stats = stepper.board, stepper.stack, stepper.stats
        back = rng.randrange(1, CHECKPOINT_EVERY + 5)
        stepper.back(back)
        stepper.step(back)
        assert (stepper.board, stepper.stack, stepper.stats) == (before, stack, stats)


def test_both_ends_clamp_and_the_end_says_so():
    full = events_of(SAMPLE, "pruned")
    stepper = StepperModel(SAMPLE, "pruned")
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
    assert stepper.note == "the search has ended: this is its last step"
    assert stepper.status_text() == f"step {len(full)} of {len(full)}: the search has ended"
    assert stepper.solved
    assert stepper.board == solve(SAMPLE).solution


def test_the_recording_grows_only_as_far_as_asked():
    stepper = StepperModel(ANTI_BACKTRACKING, "naive")
    assert stepper.known <= 2 and not stepper.finished
    assert repr(stepper) == "<Stepper naive: step 0 of ?, 0 placed>"
    stepper.step(10)
    assert 10 <= stepper.known < 100
    assert stepper.status_text() == f"step 10 of at least {stepper.known}"
    stepper.back(5)
    assert repr(stepper) == "<Stepper naive: step 5 of ?, 5 placed>"
    stepper.goto(20_000)
    assert 20_000 <= stepper.known <= 3 * 20_000  # aimed at the rate of nodes per step so far
    assert stepper._recording.runs < 12  # the bound at least doubles each time


def test_goto_far_keeps_memory_bounded_and_comes_back_quickly():
    reference = events_of(ANTI_BACKTRACKING, "naive", max_nodes=50_000)
    assert len(reference) > 100_000
    stepper = StepperModel(ANTI_BACKTRACKING, "naive")
    stepper.goto(100_000)
    assert_matches(stepper, ANTI_BACKTRACKING, reference, 100_000)
    assert stepper.checkpoints <= 100_000 // CHECKPOINT_EVERY + 1
    assert stepper._recording.distinct < 2 * 81 * 9 + 81 + 1  # each distinct event stored once
    start = time.perf_counter()
    stepper.goto(54_321)
    print(f"back to 54,321: {format_seconds(time.perf_counter() - start)}")
    assert_matches(stepper, ANTI_BACKTRACKING, reference, 54_321)


def test_run_to_buttons_stop_where_they_say():
    stepper = StepperModel(SAMPLE, "naive")
    reference = events_of(SAMPLE, "naive")
    first_dead_end = next(i for i, e in enumerate(reference) if isinstance(e, DeadEnd))
    assert stepper.next_dead_end()
    assert isinstance(stepper.event, DeadEnd)
    assert stepper.position == first_dead_end + 1
    assert stepper.to_solution()
    assert stepper.solved and stepper.nodes == solve(SAMPLE, "naive").stats.nodes
    stepper.goto(first_dead_end - 3)
    known = stepper.known
    assert stepper.next_backtrack() and stepper.position == first_dead_end + 1  # the old name
    assert stepper.known == known  # found among the recorded events: nothing ran again
    long = StepperModel(ANTI_BACKTRACKING, "naive")
    assert not long.run_to_end(cap=2_000)
    assert long.position == 2_000 and "stopped after 2,000 steps" in long.note
    assert long.find(long.dead_end, cap=0) is None and long.position == 2_000


def test_arguments_are_checked_at_the_door():
    stepper = StepperModel(SAMPLE, "naive")
    for bad in ("abc", None, float("inf"), 2.5, True):
        with pytest.raises(TypeError, match="position must be a whole number"):
            stepper.goto(bad)
        with pytest.raises(StepError, match="n must be a whole number"):
            stepper.step(bad)
    with pytest.raises(ValueError, match="cap must be 0 or more"):
        stepper.goto(5, cap=-1)
    with pytest.raises(TypeError, match="cap must be a whole number"):
        stepper.to_solution(cap="lots")
    assert stepper.position == 0 and stepper.known <= 2


def test_a_huge_argument_is_taken_exactly_and_quoted_short():
    stepper, reference = StepperModel(SAMPLE, "naive"), StepperModel(SAMPLE, "naive")
    stepper.goto(10**400, cap=10**400)  # more than a float can hold
    assert reference.last() and stepper.at_end and stepper.position == reference.position
    with pytest.raises(StepError, match="position must be a whole number") as caught:
        stepper.goto("7" * 1_000_000)
    assert len(str(caught.value)) < 200
    with pytest.raises(SudokuError, match="cap must be 0 or more steps") as caught:
        stepper.goto(5, cap=-(10**5_000))  # too long for str() of an int in Python 3.11+
    assert len(str(caught.value)) < 200


def test_goto_is_capped_and_the_cap_can_be_raised():
    stepper = StepperModel(ANTI_BACKTRACKING, "naive")
    known = stepper.known  # the cap counts steps past the recorded ones
    stepper.goto(10**12, cap=3_000)
    assert stepper.position == known + 3_000 and "stopped after 3,000 steps" in stepper.note
    known = stepper.known
    stepper.goto(10**12, cap=6_000)
    assert stepper.position == known + 6_000
    assert engine.GOTO_CAP >= 1_000_000  # the benchmark's goto(1_000_000) fits in one call


def test_render_draws_the_state():
    stepper = Stepper(SAMPLE, "naive")
    stepper.step(4)
    drawn = stepper.board_html()
    flat = "".join("".join(row) for row in stepper.board)
    assert f'data-board="{flat}"' in drawn
    assert drawn.count("sdk-cur") == 1 and "sdk-dead" not in drawn
    assert drawn.count("sdk-p") == stepper.nodes
    stepper.next_dead_end()
    dead = stepper.board_html()
    assert dead.count("sdk-dead") == 1 and dead.count("✕") == 1 and "sdk-cur" not in dead
    pruned = Stepper(load_set("top95")[0], "pruned", hidden_singles=False, naked_singles=False)
    pruned.step(5)
    assert "sdk-pm" in pruned.board_html() and "sdk-f" not in pruned.board_html()
    assert pruned.stack_html().count("sdk-top") == 1
    assert pruned.stack_html().count("▶") == 1
    timings = []
    for i in range(50):
        stepper.goto(i)
        timings.append(stepper.render_seconds)
        pruned.goto(i)
        timings.append(pruned.render_seconds)
    print(f"median render: {format_seconds(sorted(timings)[len(timings) // 2])}")
    assert stepper.view.picture.board.value == stepper.board_html()


def test_markers_differ_in_shape_and_have_three_to_one_contrast():
    assert html.contrast(html.CURRENT_EDGE, "#ffffff") >= 3
    for name, colour in html.MARKERS.items():
        assert html.contrast(colour, "#ffffff") >= 3, name
    assert html.contrast(html.DEAD_EDGE, html.DEAD_FILL) >= 3
    clash = html.board_html(
        parse(SAMPLE), {}, set(), html.Marks(current=(0, 2), clashes=frozenset({(0, 0)})), {}
    )
    assert clash.count("sdk-clash") == 1 and clash.count("sdk-cur") == 1
    for rule in (".sdk-cur", ".sdk-dead", ".sdk-clash"):  # each marker has its own outline
        block = html.STYLE.split(f"td{rule} {{")[1].split("}")[0]
        assert "outline" in block or "box-shadow" in block, rule


@pytest.mark.parametrize(
    ("size", "digit", "mark", "text"), [("default", 20, 11, 14), ("large", 28, 11, 18)]
)
def test_sizes_meet_the_projector_minimums(size, digit, mark, text):
    cell_px, digit_px, mark_px, text_px = html.METRICS[size]
    assert digit_px >= digit and mark_px >= mark and text_px >= text
    assert f".sdk-{size} .sdk-n9 {{ --sdk-cell: min({html.scaled(cell_px)}," in html.STYLE
    assert f".sdk-{size} .sdk-n9 td {{ width: var(--sdk-cell);" in html.STYLE
    assert cell_px >= 34
    stepper = Stepper(SAMPLE, "pruned", size=size)
    assert f"sdk-{size}" in stepper.widget._dom_classes
    with pytest.raises(ValueError, match="size must be one of 'default', 'large'"):
        Stepper(SAMPLE, size="huge")


def controls(widget: widgets.Widget) -> dict[str, widgets.Widget]:
    """Every button (by the English name its class carries: `sdk-next-dead-end` is "Next dead
    end", whatever language its label speaks), slider, box and controller under a widget."""
    found = {}
    stack = [widget]
    while stack:
        node = stack.pop()
        if isinstance(node, widgets.Button):
            (name,) = (c for c in node._dom_classes if c.startswith("sdk-") and c != "sdk-busy")
            found[name.removeprefix("sdk-").replace("-", " ").capitalize()] = node
        elif isinstance(node, widgets.IntSlider | widgets.IntText | view.Controller):
            found[type(node).__name__] = node
        stack.extend(getattr(node, "children", ()))
    return found


def test_controls_drive_the_same_api():
    stepper = Stepper(SAMPLE, "naive")
    found = controls(stepper.widget)
    assert {"First", "Back", "Step", "Last", "Next dead end", "To solution", "Play"} <= set(found)
    for name, control in found.items():
        if name != "Controller":
            assert control.tooltip and (control.description or control.icon), name
    for _ in range(3):
        found["Step"].click()
    slider = found["IntSlider"]
    assert stepper.position == 3 and slider.value == 3 and slider.max == stepper.known
    found["Back"].click()
    assert stepper.position == 2 and slider.value == 2
    slider.value = slider.max
    assert stepper.position == slider.max
    found["IntText"].value = 7
    assert stepper.position == 7
    found["To solution"].click()
    assert stepper.solved and slider.max == stepper.total
    found["First"].click()
    assert stepper.position == 0


def test_slider_grows_with_the_recording():
    stepper = Stepper(ANTI_BACKTRACKING, "naive")
    slider = controls(stepper.widget)["IntSlider"]
    first = slider.max
    stepper.goto(5_000)
    assert slider.max == stepper.known >= 5_000 > first
    assert slider.layout.width == "100%"


def test_keys_and_play_come_from_the_controller():
    stepper = Stepper(SAMPLE, "naive")
    controller = controls(stepper.widget)["Controller"]
    handle = stepper.view.controls.handle
    for key, position in [("step", 1), ("step", 2), ("back", 1), ("last", None), ("first", 0)]:
        handle({"key": key})
        assert stepper.position == (stepper.total if position is None else position), key
    handle({"key": "play"})
    assert controller.playing
    for _ in range(4):
        handle({"key": "tick"})
    handle({"key": "play"})  # pause: keeps its place
    assert not controller.playing and stepper.position == 4
    play = controls(stepper.widget)["Play"]
    play.click()
    assert controller.playing and play.description == "Pause"
    handle({"key": "tick"})
    play.click()
    assert stepper.position == 5 and play.description == "Play"
    stepper.goto(stepper.known)
    stepper.to_solution()
    play.click()
    handle({"key": "tick"})  # at the end Play stops by itself
    assert not controller.playing and stepper.at_end


def test_side_by_side_steps_both_on_one_timeline():
    pair = side_by_side(SAMPLE)
    assert repr(pair) == (
        "<SideBySide <Stepper naive: step 0 of ?, 0 placed>"
        " | <Stepper pruned: step 0 of 52, 0 placed>>"  # no guess: its first run ended
    )
    found = controls(pair.widget)
    assert {"Play", "Next dead end", "Step", "IntSlider"} <= set(found)
    found["Step"].click()
    pair.step(2)
    assert pair.left.position == pair.right.position == 3 == found["IntSlider"].value
    assert pair.left.board == replay(SAMPLE, events_of(SAMPLE, "naive", max_nodes=10)[:3])
    pair.goto(100)
    assert pair.left.position == 100 and pair.right.at_end  # the pruned search ends at 52
    pair.first()
    assert pair.next_dead_end()
    assert pair.left.position == pair.right.position
    assert isinstance(pair.left.event, DeadEnd) or isinstance(pair.right.event, DeadEnd)
    pair.to_solution()
    assert pair.left.solved and pair.right.solved
    assert pair.right.position < pair.left.position
    mixed = side_by_side(SAMPLE, right=Stepper(SAMPLE, "pruned", hidden_singles=False))
    mixed.step()
    assert mixed.right.position == 1


def test_bad_input_is_refused_at_once():
    with pytest.raises(ConflictError):
        StepperModel("8" + SAMPLE[1:], "naive")  # the top-left box now holds two 8s
    with pytest.raises(SudokuError, match="unknown method"):
        StepperModel(SAMPLE, "magic")
    with pytest.raises(SudokuError, match="switches"):
        StepperModel(SAMPLE, "naive", sets=False)


def test_a_solved_board_has_one_step():
    stepper = StepperModel(solve(SAMPLE).solution, "naive")
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
    stepper = StepperModel(puzzle, method)
    for i in range(1, min(len(reference), 400), 7):
        stepper.goto(i)
        assert stepper.caption == caption(reference[i - 1], 16)
    assert stepper.board == replay(puzzle, reference[: stepper.position])
    assert "sdk-n16" in stepper.board_html()


def test_a_jump_far_ahead_is_bounded(monkeypatch):
    monkeypatch.setattr(view, "RUN_CAP", 1_000)
    stepper = Stepper(ANTI_BACKTRACKING, "naive")
    stepper.step(10)
    known = stepper.known
    controls(stepper.widget)["IntText"].value = 10**9
    assert stepper.position == known + 1_000
    assert "stopped after 1,000 steps" in stepper.note


def interrupt_after(calls: int, action):
    """Wrap `action` so that its `calls`-th call raises KeyboardInterrupt, as Ctrl-C would."""
    count = 0

    def wrapped(*args):
        nonlocal count
        count += 1
        if count == calls:
            raise KeyboardInterrupt
        return action(*args)

    return wrapped


@pytest.mark.parametrize("where", ["recording", "replaying"])
def test_an_interrupt_leaves_every_stepper_working(monkeypatch, where):
    reference = events_of(ANTI_BACKTRACKING, "naive", max_nodes=4_000)
    other = StepperModel(ANTI_BACKTRACKING, "naive")
    other.goto(700)
    stepper = StepperModel(ANTI_BACKTRACKING, "naive")
    stepper.goto(300)
    if where == "recording":
        recorder = engine.EventTable.recorder
        monkeypatch.setattr(
            engine.EventTable,
            "recorder",
            lambda table, skip=0: interrupt_after(2_000, recorder(table, skip)),
        )
    else:
        apply = stepper._replay.apply
        monkeypatch.setattr(stepper._replay, "apply", interrupt_after(1_500, apply))
    with pytest.raises(KeyboardInterrupt):
        stepper.goto(9_000)
    monkeypatch.undo()
    assert_matches(stepper, ANTI_BACKTRACKING, reference, stepper.position)  # consistent
    for i in (9_000, 123, 4_567):
        stepper.goto(i)
        assert_matches(stepper, ANTI_BACKTRACKING, reference, i)
        other.goto(i + 1)
        assert_matches(other, ANTI_BACKTRACKING, reference, i + 1)


def test_ctrl_c_in_a_long_goto_then_the_process_exits_normally():
    """A real SIGINT in the middle of goto(1_000_000), in a process of its own."""
    script = textwrap.dedent(
        """
        import signal, sys, time
        signal.signal(signal.SIGINT, signal.default_int_handler)  # even if started ignoring it
        from sudoku_lib.stepper import StepperModel
        from sudoku_lib.puzzles import ANTI_BACKTRACKING, SAMPLE
        long, short = StepperModel(ANTI_BACKTRACKING), StepperModel(SAMPLE)
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        signal.signal(signal.SIGALRM, lambda *_: signal.raise_signal(signal.SIGINT))
        start = time.perf_counter()
        try:
            long.goto(1_000_000)
        except KeyboardInterrupt:
            print("interrupted after", round(time.perf_counter() - start, 1), "s at", long.position)
        long.goto(long.position + 10)
        short.to_solution()
        print("still working:", long.position > 0, short.solved)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "interrupted after" in done.stdout
    assert "still working: True True" in done.stdout


def resident_mib() -> float:
    """This process's resident memory in MiB, after a full collection and after glibc has handed
    freed memory back (so what is measured is what is still in use)."""
    gc.collect()
    ctypes.CDLL("libc.so.6").malloc_trim(0)
    with open("/proc/self/statm", encoding="ascii") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs Linux's /proc")
def test_dropped_steppers_are_freed():
    def make() -> weakref.ref:
        stepper = Stepper(SAMPLE, "naive")
        stepper.goto(5_000)
        return weakref.ref(stepper)

    make()  # the first one loads modules and fills caches; measure after it
    widgets_before = len(widget_module._instances)  # ipywidgets' registry of open widgets
    before = resident_mib()
    refs = [make() for _ in range(40)]
    after = resident_mib()
    print(f"40 steppers made and dropped: {after - before:.2f} MiB still resident")
    assert all(ref() is None for ref in refs)
    assert len(widget_module._instances) == widgets_before  # every widget closed
    assert after - before < 4  # 40 kept alive hold about 10 MiB (100 about 25)


class Counting:
    """A toy replay: its state is a running total, so a fixed recording of numbers replays."""

    def __init__(self) -> None:
        self.total = 0

    def apply(self, event: int) -> None:
        self.total += event

    def save(self) -> int:
        return self.total

    def restore(self, saved: int) -> None:
        self.total = saved


def test_a_timeline_replays_any_fixed_recording():
    """What `watch` builds on: a recording made once, replayed on its own kind of state."""
    numbers = [random.Random(3).randrange(-5, 9) for _ in range(3 * CHECKPOINT_EVERY + 7)]
    state = Counting()
    timeline = Timeline(FixedRecording(numbers), state)
    assert timeline.finished and timeline.total == len(numbers)
    moves = []
    timeline.watch(lambda: moves.append(timeline.position))
    for i in (0, 5, 1_000, 17, len(numbers), 3):
        timeline.goto(i)
        assert state.total == sum(numbers[:i])
    assert moves == [0, 5, 1_000, 17, len(numbers), 3]
    assert not timeline.next_dead_end() and timeline.at_end  # no dead ends unless one says


def test_the_model_needs_no_widgets():
    code = "import sys, sudoku_lib.stepper.model, sudoku_lib.checks.nb05; "
    code += "print('ipywidgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stderr


@settings(max_examples=30, deadline=None)
@given(
    puzzle=st.one_of(puzzles(box=2, min_keep=3, max_keep=8), puzzles(box=3, min_keep=28)),
    method=st.sampled_from(["naive", "pruned"]),
    where=st.lists(st.floats(0, 1), min_size=1, max_size=6),
)
def test_any_puzzle_any_position_matches_the_replay(puzzle, method, where):
    reference = events_of(puzzle, method, max_nodes=300)
    stepper = StepperModel(puzzle, method)
    for fraction in where:
        i = round(fraction * len(reference))
        stepper.goto(i)
        assert stepper.board == replay(puzzle, reference[:i])
        assert stepper.stack == open_choices(reference[:i])


def test_the_benchmark_measures_every_figure(capsys):
    """The benchmark itself (python -m sudoku_lib.stepper.bench), on small sizes: figures only."""
    bench.main(["--far", "1500", "--back-to", "700", "--huge", "2500", "--tries", "1"])
    printed = capsys.readouterr().out
    for what in ("bare solve", "goto(1,500)", "multiple of the bare", "back to step 700", "Step"):
        assert what in printed, what
    assert "goto(2,500)" in printed


def test_a_displayed_stepper_lives_while_the_browser_shows_it():
    stepper = Stepper(SAMPLE, "naive")
    stepper._repr_mimebundle_()  # what display() asks for
    kept = weakref.ref(stepper)
    widget = stepper.widget
    del stepper
    gc.collect()
    assert kept() is not None, "displayed, then freed before the browser could draw it"
    widget._view_count = 1  # the browser reports a view, then none (the cell was cleared)
    widget._view_count = 0
    gc.collect()
    assert kept() is None


def test_the_title_names_the_switches_a_pruned_stepper_runs_without():
    """Side by side, "pruned" against "pruned, hidden singles off": the room can tell them apart."""
    assert StepperModel(SAMPLE, "pruned").title == "pruned"
    assert StepperModel(SAMPLE, "pruned", hidden_singles=True).title == "pruned"
    off = StepperModel(SAMPLE, "pruned", hidden_singles=False, naked_singles=False)
    assert off.title == "pruned, naked singles and hidden singles off"
    pair = Stepper(SAMPLE, "pruned", hidden_singles=False)
    assert "pruned, hidden singles off" in pair.view.picture.title.value
