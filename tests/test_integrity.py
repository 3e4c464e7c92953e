"""Verdicts that in-process code cannot forge, and every timed output checked.

The screen of the compiled object (harness.measure.screen), the protocol sequence the
orchestrator accepts (evaluate.ProtocolCheck, enforced by sandbox.run), and the check of
every call inside a batched measurement (cpp/inprocess.cpp, check_call).
"""

import os
import shutil
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from harness.measure import races, sandbox, screen, toolchain
from harness.measure.evaluate import EvalConfig, ProtocolCheck, _validation_cases
from harness.measure.suite import get_problem, load_suite

from prebuild import candidates
from test_hostile import PID, cand, no_leftovers  # noqa: F401 - the fixture checks every test here

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap not installed")
HERE = Path(__file__).parent
FORGER = (HERE / "hostile" / "forges_verdict.cpp").read_text()


# ---------------------------------------------------------------- the forging candidate
def test_forging_candidate_is_rejected_by_the_screen(run_eval):
    """A ~60-line candidate that finds the private pipe in /proc/self/cmdline and the nonce
    in its own memory, and writes a `result` with a 1000x speedup (the harness before the
    screen and the protocol check reported exactly that, `correct`)."""
    r = run_eval(PID, FORGER, "omp", size=20000)
    assert r.status == "rejected", r.evidence
    banned = r.evidence["screen"]
    assert "write (files and file descriptors)" in banned
    assert "fopen (files and file descriptors)" in banned
    assert "write" in r.evidence["why"] and r.speedup is None


def test_forging_candidate_finds_neither_pipe_nor_nonce_behind_the_screen(run_eval):
    """Behind the screen (which a candidate can pass by finding write() in libc's own
    symbol table at run time): the candidate runs in its own caller, whose command
    line has no --protocol-fd, whose memory never held the job (nor its nonce) and whose
    fds are its own shared-memory block, its arena and stdio only. It forges nothing and is judged
    on its own honest work (the in-process worker before the judge killed it for a
    forged result arriving too early; the protocol check stays behind it). Serial mode:
    in omp mode the race check's runner, which shares its process with the candidate,
    rejects the forger first (tests/test_races.py)."""
    r = run_eval(PID, FORGER, "serial", size=20000, screen=False, use_cache=False)
    assert r.status == "correct", r.evidence
    assert r.speedup < 2.0


# ---------------------------------------------------------------- the screen
SCREENED = {
    "opens_a_file": (
        "#include <cstdio>",
        'if (std::FILE* f = std::fopen("/etc/passwd", "r")) std::fclose(f);',
        "fopen (files and file descriptors)",
    ),
    "prints": ("#include <iostream>", 'std::cout << "hi";', "std::cout (console or file output)"),
    "printf": ("#include <cstdio>", 'std::printf("%d", 1);', "printf (console or file output)"),
    "forks": ("#include <unistd.h>", "if (fork() == 0) _exit(0);", "fork (processes)"),
    "exits": ("#include <cstdlib>", "std::exit(0);", "exit (processes)"),
    "getenv": ("#include <cstdlib>", 'if (std::getenv("HOME")) {}', "getenv (the environment)"),
    "dlsym": ("#include <dlfcn.h>", 'if (dlsym(RTLD_DEFAULT, "write")) {}', "dlsym (dynamic loading)"),
    "mprotect": (
        "#include <sys/mman.h>",
        "mprotect(nullptr, 0, PROT_EXEC);",
        "mprotect (memory mapping and protection)",
    ),
    "raw_syscall": (
        "#include <unistd.h>\n#include <sys/syscall.h>",
        "syscall(SYS_getpid);",
        "syscall (raw system calls)",
    ),
    "signal": ("#include <csignal>", "std::signal(SIGTERM, SIG_IGN);", "signal (signals)"),
    "socket": ("#include <sys/socket.h>", "socket(AF_INET, SOCK_STREAM, 0);", "socket (network)"),
    "affinity": (
        "#include <sched.h>",
        "cpu_set_t s; CPU_ZERO(&s); sched_setaffinity(0, sizeof s, &s);",
        "sched_setaffinity (scheduling and limits)",
    ),
    "syscall_instruction": (
        "",
        'long r; asm volatile("syscall" : "=a"(r) : "a"(39L) : "rcx", "r11", "memory");',
        "a 'syscall' instruction in ",
    ),
}


@pytest.mark.parametrize("name", sorted(SCREENED))
def test_screen_rejects_with_the_offence_named(run_eval, name):
    include, stmt, offence = SCREENED[name]
    r = run_eval(
        PID, cand(prefix=include, before=f"if (x.size() == 12345) {{ {stmt} }}"), "omp", size=20000, validate_only=True
    )
    assert r.status == "rejected", (name, r.status, r.evidence)
    assert any(b.startswith(offence) for b in r.evidence["screen"]), r.evidence["screen"]
    assert offence.split(" (")[0] in r.evidence["why"]


def test_screen_accepts_what_optimized_code_uses(run_eval):
    """std::thread, mutexes and condition variables, OpenMP, <cmath>, <complex>, sorting,
    containers, exceptions, std::ostringstream and std::to_string, <random>, clocks."""
    code = """
#include <algorithm>
#include <chrono>
#include <cmath>
#include <complex>
#include <condition_variable>
#include <map>
#include <mutex>
#include <omp.h>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>
static double noise() {
  std::ostringstream s; s << 1.5 << std::to_string(2);
  std::map<int, int> m; m[1] = 2; std::unordered_map<int, int> u; u[3] = 4;
  std::complex<double> z(1.0, 2.0); z = z * z / (z + 1.0);
  std::mt19937 g(std::random_device{}()); (void)g;
  std::vector<double> v = {3, 1, 2}; std::sort(v.begin(), v.end());
  auto t0 = std::chrono::steady_clock::now(); (void)t0;
  try { if (v.empty()) throw std::runtime_error(s.str()); } catch (const std::exception&) {}
  return std::exp(std::log(std::sqrt(std::abs(z) + m[1] + u[3]))) * 0.0;
}
void prefixSum(std::vector<double> const& x, std::vector<double>& output) {
  std::mutex mu; std::condition_variable cv; bool go = false;
  std::thread t([&] { std::lock_guard<std::mutex> l(mu); go = true; cv.notify_one(); });
  { std::unique_lock<std::mutex> l(mu); cv.wait(l, [&] { return go; }); }
  t.join();
  double s = noise() * omp_get_max_threads();
  for (size_t i = 0; i < x.size(); ++i) { s += x[i]; output[i] = s; }
}
"""
    r = run_eval(PID, code, "omp", size=20000, validate_only=True)
    assert r.status == "correct", r.evidence


@pytest.mark.parametrize(
    "call",
    [
        "__gnu_parallel::nth_element(y.begin(), y.begin() + (k - 1), y.end());",
        "__gnu_parallel::sort(y.begin(), y.end());",
    ],
    ids=["nth_element", "sort"],
)
def test_screen_admits_libstdcxx_parallel_mode(run_eval, call):
    """libstdc++'s parallel mode is OpenMP underneath (a gpt-oss-20b reply on this problem
    was rejected for importing __gnu_parallel::_Settings::get()): it passes the screen,
    the race check (its own benign races are suppressed) and validation in omp mode."""
    code = f"""
#include <parallel/algorithm>
#include <vector>
int findKthSmallest(std::vector<int> const& x, int k) {{
  std::vector<int> y(x);
  {call}
  return y[k - 1];
}}
"""
    r = run_eval("41_sort_k-th_smallest_element", code, "omp", quick=True, validate_only=True)
    assert r.status == "correct", r.evidence
    assert r.evidence["race_check"] in ("clean", "unavailable: " + str(races.find_tools()))
    # only the settings' read access is admitted, not their setter
    assert screen.allowed("_ZN14__gnu_parallel9_Settings3getEv")
    assert not screen.allowed("_ZN14__gnu_parallel9_Settings3setERS0_")


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="needs 2 CPUs")
def test_parallel_mode_is_bounded_by_the_granted_threads(run_eval):
    """A parallel-mode call that asks for more threads than granted (4 of 2) is stopped
    like any OpenMP code that does: the thread count is checked around every call. (With
    one thread granted, parallel mode runs sequentially whatever it is asked.)"""
    code = """
#include <parallel/algorithm>
#include <vector>
int findKthSmallest(std::vector<int> const& x, int k) {
  std::vector<int> y(x);
  __gnu_parallel::sort(y.begin(), y.end(), __gnu_parallel::multiway_mergesort_tag(4));
  return y[k - 1];
}
"""
    r = run_eval("41_sort_k-th_smallest_element", code, "omp", quick=True, validate_only=True, threads=2)
    assert r.status == "rejected", r.evidence
    assert "more threads than granted" in r.evidence["why"]


def test_every_baseline_reference_and_wrong_variant_passes_the_screen(warm_builds):
    """The allowlist covers all the code the suites hold: baselines and expert references
    (correct) and the plausible wrong variants (which must stay `incorrect`, not become
    `rejected`). Compiled through the candidate path and screened, not run."""
    comp = toolchain.find_compiler()
    built = {}
    for suite in ("pareval", "polybench"):
        for pid, p in sorted(load_suite(suite).items()):
            for name, mode, text in candidates(suite, pid):
                b, _ = toolchain.build_candidate(p, text, mode, comp, sandboxed=False)
                assert b.ok, (pid, mode, name, b.diagnostics)
                built[f"{pid}/{mode}/{name}"] = b.path
    # the screen's binutils runs, on every CPU at once
    with ThreadPoolExecutor(max_workers=len(os.sched_getaffinity(0))) as pool:
        verdicts = dict(zip(built, pool.map(lambda path: screen.screen_object(path, sandboxed=False), built.values())))
    bad = {label: why for label, why in verdicts.items() if why}
    assert len(built) > 300 and bad == {}


@pytest.mark.parametrize(
    "symbol,ok",
    [
        ("memcpy", True),
        ("sin", True),
        ("sinf", True),
        ("__exp_finite", True),
        ("_ZGVdN4v_sin", True),
        ("GOMP_parallel", True),
        ("omp_get_thread_num", True),
        ("pthread_create", True),
        ("pthread_mutex_lock", True),
        ("_Znwm", True),
        ("_ZdlPvm", True),
        ("__cxa_throw", True),
        ("_ZSt20__throw_length_errorPKc", True),
        ("_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE", True),
        ("_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE9_M_createERmm", True),
        ("_ZNSolsEi", True),
        ("_ZNSt3_V215system_categoryEv", True),
        ("_ZTVNSt7__cxx1119basic_ostringstreamIcSt11char_traitsIcESaIcEEE", True),
        ("write", False),
        ("read", False),
        ("open", False),
        ("ioctl", False),
        ("syscall", False),
        ("fopen", False),
        ("printf", False),
        ("puts", False),
        ("fwrite", False),
        ("_ZSt4cout", False),
        ("_ZSt4cerr", False),
        ("stdout", False),
        ("fork", False),
        ("execve", False),
        ("kill", False),
        ("dlopen", False),
        ("dlsym", False),
        ("dl_iterate_phdr", False),
        ("mmap", False),
        ("mprotect", False),
        ("getenv", False),
        ("signal", False),
        ("pthread_kill", False),
        ("pthread_setaffinity_np", False),
        ("sched_setaffinity", False),
        ("fesetround", False),
        ("_ZTVSt13basic_filebufIcSt11char_traitsIcEE", False),
        ("_ZNSt13basic_filebufIcSt11char_traitsIcEE4openEPKcSt13_Ios_Openmode", False),
        ("_ZGVdN4v_write", False),
    ],
)
def test_allowlist(symbol, ok):
    assert screen.allowed(symbol) is ok


# ---------------------------------------------------------------- the protocol sequence
JOB = {
    "candidates": ["c.so"],
    "validate": [[4, 121], [7, 122], [64, 98], [64, 99]],
    "measure": True,
    "size": 64,
    "seed0": 20240521,
    "min_pairs": 4,
    "max_pairs": 8,
}
END = {"event": "end", "status": "ok", "why": "", "phase": "timing"}


def _validated(size, seed, status="ok", candidate=0):
    return {
        "event": "validated",
        "candidate": candidate,
        "size": size,
        "seed": seed,
        "status": status,
        "baseline_ns": 100,
        "candidate_ns": 90,
    }


def _timing(**kw):
    m = {
        "event": "result",
        "candidate": 0,
        "status": "ok",
        "why": "",
        "phase": "timing",
        "size": 64,
        "seed0": 20240521,
        "baseline_ns": [100.0] * 4,
        "candidate_ns": [90.0] * 4,
        "baseline_iters": 3,
        "candidate_iters": 3,
        "clock_resolution_ns": 20.0,
        "cpus": [1],
        "omp_max_threads": 1,
        "process_threads": 2,
        "generation_ns": 1000,
        "doorbell_ns": 4000.0,
        "cpu_accounting": {
            "candidate_outside_ms": 9.0,
            "baseline_outside_ms": 9.5,
            "candidate_window_cpu_ms": 1.0,
            "baseline_window_cpu_ms": 1.1,
            "windows": 14,
            "candidate_idle_ms": 0.2,
            "baseline_idle_ms": 0.2,
            "idle_limit_ms": 20.5,
        },
        "stopped": "budget",
        "order": "BCBC",
        "relinked": [],
    }
    m.update(kw)
    return m


HONEST = [_validated(s, d) for s, d in JOB["validate"]] + [_timing(), END]


def _first_refusal(messages, job=JOB):
    check = ProtocolCheck(job)
    for i, m in enumerate(messages):
        why = check(m)
        if why:
            return i, why
    return None


def test_the_honest_sequences_are_accepted():
    assert _first_refusal(HONEST) is None
    assert (
        _first_refusal(
            HONEST[:4] + [{"event": "result", "candidate": 0, "status": "ok", "phase": "validation"}, END],
            {**JOB, "measure": False},
        )
        is None
    )
    failed = [
        _validated(4, 121),
        _validated(7, 122, "incorrect"),
        {
            "event": "result",
            "candidate": 0,
            "status": "incorrect",
            "why": "output[3]",
            "size": 7,
            "seed": 122,
            "phase": "validation",
        },
        END,
    ]
    assert _first_refusal(failed) is None
    assert _first_refusal([{"event": "result", "candidate": 0, "status": "link_error", "why": "dlopen"}, END]) is None
    assert (
        _first_refusal([{"event": "result", "candidate": 0, "status": "timeout", "why": "x", "phase": "load"}, END])
        is None
    )
    assert (
        _first_refusal(
            HONEST[:4] + [_timing(status="incorrect", why="x", baseline_ns=[1.0], candidate_ns=[1.0], order="B"), END]
        )
        is None
    )
    # a batch that could not go on: the candidates without a result are judged again
    assert _first_refusal(HONEST[:2] + [{**END, "status": "split", "why": "a baseline process died"}]) is None


def test_a_batch_interleaves_its_candidates():
    """Two candidates' sequences interleaved, each checked as a lone one's; the end last."""
    job = {**JOB, "candidates": ["a.so", "b.so"]}
    msgs = []
    for s, d in JOB["validate"]:
        msgs += [_validated(s, d, candidate=0), _validated(s, d, candidate=1)]
    assert _first_refusal(msgs + [_timing(candidate=1), _timing(), END], job) is None
    assert _first_refusal(msgs + [_timing(), END], job) == (9, "an ok end before every candidate's result")
    assert _first_refusal([_validated(4, 121, candidate=2)], job)[1].startswith("a 'validated' message for candidate 2")
    assert _first_refusal(msgs[:2] + [_validated(4, 121, candidate=1)], job)[1].startswith(
        "validation event 2 for size 4"
    )


@pytest.mark.parametrize(
    "messages,index,why",
    [
        ([_timing()], 0, "a result after 0 of 4 validation cases"),
        ([_validated(4, 121), _validated(64, 98)], 1, "the job's case is size 7, seed 122"),
        ([_validated(5, 121)], 0, "for size 5"),
        (HONEST[:4] + [_timing(size=65)], 4, "a timing result for size 65"),
        (HONEST[:4] + [_timing(seed0=1)], 4, "seed 1"),
        (HONEST[:4] + [_timing(baseline_ns=[100.0] * 5)], 4, "one baseline time per candidate time"),
        (HONEST[:4] + [_timing(baseline_ns=[1.0] * 9, candidate_ns=[1.0] * 9)], 4, "9 pairs"),
        (HONEST[:4] + [_timing(baseline_ns=[1.0] * 2, candidate_ns=[1.0] * 2)], 4, "2 pairs"),
        (HONEST[:4] + [_timing(candidate_ns=[0.0] * 4)], 4, "not a positive finite number"),
        (HONEST[:4] + [_timing(candidate_iters=0)], 4, "candidate_iters=0"),
        (HONEST[:5] + [_timing()], 5, "after the candidate's result"),
        (HONEST[:5] + [_validated(4, 121)], 5, "after the candidate's result"),
        (HONEST + [_validated(4, 121)], 6, "a 'validated' message after the end"),
        (HONEST[:4] + [END], 4, "an ok end before every candidate's result"),
        (HONEST[:4] + [{**END, "status": "fine"}], 4, "an end with status 'fine'"),
        ([{**_validated(4, 121), "candidate": None}], 0, "for candidate None of 1"),
        (HONEST[:4] + [_validated(4, 121)], 4, "validation event 5, but the job has 4 cases"),
        ([_validated(4, 121, "incorrect"), _validated(7, 122)], 1, "after a failed case"),
        ([_validated(4, 121, "incorrect"), _timing()], 1, "does not report the failed validation case"),
        ([_validated(4, 121, "correct")], 0, "with status 'correct'"),
        ([{"event": "hello", "candidate": 0}], 0, "an unknown event 'hello'"),
        (
            HONEST[:2] + [{"event": "result", "candidate": 0, "status": "link_error", "why": "x"}],
            2,
            "after the candidate was loaded",
        ),
        (
            HONEST[:4] + [{"event": "result", "candidate": 0, "status": "ok", "phase": "validation"}],
            4,
            "phase 'validation'",
        ),
    ],
)
def test_forged_sequences_are_refused(messages, index, why):
    got = _first_refusal(messages)
    assert got is not None and got[0] == index and why in got[1], got


def test_a_protocol_violation_kills_the_process_at_once():
    """sandbox.run stops reading at the first refused message and kills the child (which
    would otherwise sleep for a minute); the messages before it are kept."""
    script = (
        "import json, os, sys, time\n"
        "fd = int(sys.argv[-1]); n = sys.stdin.read()\n"
        "os.write(fd, (json.dumps({'event': 'validated', 'candidate': 0, 'size': 4, 'seed': 121,"
        " 'status': 'ok', 'baseline_ns': 1, 'candidate_ns': 1, 'nonce': n}) + '\\n').encode())\n"
        "os.write(fd, (json.dumps({'event': 'result', 'candidate': 0, 'status': 'ok', 'phase': 'timing',"
        " 'nonce': n})"
        " + '\\n').encode())\n"
        "time.sleep(60)\n"
    )
    t0 = time.monotonic()
    out = sandbox.run(
        [sys.executable, "-c", script],
        sandboxed=True,
        with_python=True,
        protocol=True,
        nonce="n0",
        stdin_bytes=b"n0",
        check=ProtocolCheck(JOB),
        timeout_s=90,
    )
    assert time.monotonic() - t0 < 30
    assert out.forged.startswith("a result after 1 of 4") and len(out.messages) == 1


@pytest.mark.parametrize(
    "payload,why",
    [
        ("'x' * (3 << 20)", "a protocol line longer than"),
        ('\'{"event": "validated"}\\n\'', "a protocol line without the evaluation's nonce"),
        ("'not json\\n'", "a protocol line that is not JSON"),
        ("json.dumps({'event': 'deadline', 'seconds': 'soon', 'nonce': 'n0'}) + '\\n'", "a deadline message"),
    ],
)
def test_malformed_protocol_lines_are_forgeries(payload, why):
    """A line that never ends is capped (the buffer stays bounded), and lines without the
    nonce, not JSON, or a deadline without a number of seconds are forgeries: the process
    is killed at once instead of sleeping out its minute."""
    script = f"import json, os, sys, time\nos.write(int(sys.argv[-1]), ({payload}).encode())\ntime.sleep(60)\n"
    t0 = time.monotonic()
    out = sandbox.run(
        [sys.executable, "-c", script],
        sandboxed=True,
        with_python=True,
        protocol=True,
        nonce="n0",
        check=ProtocolCheck(JOB),
        timeout_s=90,
    )
    assert time.monotonic() - t0 < 30
    assert out.forged.startswith(why), out.forged


def test_unsandboxed_child_that_closes_its_pipes_and_spins_is_timed_out():
    """Without the sandbox, a child that closes stdout, stderr and the protocol pipe and
    then spins used to hang the run (wait() without a timeout)."""
    script = "import os, sys\nfor fd in (1, 2, int(sys.argv[-1])): os.close(fd)\nwhile True: pass\n"
    t0 = time.monotonic()
    out = sandbox.run([sys.executable, "-c", script], sandboxed=False, protocol=True, nonce="n0", timeout_s=2.0)
    assert out.timed_out and time.monotonic() - t0 < 20


# ---------------------------------------------------------------- every timed output
def _skipper_seeds(seed0, max_pairs, size, key):
    """The input seeds whose outputs the harness compared before every call was checked:
    validation cases (public seeds), calibration seeds and each pair's own seed (the last
    call of each batched measurement), these two under the evaluation's input key."""
    from harness import _bench

    k0, k1 = int(key[:16], 16), int(key[16:], 16)
    timed = [seed0 + 1000003 * (k + 1) for k in range(3)] + [seed0 + 1 + p for p in range(max_pairs)]
    return [s for _, s in _validation_cases(get_problem(PID), size, seed0)] + [
        _bench.siphash24(k0, k1, s) for s in timed
    ]


def test_a_candidate_that_skips_work_inside_a_batch_is_incorrect(run_eval):
    """At a tiny size one measurement batches many calls. This candidate recognises the
    inputs whose outputs used to be compared and returns at once on every other call. It
    is given what no candidate has: the evaluation's input key (the test fixes it), so it
    knows the inputs of those seeds. Before every timed call was checked it was `correct`
    and several times faster; now the first skipped call of a batch is the mismatch."""
    from harness import _bench

    size, seed0, pairs = 64, EvalConfig.seed, 4
    key = "0123456789abcdef0123456789abcdef"
    p = get_problem(PID)
    comp = toolchain.find_compiler()
    drv = toolchain.build_trusted(p, "driver", "omp", comp)
    base = toolchain.build_trusted(p, "baseline", "omp", comp)
    bench = _bench.InProcessBench(drv.path, base.path, base.path)
    firsts = sorted({float(bench.inputs(size, s)["x"][0]) for s in _skipper_seeds(seed0, pairs, size, key)})
    table = ", ".join(repr(v) for v in firsts)
    text = cand(
        prefix="#include <algorithm>\nstatic const double kChecked[] = {" + table + "};",
        before="if (!x.empty() && !std::binary_search(std::begin(kChecked), std::end(kChecked), x[0])) return;",
    )
    r = run_eval(
        PID,
        text,
        "omp",
        size=size,
        validate_only=False,
        min_pairs=pairs,
        max_pairs=pairs,
        use_cache=False,
        input_key=key,
    )
    assert r.status == "incorrect", (r.status, r.evidence)
    assert r.evidence["phase"] == "timing"
    assert "call 1 of " in r.evidence["why"] and "in one timed measurement" in r.evidence["why"]


# ---------------------------------------------------------------- compilers outside /usr
@pytest.fixture
def compiler_at(tmp_path, monkeypatch):
    """compiler_at(script) -> CXX set to an executable wrapper script under tmp_path/opt/bin
    (outside the folders every sandbox mounts), with a fresh build cache."""
    from harness.measure import toolchain as tc

    def make(script: str) -> Path:
        path = tmp_path / "opt" / "bin" / "g++"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("#!/bin/sh\n" + script)
        path.chmod(0o755)
        monkeypatch.setenv("CXX", str(path))
        monkeypatch.setenv("HARNESS_CACHE", str(tmp_path / "cache"))
        tc.find_compiler.cache_clear()
        return path

    yield make
    tc.find_compiler.cache_clear()
    tc._WORKS_SANDBOXED.clear()


def test_a_compiler_outside_usr_works_in_the_sandbox(run_eval, compiler_at, tmp_path):
    """Its prefix is mounted in the compile sandbox; a failed precompiled header is built
    once (remembered), not again before every candidate."""
    log = tmp_path / "pch_attempts"
    cxx = compiler_at(f'case "$*" in *c++-header*) echo x >> {log}; exit 1;; esac\nexec /usr/bin/g++ "$@"\n')
    for k in range(2):
        r = run_eval(PID, cand(after=f"(void){k};"), "omp", size=2000, validate_only=True)
        assert r.status == "correct", r.evidence
        assert r.compiler["compiler"] == str(cxx)
    assert log.read_text() == "x\n"


def test_a_compiler_that_fails_in_the_sandbox_is_one_user_error(run_eval, compiler_at, tmp_path):
    """A wrapper that calls a program outside every mounted folder works for the trusted
    builds (outside the sandbox) and would make every candidate a compile_error: one
    clear error before any work instead."""
    from harness.core.errors import HarnessError

    hidden = tmp_path / "elsewhere" / "real-g++"
    hidden.parent.mkdir()
    hidden.symlink_to("/usr/bin/g++")
    compiler_at(f'exec {hidden} "$@"\n')
    with pytest.raises(HarnessError, match=r"does not work in the sandbox \(.*\).*opt"):
        run_eval(PID, cand(), "omp", size=2000, validate_only=True)


# ---------------------------------------------------------------- the verdict cache
@pytest.mark.parametrize(
    "stricter",
    [
        {"memory_bytes": 1 << 30},
        {"timeout_factor": 3.0},
        {"timeout_min_s": 0.5},
        {"max_eval_s": 600.0},
        {"unsafe": True},
    ],
)
def test_a_verdict_is_not_reused_under_other_limits(run_eval, stricter):
    """A verdict made with looser limits (or without the sandbox) is not a verdict under
    stricter ones: the limits are part of the verdict's key."""
    text = cand(after=f"(void){len(str(stricter))};")
    first = run_eval(PID, text, "omp", size=2000, validate_only=True)
    again = run_eval(PID, text, "omp", size=2000, validate_only=True)
    other = run_eval(PID, text, "omp", size=2000, validate_only=True, **stricter)
    assert first.status == again.status == other.status == "correct"
    assert again.cached and not other.cached and other.key != first.key


# ---------------------------------------------------------------- the process limit
def test_an_unenforced_process_limit_is_recorded(run_eval, monkeypatch):
    """Without a pids cgroup the limit falls back to RLIMIT_NPROC, which the kernel does
    not apply to root: the verdict's evidence and `selftest` say so."""
    monkeypatch.setattr(sandbox._Cgroup, "__init__", lambda self, limits: setattr(self, "dirs", []))
    r = run_eval(PID, cand(after="(void)'p';"), "omp", size=2000, validate_only=True, use_cache=False)
    assert r.status == "correct", r.evidence
    if os.geteuid() == 0:
        assert "not enforced" in r.evidence["process_limit"]
        assert "RLIMIT_NPROC" in sandbox.process_limit_gap()
    else:
        assert "process_limit" not in r.evidence and sandbox.process_limit_gap() == ""


_NOBODY_SCRIPT = """
import json, subprocess, sys
sys.path.insert(0, sys.argv[1])
from harness.measure import sandbox
# the user's other processes: a desktop or a busy login has many more than the sandbox's limit
others = [subprocess.Popen(["sleep", "60"]) for _ in range(40)]
try:
    ok = sandbox.run(["/bin/sh", "-c", "for i in 1 2 3 4 5 6 7 8; do sleep 0.2 & done; wait; echo forked"],
                     sandboxed=True, limits=sandbox.Limits(pids=16), timeout_s=30)
    bomb = sandbox.run(["/bin/sh", "-c", "for i in $(seq 40); do sleep 1 & done; wait; echo all40"],
                       sandboxed=True, limits=sandbox.Limits(pids=16), timeout_s=30)
finally:
    for p in others:
        p.kill()
print(json.dumps({"ok": [ok.returncode, ok.stdout_tail, ok.stderr_tail, ok.process_limit],
                  "bomb": [bomb.returncode, bomb.stdout_tail, bomb.stderr_tail, bomb.process_limit]}))
"""


@pytest.mark.skipif(
    os.geteuid() != 0 or not shutil.which("setpriv") or not os.access("/usr/bin/python3", os.X_OK),
    reason="needs root (to become another user), setpriv and /usr/bin/python3",
)
def test_process_limit_without_cgroup_counts_only_the_sandbox(tmp_path):
    """A user without a pids cgroup (no delegation: the usual non-root case) gets the
    process limit as RLIMIT_NPROC inside the sandbox's user namespace: it stops a fork
    bomb, yet the user's other processes (here 40) do not count against it. Set before
    bubblewrap ran, it counted them all and the sandbox's first fork failed."""
    import json
    import subprocess
    import tempfile

    d = Path(tempfile.mkdtemp(prefix="harness-nobody-"))
    try:
        os.chmod(d, 0o755)
        package = Path(sandbox.__file__).parents[1]  # harness/: the sandbox and the one module it imports
        for f in ("measure/sandbox.py", "core/errors.py"):
            (d / "harness" / f).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(package / f, d / "harness" / f)
        for f in ("__init__.py", "measure/__init__.py", "core/__init__.py"):
            (d / "harness" / f).write_text("")
        r = subprocess.run(
            [
                "setpriv",
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                "/usr/bin/python3",
                "-c",
                _NOBODY_SCRIPT,
                str(d),
            ],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=d,
        )
        assert r.returncode == 0, r.stderr
        out = json.loads(r.stdout)
        assert out["ok"][0] == 0 and "forked" in out["ok"][1], out["ok"]
        assert out["ok"][3] == ""  # enforced
        assert out["bomb"][0] != 0 and "all40" not in out["bomb"][1], out["bomb"]
        assert "fork" in out["bomb"][2].lower(), out["bomb"]
    finally:
        shutil.rmtree(d, ignore_errors=True)


@pytest.mark.skipif(os.geteuid() != 0, reason="unshare --pid needs root")
def test_a_harness_in_another_pid_namespace_leaves_our_cgroups_alone():
    """Stale-cgroup clean-up keys on the pid namespace: a harness in a container that
    shares this cgroup tree (its own pids) once removed our just-made, still empty
    cgroup, and our next sandboxed process failed to start. A cgroup of a gone harness
    of our own namespace is still removed."""
    import subprocess

    cg = sandbox._Cgroup(sandbox.Limits())
    if not cg.active:
        pytest.skip("no cgroup can be created here")
    parent = cg.dirs[0].parent
    assert not sandbox.cgroup_prefix().split("-")[1].isdigit()  # older versions parse that part as a pid
    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = parent / (sandbox.cgroup_prefix(dead.pid) + "deadbeef")
    try:
        stale.mkdir()
        other_ns = subprocess.run(
            [
                "unshare",
                "--pid",
                "--fork",
                sys.executable,
                "-c",
                f"from harness.measure import sandbox; from pathlib import Path; sandbox._remove_stale(Path({str(parent)!r}))",
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert other_ns.returncode == 0, other_ns.stderr
        assert all(d.is_dir() for d in cg.dirs) and stale.is_dir()
        sandbox._remove_stale(parent)
        assert not stale.exists() and all(d.is_dir() for d in cg.dirs)
    finally:
        cg.remove()
        if stale.exists():
            stale.rmdir()


# ---------------------------------------------------------------- user errors, one line each
@pytest.mark.parametrize(
    "edit,message",
    [
        (lambda t: t.replace('function = "prefixSum"\n', ""), "missing required key function"),
        (lambda t: t.replace("validate = ", "validation = "), "missing required key sizes.validate"),
        (lambda t: t + "\n[[helpers]]\nname = 1\n", "malformed (KeyError"),
    ],
)
def test_a_broken_problem_toml_is_one_line_naming_the_file(tmp_path, monkeypatch, capsys, edit, message):
    """`list` (and everything else that loads the suite) stops with one line naming the
    broken file, not a traceback: a broken problem is the suite's error, and listing the
    others would hide it. The suite is a copy of two problems in a folder of its own
    (--suite-dir)."""
    from harness.measure import suite
    from harness.cli import main

    root = tmp_path / "mine"
    for pid in ("30_scan_prefix_sum", "27_reduce_average"):
        shutil.copytree(suite.get_suite("pareval").path / pid, root / pid)
    (root / "suite.toml").write_text('name = "mine"\n')
    toml = root / PID / "problem.toml"
    text = toml.read_text()
    assert edit(text) != text
    toml.write_text(edit(text))
    monkeypatch.setenv(suite.SUITE_DIRS_ENV, "")  # restored after the test
    assert main(["list", "--suite-dir", str(tmp_path), "--suite", "mine"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and f"{toml}: {message}" in err, err


def test_a_failing_embedding_model_is_one_user_error():
    """litellm's error from the embedding call becomes a ModelConfigError (a HarnessError:
    one line, exit 2) naming the model, instead of a traceback from inside the lessons."""
    from harness.core.errors import HarnessError
    from harness.strategies.lessons import EmbeddingRelevance

    with pytest.raises(HarnessError) as ei:
        EmbeddingRelevance("no-such-provider/no-such-embedding")("query", ["a lesson"])
    assert str(ei.value).startswith("embedding model no-such-provider/no-such-embedding: ")
    assert len(str(ei.value).splitlines()) == 1


# ---------------------------------------------------------------- the model-weight packages
def _fake_chunk_dist(root: Path, extra: dict, init: bytes | None = None, entry_points: str = "") -> None:
    """A distribution ``fake-chunk-part1`` 0.9.0 installed under ``root`` as the weight
    packages are (metadata, data/part01.bin, the published __init__.py), plus ``extra``
    files {path relative to root: content}."""
    from harness.models import local_model

    pkg, info = root / "fake_chunk_part1", root / "fake_chunk_part1-0.9.0.dist-info"
    (pkg / "data").mkdir(parents=True)
    info.mkdir()
    files = {
        "fake_chunk_part1/data/part01.bin": b"GGUF",
        "fake_chunk_part1/__init__.py": init if init is not None else local_model._published_init(1),
        "fake_chunk_part1-0.9.0.dist-info/METADATA": b"Metadata-Version: 2.1\nName: fake-chunk-part1\nVersion: 0.9.0\n",
        **extra,
    }
    if entry_points:
        files["fake_chunk_part1-0.9.0.dist-info/entry_points.txt"] = entry_points.encode()
    for rel, data in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)
    record = "".join(f"{rel},,\n" for rel in files) + "fake_chunk_part1-0.9.0.dist-info/RECORD,,\n"
    (info / "RECORD").write_text(record)


@pytest.mark.parametrize(
    "extra,init,entry_points,refusal",
    [
        ({}, None, "", None),
        ({"fake_chunk.pth": b"import os; os.system('echo pwned')\n"}, None, "", "it installs fake_chunk.pth"),
        ({"../../../bin/g++": b"#!/bin/sh\n"}, None, "", "it installs ../../../bin/g++"),
        ({"harness/__init__.py": b""}, None, "", "it installs harness/__init__.py"),
        ({}, b"import os\nos.system('echo pwned')\n", "", "its fake_chunk_part1/__init__.py is not the one published"),
        ({}, None, "[console_scripts]\ng++ = fake_chunk_part1:main\n", "it declares entry points"),
    ],
)
def test_weight_packages_must_install_nothing_but_their_data(tmp_path, monkeypatch, extra, init, entry_points, refusal):
    """The six weight packages are pinned by version only: before their data is used,
    their installed file list (RECORD) must hold nothing else that could run code."""
    from harness.models import local_model
    from harness.models.local_model import LocalModelError

    site = tmp_path / "lib" / "site"
    _fake_chunk_dist(site, extra, init, entry_points)
    monkeypatch.syspath_prepend(str(site))
    if refusal is None:
        assert local_model.find_chunk_files(["fake-chunk-part1"]) == [
            (site / "fake_chunk_part1/data/part01.bin").resolve()
        ]
    else:
        with pytest.raises(LocalModelError) as ei:
            local_model.find_chunk_files(["fake-chunk-part1"])
        assert refusal in str(ei.value) and len(str(ei.value).splitlines()) == 1, str(ei.value)
