"""The strategy registry: what it lists, how `run` takes a strategy's options, and that
every registered budget is what a run really spends (scripted model, real evaluator)."""

from __future__ import annotations

import json

import pytest

from harness.cli import main
from harness.core.errors import HarnessError
from harness.strategies import get_strategy, registry
from strategy_kit import assert_budget, run_strategy


def test_registry_lists_the_strategies_with_their_options():
    reg = registry.load_all()
    assert {"lessonl", "single", "null"} <= set(reg)
    assert reg["lessonl"].param("k").cli_flag == "--lessons"
    assert reg["null"].team == registry.TEAM_NONE
    for info in reg.values():
        assert info.description and info.team in registry.TEAM_KINDS
        opts = info.resolve({})
        assert opts == info.defaults()
        b = info.budget(opts, 3)
        assert b.calls >= 0 and b.evaluations >= 1


def test_options_resolve_defaults_preset_then_given():
    info = registry.get("lessonl")
    assert info.resolve({})["rounds"] == 4
    assert info.resolve({}, "quick")["rounds"] == 2
    assert info.resolve({"rounds": 3}, "quick")["rounds"] == 3
    with pytest.raises(HarnessError, match="--rounds must be >= 1"):
        info.resolve({"rounds": 0})
    with pytest.raises(HarnessError, match="strategy 'single' does not take --rounds"):
        get_strategy("single", {"rounds": 2})
    with pytest.raises(HarnessError, match="did you mean 'lessonl'"):
        registry.get("lesonl")


def test_run_rejects_an_option_the_strategy_does_not_take(capsys):
    assert main(["run", "--strategy", "single", "--rounds", "2", "--problems", "30_scan_prefix_sum"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "strategy 'single' does not take --rounds" in err


def test_strategies_command_prints_every_strategy(capsys):
    assert main(["strategies"]) == 0
    out = capsys.readouterr().out
    for name in registry.load_all():
        assert f"\n{name}  [team:" in out
    assert main(["strategies", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    lessonl = next(r for r in rows if r["strategy"] == "lessonl")
    assert lessonl["budget"] == {"calls": 21, "evaluations": 12, "exact": True, "retries": 0}  # strategies.md
    assert lessonl["budget_quick"]["evaluations"] == 6


@pytest.mark.parametrize(
    "strategy,options",
    [
        ("null", {}),
        ("single", {}),
        ("lessonl", {"rounds": 2, "agents": 2}),
        ("lessonl", {"rounds": 2, "agents": 2, "final_lessons": True}),
    ],
)
def test_measured_calls_and_evaluations_equal_the_budget(tmp_path, strategy, options):
    store, rows, model = run_strategy(tmp_path, strategy, options)
    assert_budget(rows, strategy, options)
    assert len(model.calls) == sum(r["model_calls"] for r in rows)
    config = json.loads((store.root / "config.json").read_text())
    info = registry.get(strategy)
    assert config["budget_per_problem"]["calls"] == info.budget(info.resolve(options), 3).calls


def test_option_values_out_of_range_and_problem_lists_are_one_line_errors(capsys):
    info = registry.get("lessonl")
    with pytest.raises(HarnessError, match="--memory-threshold must be <= 1"):
        info.resolve({"memory_threshold": 5.0})
    with pytest.raises(HarnessError, match="must be a finite number"):
        registry.get("colearning").resolve({"erl_w_len": float("nan")})
    for problems, why in (
        ("", "no problem ids given"),
        ("30_scan_prefix_sum,30_scan_prefix_sum", "names 30_scan_prefix_sum more than once"),
    ):
        assert main(["run", "--strategy", "null", "--problems", problems]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and why in err


def test_a_team_file_role_no_strategy_reads_is_a_one_line_error(tmp_path, capsys):
    team = tmp_path / "team.toml"
    team.write_text('[[agents]]\nname = "a"\nmodel = "openai/x"\n[roles]\nplannerr = "a"\n')
    assert main(["run", "--team", str(team), "--strategy", "cogito", "--problems", "30_scan_prefix_sum"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "[roles] plannerr is a role no strategy reads" in err
    assert "planner" in registry.known_roles() and "aggregator" in registry.known_roles()


# smaller than the quick preset where a strategy is slow; every loop still runs to its end
WORST_CASE_OPTIONS = {
    "lessonl": {"rounds": 2, "agents": 2},
    "colearning": {"max_loops": 4},
    "reflexion": {"iterations": 2},
}


@pytest.mark.parametrize("strategy", sorted(registry.load_all()))
def test_every_strategy_stays_within_its_budget_in_its_worst_case(tmp_path, monkeypatch, strategy):
    """Worst case: every request that has a context-overflow fallback overflows once (the
    fallback is then sent), and every loop fails (no reply holds code, no retrieval
    parses, nothing passes). The calls and evaluations spent stay within the declared
    budget, whose ``retries`` are exactly the fallbacks sent."""
    from harness.models.llm import ContextWindowExceeded
    from harness.strategies.base import RunContext
    from strategy_kit import ScriptedModel

    overflow = set()  # (agent, seed, id(messages)) of requests that have a fallback
    generate = RunContext.generate

    def spy(self, calls, *, fallbacks=None, **kw):
        for (agent, msgs, seed, _), fb in zip(calls, fallbacks or [None] * len(calls)):
            if fb is not None:
                overflow.add((agent.name, seed, id(msgs)))
        return generate(self, calls, fallbacks=fallbacks, **kw)

    def reply(call):
        key = (call["agent"], call["seed"], id(call["messages"]))
        if key in overflow:
            overflow.discard(key)
            raise ContextWindowExceeded(f"{call['model']}: ContextWindowExceededError: too long")
        return "I cannot help with that."  # no code, no plan, no parseable retrieval

    monkeypatch.setattr(RunContext, "generate", spy)
    info = registry.get(strategy)
    options = {**info.quick, **WORST_CASE_OPTIONS.get(strategy, {})}
    store, rows, model = run_strategy(tmp_path, strategy, options, model=ScriptedModel(reply))
    budget = info.budget(info.resolve(options), 3)
    [row] = rows
    assert row["model_calls"] == len(model.calls) <= budget.calls, (row["model_calls"], str(budget))
    assert row["evaluations"] <= budget.evaluations
    retried = [e for e in store.events() if e["kind"] == "llm_error" and e["retried_with_fallback"]]
    assert len(retried) == budget.retries, str(budget)


def test_one_registry_class_refuses_a_duplicate_suggests_a_name_and_loads_lazily(tmp_path, monkeypatch):
    from harness.core.registry import Registry, UnknownName

    (tmp_path / "lazy_things.py").write_text("import reg_under_test\nreg_under_test.REG.add('alpha', 1)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    reg = Registry("thing", modules=lambda: ["lazy_things"])
    monkeypatch.setitem(__import__("sys").modules, "reg_under_test", type("M", (), {"REG": reg}))
    assert reg.peek("alpha") is None  # nothing imported before the first lookup
    assert reg.get("alpha") == 1 and reg.names() == ["alpha"]
    assert reg.add("alpha", 1) == 1  # the same thing again: kept, no error
    with pytest.raises(ValueError, match="a thing named 'alpha' is already registered"):
        reg.add("alpha", 2)
    with pytest.raises(UnknownName, match=r"unknown thing 'alpah' \(known: alpha\); did you mean 'alpha'\?"):
        reg.get("alpah")
    with pytest.raises(KeyError):  # also a KeyError, for code that asks a mapping
        reg["beta"]
    copy = reg.copy()
    copy.add("beta", 3)
    assert "beta" in copy and "beta" not in reg
