"""Predict mode on `watch`: "which call comes next?" on a learner's own function, answered right and
wrong through the recording and through its widget; every expected answer is read from the
recorded steps here, independently of the question."""

from __future__ import annotations

import pytest

from sudoku_lib import watch
from sudoku_lib.stepper.calls import RETURN_KEY, RETURNS
from sudoku_lib.stepper.predict import PredictError
from sudoku_lib.watch import Call, Return


def permute(nums, path, used, out):
    """LeetCode 46, as a learner writes it."""
    if len(path) == len(nums):
        out.append(path[:])
        return
    for i, n in enumerate(nums):
        if used[i]:
            continue
        used[i] = True
        path.append(n)
        permute(nums, path, used, out)
        path.pop()
        used[i] = False


def recorded(predict: bool = True):
    return watch(permute, [1, 2, 3], [], [False] * 3, [], predict=predict)


def next_move(steps, position, current):
    """The next call the current call makes from here, or RETURNS, read from the steps."""
    for step in steps[position:]:
        if isinstance(step, Call) and step.depth == current.depth + 1:
            return step.call
        if isinstance(step, Return) and step.call == current.call:
            return RETURNS
    raise AssertionError("the call never returned")


def test_each_question_s_answer_is_what_the_function_does_next():
    run = recorded()
    asked = 0
    while run.next_question():
        question = run.question
        current = run.model.state.stack[-1]
        assert question.expected == next_move(run.steps, run.position, current)
        children = [
            s.call for s in run.steps if isinstance(s, Call) and s.depth == current.depth + 1
        ]
        assert set(question.choices[:-1]) <= set(children) and question.choices[-1] == RETURNS
        verdict = run.answer(question.expected)
        assert verdict.right
        shown = run.steps[run.position - 1]
        if question.expected == RETURNS:
            assert isinstance(shown, Return) and shown.call == current.call
        else:
            assert isinstance(shown, Call) and shown.call == question.expected
        asked += 1
    assert run.score == (asked, asked) and asked > 5


def test_wrong_calls_are_explained_from_the_recording():
    run = recorded()
    run.next_question()
    first = run.question
    later = first.choices[1]
    verdict = run.answer(later)  # the second branch, where the first comes first
    assert not verdict.right and "comes before" in verdict.reason
    while run.next_question():
        question = run.question
        if question.expected != RETURNS and question.choices.index(question.expected) > 0:
            break
    done = question.choices[0]
    assert "was called already" in run.model.judge(question, done).reason
    assert "before it returns" in run.model.judge(question, RETURNS).reason
    while run.next_question() and run.question.expected != RETURNS:
        pass
    assert "makes no more calls" in run.model.judge(run.question, run.question.choices[0]).reason
    with pytest.raises(PredictError, match="is not an answer"):
        run.answer(99)


def test_without_predict_watch_asks_nothing():
    run = recorded(predict=False)
    run.step(3)
    assert run.question is None and not run.next_question()


def test_the_watch_widget_answers_by_keys():
    run = recorded()
    run.stepper()  # the widget, made as a notebook shows it
    quiz = run._view.quiz
    assert quiz is not None
    run.next_question()
    question = run.question
    assert question.keys[:3] == ("1", "2", "3") and question.keys[-1] == RETURN_KEY
    quiz.on_message(None, {"key": "1"})
    assert run.score == (1, 1)
    assert "✓ Right: " in quiz.verdict.value
