"""Hostile candidates that attack the timer, the baseline's memory and the completion
signal from inside their own address space (issue 20, part 6), and a data race.

Each source in tests/hostile/ computes honestly and cheats with nothing but ordinary
loads and stores, threads and clock reads; the in-process timer of the worker judged
every one of them correct at 4x to 20,000x (the figures are in the tests). The verdict
must now be ``rejected`` or ``incorrect``, or ``correct`` with a speedup below 1.5x
(NOT_PAID),
with the harness alive and nothing left behind (no processes, cgroups or temporary build
folders). Where the screen would stop an attack first (it reads /proc/self/maps), the
screen is off, because the defences behind it must hold on their own; what the screen
says is checked too.

The tests marked ``judge`` need the trusted judge of issue 20 (candidate and baseline in
their own child processes, the clock and the comparison outside them, the kernel's CPU
accounting as a cross-check); the one marked ``races`` needs the race detector of omp
validation. Without those they fail, which is what they are for.
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from harness.measure import sandbox, toolchain
from harness.measure.evaluate import EvalConfig, evaluate
from harness.measure.suite import get_problem

from test_hostile import assert_no_processes_or_cgroups_left

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap not installed")

HOSTILE = Path(__file__).parent / "hostile"
GEMM = "02_dense_la_gemm"
SCAN = "30_scan_prefix_sum"
NEEDS_JUDGE = pytest.mark.judge  # reason: see the judge marker in pyproject.toml
NEEDS_RACES = pytest.mark.races


def _temp_entries() -> set:
    """The harness's temporary folders and files in its cache (build-*, pch-*, *.tmp)."""
    root = toolchain.cache_root()
    if not root.is_dir():
        return set()
    return {p for pat in ("builds/build-*", "builds/*/*/pch-*", "**/*.tmp") for p in root.glob(pat)}


@pytest.fixture(autouse=True)
def nothing_left_behind():
    before = _temp_entries()
    yield
    assert_no_processes_or_cgroups_left()
    assert _temp_entries() - before == set()


def source(name: str, *defines: str) -> str:
    return "".join(f"#define {d}\n" for d in defines) + (HOSTILE / name).read_text()


def timed(run_eval, pid, text, mode, **kw):
    """A timed evaluation at the quick size, small enough for the default test run."""
    kw = {
        "quick": True,
        "use_cache": False,
        "min_pairs": 8,
        "max_pairs": 12,
        "budget_s": 1.0,
        "timeout_min_s": 5.0,
        **kw,
    }
    return run_eval(pid, text, mode, **kw)


# An honest candidate at the baseline's speed, timed for 8-12 pairs on a loaded machine,
# reaches 1.25x now and then (benchmarks/soak.py); the smallest gain any of these attacks
# ever got from the in-process timer was 2.34x.
NOT_PAID = 1.5


def assert_not_paid(r):
    """The attack gained nothing: rejected or incorrect (not by the screen, which these
    attacks pass), failed under the race detector (omp: its code there lies otherwise in
    memory), its own process crashed in the judge (a scan of its memory that meets what
    the caller's memory now holds: the arena, stopped calls resumed on rebuilt instances),
    or correct with a speedup below NOT_PAID."""
    assert r.status in ("rejected", "incorrect", "correct", "runtime_error", "timeout"), (r.status, r.evidence)
    if r.status in ("runtime_error", "timeout") and str(r.evidence.get("race_check", "")).startswith(
        r.status + ": the candidate "
    ):
        pass  # it failed under the race detector
    elif r.status == "runtime_error":  # it crashed in the judge (omp too: the scan is a gamble)
        assert r.evidence["why"].startswith("killed by") and "baseline" not in r.evidence["why"], r.evidence
    elif r.status == "correct":
        assert r.speedup < NOT_PAID, (r.speedup, r.ci_low, r.ci_high, r.baseline_ns, r.candidate_ns)
    else:
        assert r.evidence["why"] and "screen" not in r.evidence, r.evidence


# A main program for the gemm attacks, outside the harness: two instances laid out as the
# driver lays them out, the "baseline" one computed first (what copies_baseline_output.cpp
# looks for); then, per round, a call after its caller spent more CPU time than a call
# (the early-returning attacks compute in place) and a call right after it (they return
# early), whose C is checked once the helper had time to finish. The calls go through a
# frame of 16 KiB, so that the timer attack's fixed 4 KiB scan stays on the stack, as in the
# harness's processes, whose callers' frames are deeper than that.
ATTACK_MAIN = r"""
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>
void gemm(std::vector<double> const& A, std::vector<double> const& B, std::vector<double>& C,
          size_t M, size_t K, size_t N);
struct Inst {
  size_t M, K, N;
  std::vector<double> A, A0, B, B0, C, C0;
};
static void naive(const Inst& in, std::vector<double>& C) {
  for (size_t i = 0; i < in.M; ++i)
    for (size_t j = 0; j < in.N; ++j) {
      double s = 0.0;
      for (size_t k = 0; k < in.K; ++k) s += in.A[i * in.K + k] * in.B[k * in.N + j];
      C[i * in.N + j] += s;
    }
}
__attribute__((noinline)) static void call(const Inst& in, std::vector<double>& C) {
  volatile char pad[16384];
  pad[0] = 0;
  gemm(in.A, in.B, C, in.M, in.K, in.N);
  pad[1] = pad[0];
}
static bool same(const std::vector<double>& x, const std::vector<double>& y) {
  for (size_t i = 0; i < x.size(); ++i)
    if (x[i] - y[i] > 1e-9 || y[i] - x[i] > 1e-9) return false;
  return x.size() == y.size();
}
int main() {
  const size_t M = 160, K = 40, N = 80;
  unsigned long long s = 12345;
  auto rnd = [&] { s = s * 6364136223846793005ULL + 1442695040888963407ULL; return double(s >> 11) / 9007199254740992.0 - 0.5; };
  Inst* b = new Inst{M, K, N};
  Inst* c = new Inst{M, K, N};
  for (Inst* in : {b, c}) { in->A.resize(M * K); in->B.resize(K * N); in->C.resize(M * N); }
  for (size_t i = 0; i < M * K; ++i) b->A[i] = c->A[i] = rnd();
  for (size_t i = 0; i < K * N; ++i) b->B[i] = c->B[i] = rnd();
  for (size_t i = 0; i < M * N; ++i) b->C[i] = c->C[i] = rnd();
  for (Inst* in : {b, c}) { in->A0 = in->A; in->B0 = in->B; in->C0 = in->C; }
  std::vector<double> expected = b->C0;
  naive(*b, expected);
  naive(*b, b->C);  // the baseline has run
  call(*c, c->C);
  if (!same(c->C, expected)) { std::puts("wrong C (beside a finished baseline)"); return 1; }
  for (int round = 0; round < 3; ++round) {
    std::vector<double> e = c->C0, x = c->C0, y = c->C0;
    for (int k = 0; k < 3; ++k) { e = c->C0; naive(*c, e); }  // more CPU than one call
    call(*c, x);
    call(*c, y);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    if (!same(x, e) || !same(y, e)) { std::printf("wrong C in round %d\n", round); return 1; }
  }
  std::puts("ok");
  return 0;
}
"""


@pytest.mark.parametrize(
    "name,defines",
    [
        ("rewrites_timer.cpp", ()),
        ("rewrites_timer.cpp", ("HOSTILE_SAVED_REGS",)),
        ("rewrites_timer.cpp", ("HOSTILE_READ_MAPS", "HOSTILE_SAVED_REGS")),
        ("copies_baseline_output.cpp", ()),
        ("finishes_in_a_thread.cpp", ()),
        ("finishes_in_a_signal_handler.cpp", ()),
    ],
)
def test_the_attacks_compute_the_right_outputs(tmp_path, name, defines):
    """Outside the harness (g++, one process), every gemm attack leaves the right C, on
    the path that cheats as well as on the honest one: a verdict of `incorrect` on them
    comes from the judge, not from a broken attack."""
    (tmp_path / "attack.cpp").write_text(source(name, *defines))
    (tmp_path / "main.cpp").write_text(ATTACK_MAIN)
    subprocess.run(
        ["g++", "-std=c++17", "-O2", "-pthread", "attack.cpp", "main.cpp", "-o", "attack"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
        timeout=120,
    )
    r = subprocess.run([str(tmp_path / "attack")], capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout.strip()) == (0, "ok"), (r.returncode, r.stdout, r.stderr)


# Measured at this test's settings, load 6-12. The in-process timer (main at acd2624)
# judged every variant `correct`: stack 3.98x serial / 4.58x omp, saved_regs 4.57x /
# 4.04x, maps 3.86x / 4.03x (the first two with the screen on, which they pass). The judge
# (branch judge at e0a4323): `correct`, 0.79x-1.02x.
@NEEDS_JUDGE
@pytest.mark.parametrize("mode", ["serial", "omp"])
@pytest.mark.parametrize(
    "variant,defines,screen",
    [
        ("stack", (), True),
        ("saved_regs", ("HOSTILE_SAVED_REGS",), True),
        ("maps", ("HOSTILE_READ_MAPS", "HOSTILE_SAVED_REGS"), False),
    ],
)
def test_timer_rewrite_on_the_stack(run_eval, mode, variant, defines, screen):
    r = timed(run_eval, GEMM, source("rewrites_timer.cpp", *defines), mode, screen=screen)
    assert_not_paid(r)


def test_the_screen_stops_the_stack_scan_only_when_it_reads_maps(run_eval):
    """The fixed-bound scans pass the screen (nothing in them is forbidden); the one that
    reads /proc/self/maps is rejected for its file functions."""
    r = run_eval(
        GEMM,
        source("rewrites_timer.cpp", "HOSTILE_READ_MAPS"),
        "serial",
        quick=True,
        use_cache=False,
        validate_only=True,
    )
    assert r.status == "rejected" and "fopen (files and file descriptors)" in r.evidence["why"]
    r = run_eval(
        GEMM,
        source("rewrites_timer.cpp", "HOSTILE_SAVED_REGS"),
        "serial",
        quick=True,
        use_cache=False,
        validate_only=True,
    )
    # past the screen: its outputs are right, or its blind 4 KiB scan above its frame ran
    # off the top of the caller's stack (where that lies moves with the stack's random
    # offset: a SIGSEGV of its own, seen once in five runs here)
    assert "screen" not in r.evidence and r.status in ("correct", "runtime_error"), r.evidence


# The in-process timer: `correct`, 2.4x-4.2x at this test's 12 pairs (14.3x at 40): the
# pairs with the baseline first are ~35x, the others ~1x, and the median of an even
# number of pairs lies between the two. The judge: `correct`, 0.97x.
@NEEDS_JUDGE
def test_copying_the_baselines_outputs_from_memory(run_eval):
    r = timed(run_eval, GEMM, source("copies_baseline_output.cpp"), "serial", screen=False)
    assert_not_paid(r)


def test_the_screen_rejects_the_copy_attack_for_reading_maps(run_eval):
    r = run_eval(GEMM, source("copies_baseline_output.cpp"), "serial", quick=True, use_cache=False, validate_only=True)
    assert r.status == "rejected" and "fopen (files and file descriptors)" in r.evidence["why"]


# The in-process timer: `correct`, 3,417x serial, 2,520x omp (each pair with the
# candidate first took 0.01 ms), with the screen on, which it passes. The judge:
# `rejected` at load ("its constructors started threads").
@NEEDS_JUDGE
@pytest.mark.parametrize("mode", ["serial", "omp"])
def test_returning_before_a_thread_finishes_the_work(run_eval, mode):
    r = timed(run_eval, GEMM, source("finishes_in_a_thread.cpp"), mode)
    assert_not_paid(r)


# The in-process timer: `correct`, 315x serial, 317x omp (each pair with the candidate
# first took 0.01-0.04 ms). It needs no thread, so only the kernel's CPU accounting of the
# candidate's process can see the work outside the timed window. The judge: `rejected`
# in validation (14 ms of CPU outside the timed calls, against a limit of 7-10 ms); since
# the runners' seccomp filter refuses handlers and timers: `incorrect` (the work is never
# done), serial and omp.
@NEEDS_JUDGE
@pytest.mark.parametrize("mode", ["serial", "omp"])
def test_returning_before_a_signal_handler_finishes_the_work(run_eval, mode):
    r = timed(run_eval, GEMM, source("finishes_in_a_signal_handler.cpp"), mode, screen=False)
    assert_not_paid(r)


# The same attack where generating the inputs costs far more than a call (30_scan: ~15 ms
# a call at the default size, hundreds of ms of input generation a turn). Measured with the
# judge's first CPU rule alone (all CPU outside the calls against 1.5 x the baseline's,
# generation included): `correct`, 650x and 756x (serial, default size, timer at 300 us
# and 2 ms; 2026-12-02, AMD EPYC, load ~3). With the idle rule: `rejected` (31 ms of CPU
# while idle against a limit of 20 ms, serial; 87 against 68, omp).
@NEEDS_JUDGE
@pytest.mark.parametrize("mode", ["serial", "omp"])
def test_a_signal_handler_cannot_hide_behind_input_generation(run_eval, mode):
    """The runners' seccomp filter refuses the handler and the timer, so the call returns
    with the work undone: `incorrect`. Where no filter can be installed (an old kernel),
    the idle rule is what stops it (before the filter's signal rule, serial: rejected, 31 ms
    of CPU while idle against a limit of 20 ms; omp at the quick size batched 5 calls a
    window and gained nothing, 0.57x)."""
    r = timed(run_eval, SCAN, source("scan_finishes_in_a_signal_handler.cpp"), mode, screen=False)
    assert_not_paid(r)
    assert r.status == "incorrect" or "while it had no call" in r.evidence["why"], (r.status, r.evidence)


# Inputs predicted from public seeds (the evaluation's seed and the judge's derivation):
# the first call precomputes the answers of every timed pair, later calls look them up.
# With public seeds (main before the keyed inputs, AMD EPYC, load ~2): `correct`, 2.34x
# (1.76-3.79) for code as fast as the baseline: the judge batched two calls a window and
# this candidate knew only the last call's seed of each; knowing all would be ~1000x.
@NEEDS_JUDGE
def test_inputs_cannot_be_predicted_from_the_seed(run_eval):
    r = timed(run_eval, "26_reduce_product_of_inverses", source("precomputes_predicted_inputs.cpp"), "serial")
    assert_not_paid(r)


def test_the_screen_rejects_the_signal_handler_but_not_the_thread(run_eval):
    r = run_eval(
        GEMM, source("finishes_in_a_signal_handler.cpp"), "serial", quick=True, use_cache=False, validate_only=True
    )
    assert r.status == "rejected" and "sigaction (signals)" in r.evidence["why"], r.evidence
    r = run_eval(GEMM, source("finishes_in_a_thread.cpp"), "serial", quick=True, use_cache=False, validate_only=True)
    assert "screen" not in r.evidence, r.evidence


# Without a race detector (main): `correct`, 1.48x (omp, 2 threads, quick size). With the
# race check (branch races at d9af854): `incorrect`, ThreadSanitizer's report as evidence.
@NEEDS_RACES
def test_vector_bool_race_is_incorrect(run_eval):
    r = run_eval(
        "59_transform_map_function",
        source("vector_bool_race.cpp"),
        "omp",
        quick=True,
        use_cache=False,
        validate_only=True,
    )
    assert r.status == "incorrect", (r.status, r.evidence)
    assert r.evidence["why"]


# Serial confinement without a cpuset cgroup (the usual case for a user who is not root):
# a helper thread gives itself every CPU with a raw sched_setaffinity and takes half of the
# baseline's own histogram loop. Before the physical bound (issue 38 class 4, 2-core AMD
# EPYC): `correct` at about 1.9x for no better code. With a cpuset the widening does
# nothing; without one the judge's bound on each window (CPU <= wall x granted CPUs +
# margin) rejects it, naming the widened mask.
@NEEDS_JUDGE
@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="needs two CPUs to widen onto")
@pytest.mark.parametrize("cgroups", [True, False], ids=["cpuset", "no-cgroup"])
def test_a_serial_candidate_cannot_widen_its_cpu_mask(run_eval, monkeypatch, cgroups):
    if not cgroups:
        monkeypatch.setattr(sandbox._Cgroup, "__init__", lambda self, limits: setattr(self, "dirs", []))
    r = timed(run_eval, "21_histogram_bin_0-100", source("widens_its_cpu_mask.cpp"), "serial", screen=False)
    assert_not_paid(r)
    if not cgroups and r.status == "rejected":
        assert "widened CPU mask" in r.evidence["why"], r.evidence


# The const-input check turned off (issue 38, class 3): select in place on the const input,
# then make the harness's pristine copy match it, by pointing the copy's vector at the
# input's buffer or by copying the permuted input into it. Before the keeper held the
# instances (the check a function in the candidate's process, pointed at "intact"):
# `correct` at 9.19x and 9.49x. A keeper compares each const input with the generator's
# image (where it lies and its bytes, in memory no process of the candidate maps), so no
# way past the copy helps: `rejected`. The copy itself is not filled in a side's arena
# (only the generator's holds it): a candidate that selects on it as a ready-made scratch
# copy of its input (measured 8.5-9.8x `correct` when the keeper filled it) selects on
# bytes of an earlier turn: `incorrect`.
@NEEDS_JUDGE
@pytest.mark.parametrize(
    "defines,status,why",
    [
        ((), "rejected", "modified its const input 'x'"),
        (("HOSTILE_COPY_BACK",), "rejected", "modified its const input 'x'"),
        (("HOSTILE_REPOINT_INPUT",), "rejected", "moved its const input"),
        (("HOSTILE_SCRATCH",), "incorrect", ""),
    ],
    ids=["repoint-copy", "copy-back", "repoint-input", "copy-as-scratch"],
)
def test_the_pristine_copy_of_a_const_input_is_out_of_reach(run_eval, defines, status, why):
    r = timed(
        run_eval,
        "41_sort_k-th_smallest_element",
        source("writes_the_pristine_copy.cpp", *defines),
        "serial",
        screen=False,
    )
    assert r.status == status, (r.status, r.speedup, r.evidence)
    assert why in r.evidence["why"], r.evidence


# A const input changed anywhere is seen: each keeper compares every const input, byte
# for byte, with the generator's image of the turn (flat arrays in the large allocations'
# region, a nested matrix's rows, a std::vector<bool>'s words, strings and structs held in
# their vector's buffer), after the candidate's own code ran; the tamper comes first in
# the call, so its outputs may be right or wrong.
@NEEDS_JUDGE
@pytest.mark.parametrize(
    "pid,tamper,name",
    [
        ("03_dense_la_axpy", "auto& v = const_cast<std::vector<double>&>(x); if (!v.empty()) v.back() += 1.0;", "x"),
        (
            "03_dense_la_axpy",
            "auto& v = const_cast<std::vector<double>&>(y); if (!v.empty()) v[v.size() / 2] = -v[v.size() / 2] - 1.0;",
            "y",
        ),
        ("atax", "if (m > 0 && n > 0) A[m - 1][n - 1] += 1.0;", "A"),
        ("25_reduce_xor", "auto& v = const_cast<std::vector<bool>&>(x); if (!v.empty()) v.back() = !v.back();", "x"),
        (
            "23_histogram_first_letter_counts",
            "auto& v = const_cast<std::vector<std::string>&>(s); if (!v.empty() && !v.back().empty()) v.back()[0] = '#';",
            "s",
        ),
        (
            "35_search_search_for_last_struct_by_key",
            "auto& v = const_cast<std::vector<Book>&>(books); if (!v.empty()) v.back().pages += 1000;",
            "books",
        ),
    ],
    ids=["flat-last", "flat-middle", "nested-last-row", "bits-last", "strings-last", "structs-last"],
)
def test_a_const_input_changed_anywhere_is_rejected(pid, tamper, name):
    problem = get_problem(pid, "polybench" if pid == "atax" else "pareval")
    head, sep, body = (problem.path / "baseline.cpp").read_text().partition(") {\n")
    text = head + sep + "  " + tamper + "\n" + body
    r = timed(lambda _, t, m, **kw: evaluate(problem, t, m, EvalConfig(**kw)), pid, text, "serial", screen=False)
    assert r.status == "rejected", (r.status, r.speedup, r.evidence)
    assert f"modified its const input '{name}'" in r.evidence["why"], r.evidence


# What input generation leaves in memory is out of the candidate's reach (a red team,
# 2026-12-07): 19_graph_shortest_path's driver kept the BFS that picks its query in the
# instance, and any driver's temporaries lay in the turn's image that every keeper copies
# into the side's arena; the hops from one end of the query answered it in one load,
# `correct` at 77-172x. The driver keeps no scratch now and the generator zeroes every
# block freed while it makes a turn: the candidate scans for those hops and answers wrong
# if it finds them.
@NEEDS_JUDGE
def test_what_input_generation_leaves_is_out_of_reach(run_eval):
    r = timed(run_eval, "19_graph_shortest_path", source("reads_generation_scratch.cpp"), "serial", screen=False)
    assert r.status == "correct", (r.status, r.evidence)


# A call's hidden inputs cannot be recovered from the ones it is handed (a red team,
# 2026-12-07): the seed is keyed, but each stream's state was splitmix64 of the seed, a
# bijection, so 01_dense_la_solve's A gave the seed back in 2^11 guesses and with it the
# planted solution in O(N): `correct` at 14.6x, and at 1.73x (the expert reference 1.50x)
# padded to stay under the suspicious-speedup flag. A stream's state is SipHash keyed by
# (seed, stream) now (driver.hpp stream_state): the candidate still recovers stream 0's
# state from A, derives the planted solution the old way, checks it against b and answers
# wrong if it holds.
@NEEDS_JUDGE
def test_the_seed_of_the_inputs_is_out_of_reach(run_eval):
    r = timed(run_eval, "01_dense_la_solve", source("recovers_the_input_seed.cpp"), "serial", screen=False)
    assert r.status == "correct", (r.status, r.evidence)


# A binary search over blocks for 38_search_find_the_first_even_number's answer (a red
# team, 2026-12-07: `correct` at 181x while every value after the first even one had a
# random parity). Only 0 to 3 even values follow it at timed sizes now, so the search is
# wrong whenever a timed call plants one. The input key is fixed: with it the first pairs
# plant (4 in 10 seeds do), so the verdict does not hang on the draw.
@NEEDS_JUDGE
def test_a_binary_search_for_the_first_even_value_fails(run_eval):
    r = timed(
        run_eval,
        "38_search_find_the_first_even_number",
        source("binary_searches_the_first_even.cpp"),
        "serial",
        input_key="5eed0f38b1a5ea4c1f0e7a9d2c4b6e80",
    )
    assert r.status == "incorrect", (r.status, r.speedup, r.evidence)


# A forged end of the window (issue 38, class 1) on the baseline's own DFS. Trusting the
# caller's `done`, the judge measured `correct` at 3.95x-4.94x (serial); it now ends the
# window when every thread of the caller is stopped, so the work after the forged `done`
# is not in the count the keeper reads (`incorrect`), or the stopped call resumes in the
# next window on rebuilt instances and the candidate's process crashes (`runtime_error`).
@NEEDS_JUDGE
@pytest.mark.parametrize("mode", ["serial", "omp"])
def test_a_forged_end_of_the_window_gains_nothing(run_eval, mode):
    r = timed(run_eval, "18_graph_count_components", source("forges_the_end_of_the_window.cpp"), mode, screen=False)
    assert r.status in ("incorrect", "runtime_error"), (r.status, r.speedup, r.evidence)


# No harness work runs in the candidate's process (issue 38, item 2): the CPU its process
# uses between two calls is read by the candidate itself, and any over 2 ms makes it
# answer wrong. With generation and output copies in that process (before the keepers):
# `incorrect`; now `correct`.
@NEEDS_JUDGE
@pytest.mark.parametrize("mode", ["serial", "omp"])
def test_nothing_of_the_harness_runs_in_the_candidates_process(run_eval, mode):
    r = timed(run_eval, "21_histogram_bin_0-100", source("measures_the_cpu_between_calls.cpp"), mode)
    assert r.status == "correct", (r.status, r.evidence)


# The keeper's own code aimed at memory the candidate chose (found by the red team): the
# driver's declaration of 2mm's outputs, which lives in the instance, pointed at a fake grid
# whose row claims 16 MiB of a 4 KiB buffer. Before the fix a bent output buffer made the
# keeper free() a fake chunk (`correct`, its heap corrupted). The keeper survives, and the
# verdict is `incorrect`.
@NEEDS_JUDGE
def test_the_keeper_survives_pointers_aimed_at_its_own_code():
    from harness.measure.evaluate import EvalConfig, evaluate
    from harness.measure.suite import get_problem

    r = evaluate(
        get_problem("2mm", suite="polybench"),
        source("bends_the_keepers_pointers.cpp"),
        "serial",
        EvalConfig(quick=True, validate_only=True, screen=False, use_cache=False),
    )
    assert r.status == "incorrect", (r.status, r.evidence)
    assert "keeper" not in r.evidence.get("why", ""), r.evidence
