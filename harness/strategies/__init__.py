"""Collaboration strategies sharing one interface (:class:`base.Strategy`), each one
module that registers itself in :mod:`.registry` (name, parameters, per-problem budget).

:func:`get_strategy` builds one by name; ``python -m harness strategies`` lists them.
"""

from __future__ import annotations

from typing import Any, Mapping

from .base import BudgetExceeded, Candidate, ProblemOutcome, RunContext, Strategy, FAILED_REMEASURE, NO_CORRECT
from .registry import REGISTRY, Budget, Param, StrategyInfo, get, load_all, register


def get_strategy(name: str, options: Mapping[str, Any] | None = None, preset: str | None = None) -> Strategy:
    """The strategy ``name`` built with ``options`` over its defaults (and the quick
    preset's values when ``preset == "quick"``). Raises HarnessError for an unknown name,
    an option it does not take or a bad value."""
    info = get(name)
    return info.build(info.resolve(options or {}, preset))


__all__ = [
    "BudgetExceeded",
    "Candidate",
    "ProblemOutcome",
    "RunContext",
    "Strategy",
    "REGISTRY",
    "Budget",
    "Param",
    "StrategyInfo",
    "get",
    "load_all",
    "register",
    "get_strategy",
    "NO_CORRECT",
    "FAILED_REMEASURE",
]
