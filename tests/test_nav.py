"""The navigation is generated: running the tool on the committed notebooks changes nothing."""

from tools import make_nav


def test_navigation_contents_and_readme_table_are_up_to_date():
    stale = make_nav.out_of_date(write=False)
    assert stale == [], f"run `python -m tools.make_nav`: {[p.name for p in stale]} out of date"


def test_every_notebook_links_to_its_neighbours_and_the_contents():
    course = make_nav.pages()
    assert [page.title[:2] for page in course] == [f"{i:02d}" for i in range(len(course))]
    middle = make_nav.nav_line(1, course)
    assert middle.startswith(f"[← {course[0].title}]({course[0].path.name})")
    assert f"[Contents]({course[0].path.name}#Contents)" in middle
    assert middle.endswith(f"[{course[2].title} →]({course[2].path.name})")
    assert "→" not in make_nav.nav_line(len(course) - 1, course)


def test_the_contents_table_lists_every_notebook_after_00():
    course = make_nav.pages()
    table = make_nav.contents_table(course)
    assert all(page.link in table for page in course[1:])
    assert course[0].link not in table
