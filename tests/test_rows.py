"""The per-problem row (harness.results.rows.ProblemRow): the row a run writes has exactly the
record's fields, in its order and of its types; the results reader leaves out a row
whose speedup, amount or index field is damaged, for every such field of the record;
problems.csv has the record's columns; and rows a run recorded before the last fields
were added (real "problem_done" events of a quick-preset run of 2026-12-01, which has no
infrastructure_errors) read back, re-render and are written again unchanged."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from harness.models.llm import CallRecord
from harness.results.report import build_report
from harness.results.tables import problem_details
from harness.results.rows import AMOUNT, INDEX, ROW_FIELDS, ROW_NAMES, SPEEDUP, ProblemRow
from harness.run import RunOptions, execute
from harness.results.runstore import RunStore, read_run
from harness.strategies.base import ProblemOutcome

ROOT = Path(__file__).resolve().parent.parent
PID = "34_scan_largest_contiguous_subarray_sum"
FAST_EVAL = {"min_pairs": 5, "max_pairs": 10, "budget_s": 0.3}

# Two "problem_done" events as a run of the quick preset (strategy single, omp mode)
# wrote them on 2026-12-01, verbatim: rows from before infrastructure_errors was recorded.
OLD_EVENTS = [
    '{"t": 1796143199.0298777, "kind": "problem_done", "problem": "02_dense_la_gemm", "repeat": 0, "row": '
    '{"problem": "02_dense_la_gemm", "category": "dense_la", "strategy": "single", "mode": "omp", "repeat": 0, '
    '"status": "correct", "compiled": true, "correct": true, "speedup": 1.6186718975934107, '
    '"ci_low": 1.3079016983599518, "ci_high": 1.9929695085373795, "first_speedup": 1.316210174290791, '
    '"best_id": "02_dense_la_gemm-r0-a0", "reference_speedup": 11.050287980883116, '
    '"null_speedup": 0.9992495735316004, "null_ci_low": 0.6870637991729721, "null_ci_high": 1.6445657500415491, '
    '"candidates": 1, "candidates_compiled": 1, "candidates_correct": 1, "lessons": 0, "model_calls": 1, '
    '"evaluations": 1, "prompt_tokens": 896, "completion_tokens": 512, "cost_usd": 0.0, '
    '"model_s": 21.18069790699974, "eval_s": 2.3843007539999235, "wall_s": 25.67709926400039, "flags": ""}}',
    '{"t": 1796143219.7630506, "kind": "problem_done", "problem": "13_geometry_closest_pair_2d", "repeat": 0, '
    '"row": {"problem": "13_geometry_closest_pair_2d", "category": "geometry", "strategy": "single", '
    '"mode": "omp", "repeat": 0, "status": "no correct candidate", "compiled": false, "correct": false, '
    '"speedup": null, "ci_low": null, "ci_high": null, "first_speedup": null, "best_id": null, '
    '"reference_speedup": 30.476624205900105, "null_speedup": 0.9871090123143755, '
    '"null_ci_low": 0.9481217396489747, "null_ci_high": 1.0361371308227783, "candidates": 1, '
    '"candidates_compiled": 0, "candidates_correct": 0, "lessons": 0, "model_calls": 1, "evaluations": 1, '
    '"prompt_tokens": 847, "completion_tokens": 512, "cost_usd": 0.0, "model_s": 19.1618891119997, '
    '"eval_s": 0.08471951299998182, "wall_s": 19.253043286999855, "flags": ""}}',
]
OLD_ROWS = [json.loads(line)["row"] for line in OLD_EVENTS]
CONFIG = {
    "run_id": "old-single-omp",
    "suite": "pareval",
    "mode": "omp",
    "threads": 2,
    "quick": True,
    "strategy": "single",
    "strategy_options": {},
}


def _old_run(root: Path, events: list[str] | None = None) -> Path:
    """A results folder holding the two old rows (config.json and events.jsonl)."""
    root.mkdir(parents=True)
    (root / "config.json").write_text(json.dumps(CONFIG))
    lines = ['{"t": 1796143171.0, "kind": "run_started", "run_id": "old-single-omp"}']
    for line in events or OLD_EVENTS:
        e = json.loads(line)
        lines += [
            json.dumps(
                {
                    "t": e["t"] - 20,
                    "kind": "problem_started",
                    "problem": e["problem"],
                    "repeat": 0,
                    "category": e["row"]["category"],
                }
            ),
            line,
        ]
    lines.append('{"t": 1796143300.0, "kind": "run_finished", "problems": 2}')
    (root / "events.jsonl").write_text("\n".join(lines) + "\n")
    return root


def _has_type(value, tp) -> bool:
    if tp is float:  # a whole number is a float here (JSON writes 0.0 as 0.0, not 0)
        return isinstance(value, float)
    return isinstance(value, tp) and not (tp is int and isinstance(value, bool))


def test_the_record_fields_carry_kind_and_unit():
    assert ROW_NAMES == tuple(f.name for f in ROW_FIELDS) and len(set(ROW_NAMES)) == len(ROW_NAMES)
    for f in ROW_FIELDS:
        assert f.kind in ("speedup", "amount", "index", "flag", "text"), f
        unit = (
            "x"
            if f.kind == SPEEDUP
            else "s"
            if f.name.endswith("_s")
            else "USD"
            if f.name.endswith("_usd")
            else "tokens"
            if f.name.endswith("_tokens")
            else "%"
            if f.name.endswith("_pct")
            else ""
        )
        assert f.unit == unit, f
        # optional numbers: the speedups and the roofline shares (None: not measured)
        assert (f.kind == SPEEDUP or f.unit == "%") == (f.type == float | None), f
    with pytest.raises(TypeError):  # every row names every field
        ProblemRow(problem="x")
    columns = [f.column for f in ROW_FIELDS if f.column]
    assert len(set(columns)) == len(columns)


def test_an_outcome_without_candidates_makes_a_row_of_the_records_fields_and_types():
    row = ProblemOutcome(problem="p", category="c", strategy="null", mode="serial").row()
    assert list(row) == list(ROW_NAMES)
    for f in ROW_FIELDS:
        assert _has_type(row[f.name], f.type), (f.name, row[f.name])
    assert row["speedup"] is None and row["compiled"] is False and row["cost_usd"] == 0.0


@pytest.fixture(scope="module")
def single_run(tmp_path_factory):
    """A real run: strategy single, one problem, the scripted reply its expert reference,
    the real evaluator at the quick size in serial mode."""
    out = tmp_path_factory.mktemp("rows")
    fast = (ROOT / "pareval" / PID / "reference_serial.cpp").read_text()

    def reply(agent, messages, seed):
        return CallRecord(
            text=f"```cpp\n{fast}```\n",
            model=agent.model,
            prompt_tokens=700,
            completion_tokens=90,
            latency_s=0.5,
            cost_usd=0.002,
            seed=seed,
            agent=agent.name,
        )

    opts = RunOptions(
        problems=[PID],
        mode="serial",
        models="openai/mock-a",
        strategy="single",
        quick=True,
        reference=True,
        output=str(out),
        eval_overrides=FAST_EVAL,
    )
    store, _, _ = execute(opts, complete_fn=reply)
    store.close()
    return store.root


def test_the_row_a_run_writes_is_the_record(single_run):
    events = [json.loads(line) for line in (single_run / "events.jsonl").read_text().splitlines()]
    [row] = [e["row"] for e in events if e["kind"] == "problem_done"]
    assert list(row) == list(ROW_NAMES)
    for f in ROW_FIELDS:  # a correct result with its reference and noise floor: every field measured
        assert _has_type(row[f.name], f.type) and row[f.name] is not None, (f.name, row[f.name])
    assert row["status"] == "correct" and row["ci_low"] <= row["speedup"] <= row["ci_high"]
    assert (row["candidates"], row["model_calls"], row["prompt_tokens"], row["cost_usd"]) == (1, 1, 700, 0.002)
    with open(single_run / "problems.csv", newline="") as f:
        reader = csv.reader(f)
        assert next(reader) == list(ROW_NAMES)
        assert next(reader)[ROW_NAMES.index("speedup")] == str(row["speedup"])
    assert json.loads((single_run / "problems.json").read_text()) == [row]


@pytest.mark.parametrize(
    "name,bad",
    [
        (f.name, bad)
        for f in ROW_FIELDS
        if f.kind in (SPEEDUP, AMOUNT, INDEX)
        for bad in ({SPEEDUP: (0.0, 2e9), AMOUNT: (-1, 1e16), INDEX: (-1, 0.5)}[f.kind] + ("7", True, float("nan")))
    ],
)
def test_a_damaged_row_field_of_every_checked_kind_is_left_out(tmp_path, name, bad):
    events = [json.loads(line) for line in OLD_EVENTS]
    events[0]["row"][name] = bad
    root = _old_run(tmp_path / "run", [json.dumps(e) for e in events])
    rec = read_run(root)
    assert [p.problem for p in rec.problems] == ["13_geometry_closest_pair_2d"]
    [warning] = rec.warnings
    assert warning.startswith("events.jsonl line 3 (problem_done) left out, damaged: ")
    assert f"{name} = {json.dumps(bad)}" in warning


@pytest.mark.parametrize(
    "kind,field,bad", [("llm_call", "latency_s", -0.5), ("candidate", "round", 1.5), ("evaluation", "size", -3)]
)
def test_event_fields_that_are_no_row_field_are_still_checked(tmp_path, kind, field, bad):
    e = {"t": 1796143180.0, "kind": kind, "problem": "02_dense_la_gemm", "repeat": 0}
    if kind == "evaluation":
        e["result"] = {
            "problem_id": "02_dense_la_gemm",
            "suite": "pareval",
            "mode": "serial",
            "status": "correct",
            "size": 512,
            "threads": 1,
            field: bad,
        }
    else:
        e[field] = bad
    root = _old_run(tmp_path / "run")
    lines = (root / "events.jsonl").read_text().splitlines()
    (root / "events.jsonl").write_text("\n".join(lines[:2] + [json.dumps(e)] + lines[2:]) + "\n")
    rec = read_run(root)
    assert rec.warnings == [f"events.jsonl line 3 ({kind}) left out, damaged: {field} = {json.dumps(bad)}"]
    assert len(rec.problems) == 2


def test_an_old_row_reads_back_renders_and_is_written_again_unchanged(tmp_path):
    root = _old_run(tmp_path / "run")
    rec = read_run(root)
    assert not rec.warnings and rec.rows == OLD_ROWS
    newer = ("infrastructure_errors", "roofline_pct", "reference_roofline_pct", "baseline_roofline_pct")
    assert [list(r) for r in rec.rows] == [[n for n in ROW_NAMES if n not in newer]] * 2

    details = problem_details(rec)
    assert (
        details[0]["speedup"] == OLD_ROWS[0]["speedup"] and details[0]["reference"] == OLD_ROWS[0]["reference_speedup"]
    )
    assert (details[1]["compiled"], details[1]["correct"], details[1]["cost $"]) == (0, 0, 0.0)
    assert details[1]["speedup"] is None and details[1]["null"] == OLD_ROWS[1]["null_speedup"]
    per_category = build_report(rec, plots=False, resamples=200).tables["per_category"]
    assert per_category[-1]["% correct"] == 50 and per_category[-1]["geomean"] == pytest.approx(
        OLD_ROWS[0]["speedup"] ** 0.5
    )

    store = RunStore(root, CONFIG)
    store.write_table(rec.rows)
    store.close()
    assert json.loads((root / "problems.json").read_text()) == OLD_ROWS
    with open(root / "problems.csv", newline="") as f:
        read = list(csv.DictReader(f))
    assert list(read[0]) == list(ROW_NAMES)  # the record's columns; blank where not recorded
    for got, row in zip(read, OLD_ROWS):
        assert got == {n: "" if row.get(n) is None else str(row[n]) for n in ROW_NAMES}


def test_a_row_with_a_field_this_version_does_not_know_keeps_it_last(tmp_path):
    store = RunStore.create(tmp_path, "mixed", CONFIG)
    new = ProblemOutcome(problem="p", category="c", strategy="null", mode="serial").row()
    store.write_table([new, {**OLD_ROWS[0], "later_field": 3}])
    store.close()
    with open(tmp_path / "mixed" / "problems.csv", newline="") as f:
        header, first, second = list(csv.reader(f))
    assert header == [*ROW_NAMES, "later_field"]
    assert first[-1] == "" and second[-1] == "3" and second[ROW_NAMES.index("infrastructure_errors")] == ""


def test_percent_cells_keep_a_decimal_under_ten():
    """A roofline share of 0.7 % is shown as such, not rounded to 1 % (or 0 %)."""
    from harness.results.render import cell

    assert [cell("% roofline", v) for v in (0.7, 0.04, 4.6, 0.0, 12.4, 100.0)] == [
        "0.7%",
        "0.0%",
        "4.6%",
        "0%",
        "12%",
        "100%",
    ]
    assert cell("% correct", 100 / 3) == "33%" and cell("% correct", 5.0) == "5%"
