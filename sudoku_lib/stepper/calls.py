"""Predict mode for a recorded run of a learner's function (`watch`): "which call comes next?".

A run is calls and returns, with writes, appends and pops between them. The question is asked
where a call has just begun or a call below it has just returned, that is where the function is
about to choose its next move: another call, or its return. The choices are every call the
current call makes in the run, in the order its loop makes them, and "it returns"; an answer
shows the steps up to that call or that return, and is judged from the recording itself.

The steps are read by their shape (a call has `call`, `name` and `args`; a return has `call` and
`value`), so this module needs nothing from `watch` and works on any run recorded that way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..words import predict_text
from .predict import PredictError, Question, Verdict

RETURNS = "returns"
RETURN_KEY = "ArrowUp"
"""Returning is going back up the call tree (as "back up" is in the search's questions)."""
CHOICE_KEYS = "123456789"
"""The first nine calls a question offers are picked by their number."""


@runtime_checkable
class CallStep(Protocol):
    """A call began: numbered from 0 in the order calls began, at its depth."""

    @property
    def call(self) -> int: ...

    @property
    def depth(self) -> int: ...

    @property
    def name(self) -> str: ...

    @property
    def args(self) -> tuple[tuple[str, str], ...]: ...


@runtime_checkable
class ReturnStep(Protocol):
    """A call ended, with a value (a short repr)."""

    @property
    def call(self) -> int: ...

    @property
    def depth(self) -> int: ...

    @property
    def value(self) -> str: ...


@dataclass(frozen=True)
class CallMoment:
    """The run's steps, the position, and the calls open there (outermost first)."""

    steps: Sequence[object]
    position: int
    stack: Sequence[CallStep]


def signature(call: CallStep) -> str:
    """A call as the learner would write it: "permute(path=[1, 2])"."""
    return f"{call.name}({', '.join(f'{key}={value}' for key, value in call.args)})"


def made_by(steps: Sequence[object], call: CallStep) -> tuple[list[tuple[int, CallStep]], int]:
    """The calls `call` makes directly, each with the position just after it began, and the
    position just after `call` returns (the end of the run if it never does)."""
    start = next((i + 1 for i, step in enumerate(steps) if step == call), 0)
    made: list[tuple[int, CallStep]] = []
    for i in range(start, len(steps)):
        step = steps[i]
        if isinstance(step, CallStep) and step.depth == call.depth + 1:
            made.append((i + 1, step))
        elif isinstance(step, ReturnStep) and step.call == call.call:
            return made, i + 1
    return made, len(steps)


def choosing(moment: CallMoment) -> bool:
    """A call has just begun, or one of its calls has just returned: it chooses next."""
    if not moment.stack or not moment.position:
        return False
    last = moment.steps[moment.position - 1]
    if isinstance(last, CallStep):
        return True
    return isinstance(last, ReturnStep) and last.depth == moment.stack[-1].depth + 1


def ask_call(moment: CallMoment) -> Question | None:
    """ "Which call comes next?" where the current call chooses (None elsewhere, and for a call
    that makes no call at all: it has nothing to choose)."""
    if not choosing(moment):
        return None
    current = moment.stack[-1]
    made, end = made_by(moment.steps, current)
    if not made:
        return None
    coming = [(at, call) for at, call in made if at > moment.position]
    calls = [call for _, call in made]
    return Question(
        "call",
        predict_text("ask call", call=signature(current)),
        (*(call.call for call in calls), RETURNS),
        (*(signature(call) for call in calls), predict_text("call returns", name=current.name)),
        (*(CHOICE_KEYS[i] if i < len(CHOICE_KEYS) else "" for i in range(len(calls))), RETURN_KEY),
        moment.position,
        None,
        coming[0][1].call if coming else RETURNS,
        coming[0][0] if coming else end,
    )


def judge_call(question: Question, moment: CallMoment, choice: object) -> Verdict:
    """Right or wrong, with the reason read from the recording."""
    if choice in question.labels and choice not in question.choices:
        choice = question.choices[question.labels.index(choice)]
    if choice not in question.choices:
        shown = ", ".join(repr(value) for value in question.choices)
        raise PredictError(predict_text("not a choice", choice=choice, choices=shown))
    named = dict(zip(question.choices, question.labels, strict=True))
    current, expected = signature(moment.stack[-1]), question.expected
    if expected == RETURNS:
        reason = predict_text("no more calls", name=current)
    elif choice == RETURNS:
        reason = predict_text("still calls", call=named[expected], name=current)
    elif choice == expected:
        reason = predict_text("call next", call=named[expected], name=current)
    elif isinstance(choice, int) and isinstance(expected, int) and choice < expected:
        reason = predict_text("called already", call=named[choice])
    else:
        reason = predict_text("comes before", call=named[expected], other=named[choice])
    return Verdict(choice == expected, reason, choice, expected, question.position)
