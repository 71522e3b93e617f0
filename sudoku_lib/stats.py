"""Where notebooks and tests import the counters from: `Stats` lives with the search
(search/counters.py) and `format_seconds` with the course's other words (words.py)."""

from __future__ import annotations

from .search.counters import Stats as Stats
from .words import format_seconds as format_seconds

__all__ = ["Stats", "format_seconds"]
