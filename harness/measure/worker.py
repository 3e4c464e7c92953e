"""The sandboxed worker: the judge. Validates, then times, a candidate against the baseline.

Runs as ``python -m harness.measure.worker --protocol-fd N`` inside the sandbox (never in the
orchestrator). Reads one job (JSON) on stdin; writes JSON lines on fd N: deadline
notices (from harness._bench), one ``validated`` event per validation case, and a final
``result`` event. It never loads the candidate's object: harness._bench.Bench spawns,
for the baseline and for the candidate, a keeper (the ``harness_side`` executable next to
the extension: the driver, the instances) and a caller (``harness_caller``: the side's
object, stopped outside its windows), and holds the clock, seeds and comparison itself.
Their stdout/stderr are this process's, kept by the orchestrator only as tails.
"""

from __future__ import annotations

import argparse
import json
import os
import sys


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--protocol-fd", type=int, required=True)
    fd = ap.parse_args().protocol_fd
    job = json.loads(sys.stdin.read())
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
    bench = _bench.Bench(job["driver"], job["baseline"], job["candidate"], runner, fd,
                         job["rtol"], job["atol"], job["timeout_factor"], job["timeout_min_s"],
                         job["sandboxed"], nonce, job["input_key"], job["baseline_layouts"],
                         job["candidate_layouts"])
    s = bench.start()
    if s["status"] == "link_error":  # dlopen / dlsym failure of the candidate
        _send({"event": "result", "status": "link_error", "why": s["why"]})
        return 0
    if s["status"] == "setup_error":
        _send({"event": "result", "status": "setup_error", "why": s["why"], "phase": "validation"})
        return 0
    if s["status"] != "ok":  # a runner died while loading, or constructors started threads
        _send({"event": "result", "phase": "load", **_failure(s)})
        return 0
    for size, seed in job["validate"]:
        r = bench.validate(size, seed)
        if r["status"] == "setup_error":
            _send({"event": "result", "status": "setup_error", "why": r["why"], "phase": "validation"})
            return 0
        _send({"event": "validated", "size": size, "seed": seed, "status": r["status"],
                   "baseline_ns": r["baseline_ns"], "candidate_ns": r["candidate_ns"]})
        if r["status"] != "ok":
            _send({"event": "result", "size": size, "seed": seed, "phase": "validation",
                   **_failure(r)})
            return 0
    if not job.get("measure", True):
        _send({"event": "result", "status": "ok", "phase": "validation"})
        return 0
    m = bench.measure(job["size"], job["seed0"], job["min_pairs"], job["max_pairs"],
                      job["budget_s"], job["min_measure_ns"], True, job["adaptive"])
    if m["status"] == "setup_error":
        _send({"event": "result", "status": "setup_error", "why": m["why"], "phase": "timing"})
        return 0
    out = {"event": "result", "phase": "timing", **_failure(m),
           "size": job["size"], "seed0": job["seed0"],
           "baseline_ns": m["baseline_ns"].tolist(), "candidate_ns": m["candidate_ns"].tolist(),
           "baseline_iters": m["baseline_iters"], "candidate_iters": m["candidate_iters"],
           "clock_resolution_ns": m["clock_resolution_ns"],
           "doorbell_ns": m["doorbell_ns"],
           "cpu_accounting": dict(m["cpu_accounting"]),
           "stopped": m["stopped"],
           "cpus": cpus,
           "omp_max_threads": _bench.omp_max_threads(),
           "process_threads": bench.candidate_threads(),
           "generation_ns": bench.generation_ns()}
    if m["status"] == "ok" and job.get("profile") and _bench.omp_max_threads() > 1:
        n = _bench.omp_max_threads()
        one = bench.time_at_threads(job["size"], job["seed0"] + 5000, 1)
        many = bench.time_at_threads(job["size"], job["seed0"] + 5000, n)
        if one["status"] == "ok" and many["status"] == "ok" and many["median_ns"] > 0:
            out["thread_scaling"] = {
                "threads_1_ms": round(one["median_ns"] / 1e6, 3),
                f"threads_{n}_ms": round(many["median_ns"] / 1e6, 3),
                f"speedup_{n}_over_1_thread": round(one["median_ns"] / many["median_ns"], 3)}
    if m["status"] == "ok" and job.get("profile"):
        c = bench.counters(job["size"], job["seed0"] + 6000)
        if c["status"] == "ok":
            out["counters"] = _counter_evidence(c["counts"], c["unavailable"])
    _send(out)
    return 0


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
    ev = {k: int(v) for k, v in counts.items()}
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
