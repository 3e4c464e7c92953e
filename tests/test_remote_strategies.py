"""Every registered strategy through the real remote-model path: litellm's OpenAI client
talks HTTP to a local OpenAI-compatible server (tests/openai_server.py) that returns
scripted replies with usage counts; the team is checked first (validate_team: API key,
endpoint probe) and candidates are evaluated for real. The strategy list is read from the
registry at collection time, so strategies added later are covered without editing this
file (give a slow one smaller parameters in OVERRIDES)."""

from __future__ import annotations

from collections import Counter

import pytest

from harness.run import RunOptions, execute
from harness.strategies import registry
from openai_server import code_or_text, openai_server  # noqa: F401  (fixture)
from strategy_kit import BASELINE, FAST_EVAL, PID

STRATEGIES = sorted(registry.load_all())
# parameters below a strategy's quick preset, for speed (the quick values apply otherwise)
OVERRIDES = {"lessonl": {"rounds": 2, "agents": 2}}
# short timing, and no profiler evidence (evaluator-side, not what this file tests; it
# would time every candidate at several thread counts)
EVAL = {**FAST_EVAL, "profile": False}
# per agent: (name, temperature, top_p, max_tokens, seed); all different, so a request
# shows whose parameters it carries
AGENTS = (("r1", 0.2, 0.95, 600, 11), ("r2", 0.3, 0.9, 700, 12), ("r3", 0.4, 0.85, 800, 13))


def team_file(path, strategy: str, api_base: str):
    """A TOML team of three ``openai/`` agents on ``api_base`` (model names carry the
    strategy, so no response-cache entry of another test can answer), r2 the aggregator."""
    text = "".join(
        f'[[agents]]\nname = "{n}"\nmodel = "openai/remote-{strategy}-{n}"\n'
        f'api_base = "{api_base}"\ntemperature = {t}\ntop_p = {p}\n'
        f"max_tokens = {m}\nseed = {s}\n\n"
        for n, t, p, m, s in AGENTS
    )
    path.write_text(text + '[roles]\naggregator = "r2"\n')
    return path


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_strategy_runs_against_an_openai_compatible_server(tmp_path, openai_server, strategy):  # noqa: F811
    openai_server.reply = code_or_text(BASELINE)
    options = OVERRIDES.get(strategy, {})
    opts = RunOptions(
        problems=[PID],
        strategy=strategy,
        strategy_options=dict(options),
        preset="quick",
        quick=True,
        reference=False,
        team_file=str(team_file(tmp_path / "team.toml", strategy, openai_server.api_base)),
        output=str(tmp_path / "results"),
        eval_overrides=dict(EVAL),
    )
    store, rows, _ = execute(opts, complete_fn=None, validate=True)
    store.close()
    events = list(store.events())
    assert events[-1]["kind"] == "run_finished" and len(rows) == 1
    row = rows[0]
    assert row["problem"] == PID and row["status"] in ("correct", "no correct candidate", "failed re-measurement")
    bodies = openai_server.requests
    # every model call the row counts was one request to the server, and vice versa
    assert row["model_calls"] == len(bodies)
    assert not [e for e in events if e["kind"] == "llm_error"]
    assert row["prompt_tokens"] == sum(p for p, _ in openai_server.usage)
    assert row["completion_tokens"] == sum(c for _, c in openai_server.usage)
    info = registry.get(strategy)
    budget = info.budget(opts.strategy_params(), len(AGENTS) if info.team != registry.TEAM_NONE else 0)
    if budget.exact:  # no request overflowed: no retry
        assert (row["model_calls"], row["evaluations"]) == (budget.first_calls, budget.evaluations)
    else:
        assert row["model_calls"] <= budget.calls and row["evaluations"] <= budget.evaluations
    # the server saw each agent's sampling parameters, and the seeds the run logged
    agents = {f"remote-{strategy}-{n}": (t, p, m) for n, t, p, m, _ in AGENTS}
    for body in bodies:
        t, p, m = agents[body["model"]]
        assert body["temperature"] == t and body["top_p"] == p
        assert 1 <= body.get("max_tokens", body.get("max_completion_tokens")) <= m
    # --sampling paper (the default): lesson and reflection requests carry the frequency
    # penalty, no other does; the team file's temperature and top_p won (checked above)
    purpose = {(e["model"].removeprefix("openai/"), e["seed"]): e["purpose"] for e in events if e["kind"] == "llm_call"}
    for body in bodies:
        penalized = purpose[(body["model"], body["seed"])] in ("lesson", "reflection")
        assert body.get("frequency_penalty") == (0.5 if penalized else None), body["model"]
    if strategy == "lessonl":
        assert any(p == "lesson" for p in purpose.values())
    sent = Counter((b["model"], b["seed"]) for b in bodies)
    logged = Counter((e["model"].removeprefix("openai/"), e["seed"]) for e in events if e["kind"] == "llm_call")
    assert sent == logged
