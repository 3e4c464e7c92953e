"""Do evaluation workers pay off, and what does a busy neighbour do to a measurement?

Prints, side by side in one run:

1. the wall time of the same ``null`` run (the quick preset's 6 problems, serial mode,
   verdict cache off, builds warmed first) with 1 and with 2 evaluation workers, and
   whether the verdicts agree. Target: 2 workers <= 0.75 x the wall of 1.
2. for each of those problems, the A/A speedup (baseline against itself, fresh seeds) on
   one worker with the other worker idle, and with the other worker timing the same
   problem at the same moment (sharing caches and the memory bus): |A/A - 1| and the CI
   width of each. A memory-bound kernel shows the neighbour most.

usage: python benchmarks/scale_out.py [--repeats 2] [--full-size]
(needs 2 usable CPUs; the load average is printed: other work on the machine distorts
every figure)
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path


def _null_run(workers: int, out: Path, size_quick: bool):
    from rich.console import Console

    from harness.run import RunOptions, execute

    opts = RunOptions(
        mode="serial",
        strategy="null",
        preset="quick",
        output=str(out),
        eval_workers=workers,
        eval_overrides={"use_cache": False},
    ).with_preset()
    opts.quick = size_quick
    t0 = time.monotonic()
    _, rows, _ = execute(opts, console=Console(file=open(os.devnull, "w")))
    return time.monotonic() - t0, rows


def _aa(pool, problem, cfg):
    return pool.evaluate(problem, problem.source("baseline.cpp"), "serial", cfg)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=2, help="A/A measurements per case and problem")
    ap.add_argument("--full-size", action="store_true", help="default sizes instead of quick sizes")
    args = ap.parse_args()
    if len(os.sched_getaffinity(0)) < 2:
        print("needs 2 usable CPUs", file=sys.stderr)
        return 2
    os.environ.setdefault("HARNESS_CACHE", tempfile.mkdtemp(prefix="scale-out-cache-"))
    from harness.measure.evaluate import EvalConfig
    from harness.measure.executors import make_executor
    from harness.measure.suite import get_problem, get_suite

    quick = not args.full_size
    problems = [get_problem(pid) for pid in get_suite("pareval").quick_problems]
    load0 = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        # builds (driver, baseline, candidate objects) warmed, so neither run compiles more
        warm = EvalConfig(quick=quick, validate_only=True)
        from harness.measure.evaluate import evaluate

        for p in problems:
            evaluate(p, p.source("baseline.cpp"), "serial", warm)
        wall1, rows1 = _null_run(1, tmp / "w1", quick)
        wall2, rows2 = _null_run(2, tmp / "w2", quick)

        pool = make_executor(2, "serial", None, None)
        pool.start(tmp / "parsl")
        cfg = EvalConfig(quick=quick, use_cache=False, seed=4242)
        aa = {}
        try:
            for p in problems:
                idle, busy = [], []
                for r in range(args.repeats):
                    c = EvalConfig(**{**cfg.__dict__, "seed": cfg.seed + 1000 * r})
                    idle.append(_aa(pool, p, c))
                    pair = [None, None]

                    def one(i, c=c, p=p, pair=pair):
                        pair[i] = _aa(pool, p, EvalConfig(**{**c.__dict__, "seed": c.seed + i}))

                    ts = [threading.Thread(target=one, args=(i,)) for i in range(2)]
                    for t in ts:
                        t.start()
                    for t in ts:
                        t.join()
                    busy += pair
                aa[p.id] = (idle, busy)
        finally:
            pool.shutdown()
    load1 = os.getloadavg()[0]

    print(
        f"load average (1 min): {load0:.2f} at the start, {load1:.2f} at the end "
        f"({len(os.sched_getaffinity(0))} usable CPUs)"
    )
    same = [(a["problem"], a["status"]) for a in rows1] == [(b["problem"], b["status"]) for b in rows2]
    print(f"\nnull run, {len(problems)} problems, serial, {'quick' if quick else 'default'} sizes, verdict cache off:")
    print(f"  1 worker : {wall1:7.1f} s")
    print(
        f"  2 workers: {wall2:7.1f} s  -> {wall2 / wall1:.2f}x the wall of 1 (target <= 0.75x); "
        f"verdicts {'the same' if same else 'DIFFER'}"
    )

    def spread(rs):
        ok = [r for r in rs if r.correct and r.speedup]
        if not ok:
            return "   -", "   -"
        dev = max(abs(r.speedup - 1) for r in ok)
        width = max(r.ci_high / r.ci_low - 1 for r in ok)
        return f"{100 * dev:6.2f}", f"{100 * width:6.2f}"

    print(
        f"\nA/A on one worker, other worker idle vs timing the same problem ({args.repeats} x each; "
        "max over the measurements):"
    )
    print(f"  {'problem':42s} {'|A/A-1| % idle':>15s} {'busy':>8s} {'CI width % idle':>16s} {'busy':>8s}")
    for pid, (idle, busy) in aa.items():
        di, wi = spread(idle)
        db, wb = spread(busy)
        print(f"  {pid:42s} {di:>15s} {db:>8s} {wi:>16s} {wb:>8s}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
