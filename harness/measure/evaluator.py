"""The evaluator the commands share: ``eval``, ``run`` and ``score`` check their
evaluation options, prepare the machine and find the expert reference through one
:class:`Evaluator`, so each of these steps is written once.

The verdict itself, status included, is decided inside :func:`harness.measure.evaluate.
evaluate_batch` (with harness.measure.races and the executors, which alone give
``infrastructure_error``); the commands never set a status. A run's problem outcome
(correct, no correct candidate, failed re-measurement) is decided in
harness.strategies.base.Strategy.choose_and_remeasure, and the "suspicious speedup" flag
against the reference in :func:`harness.measure.evaluate.flag_suspicious`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Callable, Protocol

from ..core.errors import HarnessError
from .evaluate import RACE_CHECKS, EvalConfig, EvalResult, cpus_for, evaluate_batch
from .peaks import ensure_roofs
from .suite import Problem, check_mode
from .toolchain import Compiler, find_compiler
from .topology import machine_info


class EvalOptions(Protocol):
    """The evaluation options a run's and a score run's options have alike
    (harness.run.RunOptions, harness.score.ScoreOptions)."""

    mode: str
    threads: int | None
    quick: bool
    seed: int
    march: str
    unsafe: bool
    eval_workers: int
    race_check: str
    eval_overrides: dict


@dataclass
class Evaluator:
    """How a command evaluates: ``mode`` ("serial" or "omp") and ``cfg`` (times in
    seconds, memory in bytes; see EvalConfig). ``run`` and ``score`` evaluate through
    their RunContext (executor, event log, replicate seeds) with this ``cfg``; ``eval``
    through :meth:`evaluate_batch`."""

    mode: str
    cfg: EvalConfig = field(default_factory=EvalConfig)

    @classmethod
    def from_options(cls, opts: EvalOptions, **overrides) -> Evaluator:
        """The evaluator of a run's or score run's options: their EvalConfig fields, then
        ``overrides`` (e.g. profile), then ``opts.eval_overrides``. TypeError for an
        override EvalConfig does not have."""
        cfg = EvalConfig(
            threads=opts.threads,
            quick=opts.quick,
            seed=opts.seed,
            march=opts.march,
            unsafe=opts.unsafe,
            eval_workers=opts.eval_workers,
            race_check=opts.race_check,
            **{**overrides, **opts.eval_overrides},
        )
        return cls(opts.mode, cfg)

    def check(self) -> Evaluator:
        """Returns this evaluator; raises HarnessError (one line) for a mode or race check
        a user can get wrong."""
        check_mode(self.mode)
        if self.cfg.race_check not in RACE_CHECKS:
            raise HarnessError(f"--race-check must be one of {', '.join(RACE_CHECKS)} (got {self.cfg.race_check!r})")
        return self

    @staticmethod
    def check_text(text: str, what: str) -> str:
        """Returns ``text`` (a candidate: reply or source); raises HarnessError "``what``
        is empty" when it holds only white space."""
        if not text.strip():
            raise HarnessError(f"{what} is empty")
        return text

    def prepare(
        self, *, timed: bool = True, progress: Callable[[str], None] | None = None
    ) -> tuple[Compiler, dict | None]:
        """Before any work: the compiler (HarnessError without one) and, when evaluations
        are timed in this process (``timed``, False when a test replaces them, and not
        cfg.validate_only), this machine's roofs (harness.measure.peaks.ensure_roofs:
        measured once, before anything else loads the machine; ``progress`` gets a line
        first). Returns (compiler, roofs or None)."""
        comp = find_compiler(self.cfg.march)
        roofs = None
        if timed and not self.cfg.validate_only:
            roofs = ensure_roofs(self.mode, len(cpus_for(self.mode, self.cfg.threads)), comp, progress=progress)
        return comp, roofs

    def record(self, comp: Compiler, roofs: dict | None, executor) -> dict:
        """What a run's config.json records of how it evaluated: the compiler (its
        description in this mode), the threads (CPUs an evaluation gets), this machine's
        ``roofs`` (None: not measured), quick, the EvalConfig, the machine and the
        ``executor``'s description. Used by `run` and `score` alike."""
        return {
            "compiler": comp.describe(self.mode),
            "threads": len(cpus_for(self.mode, self.cfg.threads)),
            "roofs": roofs,
            "quick": self.cfg.quick,
            "eval_config": dataclasses.asdict(self.cfg),
            "machine": machine_info(),
            "executor": executor.describe(),
        }

    def reference_source(self, problem: Problem) -> str | None:
        """The expert reference's source for this mode, None when the problem has none."""
        try:
            return problem.reference(self.mode)
        except OSError:
            return None

    def evaluate_batch(self, problem: Problem, texts: list[str], cfg: EvalConfig | None = None) -> list[EvalResult]:
        """One EvalResult per text, in order, evaluated in this process
        (harness.measure.evaluate.evaluate_batch) with ``cfg`` (None: this evaluator's).
        HarnessError as evaluate_batch raises it."""
        return evaluate_batch(problem, texts, self.mode, cfg or self.cfg)
