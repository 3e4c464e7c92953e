"""The documented examples in examples/ run as the documentation says: the smallest
strategy (docs/strategies/adding.md), a report table (docs/reports.md), the smallest
executor and the Slurm configuration (docs/scaling-out.md), and the README quick start's
team and predictions files. The site includes these
very files (tests/test_docs.py), so what a reader copies is what runs here."""

from __future__ import annotations

import importlib.util
import runpy
import shutil
import sys
from pathlib import Path

from harness.cli import main
from harness.measure import executors
from harness.measure.executors import base as executor_base
from harness.results import tables
from harness.strategies import registry
from strategy_kit import FAST_EVAL, assert_budget, run_strategy

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load(path: Path, name: str):
    """Import the file ``path`` as module ``name`` (as a user's copy of it would be)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_strategy_example_runs_within_its_registered_budget(tmp_path, monkeypatch):
    registry.load_all()  # every strategy registered first: the modules register only once
    monkeypatch.setattr(registry, "REGISTRY", registry.REGISTRY.copy())  # best_of_n for this test only
    load(EXAMPLES / "best_of_n.py", "harness.strategies.best_of_n")
    assert "best_of_n" in registry.REGISTRY
    store, rows, model = run_strategy(tmp_path, "best_of_n", {"n": 2})
    assert_budget(rows, "best_of_n", {"n": 2})
    [row] = rows
    assert row["candidates"] == 2 and row["status"] == "correct"
    seeds = [c["seed"] for c in model.calls]
    assert len(set(seeds)) == 2  # one sampling seed per step


def test_the_report_table_example_is_in_the_report(tmp_path, monkeypatch):
    import harness.score  # noqa: F401  (its tables, and every strategy's, registered before the copy)

    registry.load_all()
    monkeypatch.setattr(tables, "TABLES", tables.TABLES.copy())
    load(EXAMPLES / "lessons_table.py", "lessons_table_example")
    store, rows, _ = run_strategy(tmp_path, "single")
    md = (store.root / "report.md").read_text()  # the run's own report has it ...
    assert "## Lessons per problem" in md and "lessons: in the bank at the end." in md
    out = tmp_path / "report"
    assert main(["report", str(store.root), "--output", str(out), "--format", "csv", "--no-plots"]) == 0
    assert (out / "lessons_per_problem.csv").read_text().splitlines()[1].endswith(",0")  # ... and `report`


def test_the_executor_example_judges_a_run_copied_into_the_package(tmp_path, monkeypatch):
    """Copied where the documentation says (the package's executors folder: here a
    temporary folder on its search path, so the repository is not touched), `run
    --executor here` evaluates through it, for real."""
    from harness.run import RunOptions, execute

    shutil.copy(EXAMPLES / "here_executor.py", tmp_path / "here.py")
    monkeypatch.setattr(executors, "__path__", [*executors.__path__, str(tmp_path)])
    monkeypatch.delitem(sys.modules, "harness.measure.executors.here", raising=False)
    # a copy loads again on its first lookup, finding the new module (this test only)
    monkeypatch.setattr(executor_base, "EXECUTORS", executor_base.EXECUTORS.copy())
    assert "here" in executors.executors()
    store, rows, _ = execute(
        RunOptions(
            strategy="null",
            mode="serial",
            problems=["30_scan_prefix_sum"],
            output=str(tmp_path / "out"),
            executor="here",
            quick=True,
            reference=False,
            eval_overrides=dict(FAST_EVAL),
        )
    )
    store.close()
    [row] = rows
    assert row["status"] == "correct"
    assert '"name": "here"' in next((tmp_path / "out").glob("*/config.json")).read_text()


def test_the_slurm_configuration_example_is_a_parsl_config():
    from parsl.config import Config
    from parsl.providers import SlurmProvider

    config = runpy.run_path(str(EXAMPLES / "slurm_eval.py"))["config"]
    assert isinstance(config, Config)
    [executor] = config.executors
    assert executor.label == "harness_eval" and executor.max_workers_per_node == 8
    assert isinstance(executor.provider, SlurmProvider) and executor.provider.nodes_per_block == 2


def test_the_readme_quick_start_names_files_that_exist_and_load():
    """Every file the README's quick start names exists (a newcomer copies the commands
    as they are), the team file is a valid team with the aggregator it names, and the
    predictions file reads as score reads it: the quick-start commands fail only for
    what they need from outside (API keys, the time to run)."""
    import re

    from harness.models.llm import Team
    from harness.score import load_input

    readme = (EXAMPLES.parent / "README.md").read_text()
    block = readme.split("## Quick start", 1)[1].split("```", 2)[1]
    named = sorted({w for w in re.findall(r"[\w./-]+\.(?:cpp|toml|jsonl?)\b", block)})
    assert len(named) >= 3, named
    for rel in named:
        assert (EXAMPLES.parent / rel).is_file(), f"README quick start names {rel}, which does not exist"
    team = Team.from_toml(EXAMPLES / "team.toml")
    assert [a.name for a in team.agents] == ["gpt", "claude"] and team.roles == {"aggregator": "gpt"}
    shown = readme.split("```toml\n", 1)[1].split("```", 1)[0]  # the README shows the file without its comments
    lines = (EXAMPLES / "team.toml").read_text().splitlines(keepends=True)
    assert shown == "".join(line for line in lines if not line.startswith("#"))
    _, samples = load_input(str(EXAMPLES / "predictions.jsonl"))
    assert [(s.problem, s.model) for s in samples] == [("30_scan_prefix_sum", "example")] * 2
