"""The per-category table that `run`, `score` and `report` print fits the terminal: in 80
and 120 columns (a terminal, or $COLUMNS for a pipe or a log file) no line is longer,
no row wraps onto a second line, and a score run, which calls no model, prints no token
or cost column. The full table stays in report.md."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from harness.measure.suite import get_problem

PID = "30_scan_prefix_sum"


def harness(args, width, cwd):
    """`python -m harness ARGS` with a terminal of ``width`` columns ($COLUMNS: its output
    is a pipe). Returns stdout; fails the test on a non-zero exit."""
    env = dict(os.environ, COLUMNS=str(width))
    r = subprocess.run(
        [sys.executable, "-m", "harness", *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=900
    )
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def table_lines(out: str, title: str) -> list[str]:
    """The printed table: from its title to the first blank line after its rows."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if title in line)
    rows = lines[start:]
    end = next(i for i, line in enumerate(rows) if i > 3 and not line.strip())
    return rows[:end]


def assert_fits(out: str, title: str, width: int) -> list[str]:
    """Every line of the table under ``title`` in ``out`` fits ``width``, and the table
    has its header, a rule, then one line per category and the "all" row (no row
    wrapped). Returns the table's header line and rows."""
    lines = table_lines(out, title)
    assert max(len(line) for line in lines) <= width, "\n".join(lines)
    header = next(line for line in lines if "geomean (95% CI)" in line)
    body = lines[lines.index(header) + 2 :]
    assert [line.split()[0] for line in body] == ["scan", "all"], lines
    return [header, *body]


@pytest.fixture(scope="module")
def null_run(tmp_path_factory):
    """A real `run` of the null strategy on one problem, printed at 80 columns."""
    root = tmp_path_factory.mktemp("run")
    out = harness(
        [
            "run",
            "--strategy",
            "null",
            "--mode",
            "serial",
            "--problems",
            PID,
            "--quick",
            "--no-reference",
            "--output",
            str(root),
        ],
        80,
        root,
    )
    [run_dir] = [p for p in root.iterdir() if p.is_dir()]
    return out, run_dir


def test_run_prints_a_table_that_fits_80_columns(null_run):
    out, run_dir = null_run
    header, *rows = assert_fits(out, "Per-category results", 80)
    assert "correct" in header and "n" in header.split()
    assert rows[-1].split()[1] == "1"  # n of "all"
    full = (run_dir / "report.md").read_text()  # every column stays in the report
    assert "| category | n | % compiled | % correct | geomean | geomean 95% CI |" in full
    assert "ref % roofline" in full and "wall s" in full


def test_report_prints_it_in_120_columns_with_more_of_them(null_run, tmp_path):
    _, run_dir = null_run
    out = harness(["report", str(run_dir), "--no-plots", "--output", str(tmp_path)], 120, tmp_path)
    header, *_ = assert_fits(out, run_dir.name, 120)
    assert {"compiled", "mean", ">=2x", "CI>1", "null"} <= set(header.split())
    assert "tokens" not in header and "cost" not in header  # the null strategy calls no model


@pytest.mark.parametrize("width", [80, 120])
def test_score_prints_no_round_lesson_or_token_columns(tmp_path, width):
    baseline = get_problem(PID).source("baseline.cpp")
    preds = tmp_path / "preds.json"
    preds.write_text(json.dumps({PID: f"```cpp\n{baseline}\n```"}))
    out = harness(
        [
            "score",
            str(preds),
            "--suite",
            "pareval",
            "--mode",
            "serial",
            "--problems",
            PID,
            "--quick",
            "--no-reference",
            "--output",
            str(tmp_path / "out"),
        ],
        width,
        tmp_path,
    )
    header, *_ = assert_fits(out, "first sample per problem", width)
    for absent in ("tokens", "cost", "round", "lesson"):
        assert absent not in header, header
