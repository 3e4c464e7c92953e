"""The README's extension examples run as written: the smallest strategy ("Adding a
strategy") and a report table ("Adding a report table")."""

from __future__ import annotations

import re
from pathlib import Path

from harness.cli import main
from harness.results import tables
from harness.strategies import registry
from strategy_kit import assert_budget, run_strategy

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()


def _example(heading: str) -> str:
    """The first ```python block after ``heading`` in the README."""
    return re.search(r"```python\n(.*?)```", README[README.index(heading):], re.S).group(1)


def test_the_strategy_example_runs_within_its_registered_budget(tmp_path, monkeypatch):
    monkeypatch.setattr(registry, "REGISTRY", registry.REGISTRY.copy())  # best_of_n for this test only
    exec(compile(_example("### Adding a strategy"), "README.md", "exec"),
         {"__name__": "harness.strategies.best_of_n", "__package__": "harness.strategies"})
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
    exec(compile(_example("**Adding a report table.**"), "README.md", "exec"), {"__name__": "readme_table"})
    store, rows, _ = run_strategy(tmp_path, "single")
    md = (store.root / "report.md").read_text()  # the run's own report has it ...
    assert "## Lessons per problem" in md and "lessons: in the bank at the end." in md
    out = tmp_path / "report"
    assert main(["report", str(store.root), "--output", str(out), "--format", "csv", "--no-plots"]) == 0
    assert (out / "lessons_per_problem.csv").read_text().splitlines()[1].endswith(",0")  # ... and `report`
