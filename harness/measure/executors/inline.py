"""The inline executor: evaluations in the calling thread, one at a time."""

from __future__ import annotations

import threading
from typing import Callable

from ...core.errors import HarnessError
from ..evaluate import BATCH
from .base import EvalExecutor, ExecutorRequest, register_executor


@register_executor("inline", "evaluations in the run's own process, one at a time (--eval-workers 1)")
class InlineExecutor(EvalExecutor):
    """Evaluations in the calling thread, one at a time (a lock): the harness as it
    always ran. ``evaluate_fn`` replaces harness.measure.evaluate.evaluate (tests); a
    batch then goes through it one text at a time."""

    def __init__(self, evaluate_fn: Callable | None = None):
        from ..evaluate import evaluate

        self._replaced = evaluate_fn is not None
        self._fn = evaluate_fn or evaluate
        self._lock = threading.Lock()

    def evaluate(self, problem, text, mode, cfg):
        with self._lock:  # evaluations never overlap each other
            return self._fn(problem, text, mode, cfg)

    def evaluate_batch(self, problem, texts, mode, cfg, batch=BATCH, on_result=None):
        """harness.measure.evaluate.evaluate_batch in the calling thread (under the lock:
        no other evaluation meanwhile), ``on_result`` called for each result once the
        batch is back; with a replaced evaluate function, that function one text at a
        time (``on_result`` after each)."""
        from ..evaluate import evaluate_batch

        if self._replaced:
            return super().evaluate_batch(problem, texts, mode, cfg, batch, on_result)
        with self._lock:
            results = evaluate_batch(problem, list(texts), mode, cfg, batch)
        for i, res in enumerate(results):
            if on_result is not None:
                on_result(i, res)
        return results

    @classmethod
    def from_request(cls, req: ExecutorRequest) -> "InlineExecutor":
        if req.eval_workers != 1 or req.parsl_config is not None:
            raise HarnessError(
                "the inline executor runs one evaluation at a time: drop --eval-workers "
                "and --parsl-config, or choose --executor parsl"
            )
        return cls(req.evaluate_fn)
