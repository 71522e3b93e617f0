"""nbgrader's configuration for the course: this folder, grading/, is nbgrader's course directory.

`make grade` (tools/grade.py) writes source/NN/ from the class build, one assignment a notebook
named by its number (00 ... 08), and runs nbgrader here. Submissions go in
submitted/<student>/<NN>/, each notebook under its course name (01_the_board.ipynb).
"""

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (nbgrader provides it)

c.CourseDirectory.course_id = "sudoku-backtracking"
c.Autograde.create_student = True  # a folder in submitted/ is enough to be graded
c.Execute.timeout = 60  # seconds a cell may run; each check also limits its own cases
c.ExportPlugin.to = "grades.csv"
