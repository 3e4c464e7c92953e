"""Collaboration strategies sharing one interface (:class:`base.Strategy`).

``lessonl`` (Liu et al., arXiv 2505.23946), ``single`` (one agent, one shot) and ``null``
(the baseline unchanged: the noise floor). :func:`get_strategy` builds one by name.
"""

from __future__ import annotations

from ..errors import HarnessError
from .base import (BudgetExceeded, Candidate, ProblemOutcome, RunContext, Strategy,
                   FAILED_REMEASURE, NO_CORRECT)
from .lessonl import LessonL
from .null import NullStrategy
from .single import SingleAgent

STRATEGIES = {"lessonl": LessonL, "single": SingleAgent, "null": NullStrategy}


def get_strategy(name: str, **options) -> Strategy:
    """The strategy ``name`` built with ``options`` (those it does not take are ignored).

    Raises HarnessError for an unknown name.
    """
    if name not in STRATEGIES:
        raise HarnessError(f"unknown strategy '{name}' (known: {', '.join(STRATEGIES)})")
    cls = STRATEGIES[name]
    import inspect

    params = inspect.signature(cls.__init__).parameters
    return cls(**{k: v for k, v in options.items() if k in params and v is not None})


__all__ = ["BudgetExceeded", "Candidate", "ProblemOutcome", "RunContext", "Strategy", "LessonL",
           "SingleAgent", "NullStrategy", "STRATEGIES", "get_strategy", "NO_CORRECT",
           "FAILED_REMEASURE"]
