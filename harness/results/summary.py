"""The per-category summary of a run's per-problem rows: LessonL's columns (Liu et al.,
arXiv 2505.23946, Table 1) and ours, for report.md, ``report`` and ``compare``
(:func:`summarize`); and the readers of a row's values (:func:`num`, :func:`truthy`).

Per-category columns (input rows are harness.results.rows.ProblemRow dicts: ProblemOutcome.row,
the rows of problems.csv/json, or a run's "problem_done" rows; for each category and for
all problems, one row per problem and repeat):

* ``n``: problems;  ``% compiled``: problems with at least one candidate that compiled
  and linked;  ``% correct``: problems whose reported (re-measured) best is correct;
* ``geomean``: geometric mean of max(s, 1) where s is the reported speedup and
  incorrect problems count as 1 (LessonL's rule: incorrect and slower count as 1x);
* ``mean``: arithmetic mean of s with incorrect problems counted as 0 (LessonL's);
* ``% >=2x``: problems with a correct s >= 2;
* ``geomean CI>1`` (ours): as geomean, but a speedup counts only where its confidence
  interval's lower bound is above 1 (else 1x);
* ``reference`` / ``% of ref``: geometric mean of the expert reference's measured
  speedups, and geomean / that reference geomean over the problems that have one
  (blank when no reference was measured, or when the reference geomean is not above 1:
  then there is no headroom to reach);
* ``% roofline`` / ``ref % roofline`` (ours): geometric means of the share of the
  roofline (harness.measure.roofline) the reported code reaches, over the problems that
  have a bound: the best's where it is correct and faster than the baseline, else the
  baseline's (the code a user keeps, as the geomean counts it); and the expert
  reference's. How much headroom is left, which a speedup does not say;
* ``null geomean`` (ours): the noise floor: the same geomean for the baseline's own
  source measured like a result (the null strategy); what noise alone would report;
* ``tokens`` (prompt + completion), ``cost $`` (USD), ``wall s`` (seconds: the sum of
  the problems' own wall times; with several problems in flight (``--eval-workers``)
  it exceeds the elapsed time, which the run's "wall time (event log)" line gives).
"""

from __future__ import annotations

import math
from typing import Iterable, Mapping, Sequence

from .metrics import counted_speedup

COLUMNS = (
    "category",
    "n",
    "% compiled",
    "% correct",
    "geomean",
    "mean",
    "% >=2x",
    "geomean CI>1",
    "null geomean",
    "reference",
    "% of ref",
    "% roofline",
    "ref % roofline",
    "tokens",
    "cost $",
    "wall s",
)


def num(v) -> float | None:
    """``v`` as a finite float (a row value read back from JSON or CSV: a number, its
    text, "" or None); None when it is missing, not a number, NaN or infinite."""
    if v is None or v == "":
        return None
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return f if math.isfinite(f) else None


def truthy(v) -> bool:
    """Whether a row's flag ``v`` is set: True, or its text "true"/"1" (any case) as
    read back from CSV."""
    return v is True or str(v).lower() in ("true", "1")


def geomean(xs: Sequence[float | None]) -> float | None:
    """The geometric mean of the positive values of ``xs`` (others, None included, left
    out); None when there are none."""
    pos = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in pos) / len(pos)) if pos else None


def summarize(rows: Iterable[Mapping]) -> list[dict]:
    """Per-category summaries (columns in the module docstring), sorted by category,
    followed by an "all" row. Percentages in percent, speedups unitless, cost in USD,
    wall time in seconds."""
    rows = list(rows)
    groups: dict[str, list] = {}
    for r in rows:
        groups.setdefault(str(r.get("category", "?")), []).append(r)
    out = [_summary(cat, rs) for cat, rs in sorted(groups.items())]
    if rows:
        out.append(_summary("all", rows))
    return out


def _summary(cat: str, rs: list) -> dict:
    n = len(rs)
    speed, speed_ci, arith, two, ref_pairs = [], [], [], 0, []
    for r in rs:
        ok = truthy(r.get("correct"))
        s = num(r.get("speedup")) if ok else None
        lo = num(r.get("ci_low"))
        counted = counted_speedup(s)
        speed.append(counted)
        speed_ci.append(counted if (s is not None and lo is not None and lo > 1.0) else 1.0)
        arith.append(s if s is not None else 0.0)
        two += s is not None and s >= 2.0
        ref = num(r.get("reference_speedup"))
        if ref is not None and ref > 0:
            ref_pairs.append((counted, ref))
    kept = [_kept_roofline(r) for r in rs]
    nulls = [num(r.get("null_speedup")) for r in rs]
    null_g = (
        geomean([counted_speedup(x) for x in nulls if x is not None]) if any(x is not None for x in nulls) else None
    )
    g = geomean(speed)
    ref_g = geomean([r for _, r in ref_pairs]) if ref_pairs else None
    # a reference that is no faster than the baseline here is no ceiling to measure against
    counted_g = geomean([c for c, _ in ref_pairs])  # counted speedups are >= 1: None only without pairs
    reached = (counted_g / ref_g) if counted_g is not None and ref_g is not None and ref_g > 1.0 else None
    return {
        "category": cat,
        "n": n,
        "% compiled": 100.0 * sum(truthy(r.get("compiled")) for r in rs) / n,
        "% correct": 100.0 * sum(truthy(r.get("correct")) for r in rs) / n,
        "geomean": g,
        "mean": sum(arith) / n,
        "% >=2x": 100.0 * two / n,
        "geomean CI>1": geomean(speed_ci),
        "null geomean": null_g,
        "reference": ref_g,
        "% of ref": 100.0 * reached if reached is not None else None,
        "% roofline": geomean(kept),
        "ref % roofline": geomean([num(r.get("reference_roofline_pct")) for r in rs]),
        "tokens": int(sum((num(r.get("prompt_tokens")) or 0) + (num(r.get("completion_tokens")) or 0) for r in rs)),
        "cost $": sum(num(r.get("cost_usd")) or 0.0 for r in rs),
        "wall s": sum(num(r.get("wall_s")) or 0.0 for r in rs),
    }


def _kept_roofline(r: Mapping) -> float | None:
    """The roofline share (%) of the code a row's user keeps: the best's when it is
    correct and faster than the baseline, else the baseline's; None without a bound."""
    s = num(r.get("speedup")) if truthy(r.get("correct")) else None
    best = num(r.get("roofline_pct"))
    return best if s is not None and s > 1.0 and best is not None else num(r.get("baseline_roofline_pct"))
