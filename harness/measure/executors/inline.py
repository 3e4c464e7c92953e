"""The inline executor: evaluations in the calling thread, one at a time."""

from __future__ import annotations

import threading
from typing import Callable

from ...core.errors import HarnessError
from .base import EvalExecutor, ExecutorRequest, register_executor


@register_executor("inline", "evaluations in the run's own process, one at a time (--eval-workers 1)")
class InlineExecutor(EvalExecutor):
    """Evaluations in the calling thread, one at a time (a lock): the harness as it
    always ran. ``evaluate_fn`` replaces harness.measure.evaluate.evaluate (tests)."""

    def __init__(self, evaluate_fn: Callable | None = None):
        from ..evaluate import evaluate

        self._fn = evaluate_fn or evaluate
        self._lock = threading.Lock()

    def evaluate(self, problem, text, mode, cfg):
        with self._lock:  # evaluations never overlap each other
            return self._fn(problem, text, mode, cfg)

    @classmethod
    def from_request(cls, req: ExecutorRequest) -> "InlineExecutor":
        if req.eval_workers != 1 or req.parsl_config is not None:
            raise HarnessError("the inline executor runs one evaluation at a time: drop --eval-workers "
                               "and --parsl-config, or choose --executor parsl")
        return cls(req.evaluate_fn)
