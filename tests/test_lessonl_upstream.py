"""LessonL as its authors ran it, and replicates measured anew.

* the effectiveness factor: the upstream rule (default) by hand, overwritten across
  rounds; the multiplicative option; both through a real run (scripted replies, the real
  evaluator on 30_scan_prefix_sum at its quick size), with the rule in config.json and
  report.md;
* the selection rule of strategies.md ("while t x agents <= k every banked lesson is
  given; later ceil(k/2) by speedup x factor >= 1.1, the rest by relevance");
* the lesson prompt reads as English for every outcome label;
* every replicate of ``run --repeats`` is measured anew (the null strategy), the expert
  reference is shared;
* compare's replicate guidance (s, tau, R) against a hand computation from two
  hand-made run folders.
"""

from __future__ import annotations

import json
import math
import re
import statistics

import pytest

from harness.strategies import prompting as prompts
from harness.cli import main
from harness.measure.evaluate import EvalResult
from harness.strategies.lessons import (
    CORRECT_LABELS,
    FAILURE_LABELS,
    OUTCOME_PREDICATES,
    Lesson,
    LessonBank,
    lesson_id,
    outcome_label,
    outcome_predicate,
)
from harness.run import RunOptions, execute, options_from_config
from harness.strategies.base import REMEASURE_SEED_OFFSET, REPLICATE_SEED_STRIDE, replicate_seed
from harness.measure.suite import get_problem
from strategy_kit import BASELINE, FAST_EVAL, PID, ROOT, ScriptedModel, fence, run_strategy

WRONG = (ROOT / "tests" / "variants" / PID / "wrong_no_offset.cpp").read_text()
BROKEN = "void prefixSum(std::vector<double> const& x, std::vector<double>& output) {\n  return 1 +;\n}\n"


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


def _events(root):
    return [json.loads(l) for l in (root / "events.jsonl").read_text().splitlines()]


# --------------------------------------------------------------------------- the factor rule


def test_upstream_factor_by_hand_overwritten_not_multiplied():
    bank = LessonBank("p")  # the default rule
    assert bank.factor_rule == "upstream"
    bank.add(_lesson(0, 1.5))
    bank.add(_lesson(1, None, "incorrect"))
    bank.add(_lesson(2, 2.0))
    bank.add(_lesson(3, 1.2))
    round1 = [("correct", 2.0), ("correct", 1.2), ("incorrect", None)]
    ch = bank.update_factors(
        {"p-r0-a0-c0": round1, "p-r0-a1-c0": round1, "p-r0-a2-c0": [("correct", 2.0), ("timeout", None)]}
    )
    # 2.0 beats 1.5; 1.2 does not; an incorrect output counts as speedup 0
    assert bank["p-r0-a0-c0"].factor == pytest.approx((1.1 + 0.9 + 0.9) / 3)
    # a lesson whose attempt failed has speedup 0: every correct output beats it
    assert bank["p-r0-a1-c0"].factor == pytest.approx((1.1 + 1.1 + 0.9) / 3)
    # "beats" is strict: as fast as the lesson is not better
    assert bank["p-r0-a2-c0"].factor == pytest.approx((0.9 + 0.9) / 2)
    assert bank["p-r0-a3-c0"].factor == 1.0 and "p-r0-a3-c0" not in ch  # not selected: unchanged
    assert ch["p-r0-a0-c0"] == (1.0, pytest.approx(2.9 / 3))
    # round 2: overwritten, not multiplied
    bank.update_factors({"p-r0-a0-c0": [("correct", 1.6), ("correct", 3.0)]})
    assert bank["p-r0-a0-c0"].factor == pytest.approx(1.1)  # not 2.9 / 3 x 1.1
    bank.update_factors({"p-r0-a0-c0": [("compile_error", None)]})
    assert bank["p-r0-a0-c0"].factor == pytest.approx(0.9)
    assert bank["p-r0-a0-c0"].adjusted_speedup == pytest.approx(1.5 * 0.9)
    with pytest.raises(ValueError, match="unknown factor rule"):
        LessonBank("p", factor_rule="additive")


def test_multiplicative_option_compounds():
    bank = LessonBank("p", factor_rule="multiplicative")
    bank.add(_lesson(0, 1.5))
    round1 = [("correct", 2.0), ("correct", 1.2), ("incorrect", None)]
    bank.update_factors({"p-r0-a0-c0": round1})
    f1 = ((2.0 + 1.2 + 0.5) / 3) / 1.5  # failed output scores 0.5; ratio to the lesson's speedup
    assert bank["p-r0-a0-c0"].factor == pytest.approx(f1)
    bank.update_factors({"p-r0-a0-c0": [("correct", 3.0)]})
    assert bank["p-r0-a0-c0"].factor == pytest.approx(f1 * 2.0)  # 3 / 1.5 = 2: multiplied


# --------------------------------------------------------------------------- selection


def test_selection_gives_the_whole_bank_while_it_fits_then_splits_by_speedup_and_relevance():
    code = "void prefixSum(std::vector<double> const& x, std::vector<double>& output)"
    bank = LessonBank("p")
    # round 1 of 3 agents, k = 4: t x agents = 3 <= 4, all three lessons, failures and slow ones too
    bank.add(_lesson(0, None, "compile_error", text="missing semicolon"))
    bank.add(_lesson(1, 0.7, text="false sharing on output"))
    bank.add(_lesson(2, None, "incorrect", text="lost the carry"))
    assert {l.id for l in bank.select(4, code, round_=1)} == set(bank.lessons)
    # round 2: 6 > 4 lessons banked: ceil(4/2) = 2 by speedup x factor >= 1.1, 2 by relevance
    bank.add(_lesson(3, 3.0, text="two-pass blocked scan", round_=1))
    bank.add(_lesson(4, 1.05, text="simd", round_=1))
    bank.add(_lesson(5, 1.5, text="prefixSum output written once", round_=1))
    sel = bank.select(4, code, round_=2)
    assert [l.id for l in sel[:2]] == ["p-r1-a3-c0", "p-r1-a5-c0"]
    assert len(sel) == 4 and "p-r1-a4-c0" not in [l.id for l in sel[:2]]
    # the upstream factor lifts a 1.05x lesson over the threshold: 1.05 x 1.1 >= 1.1
    bank.update_factors({"p-r1-a4-c0": [("correct", 1.2)]})
    bank["p-r1-a5-c0"].factor = 0.7  # 1.5 x 0.7 = 1.05: below the threshold now
    assert [l.id for l in bank.select(4, "", round_=3)[:2]] == ["p-r1-a3-c0", "p-r1-a4-c0"]


# --------------------------------------------------------------------------- the lesson prompt

_FINITE = {"did", "crashed", "timed", "made"}  # verbs that stand after "the attempt"
_AFTER_WAS = {"significantly", "faster", "slower", "incorrect", "rejected", "lost"}  # adjectives, participles


def _reads_as_english(predicate: str) -> bool:
    """True if "the attempt <predicate>" is a grammatical clause: a finite verb first, and
    after "was" an adjective or participle (not a verb such as "did" or "crashed")."""
    words = predicate.split()
    if not words:
        return False
    if words[0] == "was":
        return len(words) > 1 and words[1] in _AFTER_WAS
    return words[0] in _FINITE


def test_lesson_prompt_reads_as_english_for_every_outcome_label():
    # the check catches what the old template wrote ("the attempt was <label>")
    assert not _reads_as_english("was did not link") and not _reads_as_english("was crashed")
    assert not _reads_as_english("was timed out") and not _reads_as_english("was no measurable change")
    labels = set(CORRECT_LABELS) | set(FAILURE_LABELS.values())
    assert set(OUTCOME_PREDICATES) == labels
    # every label outcome_label can return has a predicate
    grid = {
        outcome_label("correct", s, lo, hi)
        for s, lo, hi in [(1.2, 1.0, 1.3), (1.05, 1.01, 1.08), (0.9, 0.8, 0.95), (1.0, 0.9, 1.1), (None, None, None)]
    }
    grid |= {outcome_label(st) for st in FAILURE_LABELS}
    assert grid == labels
    p = get_problem(PID)
    build = {"compiler_version": "g++ 12", "flags": "-O3", "threads": 2}
    for label in sorted(labels):
        status = "correct" if label in CORRECT_LABELS else next(k for k, v in FAILURE_LABELS.items() if v == label)
        res = EvalResult(PID, "pareval", "omp", status, 17, 2, speedup=1.0 if status == "correct" else None)
        text = prompts.lesson_prompt(p, "omp", build, BASELINE, res, label)
        [pred] = re.findall(r"explain why the attempt ([a-z ]+?),", text)
        assert pred == outcome_predicate(label) and _reads_as_english(pred), (label, pred)
        assert f"Its outcome: **{label}**" in text
    with pytest.raises(ValueError, match="unknown outcome label"):
        outcome_predicate("exploded")


# --------------------------------------------------------------------------- the rule in a run


def _hand_factor(rule, old, lesson, outputs):
    """Both rules written out again, from the event log's numbers."""
    if rule == "upstream":
        mine = lesson["speedup"] if lesson["status"] == "correct" else 0.0
        return sum(1.1 if (s if st == "correct" else 0.0) > mine else 0.9 for st, s in outputs) / len(outputs)
    ref = lesson["speedup"] if lesson["status"] == "correct" else 1.0
    mean = sum(s if st == "correct" else 0.5 for st, s in outputs) / len(outputs)
    return old * min(2.0, max(0.5, mean / ref))


@pytest.mark.parametrize("rule", ["upstream", "multiplicative"])
def test_factor_rule_in_a_run_is_recorded_and_applied(tmp_path, rule):
    """3 rounds of 2 agents, k = 4: round 0's lessons are shown in rounds 1 and 2, so
    their factors change twice; the event log's factors equal the rule by hand."""
    replies = {
        ("agent-1", 0): WRONG,
        ("agent-2", 0): BASELINE,
        ("agent-1", 1): BASELINE,
        ("agent-2", 1): BROKEN,
        ("agent-1", 2): BASELINE,
        ("agent-2", 2): WRONG,
    }
    seen: dict = {}

    def reply(call):
        if "## Your lesson" in call["prompt"]:
            return f"lesson by {call['agent']}"
        n = seen[call["agent"]] = seen.get(call["agent"], -1) + 1
        return fence(replies[(call["agent"], n)])

    opts = {"rounds": 3, "agents": 2, "k": 4, **({} if rule == "upstream" else {"factor_rule": rule})}
    store, rows, _ = run_strategy(
        tmp_path, "lessonl", opts, model=ScriptedModel(reply), models="openai/mock-a,openai/mock-b"
    )
    cfg = json.loads((store.root / "config.json").read_text())
    assert cfg["strategy_options"]["factor_rule"] == rule
    assert f"'factor_rule': '{rule}'" in (store.root / "report.md").read_text()
    events = _events(store.root)
    outputs = {}  # round -> [(status, speedup)]
    for e in events:
        if e["kind"] == "candidate":
            outputs.setdefault(e["round"], []).append((e["status"], e["speedup"] if e["status"] == "correct" else None))
    lessons = {e["id"]: e for e in events if e["kind"] == "lesson"}
    updates = [e for e in events if e["kind"] == "factors_updated"]
    assert [u["round"] for u in updates] == [1, 2] and all(u["rule"] == rule for u in updates)
    assert set(updates[0]["changes"]) == {f"{PID}-r0-a0-c0", f"{PID}-r0-a1-c0"}
    factor = {lid: 1.0 for lid in lessons}
    for u in updates:
        for lid, (old, new) in u["changes"].items():
            assert old == pytest.approx(factor[lid])
            factor[lid] = _hand_factor(rule, factor[lid], lessons[lid], outputs[u["round"]])
            assert new == pytest.approx(factor[lid]), (lid, u["round"])
    if rule == "upstream":  # overwritten: always a mean of 1.1s and 0.9s
        assert all(0.9 - 1e-12 <= f <= 1.1 + 1e-12 for f in factor.values())
        # agent-1's round-0 lesson is about an incorrect attempt: round 1's correct output beats it
        assert updates[0]["changes"][f"{PID}-r0-a0-c0"][1] == pytest.approx((1.1 + 0.9) / 2)


def test_resume_keeps_the_rule_a_run_recorded():
    """--resume takes config.json's resolved options; a run recorded before factor_rule
    existed used the multiplicative rule and keeps it."""
    before = {
        "options": {"strategy": "lessonl", "strategy_options": {"rounds": 2}},
        "strategy_options": {"rounds": 2, "agents": 3, "k": 4, "relevance": "bm25"},
    }
    assert options_from_config(before).strategy_params()["factor_rule"] == "multiplicative"
    now = {
        "options": {"strategy": "lessonl", "strategy_options": {}},
        "strategy_options": {"rounds": 4, "agents": 3, "k": 4, "factor_rule": "upstream"},
    }
    assert options_from_config(now).strategy_params()["factor_rule"] == "upstream"
    single = {"options": {"strategy": "single", "strategy_options": {}}, "strategy_options": {}}
    assert options_from_config(single).strategy_options == {}


# --------------------------------------------------------------------------- replicates


def test_replicate_seeds_never_meet():
    seed = 20240521
    assert replicate_seed(seed, 0) == seed and replicate_seed(seed, 2) == seed + 2 * REPLICATE_SEED_STRIDE
    # one evaluation's seeds (first + up to 3 warm-up steps of 1000003, the re-measurement's
    # offset on top) stay below the next replicate's first seed
    assert REMEASURE_SEED_OFFSET + 4 * 1_000_003 + 1000 < REPLICATE_SEED_STRIDE
    with pytest.raises(ValueError):
        replicate_seed(seed, -1)


def test_every_replicate_is_measured_anew_and_the_reference_is_shared(tmp_path):
    def no_model(*a):
        raise AssertionError("the null strategy calls no model")

    opts = RunOptions(
        problems=[PID],
        mode="omp",
        strategy="null",
        quick=True,
        reference=True,
        repeats=2,
        output=str(tmp_path / "results"),
        eval_overrides=dict(FAST_EVAL),
    )
    store, rows, _ = execute(opts, complete_fn=no_model)
    store.close()
    assert [r["repeat"] for r in rows] == [0, 1]
    events = _events(store.root)
    evals = [e for e in events if e["kind"] == "evaluation"]
    reused = [e for e in events if e["kind"] == "evaluation_reused"]
    by = {(e["candidate_id"], e["fresh"], e["repeat"]): e for e in evals}
    null = f"{PID}-null"
    # the same code (the baseline) in both replicates: first measurement and re-measurement anew
    assert set(by) == {
        (f"{PID}-reference", False, 0),
        (null, False, 0),
        (null, True, 0),
        (null, False, 1),
        (null, True, 1),
    }
    seed = json.loads((store.root / "config.json").read_text())["eval_config"]["seed"]
    for fresh in (False, True):
        r0, r1 = by[(null, fresh, 0)], by[(null, fresh, 1)]
        off = REMEASURE_SEED_OFFSET if fresh else 0
        assert (r0["seed"], r1["seed"]) == (seed + off, seed + REPLICATE_SEED_STRIDE + off)
        assert r0["key"] != r1["key"] and r0["result"]["key"] != r1["result"]["key"]  # resume key, verdict key
        assert r1["result"]["status"] == "correct"
    # the rows report each replicate's own re-measurement
    for rep in (0, 1):
        assert rows[rep]["speedup"] == by[(null, True, rep)]["result"]["speedup"]
    # the expert reference is the problem's ceiling, not a replicate's result: measured once
    ref = by[(f"{PID}-reference", False, 0)]
    assert [(e["candidate_id"], e["key"]) for e in reused] == [(f"{PID}-reference", ref["key"])]
    assert [e["speedup"] for e in events if e["kind"] == "reference"] == [ref["result"]["speedup"]] * 2


# --------------------------------------------------------------------------- compare's replicate guidance

# ln speedups: old with 2 replicates per problem, new with 3 (2 for the last problem)
OLD_LN = {
    "02_dense_la_gemm": [0.40, 0.50],
    "06_fft_dft": [1.00, 0.90],
    "13_geometry_closest_pair_2d": [0.20, 0.30],
    "30_scan_prefix_sum": [0.90, 0.80],
}
NEW_LN = {
    "02_dense_la_gemm": [0.70, 0.80, 0.75],
    "06_fft_dft": [0.90, 1.00, 0.95],
    "13_geometry_closest_pair_2d": [0.55, 0.60, 0.45],
    "30_scan_prefix_sum": [0.80, 0.95],
}


def _write_run(root, ln):
    """A results folder with only what compare reads: config.json and the event log's
    finished rows (speedup e^ln, a tight CI, correct), serial mode, quick sizes."""
    root.mkdir(parents=True)
    config = {
        "run_id": root.name,
        "suite": "pareval",
        "mode": "serial",
        "threads": 1,
        "quick": True,
        "strategy": "single",
        "strategy_options": {},
        "eval_config": {"seed": 1},
    }
    (root / "config.json").write_text(json.dumps(config))
    events = [{"t": 1.0, "kind": "run_started"}]
    for rep in range(max(len(v) for v in ln.values())):
        for pid, xs in ln.items():
            if rep >= len(xs):
                continue
            s = math.exp(xs[rep])
            row = {
                "problem": pid,
                "category": get_problem(pid).category,
                "repeat": rep,
                "status": "correct",
                "correct": True,
                "compiled": True,
                "speedup": s,
                "ci_low": s * 0.99,
                "ci_high": s * 1.01,
                "null_speedup": 1.0,
            }
            events += [
                {"t": 2.0, "kind": "problem_started", "problem": pid, "repeat": rep, "category": row["category"]},
                {"t": 3.0, "kind": "problem_done", "problem": pid, "repeat": rep, "row": row},
            ]
    events.append({"t": 4.0, "kind": "run_finished"})
    (root / "events.jsonl").write_text("".join(json.dumps(e) + "\n" for e in events))
    return root


def test_compare_replicate_guidance_equals_the_formula_by_hand(tmp_path, capsys):
    old, new = _write_run(tmp_path / "old", OLD_LN), _write_run(tmp_path / "new", NEW_LN)
    drop = 0.20

    # s^2: each run's pooled within-problem variance, averaged over the two runs
    def pooled(ln):
        ss = sum(sum((x - statistics.fmean(xs)) ** 2 for x in xs) for xs in ln.values())
        return ss / sum(len(xs) - 1 for xs in ln.values())

    s2 = (pooled(OLD_LN) + pooled(NEW_LN)) / 2
    # tau^2: the variance of the per-problem deltas minus its replicate part s^2/n_old + s^2/n_new
    deltas = [statistics.fmean(NEW_LN[p]) - statistics.fmean(OLD_LN[p]) for p in OLD_LN]
    P = len(deltas)
    replicate_part = statistics.fmean(s2 / len(OLD_LN[p]) + s2 / len(NEW_LN[p]) for p in OLD_LN)
    tau2 = statistics.variance(deltas) - replicate_part
    # Var(ln ratio) ~ (tau^2 + 2 s^2 / R) / P must be <= (ln(1/(1 - X)) / (z_0.975 + z_0.8))^2
    d = math.log(1 / (1 - drop)) / (1.959963984540054 + 0.8416212335729143)
    R = math.ceil(2 * s2 / (P * d * d - tau2))
    assert tau2 > 0 and 2 <= R <= 20  # the example exercises both terms
    assert (tau2 + 2 * s2 / R) / P <= d * d < (tau2 + 2 * s2 / (R - 1)) / P

    main(["compare", str(old), str(new), "--format", "json", "--fail-on-regression", "20%"])
    g = json.loads(capsys.readouterr().out)["guidance"]
    assert g["s2"] == pytest.approx(s2) and g["tau2"] == pytest.approx(tau2)
    assert g["problems"] == P and g["replicates"] == R
    main(["compare", str(old), str(new), "--fail-on-regression", "20%"])
    md = capsys.readouterr().out
    assert f"s = {math.sqrt(s2):.3f} and spread of the problems' changes tau = {math.sqrt(tau2):.3f}" in md
    assert (
        f"resolving a 20% change (95 % interval, 80 % power) on these {P} problem(s) needs about {R} replicate(s)"
    ) in md
