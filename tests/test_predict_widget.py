"""The predict panel in the kernel: its buttons and the messages its browser side sends (keys and
clicks on cells) answer the model's question, and it shows the verdict and the score. The browser
itself is driven in test_predict_browser.py."""

from __future__ import annotations

from sudoku_lib import Stepper, side_by_side
from sudoku_lib.puzzles import SAMPLE, load_set
from sudoku_lib.stepper.questions import BACK_UP, BACK_UP_KEY, DEEPER, DEEPER_KEY
from sudoku_lib.stepper.quiz import QuizPanel

HARD = load_set("top95")[0]


def panel_of(stepper: Stepper) -> QuizPanel:
    assert stepper.view.quiz is not None
    return stepper.view.quiz


def press(panel: QuizPanel, key: str) -> None:
    """What the browser sends when a key is pressed on the stepper."""
    panel.on_message(None, {"key": key})


def test_a_stepper_without_predict_has_no_panel():
    assert Stepper(SAMPLE).view.quiz is None


def test_the_choice_buttons_answer_and_the_verdict_and_score_show():
    stepper = Stepper(SAMPLE, predict=True)
    panel = panel_of(stepper)
    assert "No question at this step" in panel.question.value  # step 0 asks nothing
    panel.next.click()
    question = stepper.question
    assert question is not None and question.kind == "direction"
    assert question.text in panel.question.value
    labels = [button.description for button in panel.choices.children]
    assert labels == ["go deeper (↓)", "back up (↑)"]
    wrong = 1 - question.choices.index(question.expected)
    panel.choices.children[wrong].click()
    assert stepper.position == question.position + 1
    assert "✗ Not this time: " in panel.verdict.value and "sdk-wrong" in panel.verdict.value
    assert "0 of 1 right" in panel.score.value
    stepper.step()
    assert panel.verdict.value == ""  # the verdict belongs to the step it took


def test_keys_answer_skip_and_go_to_the_next_question():
    stepper = Stepper(SAMPLE, predict=True)
    panel = panel_of(stepper)
    stepper.next_question()
    right = stepper.question
    press(panel, DEEPER_KEY if right.expected == DEEPER else BACK_UP_KEY)
    assert stepper.position == right.position + 1 and stepper.score == (1, 1)
    assert "✓ Right: " in panel.verdict.value
    press(panel, "n")
    position = stepper.position
    assert stepper.question is not None
    press(panel, "s")
    assert stepper.position == position + 1 and stepper.score == (1, 1)
    while stepper.question is None or stepper.question.kind != "digit":
        stepper.step()
    question = stepper.question
    press(panel, question.expected.lower() if question.expected != BACK_UP else BACK_UP_KEY)
    assert stepper.score == (2, 2)
    assert set(panel.keys.answer_keys) >= {"s", "n"}


def test_a_cell_is_answered_by_a_click_on_the_board_or_by_two_digit_keys():
    stepper = Stepper(HARD, "pruned", predict=True)
    panel = panel_of(stepper)
    while stepper.question is None or stepper.question.kind != "cell":
        stepper.step()
    question = stepper.question
    assert panel.keys.picking and panel.choices.children == ()
    r, c = question.expected
    panel.on_message(None, {"cell": [r, c]})  # a click on that cell of the board
    assert stepper.score == (1, 1)

    while stepper.question is None or stepper.question.kind != "cell":
        stepper.step()
    r, c = stepper.question.expected
    press(panel, "123456789"[r])
    assert stepper.score == (1, 1)  # half a cell: nothing answered yet
    press(panel, "123456789"[c])
    assert stepper.score == (2, 2) and stepper.verdict.right
    assert "has the fewest candidates" in panel.verdict.value


def test_a_click_that_is_no_answer_says_why_and_changes_nothing():
    stepper = Stepper(HARD, "pruned", predict=True)
    panel = panel_of(stepper)
    while stepper.question is None or stepper.question.kind != "cell":
        stepper.step()
    position = stepper.position
    panel.on_message(None, {"cell": [12, 0]})
    assert stepper.position == position and stepper.score == (0, 0)
    assert "is not a cell" in panel.verdict.value


def test_side_by_side_asks_on_each_side():
    pair = side_by_side(HARD, predict=True)
    assert pair.left.predict and pair.right.predict
    assert pair.left.view.quiz is not None and pair.right.view.quiz is not None
    pair.left.next_question()
    pair.left.answer(pair.left.question.expected)
    assert pair.left.score == (1, 1) and pair.right.score == (0, 0)


def test_the_app_s_switch_opens_a_stepper_that_asks():
    from sudoku_lib.app import stepper_app

    app = stepper_app(method="pruned", source="set", set_name="top95", number=1)
    assert app.view is not None and not app.view.predict
    app.predict.value = True  # the switch, as the teacher clicks it
    assert app.view.predict and app.view.view.quiz is not None
    app.layout_choice.value = "side by side"
    assert all(side.predict for side in app.view.sides)
