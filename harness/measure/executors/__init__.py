"""Where evaluations run: in the driver's own thread, or on Parsl evaluation workers.

One small interface, :class:`EvalExecutor`: ``evaluate(problem, text, mode, cfg)`` blocks
until the EvalResult is there and may be called from up to ``workers`` threads at once;
``evaluate_batch(problem, texts, mode, cfg, batch)`` does the same for several candidates
of one problem, judged together (harness.measure.evaluate.evaluate_batch).
Each executor is one module of this package that registers its class
(:func:`register_executor`), or a module an outside package names in the
``harness.executors`` entry-point group; ``--executor NAME`` picks one, and without it the run takes
``inline`` for one worker and ``parsl`` otherwise (:func:`make_executor`).

- :class:`InlineExecutor` (``--eval-workers 1``, the default): harness.measure.evaluate.evaluate
  (evaluate_batch) in the calling thread, one evaluation (batch) at a time; nothing is
  started, Parsl is not imported.
- :class:`ParslExecutor` (``--eval-workers N`` > 1 or ``--parsl-config FILE``): each
  evaluation (each batch) is a Parsl task that calls harness.measure.evaluate.evaluate
  (evaluate_batch) on a worker, which
  compiles (``-march=native``, the build cache of that node), validates and times in its
  own bubblewrap sandbox, pinned to the worker's CPU set. Candidate code never runs in
  the Parsl worker process itself. Locally (:func:`local_config`) a
  HighThroughputExecutor with a LocalProvider runs N workers, each pinned to one CPU set
  of harness.measure.topology.partition.

A worker lost mid-evaluation (killed, node gone) is retried once; a second loss gives the
status ``infrastructure_error``: never a verdict on the candidate.
"""

from __future__ import annotations

from typing import Callable

from ...core.errors import HarnessError
from . import base
from .base import EvalExecutor, ExecutorRequest, register_executor
from .inline import InlineExecutor
from .parsl_workers import ParslExecutor, load_config_file, local_config


def executors() -> dict:
    """Every registered executor, {name: class} sorted by name: each module of this
    package (an executor added as a file here is found without other changes), then the
    entry points of ``harness.executors``. Raises HarnessError when one does not load."""
    return dict(sorted(base.EXECUTORS.items()))


def make_executor(
    eval_workers: int,
    mode: str,
    threads: int | None,
    parsl_config: str | None,
    evaluate_fn: Callable | None = None,
    name: str | None = None,
) -> EvalExecutor:
    """The run's executor, not started yet (see :meth:`EvalExecutor.start`): ``name``'s
    (``--executor``), else inline for one worker without a Parsl config and parsl
    otherwise. Raises HarnessError for an unknown name, a worker count below 1, and what
    the executor cannot serve (see each executor's from_request)."""
    if eval_workers < 1:
        raise HarnessError(f"--eval-workers must be at least 1 (got {eval_workers})")
    if name is None:
        name = "inline" if parsl_config is None and eval_workers == 1 else "parsl"
    return base.EXECUTORS.get(name).from_request(
        ExecutorRequest(eval_workers, mode, threads, parsl_config, evaluate_fn)
    )


__all__ = [
    "EvalExecutor",
    "ExecutorRequest",
    "InlineExecutor",
    "ParslExecutor",
    "executors",
    "load_config_file",
    "local_config",
    "make_executor",
    "register_executor",
]
