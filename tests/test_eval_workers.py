"""A run with evaluation workers: problems in flight at once on a real Parsl pool from a
--parsl-config file, and the run's handling of an evaluation lost with its worker."""

import json
import os

import pytest

from harness.core.errors import HarnessError
from harness.measure.evaluate import INFRASTRUCTURE_ERROR, EvalResult, evaluate
from harness.run import RunOptions, execute
from harness.results.runstore import RunStore

PROBLEMS = ["03_dense_la_axpy", "30_scan_prefix_sum", "26_reduce_product_of_inverses"]
# 6-8 pairs, not 3-4: the judge rejects when half of the measurements, at least 2, break
# its CPU-accounting limits, and with two workers and Parsl on 2 CPUs 03_dense_la_axpy's
# own baseline once got no correct verdict (CI, Zen 3; likely 2 of 4 over those limits)
FAST_EVAL = {"min_pairs": 6, "max_pairs": 8, "budget_s": 0.2}


def _opts(tmp_path, **kw):
    return RunOptions(
        mode="serial",
        strategy="null",
        problems=list(PROBLEMS),
        quick=True,
        reference=False,
        output=str(tmp_path / "results"),
        eval_overrides=dict(FAST_EVAL),
        **kw,
    )


def _events(store):
    return [json.loads(ln) for ln in (store.root / "events.jsonl").read_text().splitlines()]


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="needs 2 CPUs")
def test_problems_run_in_flight_on_parsl_workers_from_a_config_file(tmp_path):
    cfg_file = tmp_path / "parsl_local.py"
    cfg_file.write_text("from harness.measure.executors import local_config\nconfig = local_config([[1], [0]])\n")
    store, rows, _ = execute(_opts(tmp_path, eval_workers=2, parsl_config=str(cfg_file)))
    verdicts = [
        (e["problem"], e["result"]["status"], e["result"]["evidence"].get("why"))
        for e in _events(store)
        if e["kind"] == "evaluation"
    ]
    assert [r["status"] for r in rows] == ["correct"] * 3, verdicts
    assert [r["problem"] for r in rows] == PROBLEMS  # the table keeps the problems' order
    config = json.loads((store.root / "config.json").read_text())
    assert config["executor"] == {"name": "parsl", "workers": 2, "config": str(cfg_file)}
    assert config["machine"]["topology"]["logical_cpus"] >= 2
    ev = _events(store)
    evals = [e["result"] for e in ev if e["kind"] == "evaluation"]
    assert {tuple(r["cpus"]) for r in evals} == {(0,), (1,)}  # both workers were used
    assert all(r["node"] and r["cpu_model"] for r in evals)
    # two problems were in flight at once: one started before another was done
    order = [(e["kind"], e["problem"]) for e in ev if e["kind"] in ("problem_started", "problem_done")]
    assert order[1][0] == "problem_started"
    # the interleaved events are read back problem by problem
    from harness.results.runstore import read_run

    run = read_run(store.root)
    assert run.state == "finished" and sorted(p.problem for p in run.problems) == sorted(PROBLEMS)
    for p in run.problems:
        assert [c.id for c in p.candidates] == [f"{p.problem}-null"]
        assert p.best.candidate_id == f"{p.problem}-null" and p.size is not None


def test_a_lost_evaluation_is_no_verdict_and_resume_runs_the_problem_again(tmp_path):
    """The first evaluation comes back as an infrastructure error (what ParslExecutor
    returns after a second worker loss, tested for real in test_executors.py)."""
    calls = []

    def losing(problem, text, mode, cfg):
        calls.append(problem.id)
        if len(calls) == 1:
            return EvalResult(
                problem.id, problem.suite, mode, INFRASTRUCTURE_ERROR, 0, 1, evidence={"why": "lost twice"}
            )
        return evaluate(problem, text, mode, cfg)

    opts = _opts(tmp_path)
    opts.problems = PROBLEMS[:1]
    store, rows, _ = execute(opts, evaluate_fn=losing)
    [row] = rows
    assert row["infrastructure_errors"] == 1 and row["candidates"] == 1
    assert not row["compiled"] and row["candidates_compiled"] == 0  # not held against it
    ev = _events(store)
    assert [e["kind"] for e in ev if e["kind"].startswith("evaluation")] == ["evaluation_lost"]
    # the report leaves the lost candidate out of every candidate rate
    from harness.results.tables import agent_table, round_table
    from harness.results.runstore import read_run

    run = read_run(store.root)
    assert round_table(run)[0]["% compiled"] is None and agent_table(run)[0]["candidates"] == 0
    assert RunStore.open(store.root).finished() == {}  # not finished: resume redoes it
    store2, rows2, _ = execute(opts, store=RunStore.open(store.root), evaluate_fn=losing)
    assert rows2[0]["status"] == "correct" and rows2[0]["infrastructure_errors"] == 0
    assert len(RunStore.open(store.root).finished()) == 1


def test_a_lost_reference_measurement_makes_resume_run_the_problem_again(tmp_path):
    """The expert reference is measured before the strategy starts the problem: losing its
    evaluation counts as the problem's infrastructure error as any other, so the problem is
    not finished without its reference."""
    from harness.measure.suite import get_problem

    ref = get_problem(PROBLEMS[0]).reference("serial")

    def losing(problem, text, mode, cfg):
        if text == ref:
            return EvalResult(
                problem.id, problem.suite, mode, INFRASTRUCTURE_ERROR, 0, 1, evidence={"why": "lost twice"}
            )
        return evaluate(problem, text, mode, cfg)

    opts = _opts(tmp_path)
    opts.problems, opts.reference = PROBLEMS[:1], True
    store, [row], _ = execute(opts, evaluate_fn=losing)
    assert row["infrastructure_errors"] == 1 and row["reference_speedup"] is None
    assert RunStore.open(store.root).finished() == {}
    _, [row2], _ = execute(opts, store=RunStore.open(store.root))
    assert row2["infrastructure_errors"] == 0 and row2["reference_speedup"] is not None


def test_worker_sets_must_fit(tmp_path):
    n = len(os.sched_getaffinity(0))
    with pytest.raises(HarnessError, match="do not fit"):
        execute(_opts(tmp_path, eval_workers=n + 1))
    assert not (tmp_path / "results").exists()  # nothing was started or written


def test_compare_warns_when_evaluations_ran_elsewhere(tmp_path):
    from harness.results.alignment import environment_changes
    from harness.results.runstore import RunRecord

    def run(name, nodes, models, sets, executor):
        config = {"run_id": name, "executor": executor, "suite_version": "v1"}
        return RunRecord(
            root=tmp_path / name,
            config=config,
            problems=[],
            state="finished",
            eval_nodes=nodes,
            eval_cpu_models=models,
            eval_cpu_sets=sets,
        )

    one = {"name": "inline", "workers": 1}
    a = run("a", ["n1"], ["CPU X"], ["1"], one)
    warns, _ = environment_changes(a, run("b", ["n1"], ["CPU X"], ["1"], one))
    assert warns == []
    warns, _ = environment_changes(
        a, run("c", ["n1", "n2"], ["CPU X", "CPU Y"], ["0", "1"], {"name": "parsl", "workers": 2})
    )
    text = "\n".join(warns)
    assert "run c: evaluations ran on 2 nodes" in text and "run c: evaluations ran on 2 CPU models" in text
    assert "evaluation CPU sets: `1` → `0; 1`" in text and "executor: `inline x1` → `parsl x2`" in text


class _TimedExecutor:
    """An executor double that records when each evaluation ran (no candidate code runs)."""

    name, workers = "recording", 2

    def __init__(self, spans, lock):
        self.spans, self.lock = spans, lock

    def evaluate(self, problem, text, mode, cfg):
        import time

        t0 = time.monotonic()
        time.sleep(0.05)
        with self.lock:
            self.spans.append(("eval", t0, time.monotonic()))
        return EvalResult(problem.id, problem.suite, mode, "incorrect", 1, 1)


def test_local_inference_never_overlaps_an_evaluation_and_remote_calls_are_bounded():
    """Two problems in flight: one evaluates again and again, the other calls the
    local model (scripted): the gate keeps them apart, while the local calls of one
    phase run at once (the model process batches them). Then 3 problems' remote
    rounds at once stay within max_parallel calls over the whole run."""
    import threading
    import time

    from harness.models.llm import Agent, CallRecord
    from harness.strategies import RunContext
    from harness.measure.suite import get_problem

    spans, lock, active, peak = [], threading.Lock(), [0], [0]

    def complete(agent, messages, seed):
        t0 = time.monotonic()
        with lock:
            active[0] += 1
            peak[0] = max(peak[0], active[0])
        time.sleep(0.05)
        with lock:
            active[0] -= 1
            spans.append(("infer" if agent.is_local else "remote", t0, time.monotonic()))
        return CallRecord(
            text="x",
            model=agent.model,
            prompt_tokens=1,
            completion_tokens=1,
            latency_s=0.05,
            cost_usd=0.0,
            seed=seed,
            agent=agent.name,
        )

    ctx = RunContext(complete_fn=complete, executor=_TimedExecutor(spans, lock), max_parallel=2)
    ctx.mode = "serial"
    p = get_problem(PROBLEMS[0])
    local = Agent(name="l", model="local/qwen2.5-coder-0.5b")
    msgs = [{"role": "user", "content": "optimize"}]

    def evaluating():
        for i in range(15):
            ctx.evaluate(p, f"// {i}", candidate_id=f"c{i}")

    def inferring():
        for r in range(5):
            ctx.generate([(local, msgs, 1, "a"), (local, msgs, 2, "b")], purpose="candidate", problem=p.id, round_=r)

    threads = [threading.Thread(target=evaluating), threading.Thread(target=inferring)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ev = [s for s in spans if s[0] == "eval"]
    inf = [s for s in spans if s[0] == "infer"]
    assert len(ev) == 15 and len(inf) == 10
    assert not [(a, b) for a in ev for b in inf if a[1] < b[2] and b[1] < a[2]]  # never at once
    pairs = list(zip(inf[::2], inf[1::2]))  # the two calls of each round
    assert all(a[1] < b[2] and b[1] < a[2] for a, b in pairs)  # a round's local calls overlap
    assert 5 * 0.05 <= ctx.generate_s < 0.5  # phases' wall, overlapping calls once (one by one: >= 0.5)

    remote = [Agent(name=f"r{i}", model="openai/gpt-4o-mini", seed=i) for i in range(3)]
    rounds = [
        threading.Thread(
            target=ctx.generate,
            args=([(a, msgs, 1, a.name) for a in remote],),
            kwargs={"purpose": "candidate", "problem": p.id, "round_": 0},
        )
        for _ in range(3)
    ]
    peak[0] = 0
    for t in rounds:
        t.start()
    for t in rounds:
        t.join()
    assert peak[0] == 2  # concurrent, and bounded by max_parallel over all problems
