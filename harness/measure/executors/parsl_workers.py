"""The parsl executor: each evaluation a Parsl task on an evaluation worker.

Locally (:func:`local_config`) a HighThroughputExecutor with a LocalProvider runs N
workers, each pinned to one CPU set of harness.measure.topology.partition; a Parsl config
file (``--parsl-config``) runs them wherever it says (Slurm, ...). Candidate code never
runs in the Parsl worker process itself: the worker calls harness.measure.evaluate.evaluate,
which compiles, validates and times in its own sandbox.
"""

from __future__ import annotations

import os
import runpy
import sys
import threading
from pathlib import Path

from ...core.errors import HarnessError
from ..evaluate import BATCH, INFRASTRUCTURE_ERROR, EvalConfig, EvalResult
from ..topology import machine_topology, partition
from .base import EvalExecutor, ExecutorRequest, register_executor

PARSL_LABEL = "harness_eval"


def _remote_evaluate(problem, text: str, mode: str, cfg: EvalConfig) -> dict:
    """The Parsl task: the sandboxed evaluation on the worker's node and CPU set."""
    from harness.measure.evaluate import evaluate

    return evaluate(problem, text, mode, cfg).to_dict()


def _remote_evaluate_batch(problem, texts: list, mode: str, cfg: EvalConfig, batch: int) -> list:
    """The Parsl task of a batch: harness.measure.evaluate.evaluate_batch on the worker's
    node and CPU set; the results as dicts, in order."""
    from harness.measure.evaluate import evaluate_batch

    return [r.to_dict() for r in evaluate_batch(problem, texts, mode, cfg, batch)]


def local_config(cpu_sets: list, heartbeat_s: int = 2):
    """A Parsl Config: one HighThroughputExecutor on this machine (LocalProvider, one
    block) with one worker per CPU set in ``cpu_sets`` (lists of CPU ids), each worker
    pinned to its set. A dead worker is noticed within ``heartbeat_s`` seconds and
    restarted by its block's manager. A block that ends (its manager killed or gone) is
    replaced while tasks wait: Parsl's "simple" strategy scales out to the one block, and
    its windowed error handler gives up (the executor's bad state, every task failed) only
    after three blocks in a row failed. With strategy "none" a lost manager was never
    replaced: once in CI every later task waited forever with no worker left."""
    from parsl.config import Config
    from parsl.executors import HighThroughputExecutor
    from parsl.executors.high_throughput.executor import DEFAULT_LAUNCH_CMD
    from parsl.jobs.error_handlers import windowed_error_handler
    from parsl.providers import LocalProvider

    affinity = "list:" + ":".join(",".join(map(str, s)) for s in cpu_sets)
    # the worker pool runs with this interpreter, whatever PATH says
    launch = DEFAULT_LAUNCH_CMD.replace(
        "process_worker_pool.py", f"{sys.executable} -m parsl.executors.high_throughput.process_worker_pool", 1
    )
    htex = HighThroughputExecutor(
        label=PARSL_LABEL,
        address="127.0.0.1",
        max_workers_per_node=len(cpu_sets),
        cores_per_worker=1,
        cpu_affinity=affinity,
        heartbeat_period=heartbeat_s,
        heartbeat_threshold=max(10, 5 * heartbeat_s),
        poll_period=10,
        launch_cmd=launch,
        interchange_launch_cmd=[sys.executable, "-m", "parsl.executors.high_throughput.interchange"],
        block_error_handler=windowed_error_handler,
        provider=LocalProvider(init_blocks=1, min_blocks=1, max_blocks=1),
    )
    return Config(executors=[htex], strategy="simple", initialize_logging=False, usage_tracking=0)


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


@register_executor(
    "parsl",
    "Parsl evaluation workers: local ones pinned to CPU sets (--eval-workers N), "
    "or a --parsl-config file's (Slurm, ...)",
)
class ParslExecutor(EvalExecutor):
    """Evaluations as Parsl tasks. ``config``: a parsl.config.Config (from
    :func:`local_config` or :func:`load_config_file`); ``workers``: evaluations kept in
    flight; ``cpu_sets``: the local workers' CPU sets (recorded; None for a config
    file); ``source``: where the config came from (recorded). :meth:`start` starts
    Parsl's interchange and worker pool(s); :meth:`shutdown` stops them."""

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
            raise HarnessError(f"Parsl could not start its executor ({self.source}): {type(e).__name__}: {e}") from None
        self._app = python_app(_remote_evaluate, data_flow_kernel=self._dfk)
        self._batch_app = python_app(_remote_evaluate_batch, data_flow_kernel=self._dfk)

    def describe(self) -> dict:
        return {
            "name": self.name,
            "workers": self.workers,
            "config": self.source,
            **({"cpu_sets": self.cpu_sets} if self.cpu_sets is not None else {}),
        }

    def evaluate(self, problem, text, mode, cfg):
        return self._run(self._app, (problem, text, mode, cfg), 1, problem, mode, cfg)[0]

    def evaluate_batch(self, problem, texts, mode, cfg, batch=BATCH, on_result=None):
        """One Parsl task per ``batch`` texts (harness.measure.evaluate.evaluate_batch on
        a worker), one after another, each holding one worker; ``on_result`` called for
        a task's results as soon as it is back. A lost worker: the task is retried once,
        a second loss gives its candidates status infrastructure_error."""
        if batch < 1:
            raise HarnessError(f"batch: at least 1 candidate per judge (got {batch})")
        texts, out = list(texts), []
        for start in range(0, len(texts), batch):
            chunk = texts[start : start + batch]
            results = self._run(self._batch_app, (problem, chunk, mode, cfg, batch), len(chunk), problem, mode, cfg)
            for i, res in enumerate(results, start):
                out.append(res)
                if on_result is not None:
                    on_result(i, res)
        return out

    def _run(self, app, args: tuple, n: int, problem, mode: str, cfg: EvalConfig) -> list[EvalResult]:
        """``app(*args)`` on a free worker: its result(s) as ``n`` EvalResults; a lost worker
        retried once, a second loss ``n`` results of status infrastructure_error."""
        from parsl.executors.high_throughput.errors import ManagerLost, WorkerLost

        lost = []
        with self._slots:
            for _ in range(2):  # a lost worker: retried once, on the next free worker
                try:
                    got = app(*args).result()
                except (WorkerLost, ManagerLost) as e:
                    lost.append(str(e))
                    continue
                results = [EvalResult.from_dict(d) for d in (got if isinstance(got, list) else [got])]
                for res in results:
                    if lost:
                        res.evidence["worker_lost_before"] = lost[0]
                return results
        out = []
        for _ in range(n):
            res = EvalResult(problem.id, problem.suite, mode, INFRASTRUCTURE_ERROR, cfg.size or 0, cfg.threads or 0)
            res.evidence = {"why": "the evaluation's worker was lost twice (no verdict on the candidate)", "lost": lost}
            out.append(res)
        return out

    def shutdown(self) -> None:
        if self._dfk is not None:
            dfk, self._dfk = self._dfk, None
            dfk.cleanup()

    @classmethod
    def from_request(cls, req: ExecutorRequest) -> "ParslExecutor":
        """A config file's workers, or ``eval_workers`` local ones whose CPU sets split this
        process's usable CPUs: one core each in serial mode, ``threads`` cores each in omp
        mode. Raises HarnessError when the sets do not fit or the config file is bad."""
        if req.evaluate_fn is not None:
            raise HarnessError("a replaced evaluate function runs only inline (--eval-workers 1)")
        if req.parsl_config is not None:
            return cls(load_config_file(req.parsl_config), req.eval_workers, source=str(req.parsl_config))
        usable = sorted(os.sched_getaffinity(0))
        per = 1 if req.mode == "serial" else req.threads
        if per is None:
            raise HarnessError("--eval-workers N > 1 in omp mode needs --threads (cores per worker)")
        sets = partition(machine_topology(), usable, req.eval_workers, per)
        return cls(local_config(sets), req.eval_workers, cpu_sets=sets)
