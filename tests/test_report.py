"""``python -m harness report`` and harness.results.metrics: ParEval's estimators against brute-force
enumeration, the seeded bootstrap, and the tables of a LessonL run built here (scripted
model replies, the real evaluator on 34_scan_largest_contiguous_subarray_sum at its quick
size in serial mode) checked against values computed by hand from its event log."""

from __future__ import annotations

import itertools
import json
import math
import shutil
import threading
from pathlib import Path

import pytest

from harness.results import metrics
from harness.cli import main
from harness.models.llm import CallRecord
from harness.run import RunOptions, execute
from harness.results.runstore import read_run

PID = "34_scan_largest_contiguous_subarray_sum"
ROOT = Path(__file__).resolve().parent.parent
BASELINE = (ROOT / "pareval" / PID / "baseline.cpp").read_text()
FAST = (ROOT / "pareval" / PID / "reference_serial.cpp").read_text()
WRONG = (ROOT / "tests" / "variants" / PID / "wrong_skip_last.cpp").read_text()
BROKEN = "int maximumSubarray(std::vector<int> const& x) {\n  return 1 +;\n}\n"
FAST_EVAL = {"min_pairs": 5, "max_pairs": 10, "budget_s": 0.3}


# --------------------------------------------------------------------------- estimators


def _subsets(n, k):
    return list(itertools.combinations(range(n), k))


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 7])
def test_estimators_match_enumeration(n):
    """pass@k, build@k, speedup_n@k and efficiency_n@k equal their definitions averaged
    over every k-subset of the n samples, for every k including k > 1."""
    import numpy as np

    rng = np.random.default_rng(n)
    for _ in range(4):
        correct = rng.random(n) < 0.6
        built = correct | (rng.random(n) < 0.5)
        speedups = [float(rng.lognormal(0.3, 0.8)) if ok else None for ok in correct]
        for k in range(1, n + 1):
            subs = _subsets(n, k)
            exp_pass = sum(any(correct[i] for i in s) for s in subs) / len(subs)
            exp_build = sum(any(built[i] for i in s) for s in subs) / len(subs)
            exp_speed = sum(max(speedups[i] or 0.0 for i in s) for s in subs) / len(subs)
            assert metrics.pass_at_k(n, int(correct.sum()), k) == pytest.approx(exp_pass, abs=1e-12)
            assert metrics.build_at_k(n, int(built.sum()), k) == pytest.approx(exp_build, abs=1e-12)
            assert metrics.speedup_n_at_k(speedups, k) == pytest.approx(exp_speed, rel=1e-12, abs=1e-12)
            assert metrics.efficiency_n_at_k(speedups, k, 4) == pytest.approx(exp_speed / 4, rel=1e-12, abs=1e-12)


def test_pareval_published_weighting_is_the_slowest_sample_for_k_above_1():
    """ParEval's script weights runtimes sorted ascending by C(j-1, k-1): for k > 1 that is
    the expected *minimum* speedup of k samples; ours is the expected maximum."""
    baseline = 12.0
    runtimes = [1.0, 2.0, 3.0, 6.0]
    speedups = [baseline / t for t in runtimes]
    k, n = 2, 4
    published = sum(
        math.comb(j - 1, k - 1) * baseline / (math.comb(n, k) * t) for j, t in enumerate(sorted(runtimes), start=1)
    )
    subs = _subsets(n, k)
    assert published == pytest.approx(sum(min(speedups[i] for i in s) for s in subs) / len(subs))
    ours = metrics.speedup_n_at_k(speedups, k)
    assert ours == pytest.approx(sum(max(speedups[i] for i in s) for s in subs) / len(subs))
    assert ours > published
    assert metrics.speedup_n_at_k(speedups, 1) == pytest.approx(sum(speedups) / 4)  # k = 1 agrees


def test_estimator_input_errors():
    with pytest.raises(ValueError):
        metrics.pass_at_k(3, 1, 4)
    with pytest.raises(ValueError):
        metrics.pass_at_k(3, 4, 1)
    with pytest.raises(ValueError):
        metrics.speedup_n_at_k([1.0, 2.0], 0)
    with pytest.raises(ValueError):
        metrics.speedup_n_at_k([-1.0, 2.0], 1)
    with pytest.raises(ValueError):
        metrics.efficiency_n_at_k([1.0], 1, 0)


def test_bootstrap_is_seeded_and_widens_with_noise():
    quiet = metrics.SpeedupSamples.from_problems([[(2.0, 0.0)], [(4.0, 0.0)], [(8.0, 0.0)], [(None, 0.0)]])
    g, lo, hi = metrics.bootstrap_geomean(quiet)
    assert g == pytest.approx((2 * 4 * 8 * 1) ** 0.25)
    assert (g, lo, hi) == metrics.bootstrap_geomean(quiet)  # reproducible
    assert lo < g < hi and lo >= 1.0 and hi <= 8.0
    one = quiet.subset([1])  # one problem, no replicates, no timing noise: a point
    assert metrics.bootstrap_geomean(one) == pytest.approx((4.0, 4.0, 4.0))
    noisy = metrics.SpeedupSamples.from_problems([[(4.0, metrics.log_sigma(3.0, 5.0))]])
    _, nlo, nhi = metrics.bootstrap_geomean(noisy)
    assert nlo < 4.0 < nhi
    # the noise floor adds its own error: |ln 1.1| in quadrature
    assert metrics.log_sigma(1.0, 1.0, 1.1) == pytest.approx(math.log(1.1))
    assert metrics.log_sigma(None, None) == 0.0


# --------------------------------------------------------------------------- a run, end to end


class Script:
    """Candidate replies by (agent, n-th candidate call), a fixed lesson per agent."""

    def __init__(self, candidates):
        self.candidates = candidates
        self.count = {}
        self.lock = threading.Lock()

    def __call__(self, agent, messages, seed):
        prompt = messages[-1]["content"]
        kind = "lesson" if "## Your lesson" in prompt else "candidate"
        with self.lock:
            n = self.count.get((agent.name, kind), 0)
            self.count[(agent.name, kind)] = n + 1
        text = (
            f"```cpp\n{self.candidates[(agent.name, n)]}```\n"
            if kind == "candidate"
            else f"LESSON-{agent.name}: measured, not guessed."
        )
        return CallRecord(
            text=text,
            model=agent.model,
            prompt_tokens=len(prompt) // 4,
            completion_tokens=len(text) // 4,
            latency_s=0.01,
            cost_usd=0.001,
            seed=seed,
            agent=agent.name,
        )


@pytest.fixture(scope="module")
def lessonl_run(tmp_path_factory):
    """A two-round, two-agent LessonL run: round 0 the baseline (agent-1) and a candidate
    that does not compile (agent-2); round 1 a fast one (agent-1) and a wrong one."""
    out = tmp_path_factory.mktemp("report")
    script = Script({("agent-1", 0): BASELINE, ("agent-2", 0): BROKEN, ("agent-1", 1): FAST, ("agent-2", 1): WRONG})
    opts = RunOptions(
        problems=[PID],
        mode="serial",
        models="openai/mock-a,openai/mock-b",
        strategy_options={"rounds": 2, "agents": 2, "k": 4},
        quick=True,
        reference=True,
        output=str(out / "results"),
        eval_overrides=FAST_EVAL,
    )
    store, rows, _ = execute(opts, complete_fn=script)
    store.close()
    return store.root


def _events(root):
    return [json.loads(l) for l in (root / "events.jsonl").read_text().splitlines()]


def test_report_tables_match_the_event_log(lessonl_run, tmp_path, capsys):
    import pandas as pd

    root = tmp_path / "run"
    shutil.copytree(lessonl_run, root)
    run_md = (root / "report.md").read_text()  # the one the run wrote when it ended
    for name in ("problems.csv", "problems.json", "report.md"):  # the event log alone
        (root / name).unlink()
    ev = _events(root)
    cands = {e["id"]: e for e in ev if e["kind"] == "candidate"}
    assert [c["status"] for c in cands.values()] == ["correct", "compile_error", "correct", "incorrect"]
    s0, s1 = cands[f"{PID}-r0-a0"]["speedup"], cands[f"{PID}-r1-a0"]["speedup"]
    [row] = [e["row"] for e in ev if e["kind"] == "problem_done"]
    assert row["best_id"] == f"{PID}-r1-a0"  # the fast one, round 1

    assert main(["report", str(root), "--format", "md,csv,json,html"]) == 0
    out = root / "report"
    assert "scan" in capsys.readouterr().out

    cat = pd.read_csv(out / "per_category.csv")
    scan = cat[cat["category"] == "scan"].iloc[0]
    assert scan["geomean"] == pytest.approx(max(row["speedup"], 1.0))
    assert scan["geomean 95% CI low"] <= scan["geomean"] <= scan["geomean 95% CI high"]
    assert scan["reference"] == pytest.approx(row["reference_speedup"])
    assert scan["% of ref"] == pytest.approx(100 * max(row["speedup"], 1.0) / row["reference_speedup"])
    assert scan["% compiled"] == 100 and scan["% correct"] == 100

    [prob] = json.loads((out / "per_problem.json").read_text())
    assert prob["round"] == 1 and prob["agent"] == "agent-1" and prob["model"] == "openai/mock-a"
    assert prob["speedup"] == pytest.approx(row["speedup"]) and prob["first_speedup"] == pytest.approx(s1)
    assert (prob["candidates"], prob["compiled"], prob["correct"]) == (4, 3, 2)
    lessons = {e["id"]: e for e in ev if e["kind"] == "lesson"}
    assert prob["lesson_ids"] == ",".join(cands[f"{PID}-r1-a0"]["lesson_ids"]) and len(lessons) == 2
    assert "agent-2 r0: did not compile" in prob["lessons shown"]
    assert f"agent-1 r0: {lessons[f'{PID}-r0-a0-c0']['outcome']}" in prob["lessons shown"]

    rounds = pd.read_json(out / "per_round.json")
    assert list(rounds["candidates"]) == [2, 2]
    assert list(rounds["% compiled"]) == [50, 100] and list(rounds["% correct"]) == [50, 50]
    assert rounds["round geomean"][0] == pytest.approx(max(s0, 1.0))
    assert rounds["round geomean"][1] == pytest.approx(max(s1, 1.0))
    assert rounds["best-so-far geomean"][1] == pytest.approx(max(s0, s1, 1.0))
    assert list(rounds["% solved so far"]) == [100, 100]

    agents = pd.read_csv(out / "per_agent.csv").set_index("agent")
    calls = [e for e in ev if e["kind"] == "llm_call"]
    for name, n_correct, bests in (("agent-1", 2, 1), ("agent-2", 0, 0)):
        a = agents.loc[name]
        mine = [c for c in calls if c["agent"] == name]
        assert a["candidates"] == 2 and a["% correct"] == 50 * n_correct and a["bests"] == bests
        assert a["lessons"] == 1 and a["lessons read by bests"] == 1
        assert a["tokens"] == sum(c["prompt_tokens"] + c["completion_tokens"] for c in mine)
        assert a["cost $"] == pytest.approx(0.001 * len(mine))
    assert agents.loc["agent-2", "% compiled"] == 50

    par = pd.read_csv(out / "pareval_metrics.csv")
    allk = par[par["category"] == "all"].set_index("k")
    assert list(allk.index) == [1, 2, 4]
    # n = 4 candidates: 2 correct (speedups s0, s1), 3 compiled
    assert allk.loc[1, "pass@k"] == pytest.approx(0.5)
    assert allk.loc[2, "pass@k"] == pytest.approx(1 - 1 / 6)
    assert allk.loc[1, "build@k"] == pytest.approx(0.75) and allk.loc[2, "build@k"] == pytest.approx(1.0)
    assert allk.loc[1, "speedup_n@k"] == pytest.approx((s0 + s1) / 4)
    assert allk.loc[2, "speedup_n@k"] == pytest.approx((max(s0, s1) + 2 * s0 + 2 * s1) / 6)
    assert allk.loc[4, "speedup_n@k"] == pytest.approx(max(s0, s1))
    assert allk.loc[2, "efficiency_n@k"] == pytest.approx(allk.loc[2, "speedup_n@k"])  # serial: 1 thread

    md = (out / "report.md").read_text()
    for head in ("## Per category", "## Per problem", "## Per round", "## Per agent", "## ParEval metrics"):
        assert head in md
    # one pipeline: the run's own report.md is this report without plots, plus its session's figures
    assert run_md.split("## Where the time went")[0] == md.split("## Plots")[0]
    assert "- evaluation (this session): " in run_md and "## Plots" not in run_md
    assert "- judge overhead: wall / timed work (this session): " in run_md
    assert "round 1, agent-1 (openai/mock-a)" in md
    page = (out / "report.html").read_text()
    assert page.count("data:image/png;base64,") == 3 and "src='http" not in page and "<table>" in page
    for png in ("category_geomean.png", "speedup_distribution.png", "speedup_by_round.png"):
        data = (out / png).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 5000


def test_report_several_runs_and_formats(lessonl_run, tmp_path, capsys):
    import matplotlib.image as mpimg

    a, b = tmp_path / "a", tmp_path / "b"
    shutil.copytree(lessonl_run, a)
    shutil.copytree(lessonl_run, b)
    cfg = json.loads((b / "config.json").read_text())
    cfg["run_id"] = "second-run"
    (b / "config.json").write_text(json.dumps(cfg))
    out = tmp_path / "out"
    assert main(["report", str(a), str(b), "--format", "json", "--output", str(out), "--k", "1,3"]) == 0
    runs = (out / "runs.md").read_text()
    assert lessonl_run.name in runs and "second-run" in runs
    img = mpimg.imread(out / "cost_vs_geomean_pareval_serial.png")
    assert img.shape[0] > 100 and img.std() > 0  # drawn, not blank
    par = json.loads((out / "second-run" / "pareval_metrics.json").read_text())
    assert sorted({r["k"] for r in par}) == [1, 3]
    assert not (out / "second-run" / "report.md").exists()  # json only


def _fails_cleanly(capsys, argv, *needles):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and len(err.splitlines()) == 1 and "Traceback" not in err
    for n in needles:
        assert n in err
    return err


def test_damaged_or_missing_run_folder(lessonl_run, tmp_path, capsys):
    _fails_cleanly(capsys, ["report", str(tmp_path / "nope")], "no such results folder")
    run = tmp_path / "run"
    shutil.copytree(lessonl_run, run)
    lines = (run / "events.jsonl").read_text().splitlines()

    # a torn last line (killed mid-write) is skipped: still a report
    (run / "events.jsonl").write_text("\n".join(lines) + '\n{"t": 1, "kind": "evalu')
    assert main(["report", str(run), "--no-plots"]) == 0
    capsys.readouterr()

    (run / "events.jsonl").write_text("\n".join(lines[:3] + ["{garbage"] + lines[3:]) + "\n")
    _fails_cleanly(capsys, ["report", str(run)], "damaged", "line 4")
    _fails_cleanly(capsys, ["compare", str(lessonl_run), str(run)], "damaged", "line 4")
    (run / "events.jsonl").write_text("\n".join(l for l in lines if '"problem_done"' not in l) + "\n")
    _fails_cleanly(capsys, ["report", str(run)], "no finished problem")
    (run / "events.jsonl").unlink()
    _fails_cleanly(capsys, ["report", str(run)], "events.jsonl")
    (run / "config.json").write_text("{not json")
    _fails_cleanly(capsys, ["report", str(run)], "config.json")
    _fails_cleanly(capsys, ["report", str(lessonl_run), "--format", "pdf"], "pdf")
    _fails_cleanly(capsys, ["report", str(lessonl_run), "--k", "0"], "--k")


def test_damaged_events_are_left_out_and_warned_about(lessonl_run, tmp_path, capsys):
    """No damaged number reaches a table or a verdict: the event holding it is left out
    (a problem whose row is damaged counts as unfinished), and every reader says so."""
    run = tmp_path / "run"
    shutil.copytree(lessonl_run, run)
    ev = _events(run)
    c = next(k for k, e in enumerate(ev) if e["kind"] == "candidate" and e.get("speedup"))
    ev[c]["ci_low"] = ev[c]["speedup"] * 2  # an interval that does not hold its estimate
    k = next(k for k, e in enumerate(ev) if e["kind"] == "llm_call")
    kept = sum(
        e["prompt_tokens"] + e["completion_tokens"] for j, e in enumerate(ev) if e["kind"] == "llm_call" and j != k
    )
    ev[k]["prompt_tokens"], ev[k]["latency_s"] = -1000, 1e308
    (run / "events.jsonl").write_text("".join(json.dumps(e) + "\n" for e in ev))
    rec = read_run(run)
    assert sorted(rec.warnings) == sorted(
        [
            f"events.jsonl line {c + 1} (candidate) left out, damaged: "
            f"CI {ev[c]['ci_low']:g}-{ev[c]['ci_high']:g} not enclosing speedup {ev[c]['speedup']:g}",
            f"events.jsonl line {k + 1} (llm_call) left out, damaged: prompt_tokens = -1000, latency_s = 1e+308",
        ]
    )
    assert len(rec.problems[0].candidates) == 3
    assert main(["report", str(run), "--no-plots", "--format", "md,json"]) == 0
    err = capsys.readouterr().err
    assert err.count("warning:") == 2 and "(llm_call) left out" in err
    assert "(candidate) left out" in (run / "report" / "report.md").read_text()
    agents = json.loads((run / "report" / "per_agent.json").read_text())
    assert sum(a["tokens"] for a in agents) == kept  # the damaged call is not counted at all
    assert main(["compare", str(lessonl_run), str(run)]) == 0
    assert "(candidate) left out" in capsys.readouterr().out
    assert not read_run(lessonl_run).warnings

    ev = _events(lessonl_run)
    i = next(i for i, e in enumerate(ev) if e["kind"] == "problem_done")
    ev[i]["row"]["speedup"] = "9.5"
    (run / "events.jsonl").write_text("".join(json.dumps(e) + "\n" for e in ev))
    _fails_cleanly(capsys, ["report", str(run)], "no finished problem", "damaged", 'speedup = "9.5"')
    ev[i]["row"]["speedup"], ev[i]["row"]["ci_high"] = 2.0, 1e300
    (run / "events.jsonl").write_text("".join(json.dumps(e) + "\n" for e in ev))
    _fails_cleanly(capsys, ["compare", str(lessonl_run), str(run)], "no finished problem", "ci_high = 1e+300")


def test_a_new_rendering_replaces_the_old_one_and_nothing_else(lessonl_run, tmp_path, capsys):
    run = tmp_path / "run"
    shutil.copytree(lessonl_run, run)
    assert main(["report", str(run), "--format", "md,html,json"]) == 0
    out = run / "report"
    assert (out / "report.html").exists() and (out / "category_geomean.png").exists()
    (out / "notes.txt").write_text("mine")
    assert main(["report", str(run), "--format", "csv", "--no-plots"]) == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [
            ".harness-report",
            "notes.txt",
            "per_category.csv",
            "per_problem.csv",
            "per_round.csv",
            "per_agent.csv",
            "pareval_metrics.csv",
        ]
    )
    # a folder of the user's: their files of the same names as ours are not ours to remove
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "report.md").write_text("my notes")
    (mine / "per_problem.csv").write_text("my table")
    assert main(["report", str(run), "--output", str(mine), "--format", "json", "--no-plots"]) == 0
    assert main(["report", str(run), "--output", str(run), "--format", "json", "--no-plots"]) == 0
    assert (mine / "report.md").read_text() == "my notes" and (mine / "per_problem.csv").read_text() == "my table"
    assert (run / "report.md").exists()  # the run's own report, beside a rendering into the run folder


def test_read_run_keeps_the_last_attempt_of_a_restarted_problem(lessonl_run, tmp_path):
    """A problem restarted by --resume: only the events after its last start count."""
    run = tmp_path / "run"
    shutil.copytree(lessonl_run, run)
    lines = (run / "events.jsonl").read_text().splitlines()
    start = next(i for i, l in enumerate(lines) if '"problem_started"' in l)
    t = json.loads(lines[start])["t"]
    ghost = json.dumps(
        {
            "t": t,
            "kind": "candidate",
            "problem": PID,
            "id": "ghost",
            "round": 0,
            "agent": "agent-9",
            "model": "m",
            "status": "correct",
            "speedup": 99.0,
        }
    )
    lines[start:start] = [
        lines[start],
        ghost,
        json.dumps({"t": t, "kind": "run_interrupted", "error": "x"}),
        json.dumps({"t": t, "kind": "run_resumed"}),
    ]
    (run / "events.jsonl").write_text("\n".join(lines) + "\n")
    rec = read_run(run)
    [p] = rec.problems
    assert [c.id for c in p.candidates] == [f"{PID}-r0-a0", f"{PID}-r0-a1", f"{PID}-r1-a0", f"{PID}-r1-a1"]
    assert rec.state == "finished" and p.size_label == "2048"


def test_lessonl_geomean_rule_has_one_copy():
    """max(s, 1), 1 when not correct; the same on the ln scale for arrays (nan = not correct)."""
    import numpy as np

    from harness.results.metrics import counted_logs, counted_speedup

    assert [counted_speedup(s) for s in (None, 0.5, 1.0, 2.5)] == [1.0, 1.0, 1.0, 2.5]
    logs = np.log(np.array([np.nan, 0.5, 2.5]))
    assert np.allclose(counted_logs(logs), [0.0, 0.0, np.log(2.5)])
    assert np.allclose(counted_logs(logs, noisy=np.array([5.0, 0.3, -1.0])), [0.0, 0.3, 0.0])


def test_a_registered_table_is_in_every_format_and_an_optional_one_only_with_rows(lessonl_run, tmp_path, monkeypatch):
    from harness.results import tables
    from harness.results.rows import SPEEDUP

    import harness.score  # noqa: F401  (its tables, and every strategy's, registered before the copy)
    from harness.strategies import registry

    registry.load_all()
    monkeypatch.setattr(tables, "TABLES", tables.TABLES.copy())  # registered for this test only
    mine = tables.register_table(
        tables.Table(
            "lessons_per_problem",
            "Lessons per problem",
            "lessons: in the bank at the end.",
            lambda run, o: [{"problem": p.problem, "lessons": len(p.lessons), "odd": 1.5} for p in run.problems],
            columns={"odd": (SPEEDUP, "x")},
        )
    )
    assert tables.register_table(mine) is mine  # the same definition again keeps its place
    # the message names the module of each registration (the tables' build functions)
    with pytest.raises(ValueError, match=r"already registered \(test_report\.<lambda>\); test_report\.<lambda>"):
        tables.register_table(tables.Table("lessons_per_problem", "another", "", lambda run, o: []))
    tables.register_table(tables.Table("never", "Never", "", lambda run, o: [], optional=True))
    out = tmp_path / "out"
    assert main(["report", str(lessonl_run), "--output", str(out), "--format", "md,csv,json,html", "--no-plots"]) == 0
    md = (out / "report.md").read_text()
    assert f"## Lessons per problem\n\n| problem | lessons | odd |\n|---|---|---|\n| {PID} | 2 | 1.50x |" in md
    assert "lessons: in the bank at the end." in md and "Lessons per problem" in (out / "report.html").read_text()
    assert json.loads((out / "lessons_per_problem.json").read_text()) == [{"problem": PID, "lessons": 2, "odd": 1.5}]
    assert (out / "lessons_per_problem.csv").exists()
    assert "## Never" not in md and not (out / "never.csv").exists()  # optional and empty: left out


def test_candidates_with_a_partial_race_check_are_counted_apart(lessonl_run, tmp_path):
    """A reported candidate whose race check did not reach the timed size (flag
    races.PARTIAL_FLAG, judged on its outputs) is counted in the report's header."""
    from harness.measure.races import PARTIAL_FLAG
    from harness.results.report import run_header

    run = tmp_path / "run"
    shutil.copytree(lessonl_run, run)
    assert "race check partial" not in run_header(read_run(run))
    ev = _events(run)
    i = next(i for i, e in enumerate(ev) if e["kind"] == "problem_done")
    ev[i]["row"]["flags"] = PARTIAL_FLAG
    (run / "events.jsonl").write_text("".join(json.dumps(e) + "\n" for e in ev))
    assert run_header(read_run(run))["race check partial"].startswith("1 of 1 reported candidates: ")
