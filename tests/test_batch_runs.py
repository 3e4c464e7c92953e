"""``score`` and ``run`` judge a problem's ready candidates in one batch by default
(harness.measure.evaluate.evaluate_batch through the executor and the run context), and
``--batch 1`` judges each alone; every candidate keeps the events, record and cached
verdict it gets alone.

Real g++ and real sandboxed workers at 30_scan_prefix_sum's quick size, validated only
(the batching, not the timing, is the point); scripted model replies."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from harness.run import RunOptions, execute
from harness.score import ScoreOptions, execute_score

from strategy_kit import BASELINE, PID, ROOT, ScriptedModel, fence
from test_batch import NEEDS_BATCHES

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap not installed")

VALIDATE = {"validate_only": True}
WRONG = BASELINE.replace(
    "std::inclusive_scan(x.begin(), x.end(), output.begin());",
    "std::exclusive_scan(x.begin(), x.end(), output.begin(), 0.0);",
)


def tagged(tag: str, code: str = BASELINE) -> str:
    """``code`` with a comment naming ``tag``: another object, so no verdict cached by
    another test is read instead of judging it."""
    return fence(f"// {tag}\n{code}")


def events(root) -> list[dict]:
    return [json.loads(ln) for ln in (root / "events.jsonl").read_text().splitlines()]


def order(ev: list[dict], kinds: tuple, ids: list[str]) -> list[tuple]:
    """(kind, candidate id) of the events of ``kinds`` about the candidates ``ids``, in
    log order (a "candidate" event names its candidate "id")."""
    out = []
    for e in ev:
        cid = e.get("candidate_id", e.get("id"))
        if e["kind"] in kinds and cid in ids:
            out.append((e["kind"], cid))
    return out


def score(tmp_path, replies: list[str], seed: int, **kw):
    f = tmp_path / "samples.jsonl"
    f.write_text("".join(json.dumps({"problem": PID, "reply": r, "model": "m"}) + "\n" for r in replies))
    opts = ScoreOptions(
        files=[str(f)],
        mode="serial",
        quick=True,
        reference=False,
        seed=seed,
        output=str(tmp_path / "results"),
        eval_overrides=dict(VALIDATE),
        **kw,
    )
    root = execute_score(opts, command=["test"])
    return root, events(root)


@NEEDS_BATCHES
def test_score_judges_a_problems_samples_in_one_batch(tmp_path):
    """Three distinct samples share one batch (the one that fails validation too); a
    fourth identical to the first is read from the verdict cache, as it would be alone;
    the samples' events come in the samples' order, each "evaluation" before its
    "candidate" and "sample"."""
    wrong = tagged("wrong", WRONG)
    replies = [tagged("s0"), wrong, tagged("s2"), tagged("s0")]
    root, ev = score(tmp_path, replies, seed=424201)
    assert json.loads((root / "config.json").read_text())["options"]["batch"] == 8
    evals = {e["candidate_id"]: e["result"] for e in ev if e["kind"] == "evaluation"}
    ids = [f"{PID}-s{i}" for i in range(4)]
    assert [evals[c]["status"] for c in ids] == ["correct", "incorrect", "correct", "correct"]
    assert [evals[c]["evidence"]["batch"] for c in ids[:3]] == [{"size": 3, "index": i} for i in range(3)]
    assert [evals[c]["cached"] for c in ids] == [False, False, False, True]
    samples = [e for e in ev if e["kind"] == "sample"]
    assert [(e["candidate_id"], e["verdict_from"]) for e in samples] == [
        (ids[0], "measured"),
        (ids[1], "measured"),
        (ids[2], "measured"),
        (ids[3], "verdict cache"),
    ]
    kinds = ("evaluation", "candidate", "sample")
    assert order(ev, kinds, ids) == [(k, c) for c in ids for k in kinds]
    [row] = json.loads((root / "problems.json").read_text())
    assert (row["candidates"], row["candidates_correct"], row["evaluations"]) == (4, 3, 4)


def test_score_with_batch_1_judges_every_sample_alone(tmp_path):
    root, ev = score(tmp_path, [tagged("alone0"), tagged("alone1")], seed=424202, batch=1)
    assert json.loads((root / "config.json").read_text())["options"]["batch"] == 1
    evals = [e["result"] for e in ev if e["kind"] == "evaluation" and e["candidate_id"].startswith(f"{PID}-s")]
    assert [r["evidence"]["batch"] for r in evals] == [{"size": 1, "index": 0}] * 2


@NEEDS_BATCHES
def test_a_lessonl_round_is_judged_in_one_batch(tmp_path):
    """LessonL's three agents' candidates of a round are judged together; the model calls
    are the same as without batches (one round: three candidate calls, no lessons)."""
    model = ScriptedModel(lambda call: tagged(f"lessonl-{call['agent']}-{call['n']}"))
    opts = RunOptions(
        problems=[PID],
        mode="serial",
        models="openai/mock-a,openai/mock-b,openai/mock-c",
        strategy="lessonl",
        strategy_options={"rounds": 1},
        quick=True,
        reference=False,
        output=str(tmp_path / "results"),
        eval_overrides=dict(VALIDATE),
    )
    store, [row], _ = execute(opts, complete_fn=model)
    store.close()
    ev = events(store.root)
    ids = [f"{PID}-r0-a{i}" for i in range(3)]
    evals = {e["candidate_id"]: e["result"] for e in ev if e["kind"] == "evaluation"}
    assert [evals[c]["evidence"]["batch"] for c in ids] == [{"size": 3, "index": i} for i in range(3)]
    kinds = ("evaluation", "candidate")
    assert order(ev, kinds, ids) == [(k, c) for c in ids for k in kinds]
    assert len(model.calls) == 3 and row["candidates"] == 3 and row["evaluations"] == 3
    config = json.loads((store.root / "config.json").read_text())
    assert config["options"]["batch"] == 8


@pytest.mark.parametrize("command", ["run", "score"])
@pytest.mark.parametrize("value, message", [("0", "must be at least 1 (got 0"), ("two", "not an integer: 'two'")])
def test_a_bad_batch_is_one_line_and_exit_2(tmp_path, command, value, message):
    args = [command, "--batch", value, "--output", str(tmp_path / "results")]
    if command == "score":
        (tmp_path / "a.json").write_text(json.dumps({PID: "x"}))
        args.insert(1, str(tmp_path / "a.json"))
    r = subprocess.run([sys.executable, "-m", "harness", *args], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 2, r.stdout + r.stderr
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: argument --batch: ") and message in r.stderr, (
        r.stderr
    )
    assert not (tmp_path / "results").exists()


@pytest.mark.parametrize("value", [0, -1, 2.5, True])
def test_the_options_refuse_a_bad_batch(value):
    """RunOptions and ScoreOptions built by scripts: the same one-line error as the CLI."""
    from harness.core.errors import HarnessError

    for opts in (RunOptions(batch=value), ScoreOptions(files=["x.json"], batch=value)):
        with pytest.raises(HarnessError, match=r"--batch must be an integer >= 1"):
            opts.check()
