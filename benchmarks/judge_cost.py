"""The judge's cost: wall time over timed work, and K samples of a problem judged singly
against the same K judged in one batch, in one run.

For each of N problems (every third of the suite, as benchmarks/score_rate.py picks them)
K samples (default 8) cycle over its expert reference, its baseline's own source (an A/A)
and its first wrong variant from tests/variants/ (or another A/A). Each sample gets a
comment line of its own, and the single and the batched evaluation of it another, so every
evaluation compiles and race-checks its own object (nothing is served by a cache the
other evaluation, or an earlier run, filled). Per problem, which of the two goes first alternates. The verdict cache
is off.

Printed per problem: the single evaluations' wall, the batch's wall, their ratio, and how
the verdicts agree (the same status; for `correct`, the batch's speedup inside the single
evaluation's 95 % interval or the single's inside the batch's). Then where the wall went
in each (compile, race check, validation, code layouts, input generation, timed calls, the
rest; summed over the candidates). With --default, one single evaluation at the default
size per category. Last line:

  judge_cost: quick wall/timed median Q, default wall/timed median D, samples K=8 per-candidate wall ratio S, verdicts agree A/N

Q: the median over the single quick evaluations that timed anything of wall / timed work
(both sides' timed calls); D: the same for the default-size ones (`-` without --default);
S: the batches' total wall over the single evaluations' total wall; A/N: agreeing verdicts
of N samples. Targets (issue 40): Q <= 6, D <= 3, S <= 0.35, A = N.

usage: python benchmarks/judge_cost.py [--quick] [--default] [--suite pareval] [--mode omp]
       [--problems 7] [--k 8]
Run it alone on the machine: it measures the machine as much as the harness.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from harness.measure.evaluate import WALL_PARTS, EvalConfig, evaluate, evaluate_batch
from harness.measure.suite import load_suite

VARIANTS = Path(__file__).resolve().parent.parent / "tests" / "variants"


def samples(p, mode: str, k: int) -> list[tuple[str, str]]:
    """(kind, source) of k samples of problem p: reference, A/A, wrong variant, cycled."""
    variants = sorted((VARIANTS / p.id).glob("*.cpp")) if (VARIANTS / p.id).is_dir() else []
    third = ("variant", variants[0].read_text()) if variants else ("aa", p.source("baseline.cpp"))
    kinds = [("reference", p.reference(mode)), ("aa", p.source("baseline.cpp")), third]
    return [kinds[i % 3] for i in range(k)]


RUN = time.time_ns()  # in every tag: no object of an earlier run is served from the build cache


def tagged(text: str, i: int, how: str) -> str:
    """text with a comment line of its own: its own object, compiled and race-checked anew."""
    return f"// judge_cost run {RUN} sample {i}, {how}\n{text}"


def overhead(r) -> float | None:
    """wall / timed work of a result that timed anything, else None."""
    return r.wall_s / r.timing_s if r.timing_s else None


def agree(a, b) -> bool:
    """The same status, and for correct ones each speedup inside the other's interval."""
    if a.status != b.status:
        return False
    if a.status != "correct" or a.speedup is None or b.speedup is None:
        return True
    return a.ci_low <= b.speedup <= a.ci_high or b.ci_low <= a.speedup <= b.ci_high


def parts(rs) -> dict[str, float]:
    return {k: sum(r.evidence.get("wall_parts", {}).get(k, 0.0) for r in rs) for k in WALL_PARTS}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--suite", default="pareval")
    ap.add_argument("--mode", default="omp")
    ap.add_argument("--quick", action="store_true", help="the problems' quick sizes (the Q and S figures)")
    ap.add_argument("--default", action="store_true", help="also one default-size evaluation per category (D)")
    ap.add_argument("--problems", type=int, default=7, help="problems (every third of the suite)")
    ap.add_argument("--k", type=int, default=8, help="samples per problem, judged singly and as one batch")
    args = ap.parse_args(argv)
    if args.problems < 1 or args.k < 1:
        print("judge_cost: --problems and --k must be at least 1", file=sys.stderr)
        return 2
    probs = list(load_suite(args.suite).values())[::3][: args.problems]
    cfg = EvalConfig(quick=args.quick, use_cache=False)
    singles_all, batches_all, q, agreeing, n = [], [], [], 0, 0
    t_single = t_batch = 0.0
    print(f"{args.suite}, {args.mode}, {'quick' if args.quick else 'default'} sizes, K = {args.k}")
    print(f"{'problem':52s} {'singles s':>9s} {'batch s':>8s} {'ratio':>6s} {'agree':>6s}")
    for j, p in enumerate(probs):
        ss = samples(p, args.mode, args.k)
        for first in (False, True) if j % 2 == 0 else (True, False):
            if first:
                t1 = time.monotonic()
                batch = evaluate_batch(
                    p, [tagged(t, i, "batch") for i, (_, t) in enumerate(ss)], args.mode, cfg, batch=args.k
                )
                tb = time.monotonic() - t1
            else:
                t1 = time.monotonic()
                singles = [evaluate(p, tagged(t, i, "single"), args.mode, cfg) for i, (_, t) in enumerate(ss)]
                ts = time.monotonic() - t1
        t_single += ts
        t_batch += tb
        ok = sum(agree(a, b) for a, b in zip(singles, batch))
        agreeing += ok
        n += len(ss)
        singles_all += singles
        batches_all += batch
        q += [x for x in map(overhead, singles) if x is not None]
        print(f"{p.id:52s} {ts:9.1f} {tb:8.1f} {tb / ts:6.2f} {ok:>3d}/{len(ss)}")
        for (kind, _), a, b in zip(ss, singles, batch):
            if not agree(a, b):
                print(
                    f"    disagree {kind}: single {a.status} {a.speedup} ({a.ci_low}, {a.ci_high}) "
                    f"batch {b.status} {b.speedup} ({b.ci_low}, {b.ci_high})"
                )
    print("where the wall went (s, summed over candidates):")
    print("  " + " ".join(f"{k:>16s}" for k in WALL_PARTS))
    for label, rs in (("singles", singles_all), ("batches", batches_all)):
        print(f"  {label}: " + " ".join(f"{v:16.1f}" for v in parts(rs).values()))
    d = []
    if args.default:
        seen = set()
        for p in load_suite(args.suite).values():
            if p.category in seen:
                continue
            seen.add(p.category)
            r = evaluate(p, p.source("baseline.cpp"), args.mode, EvalConfig(use_cache=False))
            if overhead(r) is not None:
                d.append(overhead(r))
                print(f"default {p.id}: wall {r.wall_s:.1f} s, timed {r.timing_s:.1f} s, ratio {overhead(r):.2f}")
    qs = f"{statistics.median(q):.2f}" if q and args.quick else "-"
    ds = f"{statistics.median(d):.2f}" if d else "-"
    print(
        f"judge_cost: quick wall/timed median {qs}, default wall/timed median {ds}, "
        f"samples K={args.k} per-candidate wall ratio {t_batch / t_single:.2f}, verdicts agree {agreeing}/{n}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
