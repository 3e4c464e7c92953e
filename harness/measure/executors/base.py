"""The executors' interface (EvalExecutor, ExecutorRequest) and their registry
(:data:`EXECUTORS`, :func:`register_executor`); harness.measure.executors lists and builds
them."""

from __future__ import annotations

import pkgutil
import sys
from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ...core.errors import HarnessError
from ...core.registry import Registry
from ..evaluate import BATCH, EvalConfig, EvalResult


@dataclass(frozen=True)
class ExecutorRequest:
    """What a run asks of its executor: ``eval_workers`` evaluations at once, its ``mode``
    and ``threads`` (omp: cores per evaluation), a Parsl config file (None: none given)
    and ``evaluate_fn``, a replacement for harness.measure.evaluate.evaluate (tests; None:
    the real one)."""

    eval_workers: int
    mode: str
    threads: int | None = None
    parsl_config: str | None = None
    evaluate_fn: Callable | None = None


class EvalExecutor(ABC):
    """Runs evaluations: one candidate (:meth:`evaluate`) or several of one problem
    judged together (:meth:`evaluate_batch`). ``workers``: how many may run at once (the
    run keeps that many problems in flight); ``name``: recorded in config.json."""

    name = "executor"
    description = ""
    workers = 1

    @classmethod
    def from_request(cls, req: ExecutorRequest) -> "EvalExecutor":
        """The executor for ``req``, not started yet. Raises HarnessError when this
        executor cannot serve it (its message names the option to change)."""
        raise NotImplementedError

    @abstractmethod
    def evaluate(self, problem, text: str, mode: str, cfg: EvalConfig) -> EvalResult:
        """harness.measure.evaluate.evaluate's contract (an EvalResult; HarnessError for the
        user's errors), plus status infrastructure_error when the worker was lost twice.
        Thread-safe; blocks until a worker is free and the result is back."""

    def evaluate_batch(
        self,
        problem,
        texts: list[str],
        mode: str,
        cfg: EvalConfig,
        batch: int = BATCH,
        on_result: Callable[[int, EvalResult], None] | None = None,
    ) -> list[EvalResult]:
        """Evaluates several candidates (replies or source texts) of one problem:
        harness.measure.evaluate.evaluate_batch's contract (one EvalResult per text, in
        order; up to ``batch`` candidates judged together; HarnessError for the user's
        errors, and for ``batch`` < 1), plus status infrastructure_error for each
        candidate whose worker was lost twice. ``on_result(i, result)`` is called once per
        text, as soon as its result is back (in order of ``i`` within each batch), before
        this returns. Thread-safe, as :meth:`evaluate`.

        This default judges them one at a time with :meth:`evaluate` (an executor that
        predates batches keeps working); the executors of this package override it."""
        if batch < 1:
            raise HarnessError(f"batch: at least 1 candidate per judge (got {batch})")
        out = []
        for i, text in enumerate(texts):
            out.append(self.evaluate(problem, text, mode, cfg))
            if on_result is not None:
                on_result(i, out[-1])
        return out

    def describe(self) -> dict:
        """What config.json records about the executor."""
        return {"name": self.name, "workers": self.workers}

    def start(self, run_dir: str | Path) -> None:  # noqa: B027 - optional hook, nothing by default
        """Starts whatever the executor needs (its logs under ``run_dir``). Raises
        HarnessError when it cannot start."""

    def shutdown(self) -> None:  # noqa: B027 - optional hook, nothing by default
        """Stops whatever the executor started (idempotent)."""


def _executor_modules() -> list[str]:
    """Every module of the package harness.measure.executors (its search path as it is
    now), each of which may register an executor."""
    package = sys.modules[__package__]
    return [f"{__package__}.{m.name}" for m in pkgutil.iter_modules(package.__path__)]


#: every executor class by name: this package's modules, then the entry points of harness.executors
EXECUTORS: Registry[type[EvalExecutor]] = Registry("executor", group="harness.executors", modules=_executor_modules)


def register_executor(name: str, description: str):
    """Class decorator: makes an EvalExecutor subclass the executor ``name`` (for
    ``--executor``) with a one-line ``description`` (for --help). Raises ValueError when
    another class has the name, or for a class that is no EvalExecutor."""

    def deco(cls):
        if not (isinstance(cls, type) and issubclass(cls, EvalExecutor)):
            raise ValueError(f"executor {name!r}: {cls!r} is not an EvalExecutor subclass")
        EXECUTORS.add(name, cls)
        cls.name, cls.description = name, description
        return cls

    return deco
