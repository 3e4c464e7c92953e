"""Mixture-of-Agents (shared/strategies.md "moa"): scripted proposer and aggregator replies,
the real evaluator on 30_scan_prefix_sum at its quick size; one test through the real
model layer against a local OpenAI-compatible server (context-overflow retry)."""

from __future__ import annotations

import json
import re

from harness.strategies import prompting as prompts
from harness.models.llm import ContextWindowExceeded, ModelCallError, derive_seed
from harness.run import RunOptions, execute
from harness.strategies import NO_CORRECT
from openai_server import context_overflow, openai_server  # noqa: F401  (fixture)
from strategy_kit import BASELINE, PID, FAST_EVAL, ScriptedModel, assert_budget, fence, run_strategy

AGENTS = ("agent-1", "agent-2", "agent-3")  # --models a,b,c: names agent-i, seeds i
LOOP = (
    "void prefixSum(std::vector<double> const& x, std::vector<double>& output) {\n"
    "  double s = 0.0;\n  for (size_t i = 0; i < x.size(); ++i) { s += x[i]; output[i] = s; }\n}\n"
)
WRONG = (
    "void prefixSum(std::vector<double> const& x, std::vector<double>& output) {\n"
    "  for (size_t i = 0; i < x.size(); ++i) output[i] = x[i];\n}\n"
)
VERSION = re.compile(r"### Version (\d+)\n(?:```cpp\n(.*?)\n```|\(no code\))", re.S)


def seeds_of(layers: int, agents=AGENTS) -> dict:
    """{sampling seed: (agent name, layer, purpose)} of one problem, repeat 0."""
    out = {
        derive_seed(j + 1, PID, l, 0, "proposal"): (a, l, "proposal")
        for j, a in enumerate(agents)
        for l in range(layers)
    }
    out.update(
        {derive_seed(j + 1, PID, layers, 0, "aggregate"): (a, layers, "aggregate") for j, a in enumerate(agents)}
    )
    return out


def code(agent: str, layer: int) -> str:
    """Proposer ``agent``'s code in ``layer``: the baseline with a tag (correct)."""
    return f"// {agent} layer {layer}\n{BASELINE}"


def references(call) -> list[str]:
    """The codes a call's system message lists, in order ('' for an empty entry)."""
    system = call["messages"][0]["content"]
    found = VERSION.findall(system)
    assert [int(n) for n, _ in found] == list(range(1, len(found) + 1))
    return [c for _, c in found]


def by_seed(model: ScriptedModel, layers: int) -> list[tuple]:
    """(agent, layer, purpose, call) of every scripted call, identified by its seed."""
    table = seeds_of(layers)
    out = []
    for c in model.calls:
        agent, layer, purpose = table[c["seed"]]
        assert agent == c["agent"]
        out.append((agent, layer, purpose, c))
    return out


def test_proposers_see_the_previous_layer_and_the_aggregator_answers(tmp_path):
    layers = 3
    table = seeds_of(layers)

    def reply(call):
        agent, layer, purpose = table[call["seed"]]
        if purpose == "aggregate":
            return fence("// aggregator\n" + LOOP)
        if (agent, layer) == ("agent-2", 0):
            return ""  # no code: an empty entry in layer 1's references
        return fence(code(agent, layer))

    store, rows, model = run_strategy(tmp_path, "moa", {"layers": layers}, model=ScriptedModel(reply))
    assert_budget(rows, "moa", {"layers": layers})
    assert len(model.calls) == 3 * layers + 1 == rows[0]["model_calls"]
    calls = by_seed(model, layers)
    base = next(c for _, l, _, c in calls if l == 0)["prompt"]
    shared = prompts.system_message()["content"]
    for agent, layer, purpose, c in calls:
        assert c["prompt"] == base and len(c["messages"]) == 2  # the base prompt, as user message
        if layer == 0:
            assert c["messages"] == prompts.messages(base)
            continue
        # our system message first, then the references of layer-1, in team order
        assert c["messages"][0]["content"].startswith(shared + "\n\n")
        assert "do not just copy" in c["messages"][0]["content"].lower()
        expect = [("" if (a, layer - 1) == ("agent-2", 0) else code(a, layer - 1).strip()) for a in AGENTS]
        assert references(c) == expect, (agent, layer, purpose)
    aggregations = [(a, l) for a, l, p, _ in calls if p == "aggregate"]
    assert aggregations == [("agent-1", layers)]  # no [roles]: the team's first agent, once
    assert [l for _, l, p, _ in calls if p == "proposal"] == sorted(l for _, l, p, _ in calls if p == "proposal")
    assert model.calls[-1]["seed"] == derive_seed(1, PID, layers, 0, "aggregate")  # last
    row = rows[0]
    assert row["best_id"] == f"{PID}-r{layers}-agg" and row["status"] == "correct"
    assert row["candidates"] == 1
    assert "// aggregator" in (store.root / "candidates" / PID / f"{PID}-r{layers}-agg.cpp").read_text()
    events = list(store.events())
    assert [e["id"] for e in events if e["kind"] == "candidate"] == [f"{PID}-r{layers}-agg"]
    # only the aggregator's answer (and the noise floor) was evaluated
    assert {e["candidate_id"] for e in events if e["kind"] == "evaluation"} == {f"{PID}-null", f"{PID}-r{layers}-agg"}


def test_evaluate_layers_logs_every_proposer_code_but_never_selects_it(tmp_path):
    opts = {"layers": 2, "evaluate_layers": True}
    table = seeds_of(2)

    def reply(call):
        agent, layer, purpose = table[call["seed"]]
        return fence(WRONG) if purpose == "aggregate" else fence(code(agent, layer))

    store, rows, model = run_strategy(tmp_path, "moa", opts, model=ScriptedModel(reply))
    assert_budget(rows, "moa", opts)  # without the option: see the first test
    assert (rows[0]["model_calls"], rows[0]["evaluations"]) == (7, 7)
    cands = [e for e in store.events() if e["kind"] == "candidate"]
    assert [(c["round"], c["agent"], c["status"]) for c in cands] == (
        [(l, a, "correct") for l in range(2) for a in AGENTS] + [(2, "agent-1", "incorrect")]
    )
    # correct layer codes are neither fed back as feedback nor chosen: the answer is wrong
    assert rows[0]["status"] == NO_CORRECT and rows[0]["best_id"] is None
    assert rows[0]["candidates"] == 1 and rows[0]["candidates_correct"] == 0
    for c in model.calls:  # no evaluator output in any prompt
        system = c["messages"][0]["content"].lower()
        assert "status" not in system and "speedup" not in system and "incorrect" not in system


def test_the_team_files_aggregator_role_is_honoured(tmp_path):
    team = tmp_path / "team.toml"
    team.write_text(
        "".join(f'[[agents]]\nmodel = "openai/mock-{c}"\n' for c in "abc") + '\n[roles]\naggregator = "agent-3"\n'
    )
    table = seeds_of(1)

    def reply(call):
        agent, layer, purpose = table[call["seed"]]
        return fence(f"// {purpose} {agent}\n{BASELINE}")

    store, rows, model = run_strategy(
        tmp_path, "moa", {"layers": 1}, model=ScriptedModel(reply), models=None, team_file=str(team)
    )
    assert_budget(rows, "moa", {"layers": 1})
    calls = by_seed(model, 1)
    [(agent, layer, c)] = [(a, l, c) for a, l, p, c in calls if p == "aggregate"]
    assert (agent, layer) == ("agent-3", 1)
    assert references(c) == [f"// proposal {a}\n{BASELINE}".strip() for a in AGENTS]
    assert json.loads((store.root / "config.json").read_text())["team"]["roles"] == {"aggregator": "agent-3"}
    assert "// aggregate agent-3" in (store.root / "candidates" / PID / f"{PID}-r1-agg.cpp").read_text()


def test_a_context_overflow_is_retried_once_with_the_base_prompt_alone(tmp_path):
    table = seeds_of(2)

    def reply(call):
        agent, layer, purpose = table[call["seed"]]
        with_refs = "### Version" in call["messages"][0]["content"]
        if (agent, layer, purpose) == ("agent-2", 1, "proposal") and with_refs:
            raise ContextWindowExceeded("openai/mock-b: ContextWindowExceededError: too long")
        if (agent, layer, purpose) == ("agent-3", 1, "proposal"):
            raise ModelCallError("openai/mock-c: APIConnectionError: refused")  # not retried
        return fence(code(agent, layer))

    store, rows, model = run_strategy(tmp_path, "moa", {"layers": 2}, model=ScriptedModel(reply))
    calls = by_seed(model, 2)
    tried = [
        (c["messages"] == prompts.messages(c["prompt"]))
        for a, l, p, c in calls
        if (a, l, p) == ("agent-2", 1, "proposal")
    ]
    assert tried == [False, True]  # with the references, then once with the base prompt alone
    assert len([1 for a, l, p, _ in calls if (a, l, p) == ("agent-3", 1, "proposal")]) == 1
    assert len(model.calls) == rows[0]["model_calls"] == 3 * 2 + 1 + 1  # the retry is a call
    [agg] = [c for _, _, p, c in calls if p == "aggregate"]
    # the retried call's code is in the aggregator's references; the failed one is empty
    assert references(agg) == [code("agent-1", 1).strip(), code("agent-2", 1).strip(), ""]
    errors = [e for e in store.events() if e["kind"] == "llm_error"]
    assert sorted((e["agent"], e["retried_with_fallback"]) for e in errors) == [("agent-2", True), ("agent-3", False)]
    assert rows[0]["status"] == "correct"


def test_context_overflow_through_the_real_model_layer(tmp_path, openai_server):  # noqa: F811 - the fixture
    """A 400 context_length_exceeded from an OpenAI-compatible server arrives as
    llm.ContextWindowExceeded and the aggregator's call is retried with the base prompt."""

    def reply(req):
        if "### Version" in req["messages"][0]["content"]:
            return context_overflow()
        return fence(BASELINE)

    openai_server.reply = reply
    team = tmp_path / "team.toml"
    team.write_text(
        "".join(f'[[agents]]\nmodel = "openai/moa-overflow-{c}"\napi_base = "{openai_server.api_base}"\n' for c in "ab")
    )
    opts = RunOptions(
        problems=[PID],
        team_file=str(team),
        strategy="moa",
        strategy_options={"layers": 1},
        quick=True,
        reference=False,
        output=str(tmp_path / "results"),
        eval_overrides=dict(FAST_EVAL),
    )
    store, rows, _ = execute(opts, complete_fn=None, validate=True)
    store.close()
    bodies = openai_server.requests
    assert len(bodies) == rows[0]["model_calls"] == 2 + 1 + 1
    assert "### Version" in bodies[2]["messages"][0]["content"]
    assert bodies[3]["messages"] == prompts.messages(bodies[0]["messages"][1]["content"])
    assert rows[0]["status"] == "correct" and rows[0]["best_id"] == f"{PID}-r1-agg"
