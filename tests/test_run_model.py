"""`python -m harness run` end to end on the real embedded model, and resume after a
real kill. These drive llama.cpp on this machine (marked `model`); CI installs
`.[local]` so they run there (outside CI they skip when the model is missing, under CI
they fail: see the embedded_model fixture)."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = [pytest.mark.model, pytest.mark.usefixtures("embedded_model")]


def _events(run_dir: Path) -> list[dict]:
    return [json.loads(l) for l in (run_dir / "events.jsonl").read_text().splitlines() if l.strip()]


def _run(args, **kw):
    return subprocess.Popen(
        [sys.executable, "-m", "harness", "run", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        **kw,
    )


def test_lessonl_on_embedded_model_one_problem(tmp_path):
    out = tmp_path / "results"
    p = _run(
        [
            "--mode",
            "omp",
            "--problems",
            "30_scan_prefix_sum",
            "--rounds",
            "1",
            "--agents",
            "1",
            "--quick",
            "--max-tokens",
            "200",
            "--output",
            str(out),
        ]
    )
    stdout, _ = p.communicate(timeout=900)
    assert p.returncode == 0, stdout[-3000:]
    [run_dir] = list(out.iterdir())
    cfg = json.loads((run_dir / "config.json").read_text())
    assert cfg["strategy"] == "lessonl" and cfg["team"]["agents"][0]["model"].startswith("local/")
    events = _events(run_dir)
    calls = [e for e in events if e["kind"] == "llm_call"]
    assert len(calls) == 1 and calls[0]["completion_tokens"] > 0 and calls[0]["cost_usd"] == 0
    assert any(e["kind"] == "evaluation" and e["candidate_id"].endswith("-r0-a0") for e in events)
    df = pd.read_csv(run_dir / "problems.csv")
    assert list(df["problem"]) == ["30_scan_prefix_sum"]
    assert "## Per category" in (run_dir / "report.md").read_text()
    assert "Per-category results" in stdout and "scan" in stdout


def test_resume_after_kill_repeats_nothing(tmp_path):
    out = tmp_path / "results"
    args = [
        "--mode",
        "serial",
        "--strategy",
        "single",
        "--quick",
        "--no-reference",
        "--max-tokens",
        "48",
        "--problems",
        "30_scan_prefix_sum,26_reduce_product_of_inverses",
        "--output",
        str(out),
    ]
    p = _run(args, start_new_session=True)
    deadline = time.monotonic() + 600
    run_dir = None
    while time.monotonic() < deadline:  # kill it once the first problem is done
        if p.poll() is not None:
            pytest.fail(f"the run ended before the kill (exit {p.returncode}): {p.stdout.read()[-2000:]}")
        dirs = list(out.iterdir()) if out.exists() else []
        if dirs and (dirs[0] / "events.jsonl").exists() and any(e["kind"] == "problem_done" for e in _events(dirs[0])):
            run_dir = dirs[0]
            break
        time.sleep(0.2)
    assert run_dir is not None, "the first problem never finished"
    os.killpg(p.pid, signal.SIGKILL)
    p.wait()
    before = _events(run_dir)
    done_before = [e["problem"] for e in before if e["kind"] == "problem_done"]

    r = _run(["--resume", str(run_dir)])
    stdout, _ = r.communicate(timeout=900)
    assert r.returncode == 0, stdout[-3000:]
    after = _events(run_dir)[len(before) :]
    assert {e["problem"] for e in after if e["kind"] == "problem_skipped"} == set(done_before)
    # nothing finished before the kill is evaluated again, and no model call is paid twice
    evaluated_before = {e["key"] for e in before if e["kind"] == "evaluation"}
    assert not [e for e in after if e["kind"] == "evaluation" and e["key"] in evaluated_before]
    paid = [e["key"] for e in before + after if e["kind"] == "llm_call" and not e["cache_hit"]]
    assert len(paid) == len(set(paid))
    df = pd.read_csv(run_dir / "problems.csv")
    assert sorted(df["problem"]) == ["26_reduce_product_of_inverses", "30_scan_prefix_sum"]


def _wait_for(p, run_root: Path, pred, what: str, timeout_s: float = 600):
    """Polls the run's events until pred(events) gives something; returns it."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        dirs = list(run_root.iterdir()) if run_root.exists() else []
        if dirs and (dirs[0] / "events.jsonl").exists():
            found = pred(_events(dirs[0]))
            if found:
                return dirs[0], found
        if p.poll() is not None:
            pytest.fail(f"the run ended (exit {p.returncode}) before {what}: {p.stdout.read()[-2000:]}")
        time.sleep(0.1)
    pytest.fail(f"timed out waiting for {what}")


def test_model_process_killed_restarts_once_then_stops_with_exit_3_and_resumes(tmp_path):
    """Kill the model process during problem 1's call: the call fails in one line, the
    process is restarted, the call is sent again and problem 1 finishes. Kill it again
    during problem 2's call: the run stops with exit 3 and a one-line error. --resume
    then completes problem 2 without measuring anything again."""
    out = tmp_path / "results"
    first, second = "30_scan_prefix_sum", "26_reduce_product_of_inverses"
    p = _run(
        [
            "--mode",
            "serial",
            "--strategy",
            "single",
            "--quick",
            "--no-reference",
            "--max-tokens",
            "64",
            "--problems",
            f"{first},{second}",
            "--output",
            str(out),
        ]
    )

    def floor_of(pid):  # the noise floor is measured just before the problem's model call
        return lambda ev: any(e["kind"] == "noise_floor" and e["problem"] == pid for e in ev)

    run_dir, _ = _wait_for(p, out, floor_of(first), "problem 1's model call")
    [srv] = [e for e in _events(run_dir) if e["kind"] == "model_server"]
    assert srv["pid"] and not srv["external"] and srv["info"]["slots"] >= 3
    cfg = json.loads((run_dir / "config.json").read_text())
    record = cfg["local_model"]
    assert record["model"] == "local/qwen2.5-coder-0.5b" and record["server"].startswith("harness.model_server")
    assert record["llama_cpp_python"] and record["extra_buffer_types"] in (True, False)
    assert {"threads", "n_ctx", "slots", "build_amx", "cpu_amx", "why"} <= set(record)
    os.kill(srv["pid"], signal.SIGKILL)

    def restarted(ev):
        return [e for e in ev if e["kind"] == "llm_error" and e.get("retried_after_restart")]

    _, [err] = _wait_for(p, out, restarted, "the restart")
    assert "the model process died during the call (killed by SIGKILL)" in err["error"]
    assert "\n" not in err["error"] and err["problem"] == first
    new_pid = int(err["error"].rsplit("pid ", 1)[1].rstrip(")"))
    assert new_pid != srv["pid"]
    _wait_for(
        p, out, lambda ev: any(e["kind"] == "problem_done" and e["problem"] == first for e in ev), "problem 1 to finish"
    )
    _wait_for(p, out, floor_of(second), "problem 2's model call")
    os.kill(new_pid, signal.SIGKILL)
    stdout, _ = p.communicate(timeout=300)
    assert p.returncode == 3, stdout[-3000:]
    last = stdout.strip().splitlines()[-1]
    assert last.startswith("error: the model process for local/qwen2.5-coder-0.5b died twice (last: killed by SIGKILL)")
    assert "--resume" in last
    before = _events(run_dir)
    assert [e["problem"] for e in before if e["kind"] == "problem_done"] == [first]

    r = _run(["--resume", str(run_dir)])
    stdout, _ = r.communicate(timeout=900)
    assert r.returncode == 0, stdout[-3000:]
    after = _events(run_dir)[len(before) :]
    assert [e["problem"] for e in after if e["kind"] == "problem_skipped"] == [first]
    evaluated_before = {e["key"] for e in before if e["kind"] == "evaluation"}
    assert not [e for e in after if e["kind"] == "evaluation" and e["key"] in evaluated_before]
    assert sorted(pd.read_csv(run_dir / "problems.csv")["problem"]) == sorted([first, second])
