"""The race check runs what the timed runs run (issue 39): the same environment, keyed
inputs, the timed size where memory allows, several calls there, and no "clean" for a
probe cut short. Real builds, real runners (the race runner under ThreadSanitizer, the
judge's side runners); the hostile candidates are tests/hostile/race_check/*.cpp.
"""

import re
from pathlib import Path

import pytest

from harness.measure import omp_env, races
from harness.measure.evaluate import EvalConfig, evaluate
from harness.measure.suite import ROOT, get_problem

pytestmark = pytest.mark.skipif(
    isinstance(races.find_tools(), str), reason=f"race detector unavailable: {races.find_tools()}"
)
HOSTILE = Path(__file__).parent / "hostile" / "race_check"


def _eval(pid, text, suite="pareval", **kw):
    kw.setdefault("quick", True)
    kw.setdefault("validate_only", True)
    kw.setdefault("use_cache", False)
    return evaluate(get_problem(pid, suite), text, "omp", EvalConfig(**kw))


def test_spin_count_is_the_side_protocols():
    """The judge sets GOMP_SPINCOUNT=kSpinCount in its side runners' environment; the
    shared definition (omp_env.runner_env) says the same."""
    header = (ROOT / "cpp" / "include" / "harness" / "side_protocol.hpp").read_text()
    assert re.search(r'kSpinCount = "(\d+)"', header).group(1) == omp_env.SPIN_COUNT
    assert omp_env.runner_env(3)["GOMP_SPINCOUNT"] == omp_env.SPIN_COUNT


def test_siphash_is_the_papers():
    """SipHash-2-4's test vector (Aumasson and Bernstein, appendix A: key 00..0f, message
    00..07), with the key written as cpp/judge.cpp reads an input key (k0, k1 in hex)."""
    assert races.siphash24("07060504030201000f0e0d0c0b0a0908", 0x0706050403020100) == 0x93F5F5799A932462


def test_the_candidate_reads_the_same_environment_in_both_runners():
    """A candidate that prints everything it can read of its environment (variables,
    OpenMP's settings, every thread's CPUs and place) and aborts: the race runner (its
    line in the race check's reason) and the timed side runner (the worker's stderr)
    print the same line; the detector's own variables are gone before it loads."""
    r = _eval("55_transform_relu", (HOSTILE / "reads_its_environment.cpp").read_text(), screen=False)
    raced = re.search(r"PARITY ([0-9a-f]{16}) (.*)", r.evidence["race_check"])
    timed = re.search(r"PARITY ([0-9a-f]{16}) (.*)", r.evidence.get("stderr_tail", ""))
    assert raced and timed, r.evidence
    assert raced.group(1) == timed.group(1), (raced.group(2), timed.group(2))
    for name in races.DETECTOR_ENV:
        assert name not in timed.group(2)
    assert "OMP_PROC_BIND=close;" in timed.group(2) and "proc_bind=3" in timed.group(2)


# ---------------------------------------------------------------- the five classes
# Each hostile candidate races only where the race check did not look until 2026-12-06,
# with outputs that stay exact (every thread writes one global), on 55_transform_relu
# (validation sizes up to 100003) at small timed sizes.
def _source(name: str) -> str:
    return (HOSTILE / name).read_text()


def _assert_race(r, size=None):
    assert r.status == "incorrect", (r.status, r.evidence)
    assert r.evidence["race_check"] == "race" and "candidate.cpp:" in r.evidence["race"], r.evidence
    if size is not None:
        assert r.evidence["size"] == size, r.evidence


def test_the_probe_reaches_the_timed_size_where_the_workers_memory_allows():
    """The cap is the worker's memory limit (the machine's share), not a fixed 2 GiB:
    21_histogram_bin_0-100 at its timed 33.5 M (its 22.4 M cap until 2026-12-06) fits a
    worker of 8 GiB; in 1 GiB it does not, and the plan says why."""
    p = get_problem("21_histogram_bin_0-100")
    size = p.default_size("omp")
    cases = races.race_cases(p, size, 1, "0" * 32)
    _, memory = races.topology.worker_limits(2, 1, mem_total=16 << 30)
    plan = races.probe_plan(p, size, cases, races.probe_memory(memory, 2), "0" * 32, 1)
    assert plan.top == size and plan.why == "" and plan.ladder[-1][0] == size, plan
    assert len(plan.calls) == races.PROBE_CALLS + 1 and len({s for _, s in plan.calls}) == len(plan.calls)
    small = races.probe_plan(p, size, cases, races.probe_memory(1 << 30, 2), "0" * 32, 1)
    assert 100003 < small.top < size and "would not fit" in small.why, small
    drawn = {
        races.probe_plan(p, size, cases, races.probe_memory(memory, 2), k * 32, 1).calls[-1][0] for k in "0123456789"
    }
    assert len(drawn) > 1 and all(100003 < d <= size for d in drawn), drawn


def test_size_a_race_above_what_the_detectors_memory_reaches(monkeypatch):
    """The timed size's data do not fit the memory given (the test's: a few MiB for the
    probe's data): the probe stops below the race, the check is `partial` with the size
    reached (judged on the outputs, counted apart), and `rejected` under --race-check
    strict. With the worker's memory the probe reaches the timed size and the race."""
    p = get_problem("55_transform_relu")
    work = races.roofline.work_of(p)
    memory = (
        races.RUNTIME_BYTES
        + 2 * (256 << 10 << races.history_size(2))
        + int(races.PROBE_MEMORY_FACTOR * work.bytes_at(400_000))
    )
    text = _source("race_above_the_probes_memory.cpp")
    r = _eval("55_transform_relu", text, size=1_000_000, memory_bytes=memory)
    assert r.status == "correct", r.evidence
    assert r.evidence["race_check"].startswith("partial: reached size "), r.evidence
    assert "of the timed 1000000: the timed size's data" in r.evidence["race_check"]
    assert 100003 < r.evidence["race_check_reached"] < 600_000
    r = _eval("55_transform_relu", text, size=1_000_000, memory_bytes=memory, race_check="strict")
    assert r.status == "rejected" and "--race-check strict" in r.evidence["why"], r.evidence
    r = _eval("55_transform_relu", text, size=1_000_000)
    assert r.evidence["race_check"] == "race", {k: v for k, v in r.evidence.items() if k != "opt_remarks"}
    _assert_race(r, 1_000_000)


def test_time_a_race_after_the_old_probes_two_seconds():
    """Raced after 2.5 s of its call: the probe's call now has the baseline's time there
    times the timeout factor (5 s at least), not 2 s, and finds it; a call that does not
    finish in that time leaves the check `partial`, `rejected` under strict."""
    text = _source("race_after_the_probes_time.cpp")
    _assert_race(_eval("55_transform_relu", text, size=300_000))
    slow = text.replace("kSeconds = 2.5", "kSeconds = 60")
    r = _eval("55_transform_relu", slow, size=300_000, race_check="strict")
    assert r.status == "rejected", r.evidence
    assert "did not finish under the detector within its deadline" in r.evidence["race_check"], r.evidence


def test_environment_a_race_taken_only_under_the_timed_binding():
    _assert_race(_eval("55_transform_relu", _source("race_in_the_timed_environment.cpp"), size=100003))


def test_inputs_a_race_off_the_public_seeds_inputs():
    """The candidate knows the first value of every input the race check drew from its
    public seeds (the evaluation's seed + 200 to + 203, until 2026-12-06) and is safe on
    those alone; the keyed seeds give it other inputs."""
    from harness import _bench
    from harness.measure import toolchain

    p = get_problem("55_transform_relu")
    comp = toolchain.find_compiler()
    drv = toolchain.build_trusted(p, "driver", "serial", comp)
    base = toolchain.build_trusted(p, "baseline", "serial", comp)
    bench = _bench.InProcessBench(drv.path, base.path, base.path)
    firsts = sorted({float(bench.inputs(16, EvalConfig.seed + s)["x"][0]) for s in range(200, 204)})
    text = _source("race_off_the_public_inputs.cpp").replace(
        "kKnown[] = {0.0}", "kKnown[] = {" + ", ".join(repr(v) for v in firsts) + "}"
    )
    _assert_race(_eval("55_transform_relu", text, size=300_000))


def test_calls_a_race_from_the_second_call_at_the_timed_size():
    _assert_race(_eval("55_transform_relu", _source("race_from_the_second_call.cpp"), size=300_000), 300_000)


def test_a_thread_that_races_with_the_uninstrumented_driver_is_refused_by_the_judge():
    """The race check's driver is not instrumented (2026-12-06), so a candidate thread that
    outlives its call and rewrites the inputs while the driver frees and regenerates them
    is not reported there; the judge's thread counts around each call refuse it."""
    r = _eval("27_reduce_average", _source("races_with_the_driver.cpp"))
    assert r.status == "rejected", r.evidence
    assert "threads before the call" in r.evidence["why"], r.evidence["why"]


def test_race_check_option_is_checked():
    """--race-check takes default or strict, on every command that evaluates; anything
    else is the user's error (exit code 2), as is a bad EvalConfig.race_check."""
    import subprocess
    import sys

    from harness.core.errors import HarnessError

    for cmd in (["eval", "55_transform_relu", "/dev/null"], ["run", "--models", "x"], ["score", "/dev/null"]):
        r = subprocess.run(
            [sys.executable, "-m", "harness", *cmd, "--race-check", "lax"], capture_output=True, text=True, check=False
        )
        assert r.returncode == 2 and "--race-check" in r.stderr, (cmd, r.stderr)
    with pytest.raises(HarnessError, match="race check: one of default, strict"):
        _eval("55_transform_relu", "", race_check="lax")
