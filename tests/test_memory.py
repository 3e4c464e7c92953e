"""The memory store that outlives a problem (harness.strategies.memory): provenance, CA4 only for
verified results, retrieval by bounded BM25 similarity that never returns the current
problem, damaged stores, concurrent writers, and ``python -m harness memory``."""

from __future__ import annotations

import json
import multiprocessing

import pytest

from harness.cli import main
from harness.core.errors import HarnessError
from harness.measure.evaluate import EvalResult
from harness.strategies.memory import REGIONS, MemoryStore, make_item, provenance, similarity, task_document, task_text
from harness.measure.suite import get_problem, load_suite

FFT = "06_fft_dft"


def result(pid, status="correct", speedup=2.0, lo=1.8, hi=2.2):
    ok = status == "correct"
    return EvalResult(
        problem_id=pid,
        suite="pareval",
        mode="omp",
        status=status,
        size=10,
        threads=2,
        speedup=speedup if ok else None,
        ci_low=lo if ok else None,
        ci_high=hi if ok else None,
    )


def items_for(pid, run_id="run-a", mode="omp", verified_speedup=2.0):
    p = get_problem(pid)
    first = result(pid, speedup=verified_speedup * 1.1)
    rem = result(pid, speedup=verified_speedup, lo=verified_speedup * 0.9, hi=verified_speedup * 1.1)
    base = dict(run_id=run_id, strategy="cogito", problem=p, mode=mode, candidate_id=f"{pid}-f1", model="openai/mock-a")
    return [
        make_item("DG", provenance(run_id=run_id, strategy="cogito", problem=p, mode=mode), **task_document(p)),
        make_item("CA3", provenance(**base, result=first), code=f"// {pid}", stage="refinement 1"),
        make_item("CA4", provenance(**base, result=rem, verified=True), code=f"// {pid}"),
    ]


def test_provenance_is_kept_and_writing_twice_stores_once(tmp_path):
    store = MemoryStore(tmp_path / "m").ensure()
    assert store.content_hash() == "empty"
    assert store.add(items_for(FFT)) == 3
    h = store.content_hash()
    assert store.add(items_for(FFT)) == 0 and store.content_hash() == h  # a resumed run
    ca4 = store.read()["CA4"][0]
    p = ca4["provenance"]
    assert (p["run_id"], p["problem"], p["suite"], p["mode"], p["candidate_id"], p["model"]) == (
        "run-a",
        FFT,
        "pareval",
        "omp",
        f"{FFT}-f1",
        "openai/mock-a",
    )
    assert (p["speedup"], p["ci_low"], p["ci_high"], p["verified"]) == (2.0, 1.8, 2.2, True)
    assert store.read()["CA3"][0]["provenance"]["verified"] is False
    # a second run with another run id is a different item for every region but DG
    assert store.add(items_for(FFT, run_id="run-b")) == 2 and store.content_hash() != h


def test_ca4_holds_only_verified_correct_and_faster_results(tmp_path):
    store = MemoryStore(tmp_path / "m").ensure()
    p = get_problem(FFT)
    kw = dict(run_id="r", strategy="cogito", problem=p, mode="omp", candidate_id="c", model="m")
    for bad in (
        provenance(**kw, result=result(FFT)),  # a first measurement
        provenance(**kw, result=result(FFT, speedup=0.8, lo=0.7, hi=0.9), verified=True),
        provenance(**kw, result=result(FFT, status="incorrect"), verified=True),
    ):
        with pytest.raises(ValueError, match="CA4 holds only verified"):
            store.add([make_item("CA4", bad, code="x")])
    assert store.content_hash() == "empty"


def test_similarity_is_bounded_and_retrieval_never_returns_the_current_problem(tmp_path):
    suite = load_suite("pareval")
    pids = ["05_fft_inverse_fft", "07_fft_fft_conjugate", "02_dense_la_gemm", "30_scan_prefix_sum", FFT]
    store = MemoryStore(tmp_path / "m").ensure()
    for pid in pids:
        store.add(items_for(pid))
    store.add(items_for("07_fft_fft_conjugate", run_id="serial-run", mode="serial"))
    task = task_document(suite[FFT])
    others = [p for p in pids if p != FFT]
    background = [task_text(task_document(p)) for p in suite.values() if p.id not in pids]
    sims = dict(
        zip(others, similarity(task_text(task), [task_text(task_document(suite[p])) for p in others], background))
    )
    assert all(0.0 <= s <= 1.0 for s in sims.values())
    assert similarity(task_text(task), [task_text(task)]) == [pytest.approx(1.0)]
    threshold = 0.3
    above = {p for p in others if sims[p] >= threshold}
    assert {"05_fft_inverse_fft", "07_fft_fft_conjugate"} <= above  # same category: similar
    assert {"02_dense_la_gemm", "30_scan_prefix_sum"}.isdisjoint(above)  # below the threshold
    got = store.retrieve(task, "CA4", mode="omp", threshold=threshold)
    assert {it["provenance"]["problem"] for _, it in got} == above
    assert all(s == pytest.approx(sims[it["provenance"]["problem"]]) and s >= threshold for s, it in got)
    assert [s for s, _ in got] == sorted((s for s, _ in got), reverse=True)
    assert all(it["provenance"]["mode"] == "omp" for _, it in got)
    # the option that allows the current problem
    own = store.retrieve(task, "CA4", mode="omp", threshold=threshold, same_problem=True)
    assert own[0][1]["provenance"]["problem"] == FFT and own[0][0] == 1.0
    assert len(store.retrieve(task, "CA4", mode="omp", threshold=0.0, limit=2)) == 2
    assert store.retrieve(task, "CA4", mode="omp", threshold=1.01) == []


def test_a_damaged_store_is_a_clear_error_and_nothing_is_lost(tmp_path, capsys):
    store = MemoryStore(tmp_path / "m").ensure()
    store.add(items_for(FFT))
    before = {r: store.file(r).read_bytes() for r in REGIONS}
    store.file("CA3").write_text("{not json")
    with pytest.raises(HarnessError, match=r"damaged: .*CA3\.json") as e:
        store.add(items_for("05_fft_inverse_fft"))
    assert "\n" not in str(e.value)
    for r in REGIONS:
        assert r == "CA3" or store.file(r).read_bytes() == before[r]
    assert store.file("CA3").read_text() == "{not json"
    assert main(["memory", str(store.path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "CA3.json" in err
    with pytest.raises(HarnessError, match="damaged"):
        MemoryStore(store.path).ensure()  # opening for a run refuses it too
    store.file("CA3").write_bytes(before["CA3"])
    store.file("DG").rename(tmp_path / "DG.json.away")
    with pytest.raises(HarnessError, match=r"DG\.json is missing"):
        store.retrieve(task_document(get_problem(FFT)), "CA4", mode="omp")
    assert not store.file("DG").exists()  # not recreated
    # a file of the wrong shape
    (tmp_path / "DG.json.away").rename(store.file("DG"))
    store.file("CA4").write_text(json.dumps({"format": "harness-memory/1", "region": "CA4", "items": [1]}))
    with pytest.raises(HarnessError, match=r"CA4\.json: not a harness-memory/1 file"):
        store.read()
    # valid JSON, an item whose provenance lacks the keys retrieval and the summary read
    store.file("CA4").write_text(
        json.dumps(
            {"format": "harness-memory/1", "region": "CA4", "items": [{"region": "CA4", "id": "y", "provenance": {}}]}
        )
    )
    assert main(["memory", str(store.path)]) == 2
    assert "CA4.json: not a harness-memory/1 file" in capsys.readouterr().err


def test_a_folder_that_cannot_be_a_store_is_a_clear_error(tmp_path):
    f = tmp_path / "a-file"
    f.write_text("x")
    with pytest.raises(HarnessError, match="cannot use .*a-file as a memory store: it is not a folder"):
        MemoryStore(f).ensure()
    assert f.read_text() == "x"


def _writer(path, tag, n):
    p = get_problem(FFT)
    store = MemoryStore(path)
    for i in range(n):
        prov = provenance(
            run_id=f"{tag}",
            strategy="cogito",
            problem=p,
            mode="omp",
            candidate_id=f"{tag}-{i}",
            model="m",
            result=result(FFT),
        )
        store.add([make_item("CA3", prov, code=f"// {tag} {i}")])


def test_two_processes_writing_concurrently_do_not_corrupt_the_store(tmp_path):
    path = tmp_path / "shared"
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_writer, args=(path, tag, 25)) for tag in ("run-a", "run-b")]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    data = MemoryStore(path).read()
    ids = {it["provenance"]["candidate_id"] for it in data["CA3"]}
    assert len(data["CA3"]) == 50 and len(ids) == 50
    assert not [f for f in path.iterdir() if f.name.endswith(".tmp")]


def test_memory_command_summarises_a_store(tmp_path, capsys):
    store = MemoryStore(tmp_path / "m").ensure()
    store.add(items_for(FFT))
    store.add(items_for("05_fft_inverse_fft", run_id="run-b"))
    assert main(["memory", str(store.path)]) == 0
    out = capsys.readouterr().out
    assert "items per region: DG 2, CA1 0, CA2 0, CA3 2, CA4 2, lessons 0" in out
    assert f"pareval/{FFT}" in out and "CA3 by stage: refinement 1 2" in out
    assert "runs: run-a 3, run-b 3" in out
    assert main(["memory", str(store.path), "--json"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["problems"][f"pareval/{FFT}"] == {"DG": 1, "CA3": 1, "CA4": 1}
    assert s["content_hash"] == store.content_hash()
    assert main(["memory", str(tmp_path / "nothing")]) == 2
    assert "not a memory store" in capsys.readouterr().err


def _seed_lesson(store, pid, text, speedup=2.0):
    from harness.strategies.lessons import Lesson

    p = get_problem(pid)
    rem = result(pid, speedup=speedup, lo=speedup * 0.9, hi=speedup * 1.1)
    lesson = Lesson(
        id=f"{pid}-r0-a0-c0",
        problem=pid,
        round=0,
        agent="a",
        model="m",
        candidate_id=f"{pid}-r0-a0",
        status="correct",
        text=text,
        speedup=speedup,
        ci_low=speedup * 0.9,
        ci_high=speedup * 1.1,
    )
    kw = dict(run_id="earlier-run", strategy="lessonl", problem=p, mode="omp")
    store.add(
        [
            make_item("DG", provenance(**kw), **task_document(p)),
            make_item(
                "lessons",
                provenance(**kw, candidate_id=lesson.candidate_id, model="m", result=rem, verified=True),
                lesson={k: v for k, v in lesson.to_dict().items() if k != "call"},
            ),
        ]
    )


def test_lessonl_reads_other_problems_lessons_and_stores_verified_ones(tmp_path):
    """--lesson-memory: a similar problem's stored lesson competes for the k slots and is
    labelled with its problem; the current problem's and a dissimilar problem's are not
    retrieved; a significantly faster lesson of a problem verified faster is stored."""
    from strategy_kit import ScriptedModel, assert_budget, fence, run_strategy

    store = MemoryStore(tmp_path / "mem").ensure()
    _seed_lesson(store, "09_fft_fft_out_of_place", "SIMILAR-LESSON: use radix-2 butterflies")
    _seed_lesson(store, FFT, "OWN-LESSON: from this very problem")
    _seed_lesson(store, "30_scan_prefix_sum", "FAR-LESSON: about prefix sums")
    fast = get_problem(FFT).reference("omp")

    def reply(call):
        if call["prompt"].startswith("You tried to make the original code below faster"):
            return "FRESH-LESSON: an O(n log n) transform beats the O(n^2) sum."
        return fence(fast)

    opts = {"rounds": 2, "agents": 1, "k": 2, "lesson_memory": str(store.path)}
    before = store.content_hash()
    run, rows, model = run_strategy(tmp_path, "lessonl", opts, model=ScriptedModel(reply), problems=(FFT,))
    assert_budget(rows, "lessonl", opts, team_size=1)
    round1 = model.calls[2]["prompt"]
    assert "from another problem (09_fft_fft_out_of_place)" in round1 and "SIMILAR-LESSON" in round1
    assert "OWN-LESSON" not in round1 and "FAR-LESSON" not in round1
    assert "FRESH-LESSON" in round1  # this problem's own lesson competes too
    assert rows[0]["status"] == "correct" and rows[0]["speedup"] > 1.1
    stored = [it for it in store.read()["lessons"] if it["provenance"]["run_id"] != "earlier-run"]
    assert len(stored) == 1 and stored[0]["lesson"]["text"].startswith("FRESH-LESSON")
    p = stored[0]["provenance"]
    assert p["verified"] and p["candidate_id"] == rows[0]["best_id"]
    assert p["speedup"] == pytest.approx(rows[0]["speedup"])
    ev = {e["kind"]: e for e in run.events() if e["kind"] in ("memory_read", "memory_written")}
    assert ev["memory_read"]["content_hash"] == before == ev["memory_written"]["content_hash_before"]
    assert ev["memory_written"]["content_hash_after"] == store.content_hash() != before


def _items(pid, run_id, repeat):
    p = get_problem(pid)
    kw = dict(run_id=run_id, strategy="cogito", problem=p, mode="omp", repeat=repeat)
    rem = result(pid, speedup=2.0, lo=1.8, hi=2.2)
    return [
        make_item("DG", provenance(**kw), **task_document(p)),
        make_item(
            "CA4",
            provenance(**kw, candidate_id=f"{pid}-f1", model="m", result=rem, verified=True),
            code=f"// {pid} {run_id} r{repeat}",
        ),
    ]


def test_a_scope_reads_other_runs_and_only_earlier_jobs_of_its_own_replicate(tmp_path):
    """Issue 21: replicate 1 does not read replicate 0's results, and a problem reads only
    what problems before it in the run's order wrote, unless across_replicates."""
    from harness.strategies.memory import MemoryScope

    store = MemoryStore(tmp_path / "m").ensure()
    scan, rev, other = "30_scan_prefix_sum", "33_scan_reverse_prefix_sum", "31_scan_scan_with_min_function"
    for items in (
        _items(scan, "this", 0),
        _items(scan, "this", 1),
        _items(other, "this", 1),
        _items(scan, "older-run", 0),
    ):
        store.add(items)
    task = task_document(get_problem(rev))

    def codes(scope):
        return sorted(it["code"] for _, it in store.retrieve(task, "CA4", mode="omp", threshold=0.0, scope=scope))

    # replicate 1, job order [(0, scan), (0, rev), (1, scan), (1, rev), (1, other)]: rev in rep 1
    # comes after scan in rep 1 but before other
    jobs = [(0, scan), (0, rev), (1, scan), (1, rev), (1, other)]
    earlier = frozenset(jobs[:3])
    assert codes(MemoryScope("this", 1, frozenset(j for j in earlier if j[0] == 1))) == [
        f"// {scan} older-run r0",
        f"// {scan} this r1",
    ]
    assert codes(MemoryScope("this", 1, earlier, across_replicates=True)) == [
        f"// {scan} older-run r0",
        f"// {scan} this r0",
        f"// {scan} this r1",
    ]
    assert len(codes(None)) == 4  # no scope: everything (what runs before the rule read)


def test_a_problem_waits_for_the_problems_before_it_in_the_run_order():
    import threading
    import time

    from harness.strategies.base import RunContext

    ctx = RunContext()
    ctx.set_jobs([(0, "a"), (0, "b"), (1, "a")])
    seen = []

    def second():
        pctx = ctx.for_problem(0)  # problem "b" of replicate 0, in its own context
        pctx.wait_for_earlier("b")
        seen.append(("b waited", sorted(ctx._totals.jobs_done)))

    t = threading.Thread(target=second)
    t.start()
    time.sleep(0.3)
    assert seen == []  # "a" of replicate 0 is not done yet
    ctx.job_done(0, "a")
    t.join(5)
    assert seen == [("b waited", [(0, "a")])]
    rep1 = ctx.for_problem(1)
    rep1.wait_for_earlier("a")  # replicate 1's first job waits for nothing of replicate 0
    assert rep1.memory_scope("a").earlier == frozenset()
    assert rep1.memory_scope("a", across_replicates=True).earlier == frozenset({(0, "a"), (0, "b")})
    assert ctx.repeat == 0 and ctx.memory_scope("b").earlier == frozenset({(0, "a")})  # scopes stay apart
