"""Evaluator overhead, A/A honesty and CI coverage (prints figures; not a test).

For each problem: an A/A evaluation (the baseline's source through the candidate path)
from a cold cache, with compile s (candidate, plus driver and baseline objects), validation
s, timed s, input generation s, total wall and overhead = wall / (compile + all kernel
time of both sides, validation included; the discarded warm-up calls are not counted);
the A/A speedup with its MdAPE; then the same evaluation again from the cache (cold /
cached wall). Then the two protocols side by side: the judge with its side runners
(evaluate(), sandboxed) beside the in-process one before it (harness._bench.InProcessBench
on the same objects, in this process, on the same CPUs): the A/A and |A/A - 1|, and the
per-call overhead as % of the baseline's call: the doorbell round trip (an empty command
through the runner, once per window of K calls) / (K x call) for the judge, the timing of
an empty call between two clock reads / call for the in-process bench. With --batch K,
after each problem's A/A, K A/As of it judged in one batch (evaluate_batch, one baseline
timed once per pair for all), their |A/A - 1| beside the single one's. Finally, repeated
A/A runs on a few problems: how often the 95 % CI of the speedup covers 1.0.

usage: python benchmarks/eval_overhead.py [--mode omp] [--problems a,b] [--coverage-runs 50] [--batch K]
       [--coverage-problems a,b,c] [--coverage-quick] [--quick]
Run it on a quiet machine: it measures the machine as much as the harness.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from dataclasses import replace

from harness.measure import stats, toolchain
from harness.measure.evaluate import EvalConfig, cpus_for, evaluate, evaluate_batch
from harness.measure.suite import load_suite


def _in_process_aa(p, mode: str, cfg: EvalConfig) -> tuple[float, float]:
    """The A/A of the in-process protocol on this process's CPUs: (speedup, baseline's
    median call in ns)."""
    from harness import _bench  # noqa: PLC0415 - after the OpenMP environment is set

    comp = toolchain.find_compiler(cfg.march)
    drv = toolchain.build_trusted(p, "driver", mode, comp)
    base = toolchain.build_trusted(p, "baseline", mode, comp)
    cand, _ = toolchain.build_candidate(p, p.source("baseline.cpp"), mode, comp, sandboxed=False)
    size = p.default_size(mode, cfg.quick)
    bench = _bench.InProcessBench(
        drv.path, base.path, cand.path, -1, p.rtol, p.atol, cfg.timeout_factor, cfg.timeout_min_s, False, ""
    )
    m = bench.measure(size, cfg.seed, cfg.min_pairs, cfg.max_pairs, cfg.budget_s, cfg.min_measure_ns, True)
    if m["status"] != "ok":
        raise RuntimeError(f"{p.id}: in-process A/A {m['status']}: {m['why']}")
    s = stats.summarize(m["baseline_ns"], m["candidate_ns"])
    return s["speedup"], s["baseline_median_ns"]


def _bench_call_ns() -> float:
    """The in-process protocol's per-call overhead (ns): an empty call between two clock reads."""
    from harness import _bench  # noqa: PLC0415

    return _bench.inprocess_call_ns()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", default="omp")
    ap.add_argument("--problems", default=None, help="comma-separated ids (default: all)")
    ap.add_argument("--quick", action="store_true", help="quick sizes")
    ap.add_argument("--coverage-runs", type=int, default=50)
    ap.add_argument("--coverage-quick", action="store_true", help="coverage runs at quick sizes")
    ap.add_argument("--coverage-problems", default="30_scan_prefix_sum,02_dense_la_gemm,13_geometry_closest_pair_2d")
    ap.add_argument(
        "--batch",
        type=int,
        default=0,
        help="also judge K A/As of each problem in one batch (evaluate_batch) and print their "
        "|A/A - 1| beside the single one's (0: no batches)",
    )
    args = ap.parse_args()
    os.environ["HARNESS_CACHE"] = tempfile.mkdtemp(prefix="harness-bench-")
    suite = load_suite("pareval")
    # default: the first 12 problems (one per category) that the evaluation-core issue names
    ids = (
        args.problems.split(",")
        if args.problems
        else [
            "02_dense_la_gemm",
            "06_fft_dft",
            "13_geometry_closest_pair_2d",
            "16_graph_largest_component",
            "23_histogram_first_letter_counts",
            "26_reduce_product_of_inverses",
            "30_scan_prefix_sum",
            "37_search_find_the_closest_number_to_pi",
            "40_sort_sort_an_array_of_complex_numbers_by_magnitude",
            "47_sparse_la_spmv",
            "54_stencil_game_of_life",
            "59_transform_map_function",
        ]
    )

    # the in-process bench runs here: the CPUs and OpenMP settings evaluate() gives a worker
    cpus = cpus_for(args.mode, None)
    os.sched_setaffinity(0, cpus)
    os.environ.update(
        {"OMP_NUM_THREADS": str(len(cpus)), "OMP_PLACES": "cores", "OMP_PROC_BIND": "close", "OMP_DYNAMIC": "false"}
    )
    print(f"mode {args.mode}; cold cache in {os.environ['HARNESS_CACHE']}; load {os.getloadavg()[0]:.2f}")
    hdr = (
        f"{'problem':56} {'compile':>7} {'valid':>6} {'timed':>6} {'gen':>6} {'wall':>6} "
        f"{'ovh':>5} {'A/A':>6} {'MdAPE%':>6} {'|A/A-1|%':>8} {'ok?':>4} {'cold/cached':>11}"
    )
    print(hdr)
    devs, overheads, side_by_side, batch_devs = [], [], [], []
    for pid in ids:
        p = suite[pid]
        cfg = EvalConfig(quick=args.quick)
        r = evaluate(p, p.source("baseline.cpp"), args.mode, cfg)
        if r.correct:
            old_aa, old_call = _in_process_aa(p, args.mode, cfg)
            k = r.evidence["baseline_iters"]
            side_by_side.append(
                (
                    pid,
                    r.speedup,
                    100 * r.evidence["doorbell_ns"] / (k * r.baseline_median_ns),
                    r.evidence["doorbell_ns"],
                    k,
                    r.baseline_median_ns,
                    old_aa,
                    100 * _bench_call_ns() / old_call,
                )
            )
        t0 = time.monotonic()
        evaluate(p, p.source("baseline.cpp"), args.mode, cfg)
        cached_wall = time.monotonic() - t0
        if args.batch > 0 and r.correct:
            rs = evaluate_batch(
                p,
                [f"// batch A/A {i}\n" + p.source("baseline.cpp") for i in range(args.batch)],
                args.mode,
                replace(cfg, use_cache=False),
                batch=args.batch,
            )
            ok = [abs(x.speedup - 1) * 100 for x in rs if x.correct]
            batch_devs.append(statistics.median(ok) if ok else float("nan"))
            print(
                f"{'  batch of ' + str(args.batch) + ' A/As':56} A/A {[round(x.speedup or 0, 3) for x in rs]} "
                f"median |A/A-1| {batch_devs[-1]:.2f} % (single {abs(r.speedup - 1) * 100:.2f} %)"
            )
        if not r.correct:
            print(f"{pid:56} {r.status}: {r.evidence}")
            continue
        kernel = r.compile_s + r.harness_compile_s + r.validation_s + r.timing_s
        ovh = r.wall_s / kernel
        dev = abs(r.speedup - 1) * 100
        mdape = max(r.baseline_mdape, r.candidate_mdape)
        ok = dev <= max(3.0, 2 * mdape)
        devs.append(dev)
        overheads.append(ovh)
        print(
            f"{pid:56} {r.compile_s + r.harness_compile_s:7.2f} {r.validation_s:6.2f} {r.timing_s:6.2f} "
            f"{r.evidence.get('generation_s', 0):6.2f} {r.wall_s:6.2f} {ovh:5.2f} {r.speedup:6.3f} "
            f"{mdape:6.1f} {dev:8.2f} {'yes' if ok else 'NO':>4} {r.wall_s / cached_wall:11.0f}x"
        )
    if devs:
        print(
            f"median |A/A - 1| = {statistics.median(devs):.2f} %   "
            f"median overhead = {statistics.median(overheads):.2f}   max overhead = {max(overheads):.2f}"
        )
    if batch_devs:
        print(
            f"batches of {args.batch}: median over problems of each batch's median |A/A - 1| = "
            f"{statistics.median(batch_devs):.2f} % (single: {statistics.median(devs):.2f} %)"
        )
    if side_by_side:
        print(f"\nprotocols side by side (load {os.getloadavg()[0]:.2f}): judge + side runners | in-process")
        print(
            f"{'problem':56} {'call ms':>8} {'K':>4} {'bell us':>7} {'A/A':>6} {'|A/A-1|%':>8} {'ovh%':>6} | "
            f"{'A/A':>6} {'|A/A-1|%':>8} {'ovh%':>6}"
        )
        for pid, aa, ovh, bell, k, call, old_aa, old_ovh in side_by_side:
            print(
                f"{pid:56} {call / 1e6:8.3f} {k:4d} {bell / 1e3:7.1f} {aa:6.3f} {abs(aa - 1) * 100:8.2f} "
                f"{ovh:6.2f} | {old_aa:6.3f} {abs(old_aa - 1) * 100:8.2f} {old_ovh:6.3f}"
            )
        col = list(zip(*side_by_side))
        print(
            f"judge:      median |A/A - 1| = {statistics.median(abs(a - 1) for a in col[1]) * 100:.2f} %, "
            f"per-call overhead median {statistics.median(col[2]):.2f} %, max {max(col[2]):.2f} %"
        )
        print(
            f"in-process: median |A/A - 1| = {statistics.median(abs(a - 1) for a in col[6]) * 100:.2f} %, "
            f"per-call overhead median {statistics.median(col[7]):.3f} %, max {max(col[7]):.3f} %"
        )

    if args.coverage_runs:
        print(f"\nCI coverage of 1.0 over {args.coverage_runs} A/A runs (fresh seeds each run):")
        for pid in args.coverage_problems.split(","):
            p = suite[pid]
            hits, speedups = 0, []
            for k in range(args.coverage_runs):
                r = evaluate(
                    p,
                    p.source("baseline.cpp"),
                    args.mode,
                    EvalConfig(quick=args.quick or args.coverage_quick, seed=1000 + 97 * k, use_cache=False),
                )
                speedups.append(r.speedup)
                hits += r.ci_low <= 1.0 <= r.ci_high
                print(f"  {pid}: run {k + 1}/{args.coverage_runs}", end="\r", file=sys.stderr)
            print(
                f"  {pid:56} covers 1.0 in {100 * hits / args.coverage_runs:5.1f} % of runs; "
                f"A/A speedup median {statistics.median(speedups):.3f}, "
                f"min {min(speedups):.3f}, max {max(speedups):.3f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
