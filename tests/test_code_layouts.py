"""The judge's code layouts (harness/measure/toolchain.py layout_variants, cpp/judge.cpp
"Code layout", cpp/side.cpp load()): each side's compiled code linked again after a
padding of its own size, one layout made current before every timed pair, so where a
build happens to place the code is part of the pairs' spread instead of a fixed error of
the speedup. Real g++, ld, bubblewrap, keepers and callers."""

import os
import shutil
import subprocess
import time
from dataclasses import replace
from pathlib import Path

import pytest

from harness.core.errors import HarnessError
from harness.measure import evaluate as evaluate_module
from harness.measure import toolchain
from harness.measure.evaluate import EvalConfig, ProtocolCheck, evaluate, evaluate_batch
from harness.measure.suite import get_problem

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap not installed")

SCAN = "30_scan_prefix_sum"
SCAN_BODY = (
    "void prefixSum(std::vector<double> const& x, std::vector<double>& output) {\n"
    "  double s = 0.0;\n  for (size_t i = 0; i < x.size(); ++i) { s += x[i]; output[i] = s; }\n}\n"
)


def test_layout_pads_are_distinct_aligned_and_reproducible():
    every = toolchain.layout_pads("k", 256)
    assert sorted(every) == list(range(0, toolchain.LAYOUT_SPAN, toolchain.LAYOUT_STEP))
    assert toolchain.layout_pads("k", 40) == every[:40]  # the same key, the same draw
    assert toolchain.layout_pads("other", 40) != every[:40]
    assert toolchain.layout_pads("k", 300)[256:] == every[:44]  # repeats only once all are used


def _symbol(path: str, name: str) -> int:
    out = subprocess.run(["nm", "-D", "--defined-only", path], capture_output=True, text=True, check=True).stdout
    return next(int(line.split()[0], 16) for line in out.splitlines() if line.split()[-1] == name)


def _needed(path: str) -> list:
    dyn = subprocess.run(["readelf", "-d", path], capture_output=True, text=True, check=True).stdout
    return [line.split("[")[-1].rstrip("]") for line in dyn.splitlines() if "(NEEDED)" in line]


def test_a_layout_moves_all_the_code_by_its_padding_and_links_as_the_object_did(tmp_path):
    p = get_problem(SCAN)
    comp = toolchain.find_compiler("native")
    base = toolchain.build_trusted(p, "baseline", "omp", comp)
    pads = [0, 16, 1008, 4080]
    paths = toolchain.layout_variants(base, pads, tmp_path, comp, "omp", sandboxed=True)
    assert [os.path.basename(x) for x in paths] == [f"layout-{n}.so" for n in pads]
    addr = [_symbol(x, "harness_call") for x in paths]
    assert [a - addr[0] for a in addr] == pads, addr
    # the same libraries, so every symbol binds to the version the object as built binds
    assert _needed(paths[1]) == _needed(base.path) and "libc.so.6" in _needed(paths[1])
    mtimes = [os.stat(x).st_mtime_ns for x in paths]
    assert toolchain.layout_variants(base, pads[::-1], tmp_path, comp, "omp", sandboxed=True) == paths[::-1]
    assert [os.stat(x).st_mtime_ns for x in paths] == mtimes  # reused, not linked again
    assert sorted(q.name for q in tmp_path.iterdir()) == sorted(os.path.basename(x) for x in paths)


def test_a_candidate_cannot_pin_its_code_with_a_wide_alignment(tmp_path):
    """One function aligned to a page aligns the whole .text: every padding would round up
    to the same place. The linked copy's executable sections are aligned to 16 bytes."""
    p = get_problem(SCAN)
    comp = toolchain.find_compiler("native")
    text = (
        "#include <vector>\n__attribute__((aligned(4096), used)) int harness_pin(int v) { return v + 1; }\n" + SCAN_BODY
    )
    build, _ = toolchain.build_candidate(p, text, "serial", comp)
    assert build.ok, build
    pads = [0, 16, 1008, 4080]
    paths = toolchain.layout_variants(build, pads, tmp_path, comp, "serial", sandboxed=True)
    addr = [_symbol(x, "harness_call") for x in paths]
    assert [a - addr[0] for a in addr] == pads, [hex(a) for a in addr]


def test_every_timed_pair_gets_a_layout_and_the_candidates_are_removed():
    """An A/A: one code layout per pair (max_pairs of them), drawn from the evaluation's
    input key; the candidate's layouts live only as long as its evaluation, the
    baseline's stay in its build folder for the next one."""
    p = get_problem(SCAN)
    root = toolchain.cache_root()
    before = set(root.glob("layouts-*"))
    r = evaluate(
        p,
        p.source("baseline.cpp"),
        "serial",
        EvalConfig(quick=True, use_cache=False, min_pairs=12, max_pairs=12, adaptive=False),
    )
    assert r.status == "correct", r.evidence
    assert r.evidence["code_layouts"] == 12 and r.pairs == 12
    assert 0 < r.evidence["code_layouts_s"] < r.wall_s
    assert set(root.glob("layouts-*")) == before
    comp = toolchain.find_compiler("native")
    base = toolchain.build_trusted(p, "baseline", "serial", comp)
    kept = sorted((Path(base.path).parent / f"layouts-{comp.layout_linker or 'default'}").glob("layout-*.so"))
    assert len(kept) >= 12
    if shutil.which("ld.gold"):  # Debian 12's binutils: the layouts are linked with gold (3x faster links)
        assert comp.layout_linker == "gold" and r.compiler["layout_linker"] == "gold"
        sections = subprocess.run(["readelf", "-W", "-S", str(kept[0])], capture_output=True, text=True).stdout
        assert ".note.gnu.gold-version" in sections
    v = evaluate(p, p.source("baseline.cpp"), "serial", EvalConfig(quick=True, use_cache=False, validate_only=True))
    assert v.status == "correct" and "code_layouts" not in v.evidence


def test_a_candidates_layouts_are_linked_only_as_far_as_its_pairs_go():
    """The layouts of the pairs every evaluation times are linked before the judge starts
    (min_pairs 10, to the end of its block: 12); the judge asks for more only when it
    goes on. A timing stopped by its budget at 12 pairs links 12 layouts, not 40; one
    that runs to max_pairs 20 links 20 (16, then the rest)."""
    p = get_problem(SCAN)
    quick = EvalConfig(quick=True, use_cache=False, min_pairs=10, max_pairs=40, adaptive=False)
    short = evaluate(p, p.source("baseline.cpp"), "serial", replace(quick, budget_s=1e-6))
    assert short.status == "correct" and short.pairs == 12, (short.status, short.pairs, short.evidence)
    assert short.evidence["code_layouts"] == 12 and short.evidence["timing_stopped"] == "budget"
    full = evaluate(p, p.source("baseline.cpp"), "serial", replace(quick, max_pairs=20))
    assert full.status == "correct" and full.pairs == 20 and full.evidence["code_layouts"] == 20, full.evidence
    # the order of the pairs' windows: ABBA, but for the blocks after an on-demand link
    # that the keyed draw swapped
    assert short.evidence["layouts_relinked"] == [] and short.evidence["pair_order"] == "BC" * 6
    relinked = full.evidence["layouts_relinked"]
    assert [pair for pair, _ in relinked] == [12, 16], relinked
    expect = ["BC"[p % 2] for p in range(20)]
    for pair, swapped in relinked:
        if swapped:
            expect[pair], expect[pair + 1] = "CB"
    assert full.evidence["pair_order"] == "".join(expect), (full.evidence["pair_order"], relinked)


@pytest.mark.parametrize("key", ["0" * 32, "1" * 32])
def test_the_block_after_a_link_swaps_its_orders_on_a_keyed_draw(key):
    """Whatever an on-demand link leaves on the machine falls on the first window after
    it: the block after it swaps its ABBA orders when a draw from the evaluation's key
    says so. Two fixed keys whose draws differ: one evaluation swaps (the baseline's
    window second in pair 12, first in pair 13), the other does not."""
    p = get_problem(SCAN)
    cfg = EvalConfig(quick=True, use_cache=False, min_pairs=10, max_pairs=16, adaptive=False, input_key=key)
    r = evaluate(p, p.source("baseline.cpp"), "serial", cfg)
    assert r.status == "correct" and r.pairs == 16, (r.status, r.evidence)
    swapped = key == "1" * 32
    assert r.evidence["layouts_relinked"] == [[12, swapped]], r.evidence["layouts_relinked"]
    assert r.evidence["pair_order"] == "BC" * 6 + ("CBBC" if swapped else "BCBC"), r.evidence["pair_order"]


def _first_fails_from(monkeypatch, pairs: int, max_pairs: int, validated: bool):
    """A batch of two timed to max_pairs (the baseline's own code and SCAN_BODY) where the
    first candidate's object does not link again for more than ``pairs`` pairs (its
    link_error after its validation when ``validated``, else before); its results."""
    link = evaluate_module.CandidateLayouts.link
    first_pads: list = []
    real_code_layouts = evaluate_module.code_layouts

    def recorded(*a, **kw):
        b, c = real_code_layouts(*a, **kw)
        first_pads.append(c.pads)
        return b, c

    def fails(self, upto):
        if upto > pairs and self.pads == first_pads[0]:
            time.sleep(0.5)  # still linking when the judge asks
            raise toolchain.LayoutError("the linker said no")
        link(self, upto)

    monkeypatch.setattr(evaluate_module.CandidateLayouts, "link", fails)
    monkeypatch.setattr(evaluate_module, "code_layouts", recorded)
    p = get_problem(SCAN)
    cfg = EvalConfig(quick=True, use_cache=False, min_pairs=10, max_pairs=max_pairs, adaptive=False)
    rs = evaluate_batch(p, [p.source("baseline.cpp"), SCAN_BODY], "serial", cfg)
    assert rs[0].status == "link_error" and "the linker said no" in rs[0].evidence["diagnostics"], rs[0].evidence
    assert (rs[0].validation_s > 0) == validated, rs[0].evidence
    assert rs[1].status == "correct" and rs[1].pairs == max_pairs, rs[1].evidence
    assert rs[1].evidence["code_layouts"] == max_pairs, rs[1].evidence
    return rs


def test_a_layout_that_does_not_link_on_demand_fails_only_its_candidate(monkeypatch):
    """The first candidate of a batch of two does not link its layouts past the first
    block (as an object with a directive that fails a second link would): link_error for
    it, the other timed to the end as if alone."""
    _first_fails_from(monkeypatch, 12, 16, validated=True)


def test_a_first_layout_that_does_not_link_fails_only_its_candidate(monkeypatch):
    """The first layouts are linked beside the judge's start: one candidate of two whose
    object does not link again at all is link_error (before its validation: the judge
    waits for the links before its first validation case), the other timed as if alone."""
    rs = _first_fails_from(monkeypatch, 0, 12, validated=False)
    assert rs[1].evidence["code_layouts_waited_s"] >= 0 and rs[1].evidence["code_layouts_s"] > 0


def test_a_bad_answer_to_the_judge_is_the_harnesss_trouble(monkeypatch):
    """A malformed answer to the judge's request for layouts (the orchestrator's own
    fault) ends the evaluation as the harness's error, never as the candidate's."""
    monkeypatch.setattr(
        evaluate_module, "_link_more", lambda *a: b"not json\n" if a[2].get("event") == "layouts" else None
    )
    p = get_problem(SCAN)
    with pytest.raises(HarnessError, match="code layouts"):
        evaluate(
            p, SCAN_BODY, "serial", EvalConfig(quick=True, use_cache=False, min_pairs=10, max_pairs=16, adaptive=False)
        )


def test_the_links_the_judge_waits_for_are_not_the_candidates_time(monkeypatch):
    """The evaluation's wall limit (max_eval_s) does not count the time the judge waited
    for its layouts: a link as long as the limit leaves the candidate `correct`."""
    link = evaluate_module.CandidateLayouts.link

    def slow(self, pairs):
        if pairs > 12:
            time.sleep(9)
        link(self, pairs)

    monkeypatch.setattr(evaluate_module.CandidateLayouts, "link", slow)
    p = get_problem(SCAN)
    cfg = EvalConfig(quick=True, use_cache=False, min_pairs=10, max_pairs=16, adaptive=False, max_eval_s=8)
    r = evaluate(p, SCAN_BODY, "serial", cfg)
    assert r.status == "correct" and r.pairs == 16, (r.status, r.evidence.get("why"))


def test_the_protocol_takes_layouts_requests_only_where_the_linked_ones_end():
    job = {
        "candidates": ["a.so", "b.so"],
        "validate": [],
        "measure": True,
        "size": 20,
        "seed0": 5,
        "min_pairs": 10,
        "max_pairs": 40,
        "layouts_ready": 12,
    }

    def req(pair, cands):
        return {"event": "layouts", "pair": pair, "candidates": cands}

    c = ProtocolCheck(job)
    assert "pair 16" in c(req(16, [0, 1]))  # not where the linked ones end
    c = ProtocolCheck(job)
    assert c(req(12, [0, 1])) == ""
    assert "pair 16" in c(req(16, [1]))  # before the answer said where the linked ones end
    c.next_layouts = 16  # as _link_more's answer sets it
    assert c(req(16, [1])) == ""
    assert "candidates" in ProtocolCheck(job)(req(12, [0, 0]))
    assert "candidates" in ProtocolCheck(job)(req(12, [2]))
    assert "candidates" in ProtocolCheck(job)(req(12, []))
    assert "pair" in ProtocolCheck({**job, "layouts_ready": None})(req(12, [0]))  # every layout linked
    # the first layouts linked beside the judge's start: asked for at pair 0, once
    c = ProtocolCheck({**job, "layouts_ready": 0})
    assert "pair 12" in c(req(12, [0, 1]))
    c = ProtocolCheck({**job, "layouts_ready": 0})
    assert c(req(0, [0, 1])) == ""
    assert "pair 0" in c(req(0, [0, 1]))  # again, before the answer
    c.next_layouts = 12  # as _link_more's answer sets it
    assert "pair 0" in c(req(0, [1])) and c(req(12, [1])) == ""
    # a link_error in the timing phase: only for a candidate whose layout the orchestrator failed
    late = {"event": "result", "candidate": 0, "status": "link_error", "why": "x", "phase": "timing"}
    c = ProtocolCheck(job)
    assert "after the candidate was loaded" not in c(late)  # before any case: a load failure
    ok_case = {"event": "validated", "candidate": 0, "size": 10, "seed": 1, "status": "ok"}
    for failed in (False, True):
        c = ProtocolCheck({**job, "validate": [[10, 1]]})
        assert c({**ok_case, "baseline_ns": 1, "candidate_ns": 1}) == ""
        c.candidates[0].link_failed = failed
        assert ("after the candidate was loaded" in c(late)) != failed


# A constructor that does nothing the first time the candidate's code is loaded (the
# object as built, at the judge's start) and attacks at every later load: one code layout
# per timed pair gives it a load before every pair.
LATER_LOADS = """
#include <chrono>
#include <cstdlib>
#include <thread>
#include <vector>
static int harness_attack = [] {
  if (!std::getenv("ATTACK_LOADED")) { setenv("ATTACK_LOADED", "1", 1); return 0; }
#ifdef START_THREAD
  std::thread([] { std::this_thread::sleep_for(std::chrono::seconds(20)); }).detach();
#else
  volatile double s = 0;
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(300);
  while (std::chrono::steady_clock::now() < until) s = s + 1.0;
#endif
  return 0;
}();
"""


@pytest.mark.parametrize(
    "define,why", [("START_THREAD", "threads switching code layouts"), ("BURN", "CPU switching code layouts")]
)
def test_work_done_when_a_code_layout_loads_is_rejected(define, why):
    text = f"#define {define}\n" + LATER_LOADS + SCAN_BODY
    r = evaluate(
        get_problem(SCAN),
        text,
        "serial",
        EvalConfig(quick=True, use_cache=False, screen=False, min_pairs=8, max_pairs=8),
    )
    assert r.status == "rejected", (r.status, r.evidence)
    assert why in r.evidence["why"], r.evidence["why"]


# Honest code whose inline condition-variable wait binds pthread_cond_timedwait: a layout
# linked without the shared libraries bound it to its oldest version, which never saw the
# notify, and every timed call ran into the deadline.
WAITS = """
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>
void prefixSum(std::vector<double> const& x, std::vector<double>& output) {
  std::mutex m; std::condition_variable cv; bool done = false;
  std::thread t([&] {
    double s = 0.0;
    for (size_t i = 0; i < x.size(); ++i) { s += x[i]; output[i] = s; }
    { std::lock_guard<std::mutex> g(m); done = true; }
    cv.notify_one();
  });
  { std::unique_lock<std::mutex> l(m);
    cv.wait_until(l, std::chrono::system_clock::now() + std::chrono::seconds(30), [&] { return done; }); }
  t.join();
}
"""
# Keeps the address of its function in the first copy of its code that loads (the object
# as built) and calls it from every later layout: a fixed placement whatever the judge
# loads. The judge closes each layout before the next, so the address dangles: the call
# traps on padding, faults, or (about one evaluation in eight on a Zen 4, measured) lands in
# the next layout's code at the old address and returns with the output unwritten. Each is a
# failed verdict.
KEEPS_FIRST = """
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <vector>
using Fn = void (*)(std::vector<double> const&, std::vector<double>&);
__attribute__((noinline)) static void impl(std::vector<double> const& x, std::vector<double>& output) {
  std::inclusive_scan(x.begin(), x.end(), output.begin());
}
static Fn first = [] {
  if (const char* v = std::getenv("ATTACK_FN")) return (Fn)std::strtoull(v, nullptr, 16);
  char b[32]; std::snprintf(b, sizeof b, "%llx", (unsigned long long)(void*)&impl); setenv("ATTACK_FN", b, 1);
  return &impl;
}();
void prefixSum(std::vector<double> const& x, std::vector<double>& output) { first(x, output); }
"""
# Binds memcpy to a version of its choosing; it links as built, and at every code offset.
SYMVER = """
#include <cstring>
#include <numeric>
#include <vector>
extern "C" void* harness_old_memcpy(void*, const void*, size_t);
asm(".symver harness_old_memcpy, memcpy@GLIBC_2.2.5");
void prefixSum(std::vector<double> const& x, std::vector<double>& output) {
  std::inclusive_scan(x.begin(), x.end(), output.begin());
  if (x.size() == 1) harness_old_memcpy(output.data(), x.data(), sizeof(double));
}
"""
# Crashes at its third call of the timed size: validation makes two, calibration the third.
CRASHES_IN_TIMING = """
#include <cstdlib>
#include <numeric>
#include <vector>
static int calls = 0;
void prefixSum(std::vector<double> const& x, std::vector<double>& output) {
  if (x.size() == SIZE && ++calls == 3) std::abort();
  std::inclusive_scan(x.begin(), x.end(), output.begin());
}
"""


@pytest.mark.parametrize(
    "name,verdicts",
    [
        ("WAITS", {("correct", "")}),
        ("SYMVER", {("correct", "")}),
        ("KEEPS_FIRST", {("runtime_error", "killed by"), ("incorrect", "output[0]")}),
        ("CRASHES_IN_TIMING", {("runtime_error", "killed by SIGABRT")}),
    ],
)
def test_what_code_layouts_change_for_a_candidate(name, verdicts):
    p = get_problem(SCAN)
    text = globals()[name].replace("SIZE", str(p.default_size("serial", True)))
    r = evaluate(p, text, "serial", EvalConfig(quick=True, use_cache=False, screen=False, min_pairs=8, max_pairs=8))
    assert any(r.status == status and why in r.evidence.get("why", "") for status, why in verdicts), (
        r.status,
        r.evidence,
    )


def test_a_code_layout_that_does_not_load_is_a_runtime_error(tmp_path):
    from harness import _bench

    p = get_problem(SCAN)
    comp = toolchain.find_compiler("native")
    drv = toolchain.build_trusted(p, "driver", "serial", comp).path
    base = toolchain.build_trusted(p, "baseline", "serial", comp)
    runner = os.path.join(os.path.dirname(_bench.__file__), "harness_side")
    good = toolchain.layout_variants(base, [32], tmp_path, comp, "serial", sandboxed=False)
    with pytest.raises(ValueError, match="every side or none"):
        _bench.Bench(drv, base.path, [base.path], runner, sandboxed=False, baseline_layouts=good)
    (tmp_path / "broken.so").write_text("not an object")
    bench = _bench.Bench(
        drv,
        base.path,
        [base.path],
        runner,
        sandboxed=False,
        baseline_layouts=good,
        candidate_layouts=[[str(tmp_path / "broken.so")]],
    )
    assert bench.start()["status"] == "ok"
    r = bench.measure(p.default_size("serial", True), 1, min_pairs=2, max_pairs=2)
    c = r["candidates"][0]
    assert r["status"] == "ok" and c["status"] == "runtime_error" and "code layout 1" in c["why"], r
    del bench
