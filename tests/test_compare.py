"""``python -m harness compare``: alignment, the paired bootstrap verdict, the regression gate,
environment warnings and replicate guidance, on run folders built here (scripted model
replies, the real evaluator: 34_scan_largest_contiguous_subarray_sum and
42_sort_sorted_ranks at their quick sizes in serial mode, where the expert references are
10-1000x faster than the baselines)."""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from harness.results import metrics
from harness.cli import main
from harness.models.llm import CallRecord
from harness.run import RunOptions, execute

P1, P2 = "34_scan_largest_contiguous_subarray_sum", "42_sort_sorted_ranks"
ROOT = Path(__file__).resolve().parent.parent
FAST_EVAL = {"min_pairs": 5, "max_pairs": 10, "budget_s": 0.3}


def _src(pid, name):
    return (ROOT / "pareval" / pid / name).read_text()


class ByProblem:
    """Replies by (problem, n-th call for that problem): the same agent writes the
    problem's reference or its baseline (a regression a new model could cause)."""

    def __init__(self, replies):
        self.replies, self.count, self.lock = replies, {}, threading.Lock()

    def __call__(self, agent, messages, seed):
        pid = P1 if "maximumSubarray" in messages[-1]["content"] else P2
        with self.lock:
            n = self.count.get(pid, 0)
            self.count[pid] = n + 1
        text = f"```cpp\n{self.replies[pid][min(n, len(self.replies[pid]) - 1)]}```\n"
        return CallRecord(
            text=text,
            model=agent.model,
            prompt_tokens=100,
            completion_tokens=50,
            latency_s=0.01,
            cost_usd=0.002,
            seed=seed,
            agent=agent.name,
        )


def _run(out, replies, **kw):
    opts = RunOptions(
        problems=[P1, P2],
        mode="serial",
        models="openai/mock-a",
        strategy="single",
        quick=True,
        reference=False,
        output=str(out),
        eval_overrides=FAST_EVAL,
        **kw,
    )
    store, _, _ = execute(opts, complete_fn=ByProblem(replies))
    store.close()
    return store.root


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """old: both references; same: the same code measured again; slow: the baselines
    instead of the references (a model that stopped optimizing); reps: two replicates,
    the second writes 42's baseline."""
    out = tmp_path_factory.mktemp("compare")
    fast = {P1: [_src(P1, "reference_serial.cpp")], P2: [_src(P2, "reference_serial.cpp")]}
    slow = {P1: [_src(P1, "baseline.cpp")], P2: [_src(P2, "baseline.cpp")]}
    mixed = {P1: fast[P1], P2: [_src(P2, "reference_serial.cpp"), _src(P2, "baseline.cpp")]}
    return {
        "old": _run(out / "old", fast),
        "same": _run(out / "same", fast),
        "slow": _run(out / "slow", slow),
        "reps": _run(out / "reps", mixed, repeats=2),
    }


def _rows(root):
    rows = {}
    for line in (root / "events.jsonl").read_text().splitlines():
        e = json.loads(line)
        if e["kind"] == "problem_done":
            rows.setdefault(e["row"]["problem"], []).append(e["row"])
    return rows


def _measured(root):
    """What a failed comparison needs to be explained: per problem, each row's verdict,
    speedup and interval, and the flags that can take a speedup out of the tables."""
    return {
        p: [
            (r["status"], r["correct"], r["speedup"], r["ci_low"], r["ci_high"], r["null_speedup"], r["flags"])
            for r in rs
        ]
        for p, rs in _rows(root).items()
    }


def _counted_log(row):
    return math.log(max(row["speedup"], 1.0)) if row["correct"] else 0.0


def _compare_json(capsys, *args):
    code = main(["compare", *map(str, args), "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def test_injected_regression_fails_the_gate(runs, capsys):
    old, new = _rows(runs["old"]), _rows(runs["slow"])
    for p in (P1, P2):  # the injected regression is real (the baseline's own code: about 1x, but an
        # A/A of 5-10 pairs at quick size lands anywhere in 0.5-2x on a Zen 3 guest, whose
        # 34_scan baseline times 0.67 or 1.34 ms pair by pair)
        assert 5 < old[p][0]["speedup"] and new[p][0]["speedup"] < old[p][0]["speedup"] / 3
    code = main(["compare", str(runs["old"]), str(runs["slow"]), "--fail-on-regression", "5%"])
    md = capsys.readouterr().out
    assert code == 1
    assert "Gate `--fail-on-regression 5%`: **FAIL**" in md and "**Verdict: 🔻 regression.**" in md
    sort_row = next(l for l in md.splitlines() if l.startswith("| sort |"))
    assert "🔻 regression" in sort_row and "100% → 100%" in sort_row
    assert f"| {P2} | sort |" in md.split("<details>")[0]  # listed among the changed problems

    code, js = _compare_json(capsys, runs["old"], runs["slow"])
    assert code == 0 and not js["failed"]  # no gate asked
    # the point ratio is the geomean ratio computed by hand from the rows
    hand = math.exp(sum(_counted_log(new[p][0]) - _counted_log(old[p][0]) for p in (P1, P2)) / 2)
    assert js["overall"]["ratio"] == pytest.approx(hand)
    assert js["overall"]["high"] < 0.95 and js["overall"]["verdict"] == "regression"
    p2 = next(p for p in js["problems"] if p["problem"] == P2)
    assert p2["ratio"] == pytest.approx(max(new[P2][0]["speedup"], 1.0) / old[P2][0]["speedup"])
    assert p2["verdict"] == "regression"


def test_the_same_code_measured_again_passes_the_gate(runs, capsys):
    # a 15 % gate: two runs of the same code drift apart by more than either run's own
    # interval holds (a CI run once came out "regression" while a 5 % gate just passed);
    # the injected regression is over 66 %
    code = main(["compare", str(runs["old"]), str(runs["same"]), "--fail-on-regression", "15%"])
    md = capsys.readouterr().out
    assert code == 0 and "pass (the interval's upper end" in md, (md, _measured(runs["old"]), _measured(runs["same"]))
    assert "[!WARNING]" not in md  # same machine, compiler, suite
    _, js = _compare_json(capsys, runs["old"], runs["same"])
    # the gate's criterion; not the verdict: the bootstrap interval holds each run's own
    # noise only, so identical code measured twice at 10-1000x can differ significantly
    assert js["overall"]["high"] >= 0.85, js["overall"]
    # several new runs at once: each against the first; any regression fails
    code = main(["compare", str(runs["old"]), str(runs["same"]), str(runs["slow"]), "--fail-on-regression", "15%"])
    md = capsys.readouterr().out
    assert code == 1 and md.count("## harness compare:") == 2


def test_bootstrap_verdicts_on_known_noise():
    """8 problems with 5 % timing noise each: a 2 % change stays inside the noise, a 30 %
    drop is a regression beyond a 5 % gate, an improvement never fails the gate."""
    sd = 0.05
    base = [2.0, 3.0, 1.5, 8.0, 4.0, 2.5, 6.0, 1.8]

    def run(scale):
        return metrics.SpeedupSamples.from_problems([[(s * scale, sd)] for s in base])

    old = run(1.0)
    r, lo, hi = metrics.bootstrap_ratio(old, run(0.98))
    assert r == pytest.approx(0.98) and lo < 1.0 < hi
    r, lo, hi = metrics.bootstrap_ratio(old, run(0.7))
    assert hi < 0.95
    r, lo, hi = metrics.bootstrap_ratio(old, run(1.3))
    assert lo > 1.0
    assert metrics.bootstrap_ratio(old, run(0.7)) == metrics.bootstrap_ratio(old, run(0.7))  # seeded
    # mixed: half the problems regress, half improve by the same factor: no verdict
    mixed = metrics.SpeedupSamples.from_problems([[(s * (0.7 if i % 2 else 1 / 0.7), sd)] for i, s in enumerate(base)])
    r, lo, hi = metrics.bootstrap_ratio(old, mixed)
    assert lo < 1.0 < hi


def _edit_config(src, dst, **changes):
    shutil.copytree(src, dst)
    cfg = json.loads((dst / "config.json").read_text())
    for path, value in changes.items():
        d = cfg
        *parents, leaf = path.split("__")
        for p in parents:
            d = d[p]
        if value is None:
            d.pop(leaf, None)
        else:
            d[leaf] = value
    (dst / "config.json").write_text(json.dumps(cfg))
    return dst


def test_changed_environment_warns(runs, tmp_path, capsys):
    other = _edit_config(
        runs["same"],
        tmp_path / "other",
        compiler__compiler_version="g++ (GCC) 14.1.0",
        compiler__resolved_march="sapphirerapids",
        machine__cpu_model="Intel Xeon 8480",
        eval_config__min_pairs=9,
        problem_hashes__42_sort_sorted_ranks="0" * 64,
    )
    assert main(["compare", str(runs["old"]), str(other)]) == 0
    captured = capsys.readouterr()
    md, err = captured.out, captured.err
    warning = md.split("**Verdict")[0]
    assert "[!WARNING]" in warning
    for needle in (
        "g++ (GCC) 14.1.0",
        "sapphirerapids",
        "Intel Xeon 8480",
        "min_pairs 5 → 9",
        f"problem changed between the runs (spec, baseline, reference, driver or driver headers): {P2}",
    ):
        assert needle in warning and needle in err
    assert all(l.startswith("warning: ") for l in err.strip().splitlines())

    unknown = _edit_config(runs["same"], tmp_path / "unknown", suite_version=None, problem_hashes=None)
    assert main(["compare", str(runs["old"]), str(unknown)]) == 0
    assert "suite version unknown" in capsys.readouterr().out

    threads = _edit_config(runs["same"], tmp_path / "threads", threads=2)
    assert main(["compare", str(runs["old"]), str(threads)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "no problem in common" in err and "threads ['1'] vs ['2']" in err


def test_a_run_without_noise_floor_takes_this_machines_selftest(runs, tmp_path, capsys):
    """A null-strategy run measures no noise floor of its own: compare perturbs its
    speedups by the A/A of this machine's last selftest in the same mode and threads."""
    from harness.results.runstore import read_run
    from harness.results.noise_floor import save_noise_floor

    bare = tmp_path / "bare"
    shutil.copytree(runs["same"], bare)
    events = [json.loads(l) for l in (bare / "events.jsonl").read_text().splitlines()]
    for e in events:
        if e["kind"] == "problem_done":
            e["row"].pop("null_speedup")
    (bare / "events.jsonl").write_text("".join(json.dumps(e) + "\n" for e in events))

    def width(js):
        return {p["problem"]: math.log(p["high"] / p["low"]) for p in js["problems"]}

    _, before = _compare_json(capsys, runs["old"], bare)
    assert not any("selftest" in n for n in before["notes"])
    rec = read_run(bare)
    # an A/A of 20x: noise far above what a loaded machine adds to the quick runs' own CIs
    floor = [{"problem": p.problem, "size": p.size_label, "aa_speedup": 20.0} for p in rec.problems]
    save_noise_floor("pareval", "serial", floor, rec.threads)
    try:
        _, after = _compare_json(capsys, runs["old"], bare)
    finally:
        (Path(os.environ["HARNESS_CACHE"]) / "selftest" / "pareval-serial.json").unlink()
    assert any("noise floor of 2 problem(s)" in n and "selftest" in n for n in after["notes"])
    assert all(width(after)[p] > width(before)[p] + 0.5 for p in (P1, P2))


def test_problem_hash_covers_the_shared_driver_headers(tmp_path, monkeypatch):
    """The headers generate the drivers' inputs: editing one changes the hash (hence the
    suite version and compare's per-problem check) of every problem that includes it,
    directly or through another header, and of no other."""
    from harness.measure import suite

    hdr = tmp_path / "harness"
    shutil.copytree(suite.DRIVER_HEADERS, hdr)
    monkeypatch.setattr(suite, "DRIVER_HEADERS", hdr)
    pareval, lu = suite.get_problem(P1), suite.get_problem("lu", "polybench")

    def hashes():
        suite._folder_hash.cache_clear()
        return pareval.folder_hash, lu.folder_hash

    before = hashes()
    (hdr / "nested.hpp").write_text((hdr / "nested.hpp").read_text() + "\n// changed\n")
    after_nested = hashes()
    assert after_nested[0] == before[0] and after_nested[1] != before[1]
    (hdr / "driver.hpp").write_text((hdr / "driver.hpp").read_text() + "\n// changed\n")
    after_driver = hashes()
    assert after_driver[0] != before[0] and after_driver[1] != after_nested[1]
    monkeypatch.undo()
    suite._folder_hash.cache_clear()


def test_replicates_are_pooled_and_guide_the_replicate_count(runs, capsys):
    reps = _rows(runs["reps"])
    assert [len(reps[p]) for p in (P1, P2)] == [2, 2]
    assert (runs["reps"] / "candidates" / P2 / "repeat1" / f"{P2}-r0-a0.cpp").read_text().strip() == _src(
        P2, "baseline.cpp"
    ).strip()
    code, js = _compare_json(capsys, runs["old"], runs["reps"])
    assert code == 0
    # s^2 by hand: each problem's two replicates, pooled (1 degree of freedom each)
    ss = sum((_counted_log(reps[p][0]) - _counted_log(reps[p][1])) ** 2 / 2 for p in (P1, P2))
    assert js["guidance"]["s2"] == pytest.approx(ss / 2)
    assert js["guidance"]["replicates"] is None or js["guidance"]["replicates"] >= 1
    p2 = next(p for p in js["problems"] if p["problem"] == P2)
    assert p2["new"].endswith("(2 replicates, 2 correct)") and p2["new correct"] == 1.0
    old = _rows(runs["old"])
    new_log = sum(_counted_log(r) for r in reps[P2]) / 2
    assert p2["ratio"] == pytest.approx(math.exp(new_log - _counted_log(old[P2][0])))
    md = (main(["compare", str(runs["old"]), str(runs["reps"])]), capsys.readouterr().out)[1]
    assert "replicates per problem: 1 old, 2 new" in md and "between-replicate spread s =" in md
    md = (main(["compare", str(runs["old"]), str(runs["same"])]), capsys.readouterr().out)[1]
    assert "neither run has `--repeats >= 2`" in md


def test_replicates_needed_formula():
    """Normal approximation of the paired bootstrap: R = 2 s^2 / (P (d / 2.80)^2 - tau^2)."""
    old = metrics.SpeedupSamples.from_problems([[(2.0, 0), (2.0 * math.exp(0.2), 0)]] * 10)
    new = metrics.SpeedupSamples.from_problems([[(2.0, 0), (2.0 * math.exp(0.2), 0)]] * 10)
    g = metrics.replicates_needed(old, new, 0.05)
    assert g["s2"] == pytest.approx(0.02) and g["tau2"] == 0.0
    d = -math.log(0.95) / (metrics.Z95 + metrics.Z80)
    assert g["replicates"] == math.ceil(2 * 0.02 / (10 * d * d))
    spread = metrics.SpeedupSamples.from_problems(
        [[(2.0 * math.exp(x), 0), (2.0 * math.exp(x + 0.2), 0)] for x in (-1, 1) * 5]
    )
    assert metrics.replicates_needed(old, spread, 0.05)["replicates"] == math.inf
    single = metrics.SpeedupSamples.from_problems([[(2.0, 0)]] * 10)
    assert metrics.replicates_needed(single, single, 0.05)["replicates"] is None


def test_bad_input_is_one_line_and_exit_2(runs, tmp_path, capsys):
    for argv, needle in (
        (["compare", str(runs["old"])], "at least two"),
        (["compare", str(runs["old"]), str(tmp_path / "missing")], "no such results folder"),
        (["compare", str(runs["old"]), str(runs["same"]), "--fail-on-regression", "150%"], "between 0%"),
        (["compare", str(runs["old"]), str(runs["same"]), "--fail-on-regression", "lots"], "not a percentage"),
        (["compare", str(runs["old"]), str(runs["same"]), "--format", "xml"], "md or json"),
        (["compare", str(runs["old"]), str(runs["same"]), "--seed", "-1"], "--seed must be in"),
        (["compare", str(runs["old"]), str(runs["same"]), "--resamples", "99999999999999"], "--resamples"),
    ):
        assert main(argv) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("error: ") and len(err.splitlines()) == 1 and needle in err


def test_report_and_compare_do_not_import_litellm(runs, tmp_path):
    """Commands that call no model must not pay litellm's import (seconds of start-up)."""
    code = (
        f"import sys; from harness.cli import main; "
        f"a = main(['compare', {str(runs['old'])!r}, {str(runs['same'])!r}, '--output', {str(tmp_path / 'c.md')!r}]); "
        f"b = main(['report', {str(runs['old'])!r}, '--output', {str(tmp_path / 'r')!r}]); "
        f"print(a, b, 'litellm' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.stdout.strip().splitlines()[-1] == "0 0 False", out.stderr
    assert (tmp_path / "c.md").read_text().startswith("## harness compare:")
    assert (tmp_path / "r" / "report.md").exists()


def test_unfinished_run_warns(runs, tmp_path, capsys):
    part = tmp_path / "part"
    shutil.copytree(runs["same"], part)
    events = (part / "events.jsonl").read_text().splitlines(keepends=True)
    (part / "events.jsonl").write_text("".join(e for e in events if '"run_finished"' not in e))
    assert main(["compare", str(runs["old"]), str(part)]) == 0
    captured = capsys.readouterr()
    assert "is not finished (in progress)" in captured.out.split("**Verdict")[0]
    assert "is not finished (in progress)" in captured.err


def test_resume_refuses_options_that_would_change_the_run(runs, capsys):
    log = (runs["same"] / "events.jsonl").read_text()
    assert main(["run", "--resume", str(runs["same"]), "--strategy", "lessonl", "--rounds", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "drop --strategy, --rounds" in err
    assert (runs["same"] / "events.jsonl").read_text() == log  # a refused resume leaves the run as it was
