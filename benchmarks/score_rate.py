"""Candidates per hour and A/A interval coverage: the fixed timing rule beside the adaptive one.

The same candidates are evaluated under both rules in one run, alternating which rule goes
first, with the verdict cache off:
  fixed     timing stops after min_pairs once budget_s of timed work is spent, or at
            max_pairs (EvalConfig(adaptive=False));
  adaptive  also stops, at the end of a block of 4 pairs, once the speedup is settled
            (its 99.5 % interval's half-width <= 2 % of it, or that interval clear of
            1.0, 1.1 and 2.0; cpp/include/harness/stopping.hpp settled()).
Candidates (default: 60): for every third problem of the suite, its expert reference,
its baseline's own source (an A/A, the candidate that changes nothing) and its first
wrong variant from tests/variants/ (or a second A/A where it has none). Printed per rule:
candidates per hour (wall of all evaluations), timed pairs, where the wall went (each
verdict's wall_parts: compile, race check, validation, code layouts, input generation,
timed calls, other), and how the
two rules' verdicts agree (speedup ratio, the >= 1.1x and CI > 1 calls). Then the coverage: `--aa-runs` A/As
with fresh seeds on each of three problems per rule, and how often the 95 % interval
covers 1.0. Last line: `score_rate: fixed F/h, adaptive A/h, ratio R, A/A coverage fixed
C1 %, adaptive C2 %`.

usage: python benchmarks/score_rate.py [--suite pareval] [--mode omp] [--quick]
       [--candidates 60] [--aa-runs 50] [--aa-problems a,b,c]
Run it on a quiet machine: it measures the machine as much as the harness.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

from harness.measure.evaluate import WALL_PARTS, EvalConfig, evaluate, wall_parts
from harness.measure.suite import load_suite

VARIANTS = Path(__file__).resolve().parent.parent / "tests" / "variants"
RULES = ("fixed", "adaptive")


def candidates(suite: str, mode: str, n: int) -> list[tuple[str, str, object, str]]:
    """(label, kind, problem, source) for n candidates: reference, A/A, variant per problem."""
    probs = list(load_suite(suite).values())
    out = []
    for p in probs[::3]:
        variants = sorted((VARIANTS / p.id).glob("*.cpp")) if (VARIANTS / p.id).is_dir() else []
        third = ("variant", variants[0].read_text()) if variants else ("aa", p.source("baseline.cpp"))
        for kind, text in (("reference", p.reference(mode)), ("aa", p.source("baseline.cpp")), third):
            out.append((f"{p.id}:{kind}", kind, p, text))
    return out[:n]


PARTS = ("wall", *(part.replace("_", " ") for part in WALL_PARTS))


def breakdown(r) -> dict[str, float]:
    """One evaluation's wall (s) by part: its verdict's own wall_parts (evaluate.wall_parts;
    `other` is the rest: processes, sandboxes, warm-up, the doorbell)."""
    return {"wall": r.wall_s, **{part.replace("_", " "): s for part, s in wall_parts(r).items()}}


def config(rule: str, quick: bool, seed: int = 20240521) -> EvalConfig:
    return EvalConfig(quick=quick, use_cache=False, seed=seed, adaptive=(rule == "adaptive"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--suite", default="pareval")
    ap.add_argument("--mode", default="omp")
    ap.add_argument("--quick", action="store_true", help="the problems' quick sizes")
    ap.add_argument("--candidates", type=int, default=60)
    ap.add_argument("--aa-runs", type=int, default=50, help="fresh-seed A/As per problem and rule")
    ap.add_argument("--aa-problems", default="30_scan_prefix_sum,02_dense_la_gemm,13_geometry_closest_pair_2d")
    args = ap.parse_args(argv)

    cands = candidates(args.suite, args.mode, args.candidates)
    wall = {r: 0.0 for r in RULES}
    pairs = {r: [] for r in RULES}
    results = {r: {} for r in RULES}
    parts = {r: dict.fromkeys(PARTS, 0.0) for r in RULES}
    print(f"{len(cands)} candidates, {args.suite} {args.mode}, {'quick' if args.quick else 'default'} sizes")
    for i, (label, _kind, p, text) in enumerate(cands):
        order = RULES if i % 2 == 0 else RULES[::-1]
        line = [f"[{i + 1}/{len(cands)}] {label}"]
        for rule in order:
            t = time.monotonic()
            r = evaluate(p, text, args.mode, config(rule, args.quick))
            wall[rule] += time.monotonic() - t
            results[rule][label] = r
            for k, v in breakdown(r).items():
                parts[rule][k] += v
            if r.correct:
                pairs[rule].append(r.pairs)
                line.append(
                    f"{rule} {r.status} {r.speedup:.3f} ({r.ci_low:.3f}-{r.ci_high:.3f}) "
                    f"{r.pairs} pairs {r.evidence.get('timing_stopped', '')} {time.monotonic() - t:.1f}s"
                )
            else:
                line.append(f"{rule} {r.status} {time.monotonic() - t:.1f}s")
        print("  ".join(line), flush=True)

    rate = {r: 3600.0 * len(cands) / wall[r] for r in RULES}
    print("\n| rule | candidates/h | wall s | timed pairs per correct candidate (median, mean) |")
    print("|---|---|---|---|")
    for r in RULES:
        pr = pairs[r] or [0]
        print(f"| {r} | {rate[r]:.0f} | {wall[r]:.0f} | {statistics.median(pr):.0f}, {statistics.mean(pr):.1f} |")
    print(
        "\nwhere the evaluations' wall went (s; `timed calls` and `input generation` are what a "
        "stopping rule can shorten, the rest every evaluation pays):"
    )
    print("| rule | " + " | ".join(PARTS) + " |")
    print("|---|" + "---|" * len(PARTS))
    for r in RULES:
        print(f"| {r} | " + " | ".join(f"{parts[r][k]:.0f}" for k in PARTS) + " |")
    both = [
        (results["fixed"][k], results["adaptive"][k])
        for k in results["fixed"]
        if results["fixed"][k].correct and results["adaptive"][k].correct
    ]
    if both:
        logs = [abs(math.log(a.speedup / f.speedup)) for f, a in both]
        agree11 = sum((f.speedup >= 1.1) == (a.speedup >= 1.1) for f, a in both)
        agree_ci = sum((f.ci_low > 1.0) == (a.ci_low > 1.0) for f, a in both)
        print(
            f"\nverdicts of both rules on {len(both)} correct candidates: median |log(adaptive/fixed)| "
            f"{statistics.median(logs):.4f} (max {max(logs):.4f}); same >= 1.1x call {agree11}/{len(both)}, "
            f"same CI > 1 call {agree_ci}/{len(both)}"
        )

    probs = load_suite(args.suite)
    cover = {r: [0, 0] for r in RULES}
    for pid in args.aa_problems.split(","):
        p = probs[pid]
        for k in range(args.aa_runs):
            for rule in RULES if k % 2 == 0 else RULES[::-1]:
                r = evaluate(p, p.source("baseline.cpp"), args.mode, config(rule, args.quick, seed=7000 + 131 * k))
                if r.correct:
                    cover[rule][0] += r.ci_low <= 1.0 <= r.ci_high
                    cover[rule][1] += 1
        print(f"A/A {pid}: " + ", ".join(f"{r} {cover[r][0]}/{cover[r][1]} so far" for r in RULES), flush=True)
    cov = {r: 100.0 * cover[r][0] / cover[r][1] if cover[r][1] else float("nan") for r in RULES}
    print(
        f"score_rate: fixed {rate['fixed']:.0f}/h, adaptive {rate['adaptive']:.0f}/h, ratio "
        f"{rate['adaptive'] / rate['fixed']:.2f}, A/A coverage fixed {cov['fixed']:.0f} %, "
        f"adaptive {cov['adaptive']:.0f} %"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
