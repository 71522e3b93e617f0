"""Shared pytest settings for the suite."""

from __future__ import annotations

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
