"""The roofline bound of a timed measurement (issue 19 part 3): how close a side's time
is to what this machine can do, and measurements the hardware cannot give.

The roofline of Williams, Waterman and Patterson (CACM 2009) caps attainable FLOP/s at
min(peak FLOP/s, arithmetic intensity x bandwidth); as a bound on one call's time:

    bound = max(memory time, compute time)

* memory time: the problem's compulsory traffic (harness.measure.work ``bytes_min``:
  every input the result depends on read once, every output written once, in bytes) at
  the bandwidth of the fastest memory level it can sit in. Every timed call gets inputs
  generated just before it (cpp/judge.cpp), so a working set that fits in a cache can be
  served from it: the bytes are given to the levels
  fastest first, each up to the capacity the timed threads could have of it (one
  instance per thread, at most as many as the machine has), and the bound is the
  largest over levels of (bytes that do not fit in the faster levels) / (that level's
  bandwidth). Every byte beyond a level's reach must pass through the next one, so each
  term is a lower bound; the largest is the bound. Bandwidths are this machine's roofs
  (harness.measure.peaks: the higher of a read and a triad kernel per level, on as many
  threads as timed). The level of the bound is the one whose term is the largest ("L2",
  "DRAM"): the bandwidth that limits.
* compute time: the baseline algorithm's fewest FLOP (``flops_min``) at COMPUTE_HEADROOM
  (2) x the FP64 peak on as many threads, only where the problem's algorithm is fixed
  (``algorithm_fixed``: no cheaper algorithm exists); else none. The peak is an FMA
  kernel's; cores with separate add pipes (Zen: two FMA and two add pipes) reach 1.5x it
  on a mix of FMAs and adds, hence the headroom; a problem on single-precision data
  (``float`` in its signature: twice the lanes per vector) gets twice that again.

No bound: a problem whose work depends on the data (``has_bound = false``: a search that
may stop early), or on counts the driver generates (``counts``: nonzeros of a sparse
matrix, which the orchestrator does not see), a problem without a ``[work]`` table, a
machine without stored roofs for that thread count, or one whose cache sizes /sys does
not give (a DRAM-only bound would be wrong for cache-resident data).

``% of roofline`` = bound / median time, for the baseline and the candidate of every
timed evaluation (the expert reference is a candidate of its own evaluation). It is a
lower bound on time, not a promise that code can reach it.

Impossible: a candidate whose time, even at the upper end of its median's 95 % interval
(harness.measure.stats.order_stat_ci), is below bound / IMPOSSIBLE_MARGIN. The margin
covers what the roofs' kernels do not reach and hand-tuned code might (non-temporal
stores skip the write-allocate traffic the triad does not count, about 1.33x; prefetch
overlap across levels). Such a verdict is ``rejected`` with the flag "impossible" and the
figures in its evidence: no table counts it as a speedup and no strategy keeps it. When
the baseline's own time is as far below the bound the roofs are wrong for this
measurement (measured on a busy machine, a changed CPU): nothing is flagged and the
evidence says so.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path

from .stats import order_stat_ci
from .work import WorkModel, load_work

IMPOSSIBLE_MARGIN = 1.5  # a candidate is impossible below bound / 1.5 (see the module docstring)
COMPUTE_HEADROOM = 2.0  # the compute bound's FLOP rate: 2 x the FMA kernel's FP64 peak (docstring)
IMPOSSIBLE = "impossible"


@dataclass(frozen=True)
class Bound:
    """The roofline bound of one call: ``bytes`` (compulsory traffic, bytes), ``flops``
    (the fewest FLOP of the fixed algorithm; None where the algorithm is not fixed),
    ``memory_ns`` and ``compute_ns`` (None without flops) the two bounds (ns),
    ``bound_ns`` the larger, ``level`` the memory level of the memory bound, ``threads``
    the thread count whose roofs were used."""

    bytes: float
    flops: float | None
    memory_ns: float
    compute_ns: float | None
    bound_ns: float
    level: str
    threads: int

    def fraction(self, time_ns: float) -> float:
        """bound / ``time_ns``: the share of the roofline a call of ``time_ns`` ns reaches."""
        return self.bound_ns / time_ns


@lru_cache(maxsize=None)
def _work(path: Path) -> WorkModel | None:
    return load_work(path)


def work_of(problem) -> WorkModel | None:
    """The problem's work model (None without a [work] table), read once per process
    like the folder's hash (harness.measure.suite). Raises ValueError for a malformed
    one."""
    return _work(Path(problem.path))


def memory_ns(nbytes: float, levels: list[dict], threads: int) -> tuple[float, str]:
    """The memory part of the bound (ns) and its level, for ``nbytes`` bytes on
    ``threads`` threads with ``levels`` (harness.measure.peaks.level_bandwidths: fastest
    first, DRAM last; GB/s = bytes per ns). See the module docstring."""
    left, worst, level = float(nbytes), 0.0, "DRAM"
    for lv in levels:
        if lv["bytes"] is None:  # DRAM: whatever is left
            reach = math.inf
        else:  # each thread may sit on an instance of its own, up to the machine's count
            reach = lv["bytes"] * min(threads, lv.get("instances") or threads)
        if left > 0:
            t = left / lv["gbs"]
            if t >= worst:
                worst, level = t, lv["level"]
        left -= reach
    return worst, level


def bound_for(problem, size: int, threads: int, roofs: dict | None) -> Bound | str:
    """The :class:`Bound` of one call of ``problem`` at driver size ``size`` on
    ``threads`` threads under ``roofs`` (harness.measure.peaks.machine_peaks), or why
    there is none (a one-line reason)."""
    try:
        work = work_of(problem)
    except (OSError, ValueError) as e:
        return f"work model unreadable: {e}"
    if work is None:
        return "no work model"
    if not work.has_bound:
        return "data-dependent work: no lower bound"
    if work.counts:
        return "work depends on generated counts (" + ", ".join(sorted(work.counts)) + ")"
    if not roofs or str(threads) not in roofs.get("levels", {}):
        return f"no roofs measured on this machine for {threads} thread{'s' if threads != 1 else ''}"
    if len(roofs["levels"][str(threads)]) < 2:  # DRAM alone: cache-resident data would get its bound
        return "this machine's cache sizes are unknown (/sys does not say)"
    try:
        nbytes = float(work.bytes_min_at(size))
        flops = float(work.flops_min_at(size)) if work.algorithm_fixed else None
    except (ValueError, ZeroDivisionError, OverflowError) as e:
        return f"work model not evaluable at size {size}: {e}"
    mem, level = memory_ns(nbytes, roofs["levels"][str(threads)], threads)
    peak = roofs.get("fp64_gflops", {}).get(str(threads))
    headroom = COMPUTE_HEADROOM * (2 if "float" in problem.signature else 1)
    comp = flops / (peak * headroom) if flops and peak else None
    return Bound(
        bytes=nbytes,
        flops=flops,
        memory_ns=mem,
        compute_ns=comp,
        bound_ns=max(mem, comp or 0.0),
        level=level,
        threads=threads,
    )


def apply(problem, res, roofs: dict | None) -> None:
    """Adds ``evidence["roofline"]`` to a timed, correct EvalResult ``res`` and rejects it
    as impossible when its time is below the bound beyond the margin (module docstring).

    The evidence: {"bound_ns", "memory_ns", "compute_ns", "bytes", "flops", "level",
    "threads", "baseline_fraction", "candidate_fraction", "candidate_time_high_ns",
    "margin"} (ns, bytes, FLOP; fractions of the roofline), or {"none": reason}; an
    impossible verdict also keeps its ``claimed_speedup`` there, its speedup fields None.
    Re-applied to a cached verdict, so that stored verdicts meet today's roofs."""
    if not (res.status == "correct" and res.candidate_ns and res.baseline_median_ns):
        return
    b = bound_for(problem, res.size, len(res.cpus) or res.threads, roofs)
    if isinstance(b, str):
        res.evidence["roofline"] = {"none": b}
        return
    high = order_stat_ci(res.candidate_ns)[1]
    base_high = order_stat_ci(res.baseline_ns)[1] if res.baseline_ns else res.baseline_median_ns
    ev = {
        **asdict(b),
        "baseline_fraction": b.fraction(res.baseline_median_ns),
        "candidate_fraction": b.fraction(res.candidate_median_ns),
        "candidate_time_high_ns": high,
        "margin": IMPOSSIBLE_MARGIN,
    }
    res.evidence["roofline"] = ev
    limit = b.bound_ns / IMPOSSIBLE_MARGIN
    if base_high < limit:
        ev["roofs_doubtful"] = (
            "the baseline itself measured below the bound: the roofs do not fit this measurement, so nothing is flagged"
        )
        return
    if high < limit:
        ev["claimed_speedup"] = res.speedup
        if IMPOSSIBLE not in res.flags:
            res.flags.append(IMPOSSIBLE)
        res.decide(
            "rejected",
            (
                f"impossible: {res.candidate_median_ns:.4g} ns per call (at most {high:.4g} ns at the 95 % "
                f"interval's upper end) is below the roofline bound of {b.bound_ns:.4g} ns / {IMPOSSIBLE_MARGIN:g} "
                f"({b.bytes:.4g} bytes at the {b.level} bandwidth"
                + (f", {b.flops:.4g} FLOP at the FP64 peak" if b.flops else "")
                + f" on {b.threads} thread{'s' if b.threads != 1 else ''}): this machine cannot compute the "
                "result that fast, so the timed calls did not (results kept across calls, a forged clock)"
            ),
        )
