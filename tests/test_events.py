"""The event log's typed records (harness.results.events): written and read through the
same definitions, checked on read, tolerant of other versions."""

import dataclasses
import json

import pytest

from harness.results import events as ev
from harness.results.events import (
    DATA,
    EVENTS,
    NUMBER,
    ROW,
    RESULT,
    SCHEMA,
    TEXTS,
    DamagedEvent,
    UnknownEvent,
    make_event,
    parse_event,
)
from harness.results.rows import AMOUNT, FLAG, INDEX, ROW_NAMES, SPEEDUP, TEXT
from harness.core.errors import HarnessError
from harness.results.runstore import RunStore, read_run

GOOD = {
    SPEEDUP: 1.5,
    AMOUNT: 2.25,
    INDEX: 3,
    FLAG: True,
    TEXT: "x",
    NUMBER: -0.5,
    TEXTS: ["a", "b"],
    DATA: {"any": [1, "json"]},
    ROW: {"problem": "p", "speedup": 1.5, "ci_low": 1.2, "ci_high": 1.8},
    RESULT: {
        "problem_id": "p",
        "suite": "pareval",
        "mode": "serial",
        "status": "correct",
        "size": 10,
        "threads": 1,
        "speedup": 1.5,
        "ci_low": 1.2,
        "ci_high": 1.8,
        "cpus": [0],
        "node": "n",
    },
}
BAD = {
    SPEEDUP: 0.0,
    AMOUNT: -1.0,
    INDEX: 0.5,
    FLAG: "yes",
    TEXT: 7,
    NUMBER: float("inf"),
    TEXTS: ["a", 1],
    ROW: {"speedup": 1.0},
    RESULT: {"status": "correct", "size": 3},
}


def _full(cls) -> dict:
    """A value of its kind for every field of ``cls`` but t and extra."""
    out = {f.name: GOOD[f.metadata["kind"]] for f in dataclasses.fields(cls) if f.name not in ("t", "extra", "ignored")}
    if "speedup" in out and "ci_low" in out:
        out.update(speedup=1.5, ci_low=1.2, ci_high=1.8)
    return out


@pytest.mark.parametrize("kind", sorted(EVENTS))
def test_every_kind_reads_back_as_written(kind):
    cls = EVENTS[kind]
    rec = make_event(kind, 1796143180.5, **_full(cls))
    line = json.loads(json.dumps(rec.to_dict()))
    assert line["kind"] == kind and line["t"] == 1796143180.5
    back = parse_event(line)
    assert type(back) is cls and back == rec and back.extra == {}


@pytest.mark.parametrize(
    "kind,name",
    [(k, f.name) for k in sorted(EVENTS) for f in dataclasses.fields(EVENTS[k]) if f.metadata.get("kind") in BAD],
)
def test_a_field_that_fails_its_kind_is_damage(kind, name):
    """A damaged number, row, result or identity leaves the event out; a damaged label
    is read as None and named, and the event stays."""
    cls = EVENTS[kind]
    f = next(f for f in dataclasses.fields(cls) if f.name == name)
    line = {"t": 1.0, "kind": kind, **_full(cls), name: BAD[f.metadata["kind"]]}
    if f.metadata["drop"]:
        with pytest.raises(DamagedEvent) as e:
            parse_event(line)
        assert e.value.kind == kind and e.value.reasons
    else:
        rec = parse_event(line)
        assert getattr(rec, name) is None and rec.ignored == (f"{name} = {json.dumps(BAD[f.metadata['kind']])}",)
        assert rec == cls(**{**_full(cls), "t": 1.0, name: None})


def test_numbers_and_identities_drop_labels_do_not():
    assert {k for k in (SPEEDUP, AMOUNT, INDEX, NUMBER, ROW, RESULT)} == set(ev._NUMERIC)
    cand = {f.name: f.metadata["drop"] for f in dataclasses.fields(ev.CandidateEvent) if f.metadata}
    assert cand["problem"] and cand["lesson_ids"] and cand["speedup"] and cand["round"]
    assert not cand["status"] and not cand["agent"] and not cand["t"]


def test_huge_integers_are_damage_not_a_crash():
    with pytest.raises(DamagedEvent, match="tier"):
        parse_event({"t": 1.0, "kind": "erl_reward", "problem": "p", "tier": 10**400})
    with pytest.raises(DamagedEvent, match="speedup"):
        parse_event({"t": 1.0, "kind": "candidate", "problem": "p", "speedup": 10**400})
    rec = parse_event({"t": 10**400, "kind": "candidate", "problem": "p"})
    assert rec.t is None and rec.ignored and rec.problem == "p"


def test_a_row_that_contradicts_itself_or_its_kinds_is_damage():
    row = GOOD[ROW]
    for bad, why in (
        ({**row, "speedup": None, "ci_low": None, "ci_high": None, "correct": True}, "correct without a speedup"),
        ({**row, "category": 5}, "category = 5"),
        ({**row, "correct": "yes"}, 'correct = "yes"'),
    ):
        with pytest.raises(DamagedEvent, match=why):
            parse_event({"t": 1.0, "kind": "problem_done", "problem": "p", "row": bad})


def test_a_line_nested_too_deep_is_a_damaged_folder_not_a_crash(tmp_path):
    store = RunStore.create(tmp_path, "r3", {"strategy": "single"})
    store.event("problem_done", problem="02_dense_la_gemm", repeat=0, row=_row())
    store.close()
    path = tmp_path / "r3" / "events.jsonl"
    path.write_text("[" * 100000 + "\n" + path.read_text())
    with pytest.raises(HarnessError, match="line 1 is not JSON"):
        read_run(tmp_path / "r3")
    assert list(RunStore.open(tmp_path / "r3").finished()) == [("02_dense_la_gemm", 0)]


def test_a_result_the_readers_cannot_use_is_damage():
    good = GOOD[RESULT]
    for bad in ({**good, "cpus": 5}, {**good, "node": ["x"]}, {"speedup": 2.0}, {**good, "cached": "no"}):
        with pytest.raises(DamagedEvent):
            parse_event({"t": 1.0, "kind": "evaluation", "problem": "p", "key": "k", "result": bad})


def test_writing_an_undeclared_field_or_kind_is_an_error():
    with pytest.raises(TypeError, match="speed"):
        make_event("candidate", 1.0, problem="p", speed=2.0)
    with pytest.raises(KeyError, match="no event kind 'candidates'"):
        make_event("candidates", 1.0, problem="p")
    with pytest.raises(ValueError, match="registered already"):
        ev.register_event(type("Other", (ev.CandidateEvent,), {"KIND": "candidate"}))


def test_other_versions_fields_and_kinds_are_kept_aside():
    rec = parse_event({"t": 2.0, "kind": "candidate", "problem": "p", "id": "c", "novel": [1]})
    assert rec.id == "c" and rec.speedup is None and rec.extra == {"novel": [1]}
    assert rec.to_dict()["novel"] == [1]
    other = parse_event({"t": 2.0, "kind": "plugin_step", "problem": "p", "x": 1})
    assert isinstance(other, UnknownEvent) and other.kind == "plugin_step"
    assert other.extra == {"problem": "p", "x": 1} and other.to_dict()["kind"] == "plugin_step"
    with pytest.raises(DamagedEvent, match="round"):  # an unknown kind's common fields are still checked
        parse_event({"t": 2.0, "kind": "plugin_step", "round": -1})
    assert parse_event({"t": "noon", "kind": "plugin_step"}).ignored == ('t = "noon"',)
    with pytest.raises(DamagedEvent, match="row missing"):
        parse_event({"t": 2.0, "kind": "problem_done", "problem": "p"})


def _row(pid="02_dense_la_gemm", **kw):
    return {
        **{n: None for n in ROW_NAMES},
        "problem": pid,
        "category": "dense_la",
        "strategy": "single",
        "mode": "serial",
        "repeat": 0,
        "status": "correct",
        "compiled": True,
        "correct": True,
        "speedup": 1.5,
        "ci_low": 1.2,
        "ci_high": 1.8,
        **kw,
    }


def test_the_store_writes_schema_and_checks_what_it_writes(tmp_path, monkeypatch):
    store = RunStore.create(tmp_path, "r1", {"strategy": "single"})
    store.event("problem_started", problem="02_dense_la_gemm", repeat=0, category="dense_la")
    store.event(
        "evaluation",
        problem="02_dense_la_gemm",
        repeat=0,
        candidate_id="c",
        fresh=False,
        key="k-good",
        result={**GOOD[RESULT], "size": 4096},
    )
    with pytest.raises(ValueError, match="speedup = -2"):  # the test suite's check on write
        store.event("reference", problem="02_dense_la_gemm", repeat=0, speedup=-2.0)
    monkeypatch.delenv("HARNESS_CHECK_EVENTS")
    store.event(
        "evaluation",
        problem="02_dense_la_gemm",
        repeat=0,
        candidate_id="c",
        fresh=False,
        key="k-worse",
        result={**GOOD[RESULT], "speedup": -2.0},
    )  # written as it came
    store.event("problem_done", problem="02_dense_la_gemm", repeat=0, row=_row())
    store.close()
    first = json.loads((tmp_path / "r1" / "events.jsonl").read_text().splitlines()[0])
    assert (first["kind"], first["schema"]) == ("run_started", SCHEMA)

    again = RunStore.open(tmp_path / "r1")
    assert set(again.recorded_evaluations()) == {"k-good"}  # the damaged one is measured again
    assert list(again.finished()) == [("02_dense_la_gemm", 0)]
    again.resumed()
    again.close()
    rec = read_run(tmp_path / "r1")
    assert rec.evaluations == 1 and len(rec.warnings) == 1 and "(evaluation) left out" in rec.warnings[0]
    assert rec.problems[0].size == 4096 and rec.state == "in progress"


def test_a_log_of_a_newer_schema_is_read_with_a_warning(tmp_path):
    store = RunStore.create(tmp_path, "r2", {"strategy": "single"})
    store.event("problem_done", problem="02_dense_la_gemm", repeat=0, row=_row())
    store.close()
    path = tmp_path / "r2" / "events.jsonl"
    lines = path.read_text().splitlines()
    first = json.loads(lines[0])
    first["schema"] = SCHEMA + 1
    path.write_text("\n".join([json.dumps(first)] + lines[1:]) + "\n")
    rec = read_run(tmp_path / "r2")
    assert [p.problem for p in rec.problems] == ["02_dense_la_gemm"]
    assert rec.warnings == [
        f"events.jsonl was written with log schema {SCHEMA + 1}, newer than this "
        f"harness's {SCHEMA}: fields it does not know are not shown"
    ]
