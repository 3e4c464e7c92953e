"""The single-model comparison strategies of the LessonL paper: cot, reflexion and
mapcoder (strategies.md), with scripted model replies and the real evaluator on
30_scan_prefix_sum at its quick size (short timing settings).

Scripted candidates with known outcomes make every pick checkable from the events: the
baseline (about 1x), the baseline scanning two, three or four times (about 0.5x, 0.33x,
0.25x), a wrong variant (incorrect) and a code that does not compile."""

from __future__ import annotations

import json

import pytest

from harness.strategies import prompting as prompts
from harness.cli import main
from harness.measure.evaluate import EvalConfig, EvalResult
from harness.run import RunOptions, execute
from harness.results.runstore import RunStore
from harness.strategies import Candidate, RunContext, get_strategy, registry
from harness.strategies.mapcoder import debug_variant, parse_confidence, parse_retrieval
from harness.measure.suite import get_problem
from strategy_kit import BASELINE, FAST_EVAL, PID, ROOT, ScriptedModel, assert_budget, fence, run_strategy

WRONG = (ROOT / "tests" / "variants" / PID / "wrong_exclusive.cpp").read_text()
BROKEN = "void prefixSum(std::vector<double> const& x, std::vector<double>& output) {\n  return 1 +;\n}\n"
SIGNATURE = "void prefixSum(std::vector<double> const& x, std::vector<double>& output) {\n"
# correct, and slower than the baseline by the number of passes
SLOW2 = (
    "#include <numeric>\n#include <vector>\n"
    + SIGNATURE
    + "  for (int pass = 0; pass < 2; ++pass) std::inclusive_scan(x.begin(), x.end(), output.begin());\n}\n"
)
SLOW3 = SLOW2.replace("pass < 2", "pass < 3")
SLOW4 = SLOW2.replace("pass < 2", "pass < 4")
LOOP = SIGNATURE + "  double s = 0.0;\n  for (size_t i = 0; i < x.size(); ++i) { s += x[i]; output[i] = s; }\n}\n"
OMP_SENTENCE = prompts.load("answer_omp").strip()
CUE = prompts.load("step_by_step").strip()


def kind(prompt: str) -> str:
    """Which request a prompt is (by its template's own heading)."""
    for marker, k in (
        ("## Your reflection\n", "reflection"),
        ("## Layout of your reply", "retrieval"),
        ("## Your assessment", "verify"),
        ("Plan how to make", "plan"),
    ):
        if marker in prompt:
            return k
    return "code"


class Script(ScriptedModel):
    """Replies by request kind: ``replies[kind]`` is a list (the n-th request of that kind
    gets item n, the last item after that) or a function of the prompt."""

    def __init__(self, **replies):
        self.count: dict = {}

        def reply(call):
            k = kind(call["prompt"])
            call["kind"] = k
            n = self.count[k] = self.count.get(k, -1) + 1
            r = replies.get(k, [f"{k} reply {n}"])
            return r(call["prompt"]) if callable(r) else r[min(n, len(r) - 1)]

        super().__init__(reply)

    def prompts(self, k: str) -> list[str]:
        return [c["prompt"] for c in self.calls if kind(c["prompt"]) == k]


def events(store) -> list[dict]:
    return [json.loads(l) for l in (store.root / "events.jsonl").read_text().splitlines()]


def first_results(evs) -> dict:
    """{candidate id: EvalResult} of the first measurements."""
    return {
        e["candidate_id"]: EvalResult.from_dict(e["result"])
        for e in evs
        if e["kind"] == "evaluation" and not e["fresh"]
    }


def argmax_earliest(evs) -> str:
    """The candidate with the best first speedup, the earliest of ties, from the events."""
    cands = [e for e in evs if e["kind"] == "candidate" and e["status"] == "correct"]
    return max(cands, key=lambda e: e["speedup"])["id"]


# --------------------------------------------------------------------------- registry, CLI


def test_registered_budgets_follow_the_upstream_defaults():
    reg = registry.load_all()
    assert {"cot", "reflexion", "mapcoder"} <= set(reg)
    for name in ("cot", "reflexion", "mapcoder"):
        assert reg[name].team == registry.TEAM_ONE
    assert not reg["cot"].profile and reg["reflexion"].profile and reg["mapcoder"].profile
    cot, refl, mc = reg["cot"], reg["reflexion"], reg["mapcoder"]
    assert cot.budget(cot.resolve({}), 3) == registry.Budget(1, 1)
    assert refl.budget(refl.resolve({}), 3) == registry.Budget(21, 10)  # strategies.md
    assert refl.budget(refl.resolve({"evaluate_last": True}), 3) == registry.Budget(21, 11)
    assert refl.resolve({}, "quick")["iterations"] == 3
    # 1 + 2k + k(1 + t) = 25 calls when retrieval parses at once, 2 retrieval retries at most
    assert mc.budget(mc.resolve({}), 3) == registry.Budget(27, 18, exact=False)
    assert mc.resolve({}, "quick") == {"plans": 2, "debug_steps": 1, "upstream_debug_context": False}


@pytest.mark.parametrize(
    "args,message",
    [
        (["--strategy", "reflexion", "--plans", "2"], "strategy 'reflexion' does not take --plans"),
        (
            ["--strategy", "reflexion", "--iterations", "2", "--debug-steps", "1"],
            "strategy 'reflexion' does not take --debug-steps",
        ),
        (["--strategy", "mapcoder", "--iterations", "2"], "strategy 'mapcoder' does not take --iterations"),
        (["--strategy", "cot", "--evaluate-last"], "strategy 'cot' does not take --evaluate-last"),
        (["--strategy", "reflexion", "--iterations", "0"], "--iterations must be >= 1"),
        (["--strategy", "mapcoder", "--debug-steps", "-1"], "--debug-steps must be >= 0"),
    ],
)
def test_an_option_of_another_strategy_is_a_one_line_error(capsys, args, message):
    assert main(["run", *args, "--problems", PID, "--quick", "--models", "openai/x"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


# --------------------------------------------------------------------------- cot


def test_cot_prompt_is_singles_with_the_cue_before_the_source():
    p = get_problem(PID)
    ctx = RunContext()
    for mode in ("omp", "serial"):
        single = get_strategy("single").prompt(p, mode, ctx)
        cot = get_strategy("cot").prompt(p, mode, ctx)
        assert cot == single.replace("\n\n## The original code", f"\n\n{CUE}\n\n## The original code", 1)
        assert cot.index(CUE) < cot.index(p.source("baseline.cpp").strip())
        assert p.source("baseline.cpp").strip() in cot
        assert (OMP_SENTENCE in cot) == (mode == "omp") == (OMP_SENTENCE in single)


def test_cot_makes_one_call_and_one_candidate(tmp_path):
    store, rows, model = run_strategy(tmp_path, "cot")
    assert_budget(rows, "cot")
    [row] = rows
    assert row["model_calls"] == 1 and row["candidates"] == 1 and row["status"] == "correct"
    [call] = model.calls
    assert CUE in call["prompt"] and OMP_SENTENCE in call["prompt"]
    quick = RunContext(eval_config=EvalConfig(quick=True))
    assert call["prompt"] == get_strategy("cot").prompt(get_problem(PID), "omp", quick)
    assert row["best_id"] == f"{PID}-r0-a0"


# --------------------------------------------------------------------------- reflexion


def test_reflexion_memory_holds_only_the_latest_attempt_and_picks_the_best_measured(tmp_path):
    codes = [fence(SLOW4), fence(BASELINE), fence(SLOW3), fence(BROKEN)]
    reflections = []

    def reflect(prompt):
        reflections.append(f"REFLECTION-{len(reflections)}")
        return reflections[-1]

    model = Script(code=codes, reflection=reflect)
    opts = {"iterations": 3}
    store, rows, _ = run_strategy(tmp_path, "reflexion", opts, model=model)
    assert_budget(rows, "reflexion", opts)
    [row] = rows
    assert (row["model_calls"], row["evaluations"]) == (7, 3)  # 1 + 2N calls, N evaluations
    evs = events(store)
    first = first_results(evs)
    ids = [f"{PID}-i{i}" for i in range(3)]
    assert [c for c in first if c.startswith(f"{PID}-i")] == ids  # c3 is generated, never evaluated
    assert any(e["kind"] == "candidate_not_evaluated" and e["candidate_id"] == f"{PID}-i3" for e in evs)
    # scripted speedups about [0.25, 1.0, 0.33]: the pick is the one measured best, not
    # the one generated after it (upstream defect 1)
    s = [first[i].speedup for i in ids]
    assert s[1] > 1.5 * max(s[0], s[2]), s
    assert row["best_id"] == argmax_earliest(evs) == f"{PID}-i1"
    # prompts: c0 is single's; c_{i+1} holds c_i, its evidence and the reflection on it only
    code_prompts, refl_prompts = model.prompts("code"), model.prompts("reflection")
    assert len(code_prompts) == 4 and len(refl_prompts) == 3
    assert "## Your previous attempt" not in code_prompts[0] and "REFLECTION" not in code_prompts[0]
    sources = (SLOW4, BASELINE, SLOW3)
    for i, src in enumerate(sources):
        evidence = prompts.format_evidence(first[ids[i]])
        assert src.strip() in refl_prompts[i] and evidence in refl_prompts[i]
        assert "REFLECTION" not in refl_prompts[i]
        memory = code_prompts[i + 1].split("## The original code")[0]
        assert src.strip() in memory and evidence in memory and f"REFLECTION-{i}" in memory
        assert all(f"REFLECTION-{j}" not in memory for j in range(i))
        assert all(older.strip() not in memory for older in sources[:i])
        assert OMP_SENTENCE in code_prompts[i + 1]


def test_reflexion_shows_failures_by_their_evidence_and_can_evaluate_the_last_code(tmp_path):
    model = Script(code=[fence(BROKEN), fence(WRONG), fence(LOOP)])
    opts = {"iterations": 2, "evaluate_last": True}
    store, rows, _ = run_strategy(tmp_path, "reflexion", opts, model=model)
    assert_budget(rows, "reflexion", opts)
    [row] = rows
    assert (row["model_calls"], row["evaluations"]) == (5, 3)
    first = first_results(events(store))
    assert [first[f"{PID}-i{i}"].status for i in range(3)] == ["compile_error", "incorrect", "correct"]
    code_prompts, refl_prompts = model.prompts("code"), model.prompts("reflection")
    # outcome labels from the EvalResult (upstream defect 2), diagnostics in the prompt
    assert "**did not compile**" in refl_prompts[0] and "**incorrect**" in refl_prompts[1]
    diag = first[f"{PID}-i0"].evidence["diagnostics"].strip().splitlines()[0]
    assert diag and diag in code_prompts[1] and "**did not compile**" in code_prompts[1]
    assert "- mismatch:" in code_prompts[2] and "**incorrect**" in code_prompts[2]
    assert row["best_id"] == f"{PID}-i2"


def test_reflexion_resume_reuses_the_evaluations_made_before_a_kill(tmp_path):
    codes = [fence(BASELINE), fence(SLOW2), fence(LOOP)]

    class Killer(Script):
        def __call__(self, agent, messages, seed):
            if len(self.calls) == 3:  # the reflection on c1: c0 and c1 are evaluated
                raise KeyboardInterrupt
            return super().__call__(agent, messages, seed)

    opts = RunOptions(
        problems=[PID],
        mode="omp",
        models="openai/mock-a",
        strategy="reflexion",
        strategy_options={"iterations": 2},
        quick=True,
        reference=False,
        output=str(tmp_path / "results"),
        eval_overrides=dict(FAST_EVAL),
    )
    with pytest.raises(KeyboardInterrupt):
        execute(opts, complete_fn=Killer(code=codes))
    [root] = list((tmp_path / "results").iterdir())
    before = events(RunStore.open(root))
    measured = {e["candidate_id"] for e in before if e["kind"] == "evaluation"}
    assert measured == {f"{PID}-null", f"{PID}-i0", f"{PID}-i1"}

    store, rows, model = execute(opts, store=RunStore.open(root), complete_fn=Script(code=codes))
    after = events(store)[len(before) :]
    reused = {e["candidate_id"] for e in after if e["kind"] == "evaluation_reused"}
    again = {e["candidate_id"] for e in after if e["kind"] == "evaluation" and not e["fresh"]}
    assert reused == measured and not (again & measured)
    assert rows[0]["status"] == "correct" and rows[0]["evaluations"] == 2


# --------------------------------------------------------------------------- mapcoder


RETRIEVAL = """Here are two.

# Problem 1
## Description
EXEMPLAR-A: a blocked matrix product.
## Optimization
1. Tile the loops. 2. Vectorize the inner loop.
## Plan
Tile, then vectorize.

**Problem 2**
**Description:** EXEMPLAR-B: a histogram.
**Optimization:** privatize the bins per thread, then merge.
**Plan:** private arrays, merged at the end.

# Algorithm
GUIDE: tiling, privatization and two-pass scans.
"""


def test_parse_retrieval_is_lenient_but_counts_only_complete_distinct_problems():
    ex, algo, why = parse_retrieval(RETRIEVAL, 2)
    assert why == "" and algo.startswith("GUIDE")
    assert [e["description"].split(":")[0] for e in ex] == ["EXEMPLAR-A", "EXEMPLAR-B"]
    assert ex[1]["plan"] == "private arrays, merged at the end."
    ex, _, why = parse_retrieval(RETRIEVAL, 3)
    assert len(ex) == 2 and "2 complete, distinct problem(s) of 3" in why
    dup = RETRIEVAL.replace("EXEMPLAR-B: a histogram.", "EXEMPLAR-A: a blocked matrix product.")
    assert len(parse_retrieval(dup, 2)[0]) == 1
    fenced = "# Problem 1\n## Description\nd\n```\n## Plan\n```\n## Optimization\no\n"
    ex, algo, why = parse_retrieval(fenced, 1)  # a heading inside a fence is content: no plan
    assert ex == [] and "no Algorithm section" in why
    assert parse_retrieval("Plan the loops first.\nI cannot use headings.", 1)[0] == []
    assert parse_confidence("The plan is sound.\nConfidence: 85") == 85
    assert parse_confidence("**Confidence:** 30 ... confidence: 70/100") == 70
    assert parse_confidence("Confidence: 150") is None and parse_confidence("very sure") is None
    assert [
        debug_variant(s)
        for s in ("compile_error", "link_error", "incorrect", "runtime_error", "timeout", "rejected", "correct")
    ] == ["compile", "compile", "incorrect", "incorrect", "incorrect", "incorrect", "slow"]


def _mapcoder_script() -> Script:
    codes = {
        "PLAN-B": [fence(BROKEN), fence(WRONG), fence(SLOW3)],
        "PLAN-A": [fence(BASELINE), fence(SLOW4), fence(BASELINE)],
    }
    seen = {"PLAN-A": 0, "PLAN-B": 0}

    def code(prompt):
        plan = "PLAN-B" if "PLAN-B" in prompt else "PLAN-A"
        seen[plan] += 1
        return codes[plan][seen[plan] - 1]

    return Script(
        retrieval=[RETRIEVAL],
        plan=lambda p: "PLAN-A: tile the scan." if "EXEMPLAR-A" in p else "PLAN-B: two passes.",
        verify=lambda p: "Likely correct.\nConfidence: " + ("40" if "PLAN-A" in p else "90"),
        code=code,
    )


def test_mapcoder_runs_plans_by_confidence_and_debugs_by_status(tmp_path):
    model = _mapcoder_script()
    opts = {"plans": 2, "debug_steps": 2}
    store, rows, _ = run_strategy(tmp_path, "mapcoder", opts, model=model)
    assert_budget(rows, "mapcoder", opts)
    [row] = rows
    assert (row["model_calls"], row["evaluations"]) == (1 + 2 * 2 + 2 * 3, 2 * 3)  # well-formed: exact
    evs = events(store)
    [ranked] = [e for e in evs if e["kind"] == "plans_ranked"]
    assert ranked["order"] == ["p1", "p0"] and ranked["confidence"] == [90, 40]
    cands = [e for e in evs if e["kind"] == "candidate"]
    assert [c["id"] for c in cands] == [f"{PID}-p{j}-d{s}" for j in (1, 0) for s in range(3)]
    assert [c["round"] for c in cands] == list(range(6))
    assert [c["status"] for c in cands] == ["compile_error", "incorrect", "correct"] + ["correct"] * 3
    debug = {e["candidate_id"]: (e["after_status"], e["variant"]) for e in evs if e["kind"] == "debug_prompt"}
    assert debug == {
        f"{PID}-p1-d1": ("compile_error", "compile"),
        f"{PID}-p1-d2": ("incorrect", "incorrect"),
        f"{PID}-p0-d1": ("correct", "slow"),
        f"{PID}-p0-d2": ("correct", "slow"),
    }
    # the debug prompts: the variant's request, the code being fixed, its plan, the evidence
    code_prompts = model.prompts("code")
    assert len(code_prompts) == 6
    requests = {v: prompts.load(f"mapcoder_debug_{v}").strip() for v in ("compile", "incorrect", "slow")}
    for prompt, prev, plan, variant in (
        (code_prompts[1], BROKEN, "PLAN-B", "compile"),
        (code_prompts[2], WRONG, "PLAN-B", "incorrect"),
        (code_prompts[4], BASELINE, "PLAN-A", "slow"),
    ):
        assert requests[variant] in prompt and sum(r in prompt for r in requests.values()) == 1
        assert prev.strip() in prompt.split("## The original code")[0] and plan in prompt
        assert "GUIDE" in prompt
    assert "compiler output" in code_prompts[1] and "- mismatch:" in code_prompts[2]
    assert "measured speedup" in code_prompts[4]
    for prompt in code_prompts:
        assert OMP_SENTENCE in prompt  # upstream's debug prompts forgot it
    assert CUE in code_prompts[0] and CUE in code_prompts[3]
    # the pick: argmax over all six first measurements, the earliest of ties (p0-d2 is
    # p0-d0's code: the same verdict)
    first = first_results(evs)
    assert first[f"{PID}-p0-d2"].speedup == first[f"{PID}-p0-d0"].speedup
    assert row["best_id"] == argmax_earliest(evs) == f"{PID}-p0-d0"


def test_mapcoder_upstream_debug_context_hides_the_code_and_its_plan():
    p = get_problem(PID)
    ctx = RunContext()
    res = EvalResult(
        PID,
        "pareval",
        "omp",
        "compile_error",
        17,
        2,
        evidence={"diagnostics": "candidate.cpp:2:13: error: expected primary-expression"},
    )
    prev = Candidate(f"{PID}-p0-d0", PID, 0, "a", "m", reply=fence(BROKEN), source=BROKEN, result=res)
    for upstream in (False, True):
        mc = get_strategy("mapcoder", {"upstream_debug_context": upstream})
        text = mc.debug_prompt(p, "omp", ctx, "TUTORIAL", "PLAN-Z", prev)
        assert ("return 1 +;" in text) == ("PLAN-Z" in text) == (not upstream)
        assert "expected primary-expression" in text and "TUTORIAL" in text and OMP_SENTENCE in text
        assert prompts.load("mapcoder_debug_compile").strip() in text
        assert OMP_SENTENCE not in mc.debug_prompt(p, "serial", ctx, "TUTORIAL", "PLAN-Z", prev)


def test_mapcoder_retrieval_that_never_parses_is_bounded_and_the_run_finishes(tmp_path):
    model = Script(
        retrieval=["I would rather not use headings."],
        plan=["PLAN: unroll."],
        verify=["It might work."],
        code=[fence(BASELINE)],
    )
    opts = {"plans": 2, "debug_steps": 0}
    store, rows, _ = run_strategy(tmp_path, "mapcoder", opts, model=model)
    assert_budget(rows, "mapcoder", opts)
    [row] = rows
    retrievals = model.prompts("retrieval")
    assert len(retrievals) == 3  # RETRIEVAL_TRIES, then on without exemplars
    assert "could not be read" not in retrievals[0] and all("could not be read" in r for r in retrievals[1:])
    [ev] = [e for e in events(store) if e["kind"] == "retrieval"]
    assert ev["tries"] == 3 and ev["exemplars"] == 0 and "0 complete" in ev["incomplete"]
    assert "2 plan(s) from the code alone" in ev["consequence"]
    plans = model.prompts("plan")
    assert len(plans) == 2 and all("none was recalled" in t for t in plans)
    # no readable confidence: 0 for both, so the plans keep their order
    [ranked] = [e for e in events(store) if e["kind"] == "plans_ranked"]
    assert ranked["order"] == ["p0", "p1"] and ranked["confidence"] == [0, 0]
    assert (row["model_calls"], row["evaluations"]) == (3 + 2 * 2 + 2, 2)
    assert row["status"] == "correct"
