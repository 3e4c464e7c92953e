"""Sampling metrics and the bootstrap behind report error bars and ``harness compare``.

Estimators over n samples of one problem (ParEval's metrics, Nichols et al., "Can Large
Language Models Write Parallel Code?", HPDC 2024, §5; pass@k from Chen et al., "Evaluating
Large Language Models Trained on Code", 2021, §2.1):

* ``pass@k`` = 1 - C(n-c, k) / C(n, k): the probability that at least one of k samples
  drawn without replacement from the n is correct (c correct);
* ``build@k``: the same with "compiled and linked" as success;
* ``speedup_n@k``: the expected *best* speedup of k samples drawn without replacement,
  sum_i s_(i) C(i-1, k-1) / C(n, k) over the speedups sorted ascending (1-based i: the
  i-th smallest is the maximum of exactly C(i-1, k-1) of the C(n, k) subsets). ParEval's
  published script (analysis/metrics.py) applies these weights to runtimes sorted
  ascending, which for k > 1 is the expected *slowest* sample; it also drops incorrect
  samples. Here an incorrect sample counts as speedup 0 (so speedup_n@1 is the mean
  speedup with incorrect as 0, LessonL's arithmetic mean);
* ``efficiency_n@k`` = speedup_n@k / threads (ParEval's efficiency with every sample
  on the same thread count).

Bootstrap (:class:`SpeedupSamples`, :func:`bootstrap_geomean`, :func:`bootstrap_ratio`):
the geomean is LessonL's (a problem counts as max(speedup, 1), 1 when not correct), on
the log scale the mean over problems of the mean over its replicates. One resample
draws problems with replacement (paired: the same problems for both runs of a
comparison), then for each drawn problem its replicates with replacement (independently
per run), then perturbs every drawn correct speedup by its own timing noise: ln s + sigma
z with z ~ N(0, 1) and sigma^2 = ((ln ci_high - ln ci_low) / (2 x 1.96))^2 (the
recorded 95 % CI of its median) + (ln null speedup)^2 (the problem's recorded A/A noise
floor, one draw of the error that noise alone makes, when measured). Percentile
intervals; seeded, so a report or verdict reproduces exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from math import comb
from typing import Sequence

import numpy as np

Z95 = 1.959963984540054  # two-sided 95 % normal quantile
Z80 = 0.8416212335729143  # one-sided 80 % (power) normal quantile
RESAMPLES = 10_000
SEED = 20240521


def _check_nk(n: int, k: int) -> None:
    if k < 1 or k > n:
        raise ValueError(f"k must be in 1..n (n = {n}, k = {k})")


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k (Chen et al. 2021, §2.1): 1 - C(n-c, k)/C(n, k) for ``c`` correct of
    ``n`` samples, as a fraction in [0, 1]. Raises ValueError unless 0 <= c <= n and
    1 <= k <= n."""
    _check_nk(n, k)
    if not 0 <= c <= n:
        raise ValueError(f"c must be in 0..n (n = {n}, c = {c})")
    return 1.0 - comb(n - c, k) / comb(n, k)


def build_at_k(n: int, built: int, k: int) -> float:
    """build@k (ParEval §5): pass@k with "compiled and linked" as success; ``built`` of
    ``n`` samples compiled. Raises ValueError like :func:`pass_at_k`."""
    return pass_at_k(n, built, k)


def speedup_n_at_k(speedups: Sequence[float | None], k: int) -> float:
    """speedup_n@k (ParEval §5, corrected for k > 1): the expected maximum speedup of a
    uniformly random k-subset (without replacement) of the n samples ``speedups``
    (T(baseline) / T(candidate), unitless; None or 0 for an incorrect sample, which
    counts as 0). Exact: sum_i s_(i) C(i-1, k-1) / C(n, k), ascending order, 1-based i.
    Raises ValueError for k outside 1..n or a negative speedup."""
    s = sorted(0.0 if x is None else float(x) for x in speedups)
    n = len(s)
    _check_nk(n, k)
    if s[0] < 0:
        raise ValueError("a speedup cannot be negative")
    total = comb(n, k)
    return sum(x * comb(i - 1, k - 1) for i, x in enumerate(s, start=1) if i >= k) / total


def efficiency_n_at_k(speedups: Sequence[float | None], k: int, threads: int) -> float:
    """efficiency_n@k (ParEval §5): speedup_n@k / ``threads`` (the CPUs every sample ran
    on; 1 in serial mode). Raises ValueError for threads < 1 or as :func:`speedup_n_at_k`."""
    if threads < 1:
        raise ValueError(f"threads must be >= 1 (got {threads})")
    return speedup_n_at_k(speedups, k) / threads


def log_sigma(ci_low: float | None, ci_high: float | None, null_speedup: float | None = None) -> float:
    """Timing noise of one reported speedup as a standard deviation on the ln scale: from
    its 95 % CI, (ln hi - ln lo) / (2 x 1.96), combined in quadrature with |ln null| (the
    problem's A/A noise floor) when measured; 0 when nothing is known."""
    var = 0.0
    if ci_low and ci_high and ci_low > 0 and ci_high >= ci_low:
        var += ((math.log(ci_high) - math.log(ci_low)) / (2 * Z95)) ** 2
    if null_speedup and null_speedup > 0:
        var += math.log(null_speedup) ** 2
    return math.sqrt(var)


def counted_speedup(speedup: float | None) -> float:
    """A problem's (or a candidate's) contribution to LessonL's geomean (Liu et al., arXiv
    2505.23946, §4 metrics): max(s, 1), so slower counts as 1x; 1 when not correct
    (None). The one copy of this rule; :func:`counted_logs` is the same on arrays."""
    return max(speedup, 1.0) if speedup is not None else 1.0


def counted_logs(log_s: np.ndarray, noisy: np.ndarray | None = None) -> np.ndarray:
    """:func:`counted_speedup` on the ln scale for arrays: max(ln s, 0), 0 where log_s is
    nan (not correct). noisy: ln speedups with timing noise added, used in place of
    log_s where log_s is known (the bootstrap)."""
    vals = log_s if noisy is None else noisy
    return np.where(np.isnan(log_s), 0.0, np.maximum(vals, 0.0))


@dataclass
class SpeedupSamples:
    """One run's reported results on P problems with up to R replicates each (arrays in
    problem order; the order of a comparison's aligned problems).

    log_s: (P, R) ln speedup, nan where the replicate is not correct or missing;
    sigma: (P, R) its timing noise (ln-scale standard deviation, see :func:`log_sigma`);
    nrep: (P,) replicates per problem (>= 1).
    """

    log_s: np.ndarray
    sigma: np.ndarray
    nrep: np.ndarray

    @classmethod
    def from_problems(cls, problems: Sequence[Sequence[tuple]]) -> "SpeedupSamples":
        """From ``[[(speedup or None, sigma), ...replicates], ...problems]``. Raises
        ValueError for a problem without replicates."""
        if not problems:
            raise ValueError("no problems")
        r = max(len(p) for p in problems)
        if min(len(p) for p in problems) < 1:
            raise ValueError("every problem needs at least one replicate")
        log_s = np.full((len(problems), r), np.nan)
        sigma = np.zeros((len(problems), r))
        for i, reps in enumerate(problems):
            for j, (s, sd) in enumerate(reps):
                if s is not None and s > 0:
                    log_s[i, j] = math.log(s)
                    sigma[i, j] = sd or 0.0
        return cls(log_s, sigma, np.array([len(p) for p in problems], dtype=int))

    def __len__(self) -> int:
        return len(self.nrep)

    def subset(self, rows: Sequence[int]) -> "SpeedupSamples":
        """The problems at indices ``rows`` (e.g. one category)."""
        idx = np.asarray(rows, dtype=int)
        return SpeedupSamples(self.log_s[idx], self.sigma[idx], self.nrep[idx])

    def per_problem_log(self) -> np.ndarray:
        """(P,) the mean over replicates of the counted ln speedup (ln max(s, 1), 0 if
        not correct): each problem's ln contribution to the geomean."""
        counted = counted_logs(self.log_s)
        mask = np.arange(self.log_s.shape[1])[None, :] < self.nrep[:, None]
        return (counted * mask).sum(axis=1) / self.nrep

    def log_geomean(self) -> float:
        """ln of LessonL's geomean (problems weighted equally, replicates averaged)."""
        return float(self.per_problem_log().mean())

    def replicate_variance(self) -> float | None:
        """Pooled within-problem variance of the counted ln speedup across replicates
        (which code the models happened to write, plus timing), over problems with >= 2
        replicates; None if there are none."""
        counted = counted_logs(self.log_s)
        ss, df = 0.0, 0
        for i, n in enumerate(self.nrep):
            if n >= 2:
                x = counted[i, :n]
                ss += float(((x - x.mean()) ** 2).sum())
                df += int(n) - 1
        return ss / df if df else None

    def draw(self, idx: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """(B,) bootstrap ln geomeans for problem draws ``idx`` (B, P' indices into this
        run's problems): replicates resampled with replacement, timing noise added."""
        b, p = idx.shape
        r = self.log_s.shape[1]
        nrep = self.nrep[idx]  # (B, P')
        reps = np.minimum((rng.random((b, p, r)) * nrep[..., None]).astype(int), nrep[..., None] - 1)
        ls = self.log_s[idx[..., None], reps]  # (B, P', R)
        sd = self.sigma[idx[..., None], reps]
        noisy = ls + sd * rng.standard_normal((b, p, r))
        counted = counted_logs(ls, noisy)
        mask = np.arange(r)[None, None, :] < nrep[..., None]
        return ((counted * mask).sum(axis=2) / nrep).mean(axis=1)


def _interval(draws: np.ndarray, level: float) -> tuple[float, float]:
    a = (1.0 - level) / 2.0
    lo, hi = np.quantile(draws, [a, 1.0 - a])
    return float(lo), float(hi)


def bootstrap_geomean(
    run: SpeedupSamples, *, resamples: int = RESAMPLES, seed: int = SEED, level: float = 0.95
) -> tuple[float, float, float]:
    """LessonL's geomean of ``run`` with its percentile bootstrap interval (problems,
    replicates and timing noise resampled; see the module docstring):
    (geomean, low, high), unitless. Raises ValueError for an empty run."""
    if len(run) == 0:
        raise ValueError("no problems")
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(run), size=(resamples, len(run)))
    lo, hi = _interval(run.draw(idx, rng), level)
    return math.exp(run.log_geomean()), math.exp(lo), math.exp(hi)


def bootstrap_ratio(
    old: SpeedupSamples, new: SpeedupSamples, *, resamples: int = RESAMPLES, seed: int = SEED, level: float = 0.95
) -> tuple[float, float, float]:
    """new/old ratio of LessonL's geomeans over the same aligned problems (row i of both
    is the same problem) with its paired percentile bootstrap interval: (ratio, low,
    high), unitless. Problems are drawn in pairs; replicates and timing noise per run.
    Raises ValueError if the runs do not have the same number of problems or none."""
    if len(old) != len(new) or len(old) == 0:
        raise ValueError("the runs must have the same, non-zero number of aligned problems")
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(old), size=(resamples, len(old)))
    diff = new.draw(idx, rng) - old.draw(idx, rng)
    lo, hi = _interval(diff, level)
    return math.exp(new.log_geomean() - old.log_geomean()), math.exp(lo), math.exp(hi)


def replicates_needed(old: SpeedupSamples, new: SpeedupSamples, drop: float) -> dict:
    """How many replicates per run resolve a geomean change of ``drop`` (a fraction, e.g.
    0.05) with a two-sided 95 % interval and 80 % power, from a normal approximation of
    the paired bootstrap: Var(mean delta) = (tau^2 + 2 s^2 / R) / P, where s^2 is the
    pooled replicate variance (:meth:`SpeedupSamples.replicate_variance`, both runs) and
    tau^2 the variance of the problems' true deltas (the observed variance of the
    per-problem deltas minus the replicate part, s^2 x (mean 1/n_old + mean 1/n_new) for
    n the problems' replicate counts). Returns {"s2", "tau2", "problems",
    "replicates"}: replicates is None when s^2 is unknown (no run has >= 2 replicates)
    and math.inf when no number of replicates suffices at this many problems (tau^2
    alone is too large: more problems are needed). Raises ValueError for drop outside
    (0, 1)."""
    if not 0 < drop < 1:
        raise ValueError(f"drop must be a fraction in (0, 1) (got {drop})")
    p = len(old)
    vs = [v for v in (old.replicate_variance(), new.replicate_variance()) if v is not None]
    s2 = float(np.mean(vs)) if vs else None
    d = new.per_problem_log() - old.per_problem_log()
    var_d = float(d.var(ddof=1)) if p >= 2 else 0.0
    if s2 is None:
        return {"s2": None, "tau2": None, "problems": p, "replicates": None}
    # a problem's delta carries s^2 / n replicate variance per side, n its replicate count
    tau2 = max(0.0, var_d - s2 * float(np.mean(1.0 / old.nrep) + np.mean(1.0 / new.nrep)))
    target = (-math.log(1.0 - drop) / (Z95 + Z80)) ** 2 * p  # allowed tau^2 + 2 s^2 / R
    room = target - tau2
    reps = math.inf if room <= 0 else max(1, math.ceil(2 * s2 / room))
    return {"s2": s2, "tau2": tau2, "problems": p, "replicates": reps}
