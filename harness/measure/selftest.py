"""Does the suite measure sanely on this machine? (``python -m harness selftest``)

For each problem: the A/A speedup (the baseline's own source through the candidate
path), the expert reference's speedup, each one's noise (MdAPE, %), and the share of
the roofline the baseline and the reference reach (harness.measure.roofline). The command
first measures the machine's roofs (harness.measure.peaks: FP64 peak, triad bandwidth
per thread count, caches) and stores them with the
per-problem A/A results, this machine's noise floor (harness.results.noise_floor).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

from .evaluate import EvalConfig, evaluate
from .suite import Problem


def selftest(
    problems: list[Problem],
    mode: str,
    cfg: EvalConfig,
    progress: Callable[[str], None] = print,
    on_row: Callable[[dict], None] | None = None,
) -> list[dict]:
    """One row per problem: id, category, bound, size, A/A speedup with CI and MdAPE (%),
    reference speedup with CI and MdAPE (%), baseline median (ms), statuses, and where
    the problem has a roofline bound (harness.measure.roofline) the bound (ms), its memory
    level and the fractions of it the baseline and the reference reach (``impossible``
    lists the sides flagged impossible; ``aa_why`` / ``ref_why``: a measurement that is
    not correct says why, on one line of at most 300 characters). Everything
    is measured anew (the verdict cache is not read: the machine is what is tested).
    ``progress`` gets a line before each problem, ``on_row`` each row once measured (a
    long run interrupted keeps what it printed)."""
    cfg = dataclasses.replace(cfg, use_cache=False)
    rows = []
    for i, p in enumerate(problems, 1):
        progress(f"[{i}/{len(problems)}] {p.id}")
        aa = evaluate(p, p.source("baseline.cpp"), mode, cfg)
        ref = evaluate(p, p.reference(mode), mode, cfg)
        row: dict[str, Any] = {
            "problem": p.id,
            "category": p.category,
            "bound": p.bound,
            "mode": mode,
            "size": aa.size_label or aa.size,
            "aa_status": aa.status,
            "ref_status": ref.status,
        }
        if aa.correct:  # a correct verdict carries both sides' medians and MdAPEs
            assert aa.baseline_mdape is not None and aa.candidate_mdape is not None
            assert aa.baseline_median_ns is not None
            row.update(
                aa_speedup=aa.speedup,
                aa_ci_low=aa.ci_low,
                aa_ci_high=aa.ci_high,
                aa_mdape=max(aa.baseline_mdape, aa.candidate_mdape),
                baseline_ms=aa.baseline_median_ns / 1e6,
            )
            roof = aa.evidence.get("roofline", {})
            if "bound_ns" in roof:
                row.update(
                    roof_level=roof["level"],
                    bound_ms=roof["bound_ns"] / 1e6,
                    baseline_roofline=roof["baseline_fraction"],
                )
        if ref.correct:
            assert ref.baseline_mdape is not None and ref.candidate_mdape is not None
            row.update(
                ref_speedup=ref.speedup,
                ref_ci_low=ref.ci_low,
                ref_ci_high=ref.ci_high,
                ref_mdape=max(ref.baseline_mdape, ref.candidate_mdape),
            )
            roof = ref.evidence.get("roofline", {})
            if "bound_ns" in roof:
                row["ref_roofline"] = roof["candidate_fraction"]
        for side, res in (("aa", aa), ("ref", ref)):
            if not res.correct:  # what the verdict says went wrong, on one line
                row[f"{side}_why"] = " ".join(
                    str(res.evidence.get("why") or res.evidence.get("diagnostics") or "no reason recorded").split()
                )[:300]
        if "impossible" in aa.flags + ref.flags:
            row["impossible"] = [w for w, r in (("A/A", aa), ("reference", ref)) if "impossible" in r.flags]
        rows.append(row)
        if on_row:
            on_row(row)
    return rows


TABLE_HEADER = (
    f"{'problem':56} {'bound':7} {'size':>10} {'base ms':>8} {'A/A':>13} {'A/A CI':>13} "
    f"{'MdAPE%':>6} {'ref':>13} {'ref MdAPE%':>10} {'roof ms':>8} {'level':>5} "
    f"{'base %roof':>10} {'ref %roof':>9}"
)


def format_row(r: dict) -> str:
    """One selftest row as a line of the fixed-width table under TABLE_HEADER; where a
    measurement failed, its status (e.g. "incorrect") stands in the speedup's column."""

    def f(v, fmt, width, alt="-"):
        return (format(v, fmt) if isinstance(v, (int, float)) else alt)[:width].rjust(width)

    ci = f"{r['aa_ci_low']:.3f}-{r['aa_ci_high']:.3f}" if "aa_ci_low" in r else "-"
    return (
        f"{r['problem']:56} {r['bound']:7} {str(r['size']):>10} {f(r.get('baseline_ms'), '.1f', 8)} "
        f"{f(r.get('aa_speedup'), '.3f', 13, r['aa_status'])} {ci:>13} {f(r.get('aa_mdape'), '.1f', 6)} "
        f"{f(r.get('ref_speedup'), '.2f', 13, r['ref_status'])} {f(r.get('ref_mdape'), '.1f', 10)} "
        f"{f(r.get('bound_ms'), '.3g', 8)} {str(r.get('roof_level', '-')):>5} "
        f"{f(_pct(r.get('baseline_roofline')), '.1f', 10)} {f(_pct(r.get('ref_roofline')), '.1f', 9)}"
    )


def _pct(x):
    return None if x is None else 100.0 * x


def format_table(rows: list[dict]) -> str:
    """The selftest rows as a fixed-width text table (TABLE_HEADER, then format_row)."""
    return "\n".join([TABLE_HEADER] + [format_row(r) for r in rows])
