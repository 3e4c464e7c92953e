"""Where evaluations run: in the driver's own thread, or on Parsl evaluation workers.

One small interface, :class:`EvalExecutor`: ``evaluate(problem, text, mode, cfg)`` blocks
until the EvalResult is there and may be called from up to ``workers`` threads at once.

- :class:`InlineExecutor` (``--eval-workers 1``, the default): harness.measure.evaluate.evaluate
  in the calling thread, one evaluation at a time; nothing is started, Parsl is not
  imported.
- :class:`ParslExecutor` (``--eval-workers N`` > 1 or ``--parsl-config FILE``): each
  evaluation is a Parsl task that calls harness.measure.evaluate.evaluate on a worker, which
  compiles (``-march=native``, the build cache of that node), validates and times in its
  own bubblewrap sandbox, pinned to the worker's CPU set. Candidate code never runs in
  the Parsl worker process itself. Locally (:func:`local_config`) a
  HighThroughputExecutor with a LocalProvider runs N workers, each pinned to one CPU set
  of harness.measure.topology.partition.

A worker lost mid-evaluation (killed, node gone) is retried once; a second loss gives the
status ``infrastructure_error``: never a verdict on the candidate.
"""

from __future__ import annotations

import os
import runpy
import sys
import threading
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Callable

from ..core.errors import HarnessError
from .evaluate import INFRASTRUCTURE_ERROR, EvalConfig, EvalResult
from .topology import machine_topology, partition

PARSL_LABEL = "harness_eval"


class EvalExecutor(ABC):
    """Runs evaluations. ``workers``: how many may run at once (the run keeps that many
    problems in flight); ``name``: recorded in config.json."""

    name = "executor"
    workers = 1

    @abstractmethod
    def evaluate(self, problem, text: str, mode: str, cfg: EvalConfig) -> EvalResult:
        """harness.measure.evaluate.evaluate's contract (an EvalResult; HarnessError for the
        user's errors), plus status infrastructure_error when the worker was lost twice.
        Thread-safe; blocks until a worker is free and the result is back."""

    def describe(self) -> dict:
        """What config.json records about the executor."""
        return {"name": self.name, "workers": self.workers}

    def start(self, run_dir: str | Path) -> None:
        """Starts whatever the executor needs (its logs under ``run_dir``). Raises
        HarnessError when it cannot start."""

    def shutdown(self) -> None:
        """Stops whatever the executor started (idempotent)."""


class InlineExecutor(EvalExecutor):
    """Evaluations in the calling thread, one at a time (a lock): the harness as it
    always ran. ``evaluate_fn`` replaces harness.measure.evaluate.evaluate (tests)."""

    name = "inline"

    def __init__(self, evaluate_fn: Callable | None = None):
        from .evaluate import evaluate

        self._fn = evaluate_fn or evaluate
        self._lock = threading.Lock()

    def evaluate(self, problem, text, mode, cfg):
        with self._lock:  # evaluations never overlap each other
            return self._fn(problem, text, mode, cfg)


def _remote_evaluate(problem, text: str, mode: str, cfg: EvalConfig) -> dict:
    """The Parsl task: the sandboxed evaluation on the worker's node and CPU set."""
    from harness.measure.evaluate import evaluate

    return evaluate(problem, text, mode, cfg).to_dict()


def local_config(cpu_sets: list, heartbeat_s: int = 2):
    """A Parsl Config: one HighThroughputExecutor on this machine (LocalProvider, one
    block) with one worker per CPU set in ``cpu_sets`` (lists of CPU ids), each worker
    pinned to its set. A dead worker is noticed within ``heartbeat_s`` seconds."""
    from parsl.config import Config
    from parsl.executors import HighThroughputExecutor
    from parsl.executors.high_throughput.executor import DEFAULT_LAUNCH_CMD
    from parsl.providers import LocalProvider

    affinity = "list:" + ":".join(",".join(map(str, s)) for s in cpu_sets)
    # the worker pool runs with this interpreter, whatever PATH says
    launch = DEFAULT_LAUNCH_CMD.replace(
        "process_worker_pool.py", f"{sys.executable} -m parsl.executors.high_throughput.process_worker_pool", 1)
    htex = HighThroughputExecutor(
        label=PARSL_LABEL, address="127.0.0.1", max_workers_per_node=len(cpu_sets),
        cores_per_worker=1, cpu_affinity=affinity, heartbeat_period=heartbeat_s,
        heartbeat_threshold=max(10, 5 * heartbeat_s), poll_period=10, launch_cmd=launch,
        interchange_launch_cmd=[sys.executable, "-m", "parsl.executors.high_throughput.interchange"],
        provider=LocalProvider(init_blocks=1, min_blocks=1, max_blocks=1))
    return Config(executors=[htex], strategy="none",
                  initialize_logging=False, usage_tracking=0)


def load_config_file(path: str | Path):
    """The ``config`` (a parsl.config.Config) a Python file defines, Parsl's convention.
    Raises HarnessError if the file cannot be run or defines no Config named config."""
    from parsl.config import Config

    try:
        ns = runpy.run_path(str(path))
    except OSError as e:
        raise HarnessError(f"--parsl-config {path}: {e.strerror or e}") from None
    except Exception as e:  # the user's file: any error is theirs, in one line
        raise HarnessError(f"--parsl-config {path}: {type(e).__name__}: {e}") from None
    cfg = ns.get("config")
    if not isinstance(cfg, Config):
        raise HarnessError(f"--parsl-config {path} must define `config = parsl.config.Config(...)`")
    return cfg


class ParslExecutor(EvalExecutor):
    """Evaluations as Parsl tasks. ``config``: a parsl.config.Config (from
    :func:`local_config` or :func:`load_config_file`); ``workers``: evaluations kept in
    flight; ``cpu_sets``: the local workers' CPU sets (recorded; None for a config
    file); ``source``: where the config came from (recorded). :meth:`start` starts
    Parsl's interchange and worker pool(s); :meth:`shutdown` stops them."""

    name = "parsl"

    def __init__(self, config, workers: int, cpu_sets: list | None = None, source: str = "local"):
        self.config = config
        self.workers = workers
        self.cpu_sets = cpu_sets
        self.source = source
        self._slots = threading.Semaphore(workers)
        self._dfk = None

    def start(self, run_dir):
        from parsl.app.app import python_app
        from parsl.dataflow.dflow import DataFlowKernel

        self.config.run_dir = str(run_dir)
        try:
            self._dfk = DataFlowKernel(self.config)
        except Exception as e:  # a provider that cannot start (no sbatch, bad address...)
            raise HarnessError(f"Parsl could not start its executor ({self.source}): "
                               f"{type(e).__name__}: {e}") from None
        self._app = python_app(_remote_evaluate, data_flow_kernel=self._dfk)

    def describe(self) -> dict:
        return {"name": self.name, "workers": self.workers, "config": self.source,
                **({"cpu_sets": self.cpu_sets} if self.cpu_sets is not None else {})}

    def evaluate(self, problem, text, mode, cfg):
        from parsl.executors.high_throughput.errors import ManagerLost, WorkerLost

        lost = []
        with self._slots:
            for _ in range(2):  # a lost worker: retried once, on the next free worker
                try:
                    res = EvalResult.from_dict(self._app(problem, text, mode, cfg).result())
                except (WorkerLost, ManagerLost) as e:
                    lost.append(str(e))
                    continue
                if lost:
                    res.evidence["worker_lost_before"] = lost[0]
                return res
        res = EvalResult(problem.id, problem.suite, mode, INFRASTRUCTURE_ERROR,
                         cfg.size or 0, cfg.threads or 0)
        res.evidence = {"why": "the evaluation's worker was lost twice (no verdict on the candidate)",
                        "lost": lost}
        return res

    def shutdown(self) -> None:
        if self._dfk is not None:
            dfk, self._dfk = self._dfk, None
            dfk.cleanup()


def make_executor(eval_workers: int, mode: str, threads: int | None, parsl_config: str | None,
                  evaluate_fn: Callable | None = None) -> EvalExecutor:
    """The run's executor, not started yet (see :meth:`EvalExecutor.start`): inline for
    one worker without a Parsl config, else Parsl (the config file's, or a local one
    with ``eval_workers`` pinned workers whose CPU sets split this process's usable
    CPUs: one core each in serial mode, ``threads`` cores each in omp mode). Raises
    HarnessError when the sets do not fit or the config file is bad."""
    if eval_workers < 1:
        raise HarnessError(f"--eval-workers must be at least 1 (got {eval_workers})")
    if parsl_config is None and eval_workers == 1:
        return InlineExecutor(evaluate_fn)
    if evaluate_fn is not None:
        raise HarnessError("a replaced evaluate function runs only inline (--eval-workers 1)")
    if parsl_config is not None:
        return ParslExecutor(load_config_file(parsl_config), eval_workers, source=str(parsl_config))

    usable = sorted(os.sched_getaffinity(0))
    if mode == "omp" and threads is None:
        raise HarnessError("--eval-workers N > 1 in omp mode needs --threads (cores per worker)")
    per = 1 if mode == "serial" else threads
    sets = partition(machine_topology(), usable, eval_workers, per)
    return ParslExecutor(local_config(sets), eval_workers, cpu_sets=sets)
