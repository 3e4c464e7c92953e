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

pytestmark = pytest.mark.skipif(isinstance(races.find_tools(), str),
                                reason=f"race detector unavailable: {races.find_tools()}")
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
    00..07), with the key written as cpp/bench.cpp reads an input key (k0, k1 in hex)."""
    assert races.siphash24("0706050403020100" "0f0e0d0c0b0a0908", 0x0706050403020100) == 0x93F5F5799A932462


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
