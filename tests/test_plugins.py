"""Extension points open to outside packages: a package installed with pip that declares
entry points in the ``harness.strategies`` and ``harness.tables`` groups adds a strategy
and a report table; ``python -m harness strategies`` lists the strategy and a run uses
both. The package is built from a temporary folder, installed into this test's
interpreter (no dependencies, no build isolation: nothing is downloaded) and uninstalled
afterwards."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import textwrap

import pytest

from harness.results import tables
from harness.strategies import registry
from strategy_kit import PID, assert_budget, run_strategy

DIST = "harness-plugin-demo"
PACKAGE = "harness_plugin_demo"

PYPROJECT = f"""
[build-system]
requires = ["setuptools>=70.1"]
build-backend = "setuptools.build_meta"

[project]
name = "{DIST}"
version = "0.1.0"

[tool.setuptools]
packages = ["{PACKAGE}"]

[project.entry-points."harness.strategies"]
twice = "{PACKAGE}.strategy"

[project.entry-points."harness.tables"]
replies = "{PACKAGE}.table"
"""

STRATEGY = '''
"""The strategy "twice": the team's first agent writes two candidates."""

from harness.strategies import prompting as prompts
from harness.strategies.base import Strategy
from harness.strategies.registry import TEAM_ONE, Budget, register


@register("twice", description="one agent, two shots (an outside package's strategy)",
          team=TEAM_ONE, budget=lambda o, n: Budget(calls=2, evaluations=2))
class Twice(Strategy):
    def run(self, problem, mode, team, ctx):
        out = self.start(problem, mode, ctx)
        agent = team.agents[0]
        prompt = prompts.optimization_prompt(problem, mode, ctx.build_info(mode), ctx.timed_size(problem))
        for i in range(2):
            cid = f"{problem.id}-r0-a{i}"
            rec = self.ask(problem, agent, prompt, ctx, purpose="candidate",
                           seed=ctx.seed(agent, problem, i, "candidate"), round_=0, label=cid)
            self.attempt(problem, agent, rec, cid, 0, ctx, out)
        return self.finish(problem, out, ctx)
'''

TABLE = '''
"""The report table "candidates_per_problem"."""

from harness.results.tables import Table, register_table

register_table(Table(
    "candidates_per_problem", "Candidates per problem (plugin)", "candidates: evaluated candidates.",
    lambda run, o: [{"problem": p.problem, "candidates": len(p.candidates)} for p in run.problems]))
'''


def _pip(*args: str) -> None:
    """``python -m pip ARGS`` in this interpreter; fails the test with pip's output."""
    r = subprocess.run(
        [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.fixture(scope="module")
def plugin(tmp_path_factory):
    """The demo package, installed for this module's tests."""
    pytest.importorskip("setuptools", reason="building the demo package needs setuptools")
    src = tmp_path_factory.mktemp("plugin")
    (src / "pyproject.toml").write_text(PYPROJECT)
    (src / PACKAGE).mkdir()
    (src / PACKAGE / "__init__.py").write_text("")
    (src / PACKAGE / "strategy.py").write_text(textwrap.dedent(STRATEGY))
    (src / PACKAGE / "table.py").write_text(textwrap.dedent(TABLE))
    _pip("install", "--no-deps", "--no-build-isolation", "--no-index", str(src))
    importlib.invalidate_caches()
    try:
        yield src
    finally:
        _pip("uninstall", "-y", DIST)
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def test_the_strategies_command_lists_the_outside_strategy(plugin):
    r = subprocess.run(
        [sys.executable, "-m", "harness", "strategies"], capture_output=True, text=True, timeout=300, cwd=plugin
    )
    assert r.returncode == 0, r.stderr
    assert "\ntwice  [team: one]  2 calls, 2 evaluations" in r.stdout
    assert "one agent, two shots (an outside package's strategy)" in r.stdout
    assert "\nsingle  [team:" in r.stdout  # the built-in ones are still there


def test_a_run_uses_the_outside_strategy_and_table(plugin, tmp_path, monkeypatch):
    # copies of the registries load the entry points again; what they add stays in this test
    monkeypatch.setattr(registry, "REGISTRY", registry.REGISTRY.copy())
    monkeypatch.setattr(tables, "TABLES", tables.TABLES.copy())
    assert registry.get("twice").cls.__module__ == f"{PACKAGE}.strategy"
    store, rows, model = run_strategy(tmp_path, "twice")
    assert_budget(rows, "twice")
    [row] = rows
    assert row["strategy"] == "twice" and row["candidates"] == 2 and len(model.calls) == 2
    md = (store.root / "report.md").read_text()
    assert "## Candidates per problem (plugin)" in md and f"| {PID} | 2 |" in md


def test_a_plugin_that_does_not_load_is_one_line(tmp_path):
    """An entry point whose module raises on import: every command says which one, in one
    line, with exit code 2."""
    broken = tmp_path / "broken"
    (broken / "broken_plugin-0.1.dist-info").mkdir(parents=True)
    (broken / "broken_plugin-0.1.dist-info" / "METADATA").write_text("Name: broken-plugin\nVersion: 0.1\n")
    (broken / "broken_plugin-0.1.dist-info" / "entry_points.txt").write_text(
        "[harness.strategies]\nbad = broken_plugin_module\n"
    )
    (broken / "broken_plugin_module.py").write_text("raise RuntimeError('boom')\n")
    r = subprocess.run(
        [sys.executable, "-m", "harness", "strategies"],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(broken)},
    )
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert (
        "error: the entry point bad = 'broken_plugin_module' (harness.strategies) of package "
        "broken-plugin does not load: RuntimeError: boom"
    ) in r.stderr
