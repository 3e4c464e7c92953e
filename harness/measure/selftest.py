"""Does the suite measure sanely on this machine? (``python -m harness selftest``)

For each problem: the A/A speedup (the baseline's own source through the candidate
path), the expert reference's speedup, and each one's noise (MdAPE, %); plus the memory
bandwidth at 1 and N threads (STREAM-style triad). The per-problem A/A results are
stored as this machine's noise floor (``<cache>/selftest/<suite>-<mode>.json``):
``compare`` uses it for problems whose runs measured none of their own (runs of the
``null`` strategy).
"""

from __future__ import annotations

import dataclasses
import json
import os
import time
from typing import Callable

from . import sandbox
from .evaluate import EvalConfig, cpus_for, evaluate
from ..core.fsutil import atomic_write_text
from ..results.rows import SPEEDUP, valid
from ..results.runstore import machine_info
from .suite import Problem
from .toolchain import cache_root


def bandwidth(threads: int, bytes_per_array: int = 256 << 20) -> float:
    """Triad memory bandwidth in GB/s on ``threads`` threads (best of 5)."""
    from .. import _bench

    return _bench.triad_bandwidth(bytes_per_array, threads)


def selftest(problems: list[Problem], mode: str, cfg: EvalConfig,
             progress: Callable[[str], None] = print) -> list[dict]:
    """One row per problem: id, category, bound, size, A/A speedup with CI and MdAPE (%),
    reference speedup with CI and MdAPE (%), baseline median (ms), statuses. Everything
    is measured anew (the verdict cache is not read: the machine is what is tested)."""
    cfg = dataclasses.replace(cfg, use_cache=False)
    rows = []
    for i, p in enumerate(problems, 1):
        progress(f"[{i}/{len(problems)}] {p.id}")
        aa = evaluate(p, p.source("baseline.cpp"), mode, cfg)
        ref = evaluate(p, p.reference(mode), mode, cfg)
        row = {"problem": p.id, "category": p.category, "bound": p.bound, "mode": mode,
               "size": aa.size_label or aa.size, "aa_status": aa.status, "ref_status": ref.status}
        if aa.correct:
            row.update(aa_speedup=aa.speedup, aa_ci_low=aa.ci_low, aa_ci_high=aa.ci_high,
                       aa_mdape=max(aa.baseline_mdape, aa.candidate_mdape),
                       baseline_ms=aa.baseline_median_ns / 1e6)
        if ref.correct:
            row.update(ref_speedup=ref.speedup, ref_ci_low=ref.ci_low, ref_ci_high=ref.ci_high,
                       ref_mdape=max(ref.baseline_mdape, ref.candidate_mdape))
        rows.append(row)
    return rows


def _floor_path(suite: str, mode: str):
    return cache_root() / "selftest" / f"{suite}-{mode}.json"


def _read_floor(suite: str, mode: str, threads, cpu, machine) -> dict:
    """The saved selftest of ``suite`` in ``mode`` if it was measured with ``threads``
    threads on CPU model ``cpu`` and host ``machine``, else {} (also when unreadable)."""
    try:
        d = json.loads(_floor_path(suite, mode).read_text())
    except (OSError, ValueError):
        return {}
    if not isinstance(d, dict) or (d.get("threads"), d.get("cpu"), d.get("machine")) != (threads, cpu, machine):
        return {}
    return d


def save_noise_floor(suite: str, mode: str, rows: list[dict], threads: int) -> str:
    """Stores the A/A results as this machine's noise floor (read back by
    :func:`load_noise_floor`), replacing the rows of these problems and keeping those of
    others measured on the same machine with the same threads; returns the file's path."""
    path = _floor_path(suite, mode)
    m = machine_info()
    # a selftest of some problems updates theirs and keeps the others' (same machine)
    old = _read_floor(suite, mode, threads, m["cpu_model"], m["hostname"])
    new_ids = {r["problem"] for r in rows}
    kept = [r for r in old.get("problems", []) if isinstance(r, dict) and r.get("problem") not in new_ids]
    atomic_write_text(path, json.dumps({
        "suite": suite, "mode": mode, "threads": threads, "machine": m["hostname"],
        "cpu": m["cpu_model"], "when": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "problems": sorted(kept + rows, key=lambda r: str(r.get("problem")))}, indent=1))
    return str(path)


def load_noise_floor(suite: str, mode: str, threads: int | None, cpu: str | None,
                     machine: str | None) -> tuple[dict, str | None]:
    """This machine's last selftest A/A results for ``suite`` in ``mode``, when it ran
    with ``threads`` threads on the CPU model ``cpu`` and host ``machine``: ({(problem
    id, size label): A/A speedup}, when it was measured); a value that is no speedup
    (harness.results.rows.valid) is left out. ({}, None) when there is no such
    selftest or its file is unreadable."""
    d = _read_floor(suite, mode, threads, cpu, machine)
    if not d:
        return {}, None
    try:
        floors = {(r["problem"], str(r["size"])): float(r["aa_speedup"])
                  for r in d.get("problems", []) if valid(SPEEDUP, r.get("aa_speedup"))}
        return floors, str(d.get("when"))
    except (ValueError, TypeError, KeyError, AttributeError):  # a damaged row
        return {}, None


def format_table(rows: list[dict]) -> str:
    """The selftest rows as a fixed-width text table; where a measurement failed, its
    status (e.g. "incorrect") stands in the speedup's column."""
    def f(v, fmt, width, alt="-"):
        return (format(v, fmt) if isinstance(v, (int, float)) else alt)[:width].rjust(width)
    out = [f"{'problem':56} {'bound':7} {'size':>10} {'base ms':>8} {'A/A':>13} {'A/A CI':>13} "
           f"{'MdAPE%':>6} {'ref':>13} {'ref MdAPE%':>10}"]
    for r in rows:
        ci = (f"{r['aa_ci_low']:.3f}-{r['aa_ci_high']:.3f}" if "aa_ci_low" in r else "-")
        out.append(f"{r['problem']:56} {r['bound']:7} {str(r['size']):>10} {f(r.get('baseline_ms'), '.1f', 8)} "
                   f"{f(r.get('aa_speedup'), '.3f', 13, r['aa_status'])} {ci:>13} {f(r.get('aa_mdape'), '.1f', 6)} "
                   f"{f(r.get('ref_speedup'), '.2f', 13, r['ref_status'])} {f(r.get('ref_mdape'), '.1f', 10)}")
    return "\n".join(out)


def run_cli(problems: list[Problem], suite: str, mode: str, cfg: EvalConfig) -> int:
    """``harness selftest``: prints bandwidth, the table, and where the floor was saved.
    Returns 1 when an A/A or reference measurement was not correct (the suite does not
    measure sanely here: each is listed), else 0."""
    n = len(cpus_for(mode, cfg.threads))
    one = bandwidth(1)
    also = f", {bandwidth(n):.1f} GB/s on {n} threads" if n > 1 else ""
    print(f"memory bandwidth (triad): {one:.1f} GB/s on 1 thread{also} "
          f"({os.cpu_count()} CPUs, {machine_info()['cpu_model']})")
    print(f"process limit of candidates: {sandbox.process_limit_gap(not cfg.unsafe) or 'enforced'}")
    rows = selftest(problems, mode, cfg)
    print(format_table(rows))
    print(f"noise floor saved to {save_noise_floor(suite, mode, rows, n)}")
    failed = 0
    for r in rows:
        bad = [f"{what} {r[k]}" for what, k in (("A/A", "aa_status"), ("reference", "ref_status"))
               if r[k] != "correct"]
        if bad:
            failed += 1
            print(f"not measured: {r['problem']}: {', '.join(bad)}")
    return 1 if failed else 0
