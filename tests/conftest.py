"""Shared pytest settings for the suite."""

from __future__ import annotations

import os
from typing import Any


def pytest_make_parametrize_id(config: Any, val: object, argname: str) -> str | None:
    """Name a function parameter by its name, not its repr (which holds a memory address).

    pytest-xdist requires every worker to collect the same test ids; an address differs between
    processes, so a lambda or function in a parametrize list would make the workers disagree.
    Repeated names (several lambdas) get pytest's own numbered suffixes, the same in every worker.
    """
    if callable(val) and hasattr(val, "__name__"):
        return str(val.__name__)
    return None


def pytest_xdist_auto_num_workers(config: Any) -> int:
    """`-n auto`: one worker a core, and one more.

    A fifth of the suite's time is spent waiting on a kernel, a server or a browser, so with one
    worker a core the cores sat a fifth idle (1.57 of 2 busy on average). On the 2-core machine,
    idle, a third worker took `make test` from 3 min 21-36 s to 3 min 9-13 s (two runs each), and
    the suite passes with both cores kept busy by other processes, which is the same crowding.
    """
    return (os.cpu_count() or 1) + 1
