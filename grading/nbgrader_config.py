"""nbgrader's configuration for the course, kept for nbgrader's exchange only: with nbgrader's
JupyterLab extension on a Hub, students can fetch `release/NN/` and submit, and `nbgrader collect
NN` gathers their work into `submitted/<student>/<NN>/`, the layout `make grade` reads.

`make grade` (tools/grade.py) does not grade with nbgrader: nbgrader's autograde runs the checks in
the student's own kernel, where the student's code can change the result. It writes release/NN/
itself, one assignment a notebook named by its number (00 ... 08).
"""

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (nbgrader provides it)

c.CourseDirectory.course_id = "sudoku-backtracking"
