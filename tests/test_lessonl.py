"""LessonL, the single and null strategies, the run folder and the report, with scripted
model replies (no model, no network) and the real evaluator on 30_scan_prefix_sum at its
quick size (short timing settings so the file stays well under two minutes)."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from harness.strategies import prompting as prompts
from harness.results.render import md_table, table_cells
from harness.results.summary import summarize
from harness.results.tables import get_table
from harness.measure.evaluate import EvalResult
from harness.strategies.lessons import BM25Relevance, Lesson, LessonBank, lesson_id, outcome_label, tokenize
from harness.models.llm import CallRecord
from harness.run import RunOptions, execute
from harness.results.runstore import RunStore
from harness.measure.suite import get_problem

PID = "30_scan_prefix_sum"
ROOT = Path(__file__).resolve().parent.parent
BASELINE = (ROOT / "pareval" / PID / "baseline.cpp").read_text()
WRONG = (ROOT / "tests" / "variants" / PID / "wrong_no_offset.cpp").read_text()
BROKEN = "void prefixSum(std::vector<double> const& x, std::vector<double>& output) {\n  return 1 +;\n}\n"
# the baseline with another loop: correct, a different source (its own evaluation)
LOOP = (
    "void prefixSum(std::vector<double> const& x, std::vector<double>& output) {\n"
    "  double s = 0.0;\n  for (size_t i = 0; i < x.size(); ++i) { s += x[i]; output[i] = s; }\n}\n"
)
FAST_EVAL = {"min_pairs": 3, "max_pairs": 6, "budget_s": 0.3}


def fence(code: str) -> str:
    return f"Here is my version.\n```cpp\n{code}```\n"


class Script:
    """A scripted model: candidate replies by (agent name, n-th candidate call of that
    agent), lesson replies by (agent name, n-th lesson call). Records every prompt."""

    def __init__(self, candidates: dict, lessons: dict | None = None, interrupt_at=None):
        self.candidates, self.lessons = candidates, lessons or {}
        self.calls: list[dict] = []
        self.count: dict = {}
        self.interrupt_at = interrupt_at
        self.lock = threading.Lock()

    def __call__(self, agent, messages, seed):
        prompt = messages[-1]["content"]
        kind = "lesson" if "## Your lesson" in prompt else "candidate"
        with self.lock:
            n = self.count.get((agent.name, kind), 0)
            self.count[(agent.name, kind)] = n + 1
            self.calls.append({"agent": agent.name, "kind": kind, "n": n, "prompt": prompt, "seed": seed})
        if self.interrupt_at == (agent.name, kind, n):
            raise KeyboardInterrupt
        table = self.candidates if kind == "candidate" else self.lessons
        text = table.get((agent.name, n), f"lesson {agent.name} {n}: nothing to add")
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

    def prompts(self, kind, agent=None, n=None):
        return [
            c["prompt"]
            for c in self.calls
            if c["kind"] == kind and (agent is None or c["agent"] == agent) and (n is None or c["n"] == n)
        ]


def _opts(tmp_path, **kw) -> RunOptions:
    strategy = kw.pop("strategy", "lessonl")
    base = dict(
        problems=[PID],
        mode="omp",
        models="openai/mock-a,openai/mock-b",
        strategy=strategy,
        strategy_options={"rounds": 2, "agents": 2, "k": 4} if strategy == "lessonl" else {},
        quick=True,
        reference=False,
        output=str(tmp_path / "results"),
        eval_overrides=FAST_EVAL,
    )
    base.update(kw)
    return RunOptions(**base)


# --------------------------------------------------------------------------- units


def test_outcome_labels_threshold_and_ci():
    assert outcome_label("correct", 1.1, 0.9, 1.3) == "significantly faster"  # exactly 1.1: >=
    assert outcome_label("correct", 1.0999, 0.9, 1.3) == "no measurable change"
    assert outcome_label("correct", 1.05, 1.01, 1.08) == "faster"
    assert outcome_label("correct", 0.9, 0.85, 0.95) == "slower"
    assert outcome_label("correct", 0.98, 0.9, 1.02) == "no measurable change"
    assert outcome_label("compile_error") == "did not compile"
    assert outcome_label("incorrect") == "incorrect"
    with pytest.raises(ValueError):
        outcome_label("bogus")


def _lesson(i, speedup=None, status="correct", text="", round_=0):
    return Lesson(
        id=lesson_id("p", round_, i, 0),
        problem="p",
        round=round_,
        agent=f"a{i}",
        model="m",
        candidate_id=f"p-r{round_}-a{i}",
        status=status,
        text=text,
        speedup=speedup,
        ci_low=speedup and speedup * 0.95,
        ci_high=speedup and speedup * 1.05,
    )


def test_lesson_ids_unique_across_rounds():
    bank = LessonBank("p")
    ids = {bank.next_id(r, a) for r in range(3) for a in range(3)}
    assert len(ids) == 9
    bank.add(_lesson(0, 1.2))
    assert bank.next_id(0, 0) == "p-r0-a0-c1"
    with pytest.raises(ValueError):
        bank.add(_lesson(0, 1.3))


def test_selection_speedup_half_first_then_relevance_at_most_k():
    bank = LessonBank("p")
    bank.add(_lesson(0, 3.0, text="blocked two-pass parallel scan with omp"))
    bank.add(_lesson(1, 1.5, text="used simd pragma"))
    bank.add(_lesson(2, 1.1, text="unrolled loop"))  # exactly at the threshold: eligible
    bank.add(_lesson(3, 1.09, text="tiny change"))  # below: relevance only
    bank.add(
        _lesson(4, None, "incorrect", text="prefixSum with omp parallel for lost the carry between blocks of output")
    )
    bank.add(_lesson(5, None, "compile_error", text="missing semicolon"))
    code = "void prefixSum(std::vector<double> const& x, std::vector<double>& output) { inclusive_scan }"
    sel = bank.select(4, code, round_=1)
    assert len(sel) == 4
    assert [l.id for l in sel[:2]] == ["p-r0-a0-c0", "p-r0-a1-c0"]  # by adjusted speedup
    assert sel[2].id == "p-r0-a4-c0"  # most relevant to prefixSum/output
    assert all(1 in l.used_in for l in sel)
    # the factor changes the order of the speedup half
    bank["p-r0-a1-c0"].factor = 2.5  # 1.5 x 2.5 = 3.75 > 3.0
    assert [l.id for l in bank.select(4, code)][:2] == ["p-r0-a1-c0", "p-r0-a0-c0"]
    assert [l.id for l in bank.select(2, code)] == ["p-r0-a1-c0", "p-r0-a4-c0"]  # 1 + 1
    # k = 3: ceil(3/2) = 2 by speedup, 1 by relevance; lesson 2 (exactly 1.1) is third
    bank["p-r0-a1-c0"].factor = 1.0
    assert len(bank.select(3, code)) == 3
    assert [l.id for l in bank.select(6, "")][:3] == ["p-r0-a0-c0", "p-r0-a1-c0", "p-r0-a2-c0"]
    # no lesson above the threshold: all k by relevance
    slow = LessonBank("p")
    for i in range(5):
        slow.add(_lesson(i, None, "incorrect", text=("prefixSum output " if i == 3 else "other ") + str(i)))
    picked = slow.select(2, code)
    assert len(picked) == 2 and picked[0].id == "p-r0-a3-c0"
    assert slow.select(0, code) == []


def test_bm25_tokenizer_splits_identifiers():
    toks = tokenize("prefixSum omp_get_num_threads the")
    assert {"prefixsum", "prefix", "sum", "omp_get_num_threads", "omp", "threads"} <= set(toks)
    assert "the" not in toks
    scores = BM25Relevance()("prefix sum", ["prefix sum carry", "matrix multiply", "gemm tile"])
    assert scores[0] == max(scores)


def test_multiplicative_factor_rule():
    """The option factor_rule="multiplicative" (the default "upstream" rule:
    test_lessonl_upstream.py)."""
    bank = LessonBank("p", factor_rule="multiplicative")
    bank.add(_lesson(0, 2.0))
    bank.add(_lesson(1, 2.0))
    bank.add(_lesson(2, None, "compile_error"))
    bank.add(_lesson(3, 1.5))
    ch = bank.update_factors(
        {
            "p-r0-a0-c0": [("correct", 3.0), ("incorrect", None)],  # mean(3, 0.5) / 2 = 0.875
            "p-r0-a1-c0": [("correct", 10.0)],  # 5 clipped to 2
            "p-r0-a2-c0": [("compile_error", None)],  # 0.5 / 1 (failed lesson: ref 1)
        }
    )
    assert bank["p-r0-a0-c0"].factor == pytest.approx(0.875)
    assert bank["p-r0-a1-c0"].factor == pytest.approx(2.0)
    assert bank["p-r0-a2-c0"].factor == pytest.approx(0.5)
    assert bank["p-r0-a3-c0"].factor == 1.0 and "p-r0-a3-c0" not in ch  # not used: unchanged
    bank.update_factors({"p-r0-a0-c0": [("correct", 0.1)]})  # 0.05 clipped to 0.5
    assert bank["p-r0-a0-c0"].factor == pytest.approx(0.4375)
    assert bank["p-r0-a0-c0"].adjusted_speedup == pytest.approx(0.875)


def test_prompts_state_build_and_evidence():
    p = get_problem(PID)
    build = {"compiler_version": "g++ (Debian 12.2.0) 12.2.0", "flags": "-std=c++17 -O3 -fopenmp", "threads": 2}
    text = prompts.optimization_prompt(p, "omp", build, 2097152)
    for s in (
        "g++ (Debian 12.2.0) 12.2.0",
        "-std=c++17 -O3 -fopenmp",
        "OMP_NUM_THREADS=2",
        p.signature,
        "std::inclusive_scan",
    ):
        assert s in text
    assert "Lessons from earlier" not in text
    assert "one CPU" in prompts.optimization_prompt(p, "serial", build, 10)
    bad = EvalResult(
        PID,
        "pareval",
        "omp",
        "incorrect",
        17,
        2,
        evidence={
            "why": "output[5] (of 17): expected 1.5, got 0.25",
            "size": 17,
            "seed": 42,
            "phase": "validation",
            "thread_scaling": {"t1_ms": 4.0, "tN_ms": 2.5},
            "opt_remarks": "loop not vectorized: unsafe dependent memory operations",
        },
    )
    ev = prompts.format_evidence(bad)
    for s in (
        "output[5]",
        "expected 1.5, got 0.25",
        "size 17",
        "seed 42",
        "thread_scaling.t1_ms",
        "loop not vectorized",
    ):
        assert s in ev
    ok = EvalResult(PID, "pareval", "omp", "correct", 17, 2, speedup=1.234, ci_low=1.2, ci_high=1.3, pairs=10)
    assert "1.23x (95 % CI 1.20x-1.30x)" in prompts.format_evidence(ok)


def test_report_columns():
    rows = [
        {
            "category": "scan",
            "correct": True,
            "compiled": True,
            "speedup": 4.0,
            "ci_low": 3.5,
            "ci_high": 4.5,
            "reference_speedup": 8.0,
            "prompt_tokens": 10,
            "completion_tokens": 5,
            "cost_usd": 0.5,
            "wall_s": 2,
        },
        {
            "category": "scan",
            "correct": True,
            "compiled": True,
            "speedup": 0.5,
            "ci_low": 0.4,
            "ci_high": 0.6,
            "reference_speedup": 2.0,
        },
        {"category": "scan", "correct": True, "compiled": True, "speedup": 1.05, "ci_low": 0.99, "ci_high": 1.1},
        {"category": "scan", "correct": False, "compiled": False, "speedup": None},
    ]
    [s, all_] = summarize(rows)
    assert s["category"] == "scan" and all_["category"] == "all"
    assert s["% compiled"] == 75 and s["% correct"] == 75
    assert s["geomean"] == pytest.approx((4 * 1 * 1.05 * 1) ** 0.25)  # slower and incorrect as 1
    assert s["mean"] == pytest.approx((4 + 0.5 + 1.05 + 0) / 4)  # incorrect as 0
    assert s["% >=2x"] == 25
    assert s["geomean CI>1"] == pytest.approx(4**0.25)  # 1.05 has CI low < 1
    assert s["reference"] == pytest.approx(4.0)  # geomean(8, 2)
    assert s["% of ref"] == pytest.approx(100 * 2 / 4)  # geomean(4, 1) / 4
    assert s["tokens"] == 15 and s["cost $"] == pytest.approx(0.5)
    assert "| scan | 4 | 75% | 75% |" in md_table(*table_cells(get_table("per_category"), [s]))


# --------------------------------------------------------------------------- end to end


def test_lessonl_end_to_end_with_real_evaluator(tmp_path):
    import pandas as pd

    script = Script(
        candidates={
            ("agent-1", 0): fence(BASELINE),
            ("agent-2", 0): fence(BROKEN),
            ("agent-1", 1): fence(WRONG),
            ("agent-2", 1): fence(LOOP),
        },
        lessons={
            ("agent-1", 0): "LESSON-ALPHA: std::inclusive_scan is memory bound already.",
            ("agent-2", 0): "LESSON-BETA: the return statement had a syntax error.",
        },
    )
    store, rows, summary = execute(_opts(tmp_path), complete_fn=script)
    root = store.root

    # round 0 lessons reach round 1's prompts with their outcome labels
    lessons = [json.loads(l) for l in (root / "lessons.jsonl").read_text().splitlines()]
    assert [l["id"] for l in lessons] == [f"{PID}-r0-a0-c0", f"{PID}-r0-a1-c0"]
    alpha = next(l for l in lessons if "ALPHA" in l["text"])
    assert alpha["status"] == "correct" and alpha["candidate_id"] == f"{PID}-r0-a0"
    assert alpha["agent"] == "agent-1" and alpha["model"] == "openai/mock-a" and alpha["round"] == 0
    assert alpha["outcome"] == outcome_label("correct", alpha["speedup"], alpha["ci_low"], alpha["ci_high"])
    r1 = script.prompts("candidate", n=1)
    assert len(r1) == 2
    for p in r1:
        assert "LESSON-ALPHA" in p and "LESSON-BETA" in p
        assert f"outcome: {alpha['outcome']}" in p and "outcome: did not compile" in p
    assert all("LESSON" not in p for p in script.prompts("candidate", n=0))

    # compiler diagnostics reach the lesson prompt of the non-compiling attempt
    [beta_prompt] = script.prompts("lesson", agent="agent-2")
    assert "did not compile" in beta_prompt and "error:" in beta_prompt and "candidate.cpp:2" in beta_prompt
    [alpha_prompt] = script.prompts("lesson", agent="agent-1")
    assert "measured speedup:" in alpha_prompt and "% CI" in alpha_prompt
    # no lessons after the last round
    assert len(script.prompts("lesson")) == 2

    # honest selection: the best first measurement among the correct ones, re-measured
    events = [json.loads(l) for l in (root / "events.jsonl").read_text().splitlines()]
    evals = [e for e in events if e["kind"] == "evaluation"]
    first = {e["candidate_id"]: e["result"] for e in evals if not e["fresh"]}
    assert first[f"{PID}-r0-a1"]["status"] == "compile_error"
    assert first[f"{PID}-r1-a0"]["status"] == "incorrect"
    correct = {k: v["speedup"] for k, v in first.items() if v["status"] == "correct"}
    assert set(correct) == {f"{PID}-r0-a0", f"{PID}-r1-a1"}
    [best] = [e for e in events if e["kind"] == "best"]
    assert best["candidate_id"] == max(correct, key=correct.get)
    [null] = [e for e in evals if e["candidate_id"] == f"{PID}-null"]
    assert null["fresh"] and null["result"]["status"] == "correct"  # the noise floor
    [fresh] = [e for e in evals if e["fresh"] and e is not null]
    assert fresh["candidate_id"] == best["candidate_id"]
    assert fresh["result"]["cached"] is False and fresh["result"]["key"] != first[best["candidate_id"]]["key"]
    [row] = rows
    assert row["status"] == "correct" and row["best_id"] == best["candidate_id"]
    assert row["speedup"] == fresh["result"]["speedup"] and row["first_speedup"] == correct[best["candidate_id"]]
    assert row["candidates"] == 4 and row["candidates_compiled"] == 3 and row["candidates_correct"] == 2
    assert row["lessons"] == 2 and row["cost_usd"] == pytest.approx(0.006)
    assert row["null_speedup"] == null["result"]["speedup"]
    assert any(e["kind"] == "factors_updated" for e in events)
    assert sum(e["kind"] == "llm_call" for e in events) == 6

    # the run folder
    cfg = json.loads((root / "config.json").read_text())
    for k in (
        "team",
        "strategy",
        "compiler",
        "machine",
        "git_revision",
        "suite_hash",
        "threads",
        "strategy_defaults",
        "team_kind",
    ):
        assert k in cfg
    assert cfg["compiler"]["flags"].startswith("-std=c++17 -O3") and cfg["machine"]["cpu_model"]
    assert cfg["team_kind"] == "team" and cfg["strategy_defaults"]["rounds"] == 4
    assert len(list((root / "candidates" / PID).glob("*.cpp"))) == 4
    df = pd.read_csv(root / "problems.csv")
    assert list(df["problem"]) == [PID] and df["status"][0] == "correct"
    assert json.loads((root / "problems.json").read_text())[0]["problem"] == PID
    md = (root / "report.md").read_text()
    assert "## Per category" in md and "| scan | 1 | 100% | 100% |" in md
    assert summary[-1]["category"] == "all"

    # resume of a finished run: nothing is evaluated or asked again
    n_calls = len(script.calls)
    execute(_opts(tmp_path), store=RunStore.open(root), complete_fn=script)
    assert len(script.calls) == n_calls
    events2 = [json.loads(l) for l in (root / "events.jsonl").read_text().splitlines()]
    assert sum(e["kind"] == "evaluation" for e in events2) == len(evals)
    assert any(e["kind"] == "problem_skipped" for e in events2)


def test_resume_after_interrupt_reuses_evaluations(tmp_path):
    cands = {
        ("agent-1", 0): fence(BASELINE),
        ("agent-2", 0): fence(WRONG),
        ("agent-1", 1): fence(LOOP),
        ("agent-2", 1): fence(BROKEN),
    }
    killer = Script(cands, interrupt_at=("agent-1", "candidate", 1))
    with pytest.raises(KeyboardInterrupt):
        execute(_opts(tmp_path), complete_fn=killer)
    [root] = list((tmp_path / "results").iterdir())
    before = [json.loads(l) for l in (root / "events.jsonl").read_text().splitlines()]
    measured = {e["candidate_id"] for e in before if e["kind"] == "evaluation"}
    assert measured == {f"{PID}-null", f"{PID}-r0-a0", f"{PID}-r0-a1"}
    assert any(e["kind"] == "run_interrupted" for e in before)

    store, rows, _ = execute(_opts(tmp_path), store=RunStore.open(root), complete_fn=Script(cands))
    after = [json.loads(l) for l in (root / "events.jsonl").read_text().splitlines()][len(before) :]
    reused = {e["candidate_id"] for e in after if e["kind"] == "evaluation_reused"}
    again = {e["candidate_id"] for e in after if e["kind"] == "evaluation" and not e["fresh"]}
    assert reused == measured and not (again & measured)
    assert rows[0]["status"] == "correct"


def test_no_correct_candidate_is_reported_as_such(tmp_path):
    script = Script({("agent-1", 0): fence(BROKEN)})
    store, rows, summary = execute(_opts(tmp_path, strategy="single"), complete_fn=script)
    [row] = rows
    assert row["status"] == "no correct candidate" and row["speedup"] is None
    assert not row["compiled"] and row["candidates"] == 1
    scan = summary[0]
    assert scan["geomean"] == pytest.approx(1.0) and scan["mean"] == 0 and scan["% correct"] == 0
    assert "no correct candidate" in (store.root / "report.md").read_text()
    events = [json.loads(l) for l in (store.root / "events.jsonl").read_text().splitlines()]
    assert not any(e["kind"] == "best" for e in events)


def test_null_strategy_is_the_remeasured_baseline(tmp_path):
    def no_model(*a):
        raise AssertionError("the null strategy calls no model")

    store, rows, _ = execute(_opts(tmp_path, strategy="null"), complete_fn=no_model)
    [row] = rows
    assert row["status"] == "correct" and row["best_id"] == f"{PID}-null"
    assert row["speedup"] > 0 and row["ci_low"] <= row["speedup"] <= row["ci_high"]  # A/A: noise
    assert (store.root / "candidates" / PID / f"{PID}-null.cpp").read_text().strip() == BASELINE.strip()


def test_run_stops_when_every_model_call_fails(tmp_path):
    """An API that answers nothing must not yield a table of empty problems."""
    from harness.core.errors import HarnessError
    from harness.models.llm import ModelCallError

    def down(agent, messages, seed):
        raise ModelCallError("connection refused")

    with pytest.raises(HarnessError, match="every model call .* failed; last error: .*connection refused"):
        execute(_opts(tmp_path), complete_fn=down)
    [root] = list((tmp_path / "results").iterdir())
    assert any(json.loads(l)["kind"] == "llm_error" for l in (root / "events.jsonl").read_text().splitlines())
