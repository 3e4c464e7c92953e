"""Evaluation workers on a real local Parsl HighThroughputExecutor: two workers pinned to
disjoint CPUs, each running the real sandboxed evaluation; a worker killed (SIGKILL)
mid-evaluation is retried once, a second loss is an infrastructure error."""

import os
import platform
import signal
import threading
import time
from pathlib import Path

import pytest

from harness.measure.evaluate import INFRASTRUCTURE_ERROR, EvalConfig
from harness.measure.executors import InlineExecutor, ParslExecutor, make_executor
from harness.measure.suite import get_problem

# a lost Parsl block once left a task waiting forever: fail such a hang in minutes
pytestmark = [pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="needs 2 CPUs"), pytest.mark.timeout(600)]

PID = "03_dense_la_axpy"
FAST = EvalConfig(quick=True, min_pairs=3, max_pairs=4, budget_s=0.2, use_cache=False)
# long enough to be killed mid-way: many pairs, a longer budget
SLOW = EvalConfig(quick=True, min_pairs=40, max_pairs=40, budget_s=30.0, use_cache=False)


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    ex = make_executor(2, "serial", None, None)
    ex.start(tmp_path_factory.mktemp("parsl"))
    yield ex
    ex.shutdown()


def _ours(pid) -> bool:
    """Whether process ``pid`` belongs to this test session: its environment has this
    session's private cache (other sessions' Parsl processes are not ours)."""
    mark = f"HARNESS_CACHE={os.environ['HARNESS_CACHE']}".encode()
    return mark in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")


def _evaluating_workers() -> list:
    """The pids of the Parsl worker processes of this test session that are running an
    evaluation right now: the parents of bwrap processes running harness.measure.worker
    (LocalProvider daemonizes the worker pool, so it is no descendant of the test)."""
    out = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            cmd = (d / "cmdline").read_bytes().split(b"\0")
            if not (cmd[0].endswith(b"bwrap") and b"harness.measure.worker" in cmd):
                continue
            stat = (d / "stat").read_text()
            parent = int(stat[stat.rindex(")") + 2 :].split()[1])
            if _ours(parent):
                out.append(parent)
        except (OSError, ValueError, IndexError):
            continue
    return out


def _kill_next_worker(seen: set, timeout_s: float = 90.0) -> str:
    """Waits for a worker not in ``seen`` to start an evaluation, SIGKILLs that Parsl
    worker process and returns its CPU set ("1", "0-1" as /proc says)."""
    t_end = time.monotonic() + timeout_s
    while time.monotonic() < t_end:
        for worker in _evaluating_workers():
            if worker not in seen:
                cpus = Path(f"/proc/{worker}/status").read_text().split("Cpus_allowed_list:")[1].split()[0]
                seen.add(worker)
                os.kill(worker, signal.SIGKILL)
                return cpus
        time.sleep(0.05)
    raise AssertionError("no evaluation started on a Parsl worker")


def test_two_workers_evaluate_at_once_on_disjoint_cpus(pool):
    assert isinstance(pool, ParslExecutor) and pool.describe()["cpu_sets"] == [[1], [0]]
    p = get_problem(PID)
    results = [None, None]

    def one(i):
        results[i] = pool.evaluate(p, p.source("baseline.cpp"), "serial", FAST)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [r.status for r in results] == ["correct", "correct"]
    assert sorted(r.cpus[0] for r in results) == [0, 1]  # one worker each, disjoint CPUs
    assert all(r.node == platform.node() and r.cpu_model for r in results)


def test_a_killed_worker_is_retried_then_an_infrastructure_error(pool):
    p = get_problem(PID)
    out = {}
    t = threading.Thread(target=lambda: out.setdefault("r", pool.evaluate(p, p.source("baseline.cpp"), "serial", SLOW)))
    t.start()
    seen: set = set()
    killed = _kill_next_worker(seen)
    t.join(timeout=180)
    r = out["r"]
    # the retry ran to the end on the other worker (idle, while Parsl restarts the lost
    # one) and says what happened before
    assert r.status == "correct" and "loss of worker" in r.evidence["worker_lost_before"]
    assert ",".join(map(str, r.cpus)) != killed

    t = threading.Thread(
        target=lambda: out.__setitem__("r", pool.evaluate(p, p.source("baseline.cpp"), "serial", SLOW))
    )
    t.start()
    _kill_next_worker(seen)
    _kill_next_worker(seen)  # the retry's worker too
    t.join(timeout=180)
    r = out["r"]
    assert r.status == INFRASTRUCTURE_ERROR and len(r.evidence["lost"]) == 2
    # the pool replaced its lost workers: it still evaluates
    assert pool.evaluate(p, p.source("baseline.cpp"), "serial", FAST).status == "correct"


def test_a_batch_is_one_task_per_batch_on_one_worker(pool):
    """evaluate_batch: ``batch`` texts per Parsl task, judged together on that task's
    worker (evidence["batch"]); each result handed on, in order, as its task is back."""
    p = get_problem(PID)
    src = p.source("baseline.cpp")
    seen = []
    rs = pool.evaluate_batch(
        p,
        [src, "// b\n" + src, "// c\n" + src],
        "serial",
        FAST,
        batch=2,
        on_result=lambda i, r: seen.append((i, r.status)),
    )
    assert [r.status for r in rs] == ["correct"] * 3, [r.evidence.get("why") for r in rs]
    assert [r.evidence["batch"] for r in rs] == [
        {"size": 2, "index": 0},
        {"size": 2, "index": 1},
        {"size": 1, "index": 0},
    ]
    assert rs[0].cpus == rs[1].cpus and seen == [(0, "correct"), (1, "correct"), (2, "correct")]


def _managers() -> list:
    """The pids of this test session's Parsl worker pools (the blocks' managers)."""
    out = []
    for d in Path("/proc").iterdir():
        try:
            if d.name.isdigit() and b"process_worker_pool" in (d / "cmdline").read_bytes() and _ours(d.name):
                out.append(int(d.name))
        except OSError:
            continue
    return out


def test_a_killed_block_is_replaced_and_the_evaluation_retried(pool):
    """The worker pool itself (the block's manager) killed mid-evaluation: Parsl starts a
    new block and the evaluation runs again there (with strategy "none" the executor
    failed every later task, or a task waited forever)."""
    p = get_problem(PID)
    out = {}
    t = threading.Thread(target=lambda: out.setdefault("r", pool.evaluate(p, p.source("baseline.cpp"), "serial", SLOW)))
    t.start()
    t_end = time.monotonic() + 90
    while not _evaluating_workers() and time.monotonic() < t_end:
        time.sleep(0.05)
    managers = _managers()
    assert _evaluating_workers() and managers
    for m in managers:
        os.kill(m, signal.SIGKILL)
    t.join(timeout=240)
    assert not t.is_alive() and out["r"].status == "correct", out.get("r")
    assert "loss of" in out["r"].evidence["worker_lost_before"], out["r"].evidence
    assert pool.evaluate(p, p.source("baseline.cpp"), "serial", FAST).status == "correct"


def test_one_worker_starts_no_executor():
    ex = make_executor(1, "omp", None, None)
    assert isinstance(ex, InlineExecutor) and ex.describe() == {"name": "inline", "workers": 1}
