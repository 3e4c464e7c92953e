"""colearning: E-RL's Algorithm 1 by hand, the correct -> test -> interpret loop (first
pass stops it, at most max_loops evaluations, no unevaluated code, the 3-pair memory,
the reward ledger, the last evaluated candidate as the answer), bad priors files, and
calibrate's priors read back by the strategy (scripted model, real evaluator)."""

from __future__ import annotations

import json

import pytest

from harness.cli.calibrate import priors_from_runs
from harness.cli import main
from harness.core.errors import HarnessError
from harness.results.events import CandidateEvent, LlmCall
from harness.results.runstore import read_run
from harness.strategies.colearning import (
    ErlWeights,
    arms_of,
    erl_scores,
    erl_select,
    initial_choice,
    ledger_step,
    length_tertiles,
    load_priors,
    tier_value,
)
from harness.measure.suite import load_suite
from strategy_kit import ROOT, ScriptedModel, assert_budget, fence, run_strategy

PID = "06_fft_dft"  # serial, quick size: the expert reference is ~100x faster, a sure "pass"
BASE = (ROOT / "pareval" / PID / "baseline.cpp").read_text()
REFERENCE = (ROOT / "pareval" / PID / "reference_serial.cpp").read_text()
WRONG = (ROOT / "tests" / "variants" / PID / "wrong_skip_last.cpp").read_text()
GARBAGE = "this is not C++ {\n"
# correct and slower: the baseline's loop nest run twice (tier -0.2, never a chance pass)
SLOWER = BASE.replace(
    "  for (size_t k = 0; k < N; ++k) {", "  for (int pass = 0; pass < 2; ++pass)\n  for (size_t k = 0; k < N; ++k) {"
)
MODELS = "openai/mock-a,openai/mock-b,openai/mock-c"
EXPLAINER = "Interpretation agent"


def scripted(codes):
    """A ScriptedModel whose k-th correction reply is codes[k] (tagged `// attempt k`) and
    whose interpretation replies are `EXPLANATION <call n>`."""
    state = {"k": 0}

    def reply(call):
        if EXPLAINER in call["prompt"]:
            return f"EXPLANATION {call['n']}: the loop order is the problem."
        k = state["k"]
        state["k"] += 1
        return fence(f"// attempt {k}\n{codes[k]}")

    return ScriptedModel(reply)


def events(store, kind):
    return [
        e for e in (json.loads(l) for l in (store.root / "events.jsonl").read_text().splitlines()) if e["kind"] == kind
    ]


# --------------------------------------------------------------------------- Algorithm 1


def test_algorithm1_scores_and_choice_equal_a_hand_computation():
    # 3 models: rewards (mean tier) 0.5, 1.0, -0.5; seconds per call 2, 1, 1; L = 600 chars;
    # 30 s so far. Normalised: R = logistic(2 (x - 0.5)) = 0.5, 0.7310586, 0.1192029;
    # T = x / sum = 0.5, 0.25, 0.25. score = R (600/1000 + 1 - 30/60) - T = 1.1 R - T
    w = ErlWeights()  # 1/1000, 1, 1, 1/60, 0.9
    scores = erl_scores([0.5, 1.0, -0.5], [2.0, 1.0, 1.0], 600, 30.0, w)
    assert scores == pytest.approx([0.05, 0.5541645, -0.1188768], abs=1e-6)
    idx, scores = erl_select([0.5, 1.0, -0.5], [2.0, 1.0, 1.0], 600, 30.0, w, current=1)
    assert scores == pytest.approx([0.05, 0.9 * 0.5541645, -0.1188768], abs=1e-6)
    assert idx == 1  # 0.4987 still beats 0.05
    # a small stability makes E-RL leave the current model: 0.05 * 0.5541645 = 0.0277 < 0.05
    idx, _ = erl_select([0.5, 1.0, -0.5], [2.0, 1.0, 1.0], 600, 30.0, ErlWeights(stability=0.05), current=1)
    assert idx == 0
    # ties go to team order
    assert erl_select([0.0, 0.0], [1.0, 1.0], 100, 0.0, ErlWeights(stability=1.0), current=1)[0] == 0


def test_stability_multiplies_only_the_current_model():
    args = ([0.2, 0.9, -1.0], [3.0, 0.5, 1.5], 1234, 12.5)
    free = erl_scores(*args, ErlWeights(stability=0.7))
    for cur in range(3):
        got = erl_scores(*args, ErlWeights(stability=0.7), current=cur)
        assert got == pytest.approx([s * 0.7 if i == cur else s for i, s in enumerate(free)])


def test_initial_choice_by_code_length():
    rewards, costs = [0.0, 2.0, 1.0], [2.0, 3.0, 1.0]
    assert initial_choice(rewards, costs, 100, (100, 200), ErlWeights())[0] == 2  # short: fastest
    assert initial_choice(rewards, costs, 201, (100, 200), ErlWeights())[0] == 1  # long: strongest
    idx, scores, reason = initial_choice(rewards, costs, 150, (100, 200), ErlWeights())
    assert idx == max(range(3), key=lambda i: scores[i]) and reason.startswith("medium")
    assert scores == pytest.approx(erl_scores(rewards, costs, 150, 0.0, ErlWeights()))


def test_suite_tertiles_split_the_baseline_lengths_in_thirds():
    lengths = sorted(len(p.source("baseline.cpp")) for p in load_suite("pareval").values())
    lo, hi = length_tertiles("pareval")
    assert lengths[0] < lo < hi < lengths[-1]
    assert abs(sum(x <= lo for x in lengths) - len(lengths) / 3) <= 1
    assert abs(sum(x > hi for x in lengths) - len(lengths) / 3) <= 1


def test_tiers_and_ledger_rule():
    assert tier_value("compile_error", None) == tier_value("link_error", None) == -1
    for s in ("incorrect", "runtime_error", "timeout", "rejected", "model_error"):
        assert tier_value(s, None) == -0.5
    assert tier_value("correct", 1.099) == -0.2 and tier_value("correct", None) == -0.2
    assert tier_value("correct", 1.1) == 3
    assert ledger_step(100, -0.5, 3) == 98.5  # failure: v * loop
    assert ledger_step(100, 3, 4) == 100.75  # pass: v / loop


def test_bad_priors_files_are_one_line_errors(tmp_path, capsys):
    cases = {
        "missing.json": None,
        "list.json": "[1, 2]",
        "bad.json": "{not json",
        "noreward.json": '{"openai/mock-a": {"seconds": 1}}',
        "nan.json": '{"openai/mock-a": {"reward": "high", "seconds": 1}}',
        "negative.json": '{"openai/mock-a": {"reward": 1, "seconds": -2}}',
        "cats.json": '{"openai/mock-a": {"reward": 1, "seconds": 1, "categories": [1]}}',
    }
    for name, text in cases.items():
        if text is not None:
            (tmp_path / name).write_text(text)
        with pytest.raises(HarnessError):
            load_priors(str(tmp_path / name))
    # a model not in the team, and a team model missing: exit 2, one line, before any work
    (tmp_path / "other.json").write_text(
        json.dumps({m: {"reward": 0, "seconds": 1} for m in ("openai/mock-a", "openai/mock-b", "openai/other")})
    )
    (tmp_path / "short.json").write_text(json.dumps({"openai/mock-a": {"reward": 0, "seconds": 1}}))
    for name, msg in (
        ("other.json", "names openai/other, not in the team"),
        ("short.json", "lacks openai/mock-b"),
        ("missing.json", "No such file"),
        ("list.json", "expected an object"),
    ):
        out = tmp_path / f"results-{name}"
        assert (
            main(
                [
                    "run",
                    "--strategy",
                    "colearning",
                    "--models",
                    "openai/mock-a,openai/mock-b",
                    "--problems",
                    PID,
                    "--erl-priors",
                    str(tmp_path / name),
                    "--output",
                    str(out),
                ]
            )
            == 2
        )
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and msg in err, err
        assert not out.exists()  # nothing started


# --------------------------------------------------------------------------- the loop (real evaluator)


@pytest.fixture(scope="module")
def first_pass_run(tmp_path_factory):
    """colearning (max_loops 5) whose corrections write: no C++, a wrong code, the expert
    reference (a pass), then more codes that must never be asked for."""
    model = scripted([GARBAGE, WRONG, REFERENCE, BASE, BASE])
    store, rows, _ = run_strategy(
        tmp_path_factory.mktemp("colearning"),
        "colearning",
        {},
        model=model,
        models=MODELS,
        mode="serial",
        problems=(PID,),
    )
    return store, rows, model


def test_loop_stops_at_the_first_pass_keeps_three_pairs_and_keeps_the_ledger(first_pass_run):
    store, rows, model = first_pass_run
    [row] = rows
    assert_budget(rows, "colearning")
    corrections = [c for c in model.calls if EXPLAINER not in c["prompt"]]
    explanations = [c for c in model.calls if EXPLAINER in c["prompt"]]
    # stops at the first pass (loop 3): 3 evaluations, 1 + 2*2 calls, every code evaluated
    assert (row["evaluations"], row["model_calls"], len(corrections), len(explanations)) == (3, 5, 3, 2)
    cands = events(store, "candidate")
    assert [c["status"] for c in cands] == ["compile_error", "incorrect", "correct"]
    assert row["status"] == "correct" and row["best_id"] == cands[-1]["id"] and row["speedup"] > 1.1
    # the ledger: 100 + (-1)*1 + (-0.5)*2 + 3/3
    rewards = events(store, "erl_reward")
    assert [r["tier"] for r in rewards] == [-1, -0.5, 3] and rewards[-1]["passed"]
    assert rewards[-1]["ledger"] == pytest.approx(100 - 1 - 1 + 1)
    # the Interpretation prompt holds the evaluator's evidence of the code it explains
    assert "compiler output" in explanations[0]["prompt"] and "attempt 0" in explanations[0]["prompt"]
    assert "mismatch" in explanations[1]["prompt"] and "attempt 1" in explanations[1]["prompt"]
    # memory: loop 2 = first pair + latest explanation; loop 3 = first pair + latest change
    # (loop 2's request and reply) + latest explanation (of attempt 1), not the older one
    expl = [f"EXPLANATION {c['n']}" for c in explanations]
    m2, m3 = corrections[1]["messages"], corrections[2]["messages"]
    assert [m["role"] for m in m2] == ["system", "user", "assistant", "user", "assistant", "user"]
    assert m2[1]["content"] == corrections[0]["prompt"] and "attempt 0" in m2[2]["content"]
    assert m2[4]["content"].startswith(expl[0]) and "compile_error" in m2[3]["content"]
    assert [m["role"] for m in m3] == ["system"] + ["user", "assistant"] * 3 + ["user"]
    assert m3[1]["content"] == corrections[0]["prompt"] and "attempt 0" in m3[2]["content"]
    assert m3[3]["content"] == m2[-1]["content"] and "attempt 1" in m3[4]["content"]
    assert m3[6]["content"].startswith(expl[1]) and "incorrect" in m3[5]["content"]
    assert not any(expl[0] in m["content"] for m in m3)
    # every E-RL choice is Algorithm 1 on the logged numbers, and the next correction used it
    sel = events(store, "erl_selection")
    assert [s["loop"] for s in sel] == [1, 2, 3]
    for s, corr in zip(sel, corrections):
        assert corr["model"] == s["model"]
        if s["loop"] == 1:
            continue
        cur = s["models"].index(s["current"])
        idx, scores = erl_select(s["rewards"], s["costs"], s["code_len"], s["t_run_s"], ErlWeights(), cur)
        assert list(s["scores"].values()) == pytest.approx(scores) and s["models"][idx] == s["model"]
    assert "equal priors" in sel[0]["priors"]


def test_never_more_than_max_loops_and_the_last_code_is_the_answer(tmp_path):
    model = scripted([SLOWER, GARBAGE, REFERENCE])
    opts = {"max_loops": 2}
    store, rows, _ = run_strategy(
        tmp_path, "colearning", opts, model=model, models=MODELS, mode="serial", problems=(PID,)
    )
    [row] = rows
    assert_budget(rows, "colearning", opts)
    # loop 1 correct but slower, loop 2 does not compile: no third code is ever written,
    # no explanation after the last evaluation; the answer is the last code, not loop 1's
    assert (row["evaluations"], row["model_calls"], len(model.calls)) == (2, 3, 3)
    assert [c["status"] for c in events(store, "candidate")] == ["correct", "compile_error"]
    assert row["candidates_correct"] == 1 and row["status"] == "no correct candidate"
    assert [r["ledger"] for r in events(store, "erl_reward")] == pytest.approx([99.8, 97.8])
    assert not events(store, "best")  # nothing re-measured


def test_calibrate_writes_priors_that_the_strategy_loads(tmp_path, capsys):
    from harness.cli.calibrate import calibrate
    from harness.models.llm import Team
    from harness.run import RunOptions
    from strategy_kit import FAST_EVAL

    # mock-a never compiles, mock-b writes the expert reference
    model = ScriptedModel(lambda call: fence(GARBAGE if call["model"] == "openai/mock-a" else REFERENCE))
    base = RunOptions(problems=[PID], mode="serial", quick=True, reference=False, eval_overrides=dict(FAST_EVAL))
    priors = calibrate(Team.from_models("openai/mock-a,openai/mock-b"), base, tmp_path / "calib", complete_fn=model)
    assert priors["openai/mock-a"]["reward"] == -1 and priors["openai/mock-b"]["reward"] == 3
    assert priors["openai/mock-a"]["seconds"] == pytest.approx(0.01) and priors["openai/mock-b"]["calls"] == 1
    assert "categories" not in priors["openai/mock-a"]  # one fft problem: fewer than 3
    runs = sorted(p for p in (tmp_path / "calib").iterdir() if p.is_dir())
    assert len(runs) == 2
    # --from computes the same priors from those runs' event logs
    path = tmp_path / "priors.json"
    assert main(["calibrate", "--from", *map(str, runs), "-o", str(path)]) == 0
    assert json.loads(path.read_text()) == json.loads(json.dumps(priors))
    assert main(["calibrate", "--from", str(runs[0]), "--models", "x", "-o", str(path)]) == 2
    capsys.readouterr()
    # a run without E-RL events gets no E-RL table in its report
    from harness.results.render import to_markdown
    from harness.results.report import build_report

    rep = build_report(read_run(runs[0]), plots=False)
    assert "erl_models" not in rep.tables and "E-RL" not in to_markdown(rep)
    # the strategy starts with the stronger model: 06_fft_dft is of medium length, so
    # the highest score, which the +3 reward prior wins
    model2 = scripted([REFERENCE])
    store, rows, _ = run_strategy(
        tmp_path / "run",
        "colearning",
        {"erl_priors": str(path)},
        model=model2,
        models="openai/mock-a,openai/mock-b",
        mode="serial",
        problems=(PID,),
    )
    [sel] = events(store, "erl_selection")
    assert sel["model"] == "openai/mock-b" and sel["rewards"] == [-1, 3] and "overall" in sel["priors"]
    assert model2.calls[0]["model"] == "openai/mock-b" and rows[0]["evaluations"] == 1
    config = json.loads((store.root / "config.json").read_text())
    assert config["strategy_options"]["erl_priors_used"]["openai/mock-b"]["overall"]["reward"] == 3


def test_priors_per_category_need_three_problems():
    class Run:
        def __init__(self, problems):
            self.config, self.root, self.problems = {"strategy": "single"}, "r", problems

    class P:
        def __init__(self, pid, cat, status, speedup):
            self.problem, self.category = pid, cat
            self.candidates = [CandidateEvent(problem=pid, model="m", status=status, speedup=speedup)]
            self.calls = [
                LlmCall(problem=pid, model="m", latency_s=2.0, prompt_tokens=10, completion_tokens=5, cost_usd=0.5)
            ]

    run = Run(
        [
            P("a1", "fft", "correct", 2.0),
            P("a2", "fft", "incorrect", None),
            P("a3", "fft", "correct", 1.0),
            P("b1", "sort", "compile_error", None),
        ]
    )
    pri = priors_from_runs([run])["m"]
    assert pri["reward"] == pytest.approx((3 - 0.5 - 0.2 - 1) / 4)
    assert (pri["seconds"], pri["tokens"], pri["usd"]) == (2.0, 15.0, 0.5)
    assert list(pri["categories"]) == ["fft"] and pri["categories"]["fft"]["reward"] == pytest.approx(2.3 / 3)
    run.config["strategy"] = "lessonl"
    with pytest.raises(HarnessError, match="single strategy"):
        priors_from_runs([run])


def test_report_tables_which_model_erl_chose_and_the_outcome(first_pass_run):
    from harness.results.render import to_markdown
    from harness.results.report import build_report
    from harness.strategies.colearning import erl_table

    store, rows, _ = first_pass_run
    run = read_run(store.root)
    sel = events(store, "erl_selection")
    table = {r["model"]: r for r in erl_table(run)}
    assert sum(r["chosen"] for r in table.values()) == 3
    assert sum(r["first choice"] for r in table.values()) == 1 and table[sel[0]["model"]]["first choice"] == 1
    assert sum(r["switched to"] for r in table.values()) == sum(s["current"] not in (None, s["model"]) for s in sel)
    assert sum(r["build error"] for r in table.values()) == sum(r["incorrect/crash"] for r in table.values()) == 1
    winner = table[sel[2]["model"]]
    assert winner["pass"] == 1 and winner["answers"] == 1 and rows[0]["status"] == "correct"
    for r in table.values():
        assert r["chosen"] == r["pass"] + r["correct <1.1x"] + r["incorrect/crash"] + r["build error"]
    md = to_markdown(build_report(run, plots=False))
    assert "## E-RL model selection (colearning)" in md and "our assumptions" in md


def test_budget_matches_the_spec_and_online_priors_are_running_means():
    from harness.models.llm import Team
    from harness.strategies import get_strategy, registry

    info = registry.get("colearning")
    assert info.budget(info.resolve({}), 3) == registry.Budget(
        12, 5, exact=False, retries=3
    )  # <= 1 + 2*4 (+ 3 retries), <= 5
    assert info.budget(info.resolve({}, "quick"), 3) == registry.Budget(6, 3, exact=False, retries=1)
    team = Team.from_models("openai/mock-a,openai/mock-b,openai/mock-a")
    strat = get_strategy("colearning", {"erl_online": True})
    assert arms_of(team) == list(team.agents[:2])  # agents sharing a model are one arm
    assert strat.priors_for(arms_of(team), "fft")[:2] == ([0.0, 0.0], [1.0, 1.0])  # equal priors
    strat._observe("openai/mock-a", -1.0, {"latency_s": 3.0})
    strat._observe("openai/mock-a", 3.0, {"latency_s": 5.0})
    rewards, costs, source = strat.priors_for(arms_of(team), "fft")
    # the prior counts as one observation: (0 - 1 + 3) / 3, (1 + 3 + 5) / 3
    assert rewards == pytest.approx([2 / 3, 0.0]) and costs == pytest.approx([3.0, 1.0])
    assert "updated online" in source
    # fixed priors (the default) ignore what was observed
    fixed = get_strategy("colearning", {})
    fixed._observe("openai/mock-a", -1.0, {"latency_s": 3.0})
    assert fixed.priors_for(arms_of(team), "fft")[:2] == ([0.0, 0.0], [1.0, 1.0])


def test_category_priors_apply_only_when_every_model_has_them(tmp_path):
    from harness.models.llm import Team
    from harness.strategies import get_strategy

    path = tmp_path / "priors.json"
    path.write_text(
        json.dumps(
            {
                "openai/mock-a": {
                    "reward": 1.0,
                    "seconds": 2.0,
                    "tokens": 900,
                    "categories": {"fft": {"reward": -1.0, "seconds": 4.0}, "sort": {"reward": 2, "seconds": 1}},
                },
                "openai/mock-b": {
                    "reward": 0.5,
                    "seconds": 1.0,
                    "categories": {"fft": {"reward": 3.0, "seconds": 8.0}},
                },
            }
        )
    )
    team = Team.from_models("openai/mock-a,openai/mock-b")
    strat = get_strategy("colearning", {"erl_priors": str(path)})
    strat.prepare(team)
    assert strat.priors_for(arms_of(team), "fft")[:2] == ([-1.0, 3.0], [4.0, 8.0])
    assert strat.priors_for(arms_of(team), "sort")[:2] == ([1.0, 0.5], [2.0, 1.0])  # mock-b has no "sort"
    with pytest.raises(HarnessError, match='lacks "tokens"'):  # T = tokens needs them for every model
        get_strategy("colearning", {"erl_priors": str(path), "erl_time": "tokens"})


def test_a_conversation_too_long_for_the_context_is_retried_without_the_latest_change(tmp_path):
    from harness.models.llm import ContextWindowExceeded

    state = {"k": 0}

    def reply(call):
        if EXPLAINER in call["prompt"]:
            return f"EXPLANATION {call['n']}"
        if len(call["messages"]) > 6:  # loop 3 with all three pairs
            raise ContextWindowExceeded("openai/mock-a: ContextWindowExceededError: too long")
        state["k"] += 1
        return fence(f"// attempt {state['k']}\n{GARBAGE}")

    model = ScriptedModel(reply)
    store, rows, _ = run_strategy(
        tmp_path, "colearning", {"max_loops": 3}, model=model, models="openai/mock-a", mode="serial", problems=(PID,)
    )
    corrections = [c for c in model.calls if EXPLAINER not in c["prompt"]]
    assert [len(c["messages"]) for c in corrections] == [2, 6, 8, 6]
    retry = corrections[-1]["messages"]
    assert retry[1:3] == corrections[2]["messages"][1:3] and retry[3:] == corrections[2]["messages"][5:]
    assert rows[0]["evaluations"] == 3 and len(events(store, "llm_error")) == 1


def test_the_team_file_can_give_the_interpretation_role(tmp_path):
    team = tmp_path / "team.toml"
    team.write_text(
        '[[agents]]\nname = "coder"\nmodel = "openai/mock-a"\n\n'
        '[[agents]]\nname = "explainer"\nmodel = "openai/mock-b"\n\n'
        '[roles]\ninterpretation = "explainer"\n'
    )
    model = scripted([GARBAGE, GARBAGE])
    store, rows, _ = run_strategy(
        tmp_path,
        "colearning",
        {"max_loops": 2},
        model=model,
        models=None,
        team_file=str(team),
        mode="serial",
        problems=(PID,),
    )
    explanations = [c for c in model.calls if EXPLAINER in c["prompt"]]
    assert [c["agent"] for c in explanations] == ["explainer"] and model.calls[0]["agent"] == "coder"
    assert rows[0]["evaluations"] == 2 and rows[0]["model_calls"] == 3
