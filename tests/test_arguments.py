"""Arguments beside the puzzle are checked at the door of every public function.

The property: whatever value an argument gets, the call either works (a value it accepts) or
raises, at once, TypeError (a wrong type) or ArgumentError, a ValueError (a wrong value), with a
short message that names the argument. Never another exception, never a hang, never a quiet
misreading ("no" as on, NaN as no bound).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_lib import ArgumentError, count_solutions, exact_cover, generate, geometry, solve
from sudoku_lib.arguments import (
    one_of,
    optional_callable,
    optional_whole_number,
    quote,
    switch,
    whole_number,
)
from sudoku_lib.puzzles import FOUR_BY_FOUR, SAMPLE
from sudoku_lib.search import METHODS
from sudoku_lib.search.collect import find_solutions

NOT_WHOLE_NUMBERS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),  # 25.0 too: a float is not a count
    st.sampled_from([math.nan, math.inf, -math.inf, 25.0, 1e300, Fraction(4, 2), 2 + 0j]),
    st.booleans(),  # True is not 1 here
    st.integers().map(str),  # "10": strings of digits
    st.text(max_size=4),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.binary(max_size=3),
)
NOT_SWITCHES = st.one_of(
    st.none(), st.integers(), st.text(max_size=4), st.floats(), st.lists(st.booleans())
)
NOT_CALLABLE = st.one_of(st.integers(), st.text(max_size=4), st.floats(), st.lists(st.none()))

Call = Callable[[object], object]


def solve_with_bound(method: str) -> Call:
    return lambda value: solve(FOUR_BY_FOUR, method, max_nodes=value)


BOUNDS: dict[str, Call] = {
    **{f"solve {m} max_nodes": solve_with_bound(m) for m in METHODS},
    "count_solutions max_nodes": lambda v: count_solutions(FOUR_BY_FOUR, max_nodes=v),
    "find_solutions max_nodes": lambda v: find_solutions(FOUR_BY_FOUR, max_nodes=v),
    "exact cover max_nodes": lambda v: exact_cover.solve_exact_cover(FOUR_BY_FOUR, max_nodes=v),
}
"""Calls whose argument is a node bound: None (the default) or a whole number, 0 or more."""

COUNTS: dict[str, tuple[Call, int]] = {
    "count_solutions limit": (lambda v: count_solutions(FOUR_BY_FOUR, limit=v), 1),
    "find_solutions limit": (lambda v: find_solutions(FOUR_BY_FOUR, limit=v), 1),
    "count_exact_cover limit": (lambda v: exact_cover.count_exact_cover(FOUR_BY_FOUR, v), 1),
    "generate clues": (lambda v: generate(clues=v, size=4), 4),
    "generate seed": (lambda v: generate(clues=16, seed=v, size=4), 0),
    "generate attempts": (lambda v: generate(clues=16, size=4, attempts=v), 1),
}
"""Calls whose argument must be a whole number, and the least one each accepts."""


def name_of(label: str) -> str:
    return label.split()[-1]


def assert_refused(call: Call, value: object, kind: type[Exception], name: str) -> None:
    """The call raises `kind` at once, with a short message naming the argument."""
    with pytest.raises(kind) as caught:
        call(value)
    message = str(caught.value)
    assert name in message and len(message) < 300, message
    if kind is ArgumentError:
        assert caught.value.argument == name


@pytest.mark.parametrize("label", BOUNDS)
@given(value=NOT_WHOLE_NUMBERS)
@settings(max_examples=25, deadline=None)
def test_a_bound_of_the_wrong_type_is_a_type_error(label, value):
    assert_refused(BOUNDS[label], value, TypeError, "max_nodes")


@pytest.mark.parametrize("label", BOUNDS)
@given(value=st.integers(max_value=-1))
@settings(max_examples=10, deadline=None)
def test_a_negative_bound_is_an_argument_error(label, value):
    assert_refused(BOUNDS[label], value, ArgumentError, "max_nodes")


@pytest.mark.parametrize("label", BOUNDS)
@given(value=st.one_of(st.none(), st.integers(0, 10**12)))
@settings(max_examples=10, deadline=None)
def test_any_bound_of_zero_or_more_is_taken(label, value):
    try:
        BOUNDS[label](value)
    except ValueError as error:  # a small bound may stop the search: the error says so
        assert "gave up" in str(error) and value is not None and value < 100


@pytest.mark.parametrize("label", COUNTS)
@given(value=NOT_WHOLE_NUMBERS)
@settings(max_examples=25, deadline=None)
def test_a_count_of_the_wrong_type_is_a_type_error(label, value):
    call, _ = COUNTS[label]
    assert_refused(call, value, TypeError, name_of(label))


DEFAULTS_TO_NONE = ("generate clues", "generate attempts")
"""Only these counts have a default that None stands for (per board size)."""


@pytest.mark.parametrize("label", [label for label in COUNTS if label not in DEFAULTS_TO_NONE])
def test_none_is_no_count(label):
    call, _ = COUNTS[label]
    assert_refused(call, None, TypeError, name_of(label))


@pytest.mark.parametrize("label", COUNTS)
@given(below=st.integers(1, 10**30))
@settings(max_examples=10, deadline=None)
def test_a_count_below_its_least_is_an_argument_error(label, below):
    call, least = COUNTS[label]
    assert_refused(call, least - below, ArgumentError, name_of(label))


@given(value=NOT_SWITCHES, name=st.sampled_from(["sets", "fail_early", "hidden_singles"]))
@settings(max_examples=40, deadline=None)
def test_a_switch_is_true_or_false_and_nothing_else(value, name):
    assert_refused(lambda v: solve(FOUR_BY_FOUR, "pruned", **{name: v}), value, TypeError, name)


@given(switches=st.dictionaries(st.sampled_from(["sets", "naked_singles"]), st.booleans()))
@settings(max_examples=10, deadline=None)
def test_real_switches_are_taken(switches):
    assert solve(FOUR_BY_FOUR, "pruned", **switches).solved


@given(value=NOT_CALLABLE)
@settings(max_examples=20, deadline=None)
def test_a_listener_must_be_callable(value):
    assert_refused(lambda v: solve(FOUR_BY_FOUR, "naive", listener=v), value, TypeError, "listener")


@given(value=st.one_of(st.integers(), st.none(), st.lists(st.text(max_size=2)), st.floats()))
@settings(max_examples=20, deadline=None)
def test_a_method_must_be_a_name(value):
    assert_refused(lambda v: solve(FOUR_BY_FOUR, v), value, TypeError, "method")


@given(value=st.text(max_size=8).filter(lambda t: t not in METHODS))
@settings(max_examples=20, deadline=None)
def test_an_unknown_method_is_an_argument_error_listing_the_names(value):
    with pytest.raises(ArgumentError, match="choose one of 'naive'"):
        solve(FOUR_BY_FOUR, value)


@given(value=st.one_of(NOT_WHOLE_NUMBERS, st.integers().filter(lambda n: n not in (4, 9, 16))))
@settings(max_examples=30, deadline=None)
def test_a_size_is_4_9_or_16(value):
    kind = ArgumentError if type(value) is int else TypeError
    assert_refused(geometry, value, kind, "size")
    assert_refused(lambda v: generate(size=v), value, kind, "size")


def test_the_examples_of_the_issue():
    """The exact calls the issue names, each refused at the door with the right kind."""
    refused = [
        (lambda: solve(SAMPLE, "naive", max_nodes="10"), TypeError),
        (lambda: solve(SAMPLE, "fast", max_nodes="10"), TypeError),
        (lambda: solve(SAMPLE, "naive", max_nodes=math.nan), TypeError),
        (lambda: count_solutions(SAMPLE, limit=math.nan), TypeError),
        (lambda: solve(SAMPLE, "pruned", sets="no"), TypeError),
        (lambda: solve(SAMPLE, "pruned", hidden_singles=None), TypeError),
        (lambda: solve(SAMPLE, "naive", listener=42), TypeError),
        (lambda: generate(clues="25"), TypeError),
        (lambda: generate(clues=25.5), TypeError),
    ]
    for call, kind in refused:
        with pytest.raises(kind):
            call()


# The helpers themselves, which other modules (the stepper's goto) call too.


@given(st.integers(-(10**6), 10**6), st.integers(-100, 100))
def test_whole_number_takes_every_int_in_range(value, minimum):
    if value >= minimum:
        assert whole_number("n", value, minimum=minimum) == value
    else:
        with pytest.raises(ArgumentError, match=f"n must be a whole number of at least {minimum}"):
            whole_number("n", value, minimum=minimum)


def test_whole_number_takes_anything_with_index_but_bool():
    class Index:
        def __index__(self) -> int:
            return 7

    assert whole_number("n", Index()) == 7
    assert optional_whole_number("n", None) is None
    with pytest.raises(TypeError, match="got True"):
        whole_number("n", True)


def test_the_messages_say_what_was_got_and_what_is_accepted():
    with pytest.raises(TypeError) as caught:
        optional_whole_number("max_nodes", "10")
    assert str(caught.value) == (
        "max_nodes must be None or a whole number of at least 1; got '10' (a str)"
    )
    with pytest.raises(ArgumentError) as wrong:
        one_of("method", "magic", ["naive", "fast"])
    assert str(wrong.value) == "method must be one of 'naive', 'fast'; got 'magic' (a str)"
    assert switch("sets", False) is False
    assert optional_callable("listener", print) is print


class BrokenRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr for you")


VALUES = st.recursive(
    st.one_of(st.none(), st.integers(), st.floats(), st.text(), st.builds(BrokenRepr)),
    lambda inner: st.one_of(st.lists(inner), st.dictionaries(st.text(max_size=3), inner)),
    max_leaves=30,
)


@given(VALUES, st.integers(10, 100))
def test_quote_never_raises_and_keeps_to_its_limit(value, limit):
    assert len(quote(value, limit)) <= limit
