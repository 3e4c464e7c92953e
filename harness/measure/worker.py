"""The sandboxed worker: the judge. Validates, then times, a batch of candidates of one
problem against the baseline.

Runs as ``python -m harness.measure.worker --protocol-fd N`` inside the sandbox (never in the
orchestrator). Reads one job (one JSON line) on stdin; writes JSON lines on fd N: deadline
notices (from harness._bench), ``validated`` events (one per validation case and
candidate), ``layouts`` requests when the job links code layouts on demand (each
answered by one JSON line on stdin), exactly one ``result`` event per candidate (each
with its ``candidate`` index), and last one ``end`` event: status "ok", or the batch's own failure
("setup_error": the harness or the problem; "split": a baseline process died with
several candidates in the batch; "no_batch": the callers cannot have namespaces of their
own here), after which the candidates without a result are to be judged again one at a
time (or, for setup_error, not at all). It never loads a candidate's object:
harness._bench.Bench spawns, for the baseline and for each candidate, a keeper (the
``harness_side`` executable next to the extension: the driver, the instances) and a
caller (``harness_caller``: the side's object, stopped outside its windows), and holds the
clock, seeds and comparison itself. Their stdout/stderr are this process's, kept by the
orchestrator only as tails.
"""

from __future__ import annotations

import json
import os
import sys


def main() -> int:
    # its one argument, which harness.measure.sandbox appends (argparse is the commands' only)
    fd = int(sys.argv[sys.argv.index("--protocol-fd") + 1])
    # the job is the first line; the orchestrator's answers (code layouts linked) follow
    job = json.loads(sys.stdin.readline())
    # Every message carries the orchestrator's per-evaluation nonce: a line a candidate
    # writes to this pipe without it is recognised as forged.
    nonce = job.pop("nonce")

    def _send(obj: dict) -> None:
        os.write(fd, (json.dumps({**obj, "nonce": nonce}) + "\n").encode())

    # the CPUs granted; read before OpenMP binds this (master) thread to its place
    cpus = sorted(os.sched_getaffinity(0))
    from harness import _bench  # noqa: PLC0415 - after the job is read

    # Loading libgomp with OMP_PROC_BIND set bound this thread to the first place (one
    # core), and the side runners it spawns would inherit that one core: give it back all
    # the CPUs granted, so each runner's OpenMP places its threads on all of them, as the
    # race runner's does (issue 39; before, every omp runner ran its threads on one core).
    os.sched_setaffinity(0, cpus)

    runner = os.path.join(os.path.dirname(_bench.__file__), "harness_side")
    bench = _bench.Bench(
        job["driver"],
        job["baseline"],
        job["candidates"],
        runner,
        fd,
        job["rtol"],
        job["atol"],
        job["timeout_factor"],
        job["timeout_min_s"],
        job["sandboxed"],
        nonce,
        job["input_key"],
        job["baseline_layouts"],
        job["candidate_layouts"],
    )
    done: set[int] = set()
    if job.get("layouts_ready") is not None:

        def _more_layouts(pair: int, timed: list) -> tuple[int, dict]:
            """The orchestrator links the layouts of pairs from `pair` on for the candidates
            `timed`: (pairs whose layouts every side has, {index: why a candidate's object
            did not link again})."""
            _send({"event": "layouts", "pair": pair, "candidates": timed})
            answer = json.loads(sys.stdin.readline())
            return int(answer["ready"]), {int(i): str(w) for i, w in answer["failed"].items()}

        bench.set_layouts(job["layouts_ready"], _more_layouts)

    def _left(answer: dict, phase: str, **extra) -> None:
        """A result for every candidate that left the batch in this step."""
        for c in answer["candidates"]:
            if c["status"] != "ok" and c["index"] not in done:
                done.add(c["index"])
                _send({"event": "result", "candidate": c["index"], "phase": phase, **_failure(c), **extra})

    def _end(answer: dict, phase: str) -> int:
        _send({"event": "end", "status": answer["status"], "why": answer["why"], "phase": phase})
        return 0

    s = bench.start()
    _left(s, "load")  # a link_error's phase is not checked (ProtocolCheck)
    if s["status"] != "ok":
        return _end(s, "load")
    for size, seed in job["validate"]:
        r = bench.validate(size, seed)
        for c in r["candidates"]:
            if r["status"] != "ok" and c["status"] == "ok":
                continue  # not judged in a case the batch did not finish
            _send(
                {
                    "event": "validated",
                    "candidate": c["index"],
                    "size": size,
                    "seed": seed,
                    "status": c["status"],
                    "baseline_ns": r["baseline_ns"],
                    "candidate_ns": c["candidate_ns"],
                }
            )
        _left(r, "validation", size=size, seed=seed)
        if r["status"] != "ok":
            return _end(r, "validation")
    if not job.get("measure", True):
        for i in range(len(job["candidates"])):
            if i not in done:
                _send({"event": "result", "candidate": i, "status": "ok", "phase": "validation"})
        return _end({"status": "ok", "why": ""}, "validation")
    m = bench.measure(
        job["size"],
        job["seed0"],
        job["min_pairs"],
        job["max_pairs"],
        job["budget_s"],
        job["min_measure_ns"],
        True,
        job["adaptive"],
    )
    base_ns = m["baseline_ns"].tolist()
    for c in m["candidates"]:
        i = c["index"]
        if i in done or (m["status"] != "ok" and c["status"] == "ok"):
            continue  # a batch that failed leaves its unfinished candidates without a result
        done.add(i)
        cand_ns = c["candidate_ns"].tolist()
        out = {
            "event": "result",
            "candidate": i,
            "phase": "timing",
            **_failure(c),
            "size": job["size"],
            "seed0": job["seed0"],
            "baseline_ns": base_ns[: len(cand_ns)],
            "candidate_ns": cand_ns,
            "baseline_iters": m["iters"],
            "candidate_iters": m["iters"],
            "clock_resolution_ns": m["clock_resolution_ns"],
            "doorbell_ns": m["doorbell_ns"],
            "cpu_accounting": dict(c["cpu_accounting"]),
            "stopped": c["stopped"],
            "order": c["order"],
            "relinked": [[int(pair), bool(swapped)] for pair, swapped in m["relinked"]],
            "cpus": cpus,
            "omp_max_threads": _bench.omp_max_threads(),
            "process_threads": bench.candidate_threads(i),
            # its share of the batch's input generation (the keepers' and the judge's)
            "generation_ns": bench.generation_ns() / len(job["candidates"]),
        }
        if c["status"] == "ok" and job.get("profile"):
            _profile(bench, job, i, out)
        _send(out)
    return _end(m, "timing")


def _profile(bench, job: dict, i: int, out: dict) -> None:
    """Candidate i's thread scaling (omp, more than one thread) and counters into out."""
    from harness import _bench  # noqa: PLC0415

    n = _bench.omp_max_threads()
    if n > 1:
        # seeds of their own for every call (seed + rep): no call's answer serves another
        one = bench.time_at_threads(job["size"], job["seed0"] + 5000, 1, index=i)
        many = bench.time_at_threads(job["size"], job["seed0"] + 5100, n, index=i)
        if one["status"] == "ok" and many["status"] == "ok" and many["median_ns"] > 0:
            out["thread_scaling"] = {
                "threads_1_ms": round(one["median_ns"] / 1e6, 3),
                f"threads_{n}_ms": round(many["median_ns"] / 1e6, 3),
                f"speedup_{n}_over_1_thread": round(one["median_ns"] / many["median_ns"], 3),
            }
    c = bench.counters(job["size"], job["seed0"] + 6000, index=i)
    if c["status"] == "ok":
        out["counters"] = _counter_evidence(c["counts"], c["unavailable"])


def _failure(r: dict) -> dict:
    """status, why and (when a process of a side died) exit_code of a judge's answer."""
    out = {"status": r["status"], "why": r["why"]}
    if "exit_code" in r:
        out["exit_code"] = int(r["exit_code"])
    return out


def _counter_evidence(counts: dict, unavailable: dict) -> dict:
    """Counts of one candidate call (events -> int), instructions per cycle when both are
    counted, and the unavailable events grouped by reason (a VM without a virtual PMU
    has no hardware events: perf_event_open gives ENOENT)."""
    ev: dict = {k: int(v) for k, v in counts.items()}
    if ev.get("cycles") and "instructions" in ev:
        ev["ipc"] = round(ev["instructions"] / ev["cycles"], 3)
    by_reason: dict[str, list] = {}
    for name, why in unavailable.items():
        by_reason.setdefault(str(why), []).append(name)
    if by_reason:
        ev["unavailable"] = "; ".join(f"{', '.join(n)} ({why})" for why, n in by_reason.items())
    return ev


if __name__ == "__main__":
    sys.exit(main())
