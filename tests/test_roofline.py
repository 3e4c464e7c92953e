"""The roofline bound and the impossible flag (harness.measure.roofline) on stated roofs:
the memory bound by level, the compute bound where the algorithm is fixed, the problems
without a bound, a forged-fast time rejected as impossible and left out of every table,
and roofs that the baseline itself beats flagging nothing."""

import json

import pytest

from harness.measure import roofline
from harness.measure.evaluate import EvalResult
from harness.measure.suite import get_problem
from harness.results.rows import ProblemRow
from harness.results.summary import summarize
from harness.strategies.base import ProblemOutcome

KIB, MIB = 1 << 10, 1 << 20
# a made-up machine on 2 threads: private 32 KiB L1 and 512 KiB L2, a shared 32 MiB L3
LEVELS = [
    {"level": "L1", "bytes": 32 * KIB, "sharing": 1, "instances": 16, "gbs": 400.0},
    {"level": "L2", "bytes": 512 * KIB, "sharing": 1, "instances": 16, "gbs": 200.0},
    {"level": "L3", "bytes": 32 * MIB, "sharing": 16, "instances": 1, "gbs": 100.0},
    {"level": "DRAM", "bytes": None, "sharing": None, "gbs": 20.0},
]
ROOFS = {"levels": {"2": LEVELS}, "fp64_gflops": {"2": 100.0}}


def test_memory_bound_takes_the_slowest_level_the_bytes_reach():
    # fits the two L1s (64 KiB): every byte passes L1 at 400 GB/s
    assert roofline.memory_ns(48 * KIB, LEVELS, 2) == (48 * KIB / 400.0, "L1")
    # 4 MiB: beyond the L1s and L2s (64 KiB + 1 MiB): the L3 term (the bytes past them at
    # 100 GB/s) is above the L1 term (all bytes at 400) and the L2 term: the largest is the bound
    ns, level = roofline.memory_ns(4 * MIB, LEVELS, 2)
    assert level == "L3" and ns == pytest.approx((4 * MIB - 64 * KIB - 1 * MIB) / 100.0)
    # 1 GiB: nearly everything from DRAM
    ns, level = roofline.memory_ns(1 << 30, LEVELS, 2)
    assert level == "DRAM" and ns == pytest.approx(((1 << 30) - 64 * KIB - MIB - 32 * MIB) / 20.0)
    # 100 KiB: on two threads the two L1s' term is the largest, on one thread the L2's
    assert roofline.memory_ns(100 * KIB, LEVELS, 2)[1] == "L1"
    assert roofline.memory_ns(100 * KIB, LEVELS, 1) == ((100 - 32) * KIB / 200.0, "L2")
    # a cache the machine has one instance of gives the threads one instance's capacity;
    # without the count each thread is granted one of its own (the larger capacity)
    assert roofline.memory_ns(48 * MIB, LEVELS, 2)[1] == "DRAM"
    unknown = [{**lv, "instances": None} for lv in LEVELS]
    assert roofline.memory_ns(48 * MIB, unknown, 2)[1] == "L3"


def test_no_bound_without_the_cache_levels():
    scan = get_problem("30_scan_prefix_sum", "pareval")
    dram_only = {"levels": {"2": LEVELS[-1:]}, "fp64_gflops": {"2": 100.0}}
    assert "cache sizes are unknown" in roofline.bound_for(scan, 1 << 20, 2, dram_only)


def test_bound_per_problem_and_the_problems_without_one():
    scan = get_problem("30_scan_prefix_sum", "pareval")  # 16 n bytes, n - 1 FLOP, fixed
    b = roofline.bound_for(scan, 1 << 20, 2, ROOFS)
    assert b.bytes == 16 << 20 and b.flops == (1 << 20) - 1 and b.level == "L3"
    # at COMPUTE_HEADROOM x the FP64 peak (FMA and add pipes), twice that again on floats
    assert b.compute_ns == pytest.approx(b.flops / (100.0 * roofline.COMPUTE_HEADROOM))
    assert b.bound_ns == max(b.memory_ns, b.compute_ns)
    deriche = get_problem("deriche", "polybench")  # float images
    d = roofline.bound_for(deriche, 1, 2, ROOFS)
    assert d.compute_ns == pytest.approx(d.flops / (100.0 * roofline.COMPUTE_HEADROOM * 2))
    # bytes_min: an undirected graph's adjacency matrix is read once per edge pair
    g = roofline.bound_for(get_problem("17_graph_highest_degree", "pareval"), 1000, 2, ROOFS)
    assert g.bytes == 4 * (1000 * 999 // 2)
    assert b.fraction(2 * b.bound_ns) == pytest.approx(0.5)
    assert (
        roofline.bound_for(get_problem("19_graph_shortest_path", "pareval"), 1000, 2, ROOFS)
        == "data-dependent work: no lower bound"
    )
    assert roofline.bound_for(get_problem("10_geometry_convex_hull", "pareval"), 1000, 2, ROOFS).startswith(
        "work depends on generated counts"
    )
    assert roofline.bound_for(scan, 1000, 4, ROOFS) == "no roofs measured on this machine for 4 threads"
    assert roofline.bound_for(scan, 1000, 2, None).startswith("no roofs")


def _timed(problem_id: str, size: int, baseline_ns: float, candidate_ns: float, pairs: int = 12) -> EvalResult:
    """A correct, timed verdict with these per-call times (ns), a little spread."""
    b = [baseline_ns * (1 + 0.01 * (i % 3)) for i in range(pairs)]
    c = [candidate_ns * (1 + 0.01 * (i % 3)) for i in range(pairs)]
    return EvalResult(
        problem_id,
        "pareval",
        "omp",
        "correct",
        size,
        2,
        cpus=[0, 1],
        speedup=baseline_ns / candidate_ns,
        ci_low=0.9 * baseline_ns / candidate_ns,
        ci_high=1.1 * baseline_ns / candidate_ns,
        baseline_median_ns=baseline_ns,
        candidate_median_ns=candidate_ns,
        pairs=pairs,
        baseline_ns=b,
        candidate_ns=c,
    )


def test_a_forged_fast_time_is_rejected_as_impossible_and_out_of_every_table():
    scan = get_problem("30_scan_prefix_sum", "pareval")
    bound = roofline.bound_for(scan, 1 << 20, 2, ROOFS).bound_ns
    honest = _timed(scan.id, 1 << 20, 3 * bound, 1.2 * bound)
    roofline.apply(scan, honest, ROOFS)
    roof = honest.evidence["roofline"]
    assert honest.status == "correct" and not honest.flags
    assert roof["candidate_fraction"] == pytest.approx(1 / 1.2) and roof["baseline_fraction"] == pytest.approx(1 / 3)

    forged = _timed(scan.id, 1 << 20, 3 * bound, bound / 10)  # 30x: a clock or a result forged
    roofline.apply(scan, forged, ROOFS)
    assert forged.status == "rejected" and forged.flags == ["impossible"]
    assert forged.speedup is None and forged.ci_low is None
    assert forged.evidence["roofline"]["claimed_speedup"] == pytest.approx(30)
    assert forged.evidence["why"].startswith("impossible:") and "L3 bandwidth" in forged.evidence["why"]

    # the strategy's reported best re-measured as impossible (the status Strategy's
    # re-measurement gives a verdict that is not correct): no speedup in any table
    out = ProblemOutcome(
        problem=scan.id,
        category="scan",
        strategy="single",
        mode="omp",
        best_id="c1",
        first=honest,
        remeasured=forged,
        status="failed re-measurement",
    )
    row = out.row()
    ProblemRow(**row)
    assert row["speedup"] is None and not row["correct"] and row["roofline_pct"] is None
    assert row["flags"] == "impossible"
    assert row["baseline_roofline_pct"] == pytest.approx(100 / 3)
    all_row = summarize([row])[-1]
    assert all_row["geomean"] == 1.0 and all_row["% correct"] == 0.0 and all_row["% >=2x"] == 0.0
    assert all_row["% roofline"] == pytest.approx(100 / 3)  # the code kept: the baseline


def test_within_the_margin_is_not_impossible_and_a_baseline_below_the_bound_flags_nothing():
    scan = get_problem("30_scan_prefix_sum", "pareval")
    bound = roofline.bound_for(scan, 1 << 20, 2, ROOFS).bound_ns
    near = _timed(scan.id, 1 << 20, 3 * bound, bound / 1.4)  # 140 % of the roofline: inside the margin
    roofline.apply(scan, near, ROOFS)
    assert near.status == "correct" and near.evidence["roofline"]["candidate_fraction"] > 1.0
    # roofs measured on a busy machine: the baseline itself beats the bound, so the roofs are doubted
    doubted = _timed(scan.id, 1 << 20, bound / 3, bound / 30)
    roofline.apply(scan, doubted, ROOFS)
    assert doubted.status == "correct" and "roofs_doubtful" in doubted.evidence["roofline"]


def test_verdicts_without_a_bound_say_why():
    graph = get_problem("19_graph_shortest_path", "pareval")
    res = _timed(graph.id, 1000, 1e6, 1e3)
    roofline.apply(graph, res, ROOFS)
    assert res.status == "correct" and res.evidence["roofline"] == {"none": "data-dependent work: no lower bound"}
    failed = EvalResult(graph.id, "pareval", "omp", "incorrect", 1000, 2)
    roofline.apply(graph, failed, ROOFS)
    assert "roofline" not in failed.evidence


def test_a_run_records_its_roofs_rows_carry_the_shares_and_report_draws_the_roofline(tmp_path):
    """A real run (single strategy, the baseline as the reply, the expert reference
    measured): config.json keeps the roofs, the verdicts their roofline evidence, the row
    the baseline's and the reference's share, and `report` writes roofline.png."""
    from strategy_kit import FAST_EVAL, PID, ScriptedModel

    from harness.cli import main
    from harness.results.runstore import read_run
    from harness.run import RunOptions, execute

    opts = RunOptions(
        problems=[PID],
        mode="omp",
        models="openai/mock-a",
        strategy="single",
        quick=True,
        output=str(tmp_path / "results"),
        eval_overrides=dict(FAST_EVAL),
    )
    store, rows, _ = execute(opts, complete_fn=ScriptedModel())
    store.close()
    roofs = store.config["roofs"]
    threads = str(store.config["threads"])
    assert [lv["level"] for lv in roofs["levels"][threads]][-1] == "DRAM" and roofs["fp64_gflops"][threads] > 0
    events = [json.loads(line) for line in (store.root / "events.jsonl").read_text().splitlines()]
    results = [e["result"] for e in events if e["kind"] == "evaluation"]
    assert results and all("bound_ns" in r["evidence"]["roofline"] for r in results if r["status"] == "correct")
    assert read_run(store.root).problems[0].size == results[0]["size"]
    row = rows[0]
    assert 0 < row["baseline_roofline_pct"] < 150 and 0 < row["reference_roofline_pct"] < 150, row
    assert (row["roofline_pct"] is not None) == row["correct"]
    assert main(["report", str(store.root), "--output", str(tmp_path / "rep")]) == 0
    png = (tmp_path / "rep" / "roofline.png").read_bytes()
    assert png.startswith(b"\x89PNG")
