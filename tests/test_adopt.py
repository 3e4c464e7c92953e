"""harness_adopt on every problem of both suites: a byte copy of one instance's output views,
adopted by a fresh instance of the same seed, compares exactly as the original does;
altered copies (an element, a count, a view missing, doubled, renamed or of another
dtype) do not; every wrong variant gets the same verdict and message through adopt as
directly. A driver that says its matches reads only the outputs (matches_outputs_only,
which lets the judge keep its comparison instances' inputs) answers the same, with the
same messages, when both sides' outputs are adopted by instances of other inputs. The
driver ABI is driven from tests/adopt_check.cpp (dlopen, the C functions)."""

import os
import subprocess
from pathlib import Path

import pytest

from harness.measure import toolchain
from harness.measure.evaluate import EvalConfig, _validation_cases
from harness.measure.suite import get_problem
from suite_params import one_per_category
from test_problems import PROBLEMS, RACE_ATTEMPTS, _racy, _variants

HERE = Path(__file__).parent
# views derived from another output, recomputed by outputs() and ignored by adopt
DERIVED = {
    "40_sort_sort_an_array_of_complex_numbers_by_magnitude": {"x_magnitudes", "x_sorted_bits"},
    "43_sort_sort_an_array_of_structs_by_key": {"startTime", "results_sorted"},
}


@pytest.fixture(scope="module")
def adopt_check(tmp_path_factory, warm_builds):
    """The compiled tests/adopt_check.cpp (path)."""
    exe = tmp_path_factory.mktemp("adopt") / "adopt_check"
    subprocess.run(
        [
            toolchain.find_compiler().path,
            "-O1",
            "-std=c++17",
            "-fopenmp",
            "-Wall",
            "-Werror",
            "-I",
            str(toolchain.INCLUDE_DIR),
            "-o",
            str(exe),
            str(HERE / "adopt_check.cpp"),
            "-ldl",
        ],
        check=True,
    )
    return exe


def _run(exe, *args, timeout=300):
    """adopt_check's lines as lists of fields; asserts it exited 0."""
    env = dict(os.environ, OMP_NUM_THREADS="2")
    r = subprocess.run([str(exe), *map(str, args)], capture_output=True, text=True, timeout=timeout, env=env)
    assert r.returncode == 0, (r.returncode, r.stderr[-2000:])
    return [line.split("\t") for line in r.stdout.splitlines()]


def _check_roundtrip(rows, derived):
    """Every roundtrip line is what the driver must answer; returns the cases seen."""
    seen = set()
    element_why = {}  # (size, seed, view) -> the message of its one-element change, true inputs
    for case, size, seed, view, rc, match, why in rows:
        rc, match = int(rc), int(match)
        where = (case, size, seed, view, rc, match, why)
        seen.add(case)
        assert rc != -1, where
        if case in ("exact", "exact-stale") or (view in derived and case not in ("name32", "twice")):
            assert (rc, match) == (1, 1), where  # derived views are not read
        elif case == "element":
            assert (rc, match) == (1, 0) and why, where
            element_why[size, seed, view] = why
        elif case == "element-stale":  # the same answer and message with other inputs
            assert (rc, match, why) == (1, 0, element_why[size, seed, view]), where
        elif case == "byte2":
            # not a bool (25's byte result holds 2 as its poison: adopted, then no match)
            assert (rc == 0 and why.endswith("is not a bool")) or (rc, match) == (1, 0), where
        elif case in ("count+1", "count-1"):
            # a count the output cannot take, or (the convex hull) another answer
            assert (rc == 0 and f"{view}: has " in why) or (rc, match) == (1, 0), where
        else:
            expected = {
                "null-data": f"{view}: no data",
                "missing": f"{view}: missing",
                "twice": f"{view}: sent twice",
                "dtype": f"{view}: has dtype",
                "name32": "q" * 31 + ": not an output of this problem",
                "extra": "not_an_output: not an output of this problem",
            }[case]
            assert rc == 0 and why.startswith(expected), where
    return seen


def _builds(suite, pid, comp):
    p = get_problem(pid, suite)
    drv = toolchain.build_trusted(p, "driver", "serial", comp)
    base = toolchain.build_trusted(p, "baseline", "serial", comp)
    return p, drv.path, base.path


# drivers whose matches reads inputs, or names them in its messages: every other driver
# says it reads only the outputs (driver.hpp matches_outputs_only)
READS_INPUTS = {
    "10_geometry_convex_hull",
    "19_graph_shortest_path",
    "40_sort_sort_an_array_of_complex_numbers_by_magnitude",
    "41_sort_k-th_smallest_element",
    "43_sort_sort_an_array_of_structs_by_key",
    "45_sparse_la_sparse_solve",
}
# drivers with an adopt member of their own (the others use the shared one of
# cpp/include/harness; PolyBench's all go through one output helper)
OWN_ADOPT = {
    "10_geometry_convex_hull",
    "40_sort_sort_an_array_of_complex_numbers_by_magnitude",
    "43_sort_sort_an_array_of_structs_by_key",
    "59_transform_map_function",
}
# the default run: one problem per suite and category and every driver with its own adopt
# member; `pytest -m slow` runs the rest (every evaluation goes through adopt as well)
ROUNDTRIP = [
    pytest.param(*v.values, id=v.id, marks=() if v.values[1] in OWN_ADOPT else v.marks)
    for v in one_per_category(PROBLEMS)
]


@pytest.mark.parametrize("suite,pid", ROUNDTRIP)
def test_adopted_outputs_compare_as_the_original(suite, pid, adopt_check):
    p, drv, base = _builds(suite, pid, toolchain.find_compiler())
    quick = p.default_size("serial", quick=True)
    cases = [f"{s}:{11 + i}" for i, s in enumerate(p.validate_sizes) if s <= quick]
    cases += [f"{quick}:7", f"{quick}:8"]
    rows = _run(adopt_check, "roundtrip", drv, base, repr(p.rtol), repr(p.atol), *cases)
    seen = _check_roundtrip(rows, DERIVED.get(pid, set()))
    assert {"exact", "element", "count-1", "count+1", "missing", "extra"} <= seen
    assert sum(r[0] == "exact" for r in rows) == len(cases)
    # every case again with other inputs where the driver says matches reads only outputs
    (flag,) = _run(adopt_check, "flag", drv)[0]
    assert sum(r[0] == "exact-stale" for r in rows) == int(flag) * len(cases)
    # the judge's comparison keeps its instances' inputs for all but these (their matches
    # or its messages read inputs)
    assert int(flag) == (pid not in READS_INPUTS), (pid, flag)


# The default run takes the variants of the drivers with an adopt member of their own or a
# semantic comparison (every variant of the suites: pytest -m slow; 20 minutes at load 5).
DEFAULT_VARIANTS = {
    "02_dense_la_gemm",
    "10_geometry_convex_hull",
    "19_graph_shortest_path",
    "40_sort_sort_an_array_of_complex_numbers_by_magnitude",
    "43_sort_sort_an_array_of_structs_by_key",
    "45_sparse_la_sparse_solve",
    "59_transform_map_function",
    "2mm",
    "jacobi_2d",
}


@pytest.mark.parametrize(
    "suite,pid,path",
    [
        pytest.param(*v.values, id=v.id, marks=() if v.values[1] in DEFAULT_VARIANTS else pytest.mark.slow)
        for v in _variants()
    ],
)
def test_wrong_variant_fails_through_adopt(suite, pid, path, adopt_check):
    """The verdict and message after adopt are exactly the direct ones, on the validation
    cases evaluate() uses (a racy variant: RACE_ATTEMPTS seeds, as in test_problems)."""
    comp = toolchain.find_compiler()
    p, drv, base = _builds(suite, pid, comp)
    res, _ = toolchain.build_candidate(p, path.read_text(), "omp", comp)
    assert res.ok, res.diagnostics
    quick = p.default_size("omp", quick=True)
    seeds = [EvalConfig.seed + 7919 * i for i in range(RACE_ATTEMPTS if _racy(path) else 1)]
    cases = [f"{s}:{sd}" for seed in seeds for s, sd in _validation_cases(p, quick, seed)]
    rows = _run(adopt_check, "variant", drv, base, res.path, repr(p.rtol), repr(p.atol), *cases)
    assert len(rows) == len(cases)
    caught = False
    for _, size, seed, intact, direct, rc, via, dwhy, vwhy, stale, swhy in rows:
        intact, direct, rc, via, stale = int(intact), int(direct), int(rc), int(via), int(stale)
        where = (size, seed, intact, direct, rc, via, dwhy, vwhy, stale, swhy)
        assert rc in (0, 1), where
        if rc == 0:
            assert direct == 0, where  # views that do not fit: never a correct direct output
        else:
            assert (via, vwhy) == (direct, dwhy), where
            # matches reading only the outputs (-3: the driver does not say so): the same
            # answer and message with other inputs in both instances
            assert stale == -3 or (stale, swhy) == (direct, dwhy), where
        caught |= direct == 0 or intact == 0
    assert caught or _racy(path), "the variant passed every case"


NESTED_DRIVER = r"""
#include <harness/nested.hpp>
struct Instance {
  harness::Mat2<double> m = harness::make2(2, 3);
  std::vector<double> flat;
#ifdef WITH_ADOPT
  harness::NestedOutputs<harness::Mat2<double>> out{{"m", &m}};
  void outputs(harness::Outputs& o) { out.expose(o); }
  bool adopt(const harness::Views& v, std::string* why) { return out.adopt(v, why); }
#else
  void outputs(harness::Outputs& o) {
    harness::flatten(m, flat);
    o.add("m", harness::F64, flat.data(), flat.size());
  }
#endif
  explicit Instance(uint64_t) {}
  void generate(uint64_t) {}
  void reset(bool poison) { harness::reset_output2(m, 2, 3, poison, harness::kPoison); }
  void* args() { return &m; }
  bool inputs_intact(std::string*) { return true; }
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::nested_close("m", e.m, m, rtol, atol, why);
  }
  size_t bytes() const { return 0; }
};
HARNESS_DRIVER(Instance)
"""
NESTED_SIDE = r"""
#include <cstddef>
#include <vector>
extern "C" void harness_call(void* a) {
  auto& m = *static_cast<std::vector<std::vector<double>>*>(a);
  for (std::size_t i = 0; i < m.size(); ++i)
    for (std::size_t j = 0; j < m[i].size(); ++j) m[i][j] = 10.0 * i + j + 0.5;
}
"""


def _shared(tmp_path, name, text, *defines):
    src, lib = tmp_path / f"{name}.cpp", tmp_path / f"{name}.so"
    src.write_text(text)
    subprocess.run(
        [
            toolchain.find_compiler().path,
            "-O1",
            "-std=c++17",
            "-fopenmp",
            "-shared",
            "-fPIC",
            *defines,
            "-I",
            str(toolchain.INCLUDE_DIR),
            "-o",
            str(lib),
            str(src),
        ],
        check=True,
    )
    return lib


def test_copy_exposing_driver_without_adopt_member_returns_minus_one(tmp_path, adopt_check):
    """The default cannot fill a flatten() copy: -1 (a harness bug), never a comparison
    of the poison; the same driver with NestedOutputs adopts and compares."""
    side = _shared(tmp_path, "side", NESTED_SIDE)
    plain = _shared(tmp_path, "plain", NESTED_DRIVER)
    rows = _run(adopt_check, "roundtrip", plain, side, "0", "0", "1:1")
    exact = [r for r in rows if r[0] == "exact"]
    assert [r[4] for r in exact] == ["-1"], rows
    assert "outputs() does not read back what was adopted" in exact[0][6]
    nested = _shared(tmp_path, "nested", NESTED_DRIVER, "-DWITH_ADOPT")
    rows = _run(adopt_check, "roundtrip", nested, side, "0", "0", "1:1", "1:2")
    assert _check_roundtrip(rows, set()) >= {"exact", "element", "count-1", "count+1"}
