"""Candidate extraction rules and the statistics of paired samples."""

import numpy as np
import pytest

from harness.measure.extract import extract_candidate, fenced_blocks
from harness.measure.stats import mdape, order_stat_ci, summarize
from harness.measure.suite import Helper

F = "prefixSum"
BODY = "void prefixSum(std::vector<double> const& x, std::vector<double>& output) { output = x; }"


def test_no_fence_is_whole_text():
    assert extract_candidate(BODY, F).strip() == BODY


@pytest.mark.parametrize("tag", ["cpp", "c++", "C++", "cc", "cxx", "", "c"])
def test_fence_tags(tag):
    assert extract_candidate(f"Sure:\n```{tag}\n{BODY}\n```\nDone.", F).strip() == BODY


def test_last_defining_block_wins():
    text = f"Original:\n```cpp\n{BODY.replace('output = x;', '/*old*/')}\n```\nMine:\n```cpp\n{BODY}\n```\n"
    assert "/*old*/" not in extract_candidate(text, F)


def test_blocks_without_the_function_are_joined():
    text = "```cpp\n#include <vector>\n```\n```cpp\nint helper() { return 1; }\n```"
    out = extract_candidate(text, F)
    assert "#include <vector>" in out and "helper" in out


def test_non_cpp_blocks_are_ignored():
    text = f"```bash\ng++ -O3 x.cpp\n```\n```cpp\n{BODY}\n```"
    assert "g++" not in extract_candidate(text, F)


def test_unterminated_fence_runs_to_end():
    assert fenced_blocks("```cpp\nint x;\n")[0] == ("cpp", "int x;\n")


def test_pragma_once_and_main_are_removed():
    text = f"#pragma once\n{BODY}\nint main(int argc, char** argv) {{\n  if (argc) {{ return 1; }}\n  return 0;\n}}\n// tail\n"
    out = extract_candidate(text, F)
    assert "pragma once" not in out and "main" not in out and "// tail" in out and BODY in out


def test_helper_detection():
    point = Helper("Point", "struct", "struct Point { double x, y; };")
    dist = Helper("distance", "function", "double distance(Point const& a, Point const& b) { return 0; }")
    assert point.defined_in("struct Point {\n double x, y;\n};")
    assert not point.defined_in("struct Point;")
    assert dist.defined_in("inline double distance(Point const& p1, Point const& p2) {\n return 1; }")
    assert not dist.defined_in("double distance(Point const&, Point const&);")
    kern = Helper("edgeKernel", "variable", "const int edgeKernel[3][3] = {{0}};")
    assert kern.defined_in("static const int edgeKernel[3][3] = {{-1, -1, -1}, {-1, 8, -1}, {-1, -1, -1}};")
    assert kern.defined_in("constexpr int edgeKernel[3][3]{{1}};")
    assert not kern.defined_in("extern const int edgeKernel[3][3];\nint x = edgeKernel[1][1];")


def test_mdape():
    assert mdape([100, 100, 100]) == 0
    assert mdape([90, 100, 110]) == pytest.approx(10.0)


def test_order_stat_ci_coverage_is_at_least_nominal():
    rng = np.random.default_rng(1)
    hits = 0
    for _ in range(2000):
        lo, hi = order_stat_ci(rng.lognormal(0.0, 0.05, size=15))
        hits += lo <= 1.0 <= hi
    assert 0.95 <= hits / 2000 <= 0.995


def test_summarize_speedup_and_ci():
    b = np.full(12, 200.0) * (1 + 0.01 * np.sin(np.arange(12)))
    c = np.full(12, 100.0)
    s = summarize(b, c)
    assert s["speedup"] == pytest.approx(2.0, rel=0.02)
    assert s["ci_low"] <= s["speedup"] <= s["ci_high"]
    assert s["pairs"] == 12
    with pytest.raises(ValueError):
        summarize([], [])


@pytest.mark.parametrize(
    "speedup,reference,flagged",
    [
        (9.0, 4.0, True),  # more than 2x the expert's: looks like a cheat or a broken reference
        (7.9, 4.0, False),
        (2.1, 0.45, True),  # a reference slower than the baseline is no ceiling: the bar is 2x
        (1.0, 0.45, False),  # the baseline itself at a tiny size, where the reference is slow
        (5.0, None, False),
    ],
)
def test_suspicious_speedup_flag(speedup, reference, flagged):
    from harness.measure.evaluate import EvalResult, flag_suspicious

    r = EvalResult(problem_id="p", suite="pareval", mode="omp", status="correct", size=1, threads=2, speedup=speedup)
    assert ("suspicious speedup" in flag_suspicious(r, reference).flags) is flagged


def test_a_verdicts_status_changes_only_through_decide():
    """The status is given at construction and then decided in one place: a plain
    assignment is refused, decide() checks the status and leaves a failing verdict no
    speedup, and a verdict read back from its dict (the cache) is decided again the same way."""
    from harness.measure.evaluate import EvalResult

    r = EvalResult("p", "pareval", "omp", "correct", 1, 2, speedup=3.0, ci_low=2.9, ci_high=3.1)
    with pytest.raises(AttributeError, match="decide"):
        r.status = "incorrect"
    assert r.status == "correct" and r.speedup == 3.0
    with pytest.raises(ValueError, match="one of"):
        r.decide("wrong")
    r.decide("rejected", "impossible", claimed=3.0)
    assert (r.status, r.speedup, r.ci_low, r.ci_high) == ("rejected", None, None, None)
    assert r.evidence == {"why": "impossible", "claimed": 3.0}
    back = EvalResult.from_dict(r.to_dict())
    assert back.status == "rejected"
    with pytest.raises(AttributeError):
        back.status = "correct"


def test_the_judges_interval_and_stopping_rule_agree_with_the_reported_interval():
    """The judge (cpp/include/harness/stopping.hpp median_interval, settled) and the report
    (harness.measure.stats.order_stat_ci) compute the median's interval in two languages:
    the same endpoints for every sample size and level, and the stopping rule is the
    documented one on the Python interval (n >= 9; the 99.5 % interval's half-width <= 2 %
    of the median, or clear of 1.0, 1.1 and 2.0)."""
    from harness import _bench

    rng = np.random.default_rng(7)
    for n in range(1, 61):
        for level in (0.95, 0.995):
            x = rng.lognormal(0.0, 0.1, size=n)
            assert _bench.median_interval(list(x), level) == order_stat_ci(x, level), (n, level)
    decided = set()
    for n in (5, 8, 9, 12, 20, 40):
        for spread, centre in ((0.005, 1.0), (0.05, 1.0), (0.05, 1.05), (0.05, 1.5), (0.2, 1.1), (0.01, 3.0)):
            b = rng.lognormal(np.log(centre), spread, size=n) * 1e6
            c = np.full(n, 1e6)
            r = b / c
            lo, hi = order_stat_ci(r, 0.995)
            want = n >= 9 and (hi - lo <= 0.04 * float(np.median(r)) or not any(lo <= t <= hi for t in (1.0, 1.1, 2.0)))
            assert _bench.settled(list(b), list(c)) == want, (n, spread, centre)
            decided.add(want)
    assert decided == {True, False}
    with pytest.raises(ValueError):
        _bench.median_interval([], 0.95)
