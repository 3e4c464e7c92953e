"""``run --sampling paper|model``: per-purpose temperature, top_p and frequency penalty in
every llm_call event, the team file's values winning, config.json's record, resume of a
run from before the option, and the response-cache key (scripted model, real evaluator)."""

from __future__ import annotations

import json

import pytest

from harness.cli import main
from harness.models import llm
from harness.run import RunOptions, build_team, options_from_config
from strategy_kit import run_strategy

PAPER = {"candidate": (0.2, 0.95, None), "lesson": (0.2, 0.95, 0.5), "reflection": (0.2, 0.95, 0.5)}
MODEL = {p: (0.7, 0.8, None) for p in PAPER}


def used(store) -> set:
    """{(purpose, temperature, top_p, frequency_penalty)} over the run's llm_call events."""
    return {
        (e["purpose"], e["temperature"], e["top_p"], e["frequency_penalty"])
        for e in store.events()
        if e["kind"] == "llm_call"
    }


@pytest.mark.parametrize("sampling,expected", [("paper", PAPER), ("model", MODEL)])
@pytest.mark.parametrize(
    "strategy,options,purposes",
    [
        ("lessonl", {"rounds": 2, "agents": 2}, ("candidate", "lesson")),
        ("reflexion", {"iterations": 1}, ("candidate", "reflection")),
    ],
)
def test_each_call_samples_as_the_setting_says_for_its_purpose(
    tmp_path, sampling, expected, strategy, options, purposes
):
    store, rows, _ = run_strategy(tmp_path, strategy, options, models="openai/mock-a,openai/mock-b", sampling=sampling)
    assert used(store) == {(p, *expected[p]) for p in purposes}
    config = json.loads((store.root / "config.json").read_text())
    assert config["options"]["sampling"] == config["sampling"]["setting"] == sampling


def test_the_team_files_temperature_wins_over_the_papers(tmp_path):
    team = tmp_path / "team.toml"
    team.write_text('[[agents]]\nmodel = "openai/mock-a"\ntemperature = 0.4\n\n[[agents]]\nmodel = "openai/mock-b"\n')
    store, _, _ = run_strategy(
        tmp_path, "lessonl", {"rounds": 2, "agents": 2}, models=None, team_file=str(team), sampling="paper"
    )
    by_agent = {
        (e["agent"], e["purpose"], e["temperature"], e["top_p"], e["frequency_penalty"])
        for e in store.events()
        if e["kind"] == "llm_call"
    }
    assert by_agent == {
        ("agent-1", "candidate", 0.4, 0.95, None),
        ("agent-1", "lesson", 0.4, 0.95, 0.5),
        ("agent-2", "candidate", 0.2, 0.95, None),
        ("agent-2", "lesson", 0.2, 0.95, 0.5),
    }
    config = json.loads((store.root / "config.json").read_text())
    assert [a["pinned"] for a in config["team"]["agents"]] == [["temperature"], []]


def test_a_run_from_before_the_option_resumes_with_the_agents_own_values():
    assert options_from_config({"options": {"strategy": "single"}}).sampling == "model"
    assert options_from_config({"options": {"strategy": "single", "sampling": "paper"}}).sampling == "paper"
    # a resumed run's agents come from config.json: their pins survive the round trip
    team = build_team(
        RunOptions(strategy="single"),
        {"agents": [{"name": "a", "model": "openai/x", "temperature": 0.4, "pinned": ["temperature"]}]},
    )
    assert llm.sampled_agent(team.agents[0], "candidate", "paper").temperature == 0.4
    assert hash(team.agents[0])


def test_a_bad_sampling_value_is_a_one_line_error(capsys):
    assert main(["run", "--sampling", "greedy", "--strategy", "single", "--problems", "30_scan_prefix_sum"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--sampling must be one of paper, model (got 'greedy')" in err


def test_the_cache_key_holds_the_frequency_penalty_only_when_one_is_asked_for():
    agent = llm.Agent(name="a", model="openai/x")
    plain = llm.request_key(agent, [{"role": "user", "content": "hi"}], 1)
    lesson = llm.request_key(llm.sampled_agent(agent, "lesson", "model"), [{"role": "user", "content": "hi"}], 1)
    penalized = llm.request_key(llm.sampled_agent(agent, "lesson", "paper"), [{"role": "user", "content": "hi"}], 1)
    assert "frequency_penalty" not in plain and lesson == plain  # earlier entries still answer
    assert penalized["frequency_penalty"] == 0.5 and llm.key_digest(penalized) != llm.key_digest(
        llm.request_key(llm.sampled_agent(agent, "candidate", "paper"), [{"role": "user", "content": "hi"}], 1)
    )


def test_a_provider_without_a_frequency_penalty_is_not_sent_one_and_the_record_says_so():
    msgs = [{"role": "user", "content": "hi"}]
    for model, not_sent in (("anthropic/claude-3-5-haiku-latest", ["frequency_penalty"]), ("openai/gpt-4o-mini", [])):
        agent = llm.sampled_agent(llm.Agent(name="a", model=model), "reflection", "paper")
        rec = llm.complete(agent, msgs, cache_dir=None, mock_response="ok")
        assert rec.not_sent == not_sent, model
