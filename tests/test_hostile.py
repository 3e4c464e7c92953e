"""Hostile candidates: each is classified right, the harness survives, nothing is left behind.

All use 30_scan_prefix_sum at a small size, validation only (the checks run around
every candidate call, timed or not). Most of these candidates import what the screen of
compiled objects (harness.measure.screen, tests/test_integrity.py) rejects before they run; here
the screen is off, because the defences behind it (sandbox, process-state checks,
protocol check) must hold on their own: a candidate can pass the screen by finding libc's
functions at run time.
"""

import os
import socket
import threading
from pathlib import Path

import pytest

from harness.measure import sandbox

import shutil

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap not installed")
PID = "30_scan_prefix_sum"
CORRECT_BODY = """
  double s = 0.0;
  for (size_t i = 0; i < x.size(); ++i) { s += x[i]; output[i] = s; }
"""


def cand(prefix: str = "", before: str = "", after: str = "") -> str:
    return (
        f"#include <vector>\n{prefix}\nvoid prefixSum(std::vector<double> const& x, "
        f"std::vector<double>& output) {{\n{before}\n{CORRECT_BODY}\n{after}\n}}\n"
    )


def _descendants(root: int) -> list[int]:
    parent = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
            except OSError:
                continue
            parent[int(d.name)] = int(stat[stat.rfind(")") + 2 :].split()[1])
    out, frontier = [], [root]
    while frontier:
        p = frontier.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        out += kids
        frontier += kids
    return out


def assert_no_processes_or_cgroups_left() -> None:
    """No descendant process of this one, and none of its cgroups, is left."""
    assert _descendants(os.getpid()) == []
    # where the sandbox makes its cgroups (below this process's own group of each controller)
    probe = sandbox._Cgroup(sandbox.Limits())
    parents = {d.parent for d in probe.dirs}
    probe.remove()
    for d in parents:
        assert not [p for p in d.iterdir() if p.name.startswith(sandbox.cgroup_prefix())]


@pytest.fixture(autouse=True)
def no_leftovers():
    yield
    assert_no_processes_or_cgroups_left()


def ev(run_eval, text, mode="omp", **kw):
    kw.setdefault("size", 20000)
    kw.setdefault("validate_only", True)
    kw.setdefault("screen", False)
    return run_eval(PID, text, mode, **kw)


CASES = {
    "does_not_compile": (cand(before="this is not C++;"), "compile_error"),
    "wrong_signature": (
        "#include <vector>\nvoid prefixSum(std::vector<float> const& x, std::vector<float>& o) {}\n",
        "link_error",
    ),
    "declared_not_defined": (
        "#include <vector>\nvoid helper(double*);\n" + cand(before="helper(nullptr);"),
        "link_error",
    ),
    "segfault": (cand(before="volatile int* p = nullptr; *p = 1;"), "runtime_error"),
    "abort": (cand(prefix="#include <cstdlib>", before="std::abort();"), "runtime_error"),
    "infinite_loop": (cand(before="for (volatile int k = 0; ; ) { (void)k; }"), "timeout"),
    "exit_before_return": (cand(prefix="#include <cstdlib>", before="std::exit(0);"), "runtime_error"),
    "allocates_64GiB": (
        cand(
            prefix="#include <cstring>",
            before="char* volatile big = new char[64ull << 30]; std::memset(big, 1, 64ull << 30);",
        ),
        "runtime_error",
    ),
    # the caller's seccomp filter refuses fork (EPERM): the candidate's own work is judged;
    # the race runner's sandbox lets it fork up to its process limit, and under the detector
    # it may miss its deadline there (then it cannot be shown race-free: timeout)
    "fork_loop": (
        cand(prefix="#include <unistd.h>", before="for (int k = 0; k < 100000; ++k) fork();"),
        ("correct", "timeout"),
    ),
    "setsid_then_loops": (
        cand(prefix="#include <unistd.h>", before="if (fork() == 0) { setsid(); for (;;) {} }"),
        "correct",
    ),
    "caches_in_static": (
        cand(
            prefix="#include <map>",
            before="""
        static std::vector<double> memo;
        if (!memo.empty() && memo.size() == x.size()) { output = memo; return; }""",
            after="memo = output;",
        ),
        "incorrect",
    ),
    "writes_const_input": (cand(before="if (!x.empty()) const_cast<std::vector<double>&>(x)[0] += 1.0;"), "rejected"),
    "detached_thread": (
        cand(
            prefix="#include <thread>\n#include <chrono>",
            before="std::thread([]{ std::this_thread::sleep_for(std::chrono::seconds(30)); }).detach();",
        ),
        "rejected",
    ),
    "rounding_mode": (cand(prefix="#include <cfenv>", after="std::fesetround(FE_UPWARD);"), "rejected"),
    "flush_denormals": (cand(prefix="#include <xmmintrin.h>", after="_mm_setcsr(_mm_getcsr() | 0x8040);"), "rejected"),
    "omp_set_num_threads_64": (cand(prefix="#include <omp.h>", after="omp_set_num_threads(64);"), "rejected"),
    "throws_exception": (
        cand(prefix="#include <stdexcept>", before='throw std::runtime_error("boom");'),
        "runtime_error",
    ),
    "forges_protocol": (
        cand(
            prefix="#include <cstring>\n#include <unistd.h>",
            before="""
        static bool sent = false;
        if (!sent) { sent = true;
          const char* m = "{\\"event\\":\\"result\\",\\"status\\":\\"correct\\"}\\n";
          for (int fd = 3; fd < 64; ++fd) (void)!write(fd, m, std::strlen(m)); }""",
        ),
        # the protocol pipe is the judge's, closed in the candidate's runner: the line lands
        # in the runner's own shared-memory block (fd 3), whose command words the judge
        # rewrites before every command, and changes nothing
        "correct",
    ),
    "extends_deadline_then_hangs": (
        cand(
            prefix="#include <cstring>\n#include <unistd.h>",
            before="""
        const char* m = "{\\"event\\":\\"deadline\\",\\"seconds\\":100000}\\n";
        for (int fd = 3; fd < 64; ++fd) (void)!write(fd, m, std::strlen(m));
        pause();""",
        ),
        # the deadline notice cannot reach the protocol pipe (see forges_protocol): the
        # candidate's own deadline ends it
        "timeout",
    ),
    "floods_stdout": (
        cand(
            prefix="#include <cstdio>",
            before='for (int k = 0; k < 200000; ++k) std::printf("flood flood flood flood %d\\n", k);',
        ),
        "correct",
    ),
}


FORGES_PIPE = {"forges_protocol", "extends_deadline_then_hangs"}


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile(run_eval, name):
    text, expected = CASES[name]
    # The forgers write to every fd: in omp mode the race check's runner, which shares its
    # process with the candidate, would reject them first (tests/test_races.py); serial
    # mode has no race check, so these reach the judge's caller.
    mode = "serial" if name in FORGES_PIPE else "omp"
    r = ev(run_eval, text, timeout_min_s=2.0, mode=mode)
    allowed = expected if isinstance(expected, tuple) else (expected,)
    assert r.status in allowed, (name, r.status, r.evidence)
    if r.status in ("compile_error", "link_error"):
        assert r.evidence["diagnostics"]
    if r.status in ("rejected", "incorrect"):
        assert r.evidence["why"]


def test_an_object_beyond_the_file_limit_is_the_candidates_compile_error(run_eval):
    """A candidate cannot make the compiler write an object larger than the tools' file
    limit (toolchain.TOOL_FILE_BYTES, RLIMIT_FSIZE): 300 MiB of initialised data ends its
    compile, as the candidate's own compile error, without filling the disk."""
    big = cand(prefix="static volatile char big[300 << 20] = {1};", before="(void)big[x.size() % 7];")
    r = ev(run_eval, big, mode="serial", use_cache=False)
    assert r.status == "compile_error", (r.status, r.evidence)


def test_a_full_disk_stops_the_run_instead_of_failing_the_candidate(run_eval, monkeypatch):
    """Compiling or linking with no room on the cache's disk is the harness's trouble:
    DiskFullError, a HarnessError (the run stops, nothing measured is lost), never a
    compile or link error charged to the candidate. The figure is fixed: no candidate
    can make the check fail by the size of its own object."""
    from harness.measure import toolchain

    real = shutil.disk_usage
    monkeypatch.setattr(toolchain.shutil, "disk_usage", lambda p: real(p)._replace(free=toolchain.FREE_BYTES_MIN - 1))
    with pytest.raises(toolchain.DiskFullError, match="MiB free on the disk of"):
        ev(run_eval, cand(before="volatile int fresh = 12345; (void)fresh;"), mode="serial", use_cache=False)


def test_writes_const_input_is_rejected_with_reason(run_eval):
    r = ev(run_eval, cand(before="if (!x.empty()) const_cast<std::vector<double>&>(x)[x.size() / 2] = 7.0;"))
    assert r.status == "rejected"
    assert "const input 'x'" in r.evidence["why"]


def _cgroup_usable() -> bool:
    """Whether this process can make the sandbox's cgroups (root, or a delegated tree)."""
    cg = sandbox._Cgroup(sandbox.Limits())
    usable = cg.active
    cg.remove()
    return usable


@pytest.mark.skipif(
    not _cgroup_usable(),
    reason="no cgroup can be made here (e.g. not root): the rlimit fallback turns exhaustion into bad_alloc",
)
def test_a_timeout_after_memory_exhaustion_says_so(run_eval):
    """A thread eats memory until the cgroup's limit stops it while the candidate spins:
    the OOM killer ends the runner (runtime_error), or a failed allocation leaves the spin
    to the watchdog (timeout); either way the evidence names the memory limit. (A child
    process cannot do it any more: the caller refuses fork.)"""
    hog = cand(
        prefix="#include <cstring>\n#include <new>\n#include <thread>\n#include <unistd.h>",
        before="""
        std::thread([] { try { for (;;) { char* p = new char[64 << 20]; std::memset(p, 1, 64 << 20); } }
                         catch (const std::bad_alloc&) { for (;;) pause(); } }).detach();
        for (volatile int k = 0; ; ) { (void)k; }""",
    )
    # 256 MiB: a child that touches ~200 MB/s (seen on a slow VM) reaches it well within 2 s
    r = ev(run_eval, hog, timeout_min_s=2.0, memory_bytes=1 << 28)
    assert r.status in ("timeout", "runtime_error") and "memory limit (256 MiB)" in r.evidence["why"], r.evidence


@pytest.mark.parametrize(
    "tamper,why",
    [
        ("if (!x.empty()) const_cast<std::vector<double>&>(x)[0] += 1.0;", "the baseline modified its const inputs"),
        ("omp_set_dynamic(!omp_get_dynamic());", "the baseline changed omp_set_dynamic"),
    ],
)
def test_a_baseline_that_tampers_is_a_broken_problem(tmp_path, tamper, why):
    """The baseline's timed calls get the candidate's checks: a baseline that writes a
    const input or changes the process state makes the problem broken (one error), and
    its own source, sent as the candidate, is not judged against it."""
    import dataclasses

    from harness.core.errors import HarnessError
    from harness.measure.evaluate import EvalConfig, evaluate
    from harness.measure.suite import get_problem

    p = get_problem(PID)
    folder = tmp_path / PID
    shutil.copytree(p.path, folder)
    (folder / "baseline.cpp").write_text(cand(after=tamper))
    broken = dataclasses.replace(p, path=folder)
    with pytest.raises(HarnessError, match=f"{PID}: {why}.*broken problem"):
        evaluate(broken, cand(), "omp", EvalConfig(size=20000, min_pairs=4, max_pairs=4))


def test_segfault_names_the_signal(run_eval):
    r = ev(run_eval, CASES["segfault"][0])
    assert "SIGSEGV" in r.evidence["why"]


SECRET = "sk-harness-test-secret-0123456789"


def test_api_key_env_not_visible(run_eval, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    monkeypatch.setenv("ANTHROPIC_API_KEY", SECRET)
    r = ev(
        run_eval,
        cand(
            prefix="#include <cstdlib>",
            before='if (std::getenv("OPENAI_API_KEY") || std::getenv("ANTHROPIC_API_KEY")) std::abort();',
        ),
    )
    assert r.status == "correct", r.evidence


def test_parent_environ_not_readable(run_eval, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    probe = f"""
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>
static bool leaks(const std::string& path) {{
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  char buf[65536]; size_t n = std::fread(buf, 1, sizeof buf - 1, f); std::fclose(f);
  return memmem(buf, n, "{SECRET}", {len(SECRET)}) != nullptr;
}}
static void probe() {{
  for (int pid = 1; pid < 4096; ++pid)
    if (leaks("/proc/" + std::to_string(pid) + "/environ")) std::abort();
  if (leaks("/proc/" + std::to_string(getppid()) + "/environ")) std::abort();
}}
"""
    r = ev(run_eval, cand(prefix=probe, before="probe();"))
    assert r.status == "correct", r.evidence


def test_dotenv_in_working_directory_not_readable(run_eval, tmp_path, monkeypatch):
    (tmp_path / ".env").write_text(f"OPENAI_API_KEY={SECRET}\n")
    monkeypatch.chdir(tmp_path)
    probe = f"""
#include <cstdio>
#include <cstdlib>
static void probe() {{
  const char* paths[] = {{".env", "../.env", "{tmp_path}/.env"}};
  for (const char* p : paths) if (FILE* f = std::fopen(p, "r")) {{ std::fclose(f); std::abort(); }}
}}
"""
    r = ev(run_eval, cand(prefix=probe, before="probe();"))
    assert r.status == "correct", r.evidence


def test_no_network_to_loopback_listener(run_eval):
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(5)
    srv.settimeout(0.2)
    port = srv.getsockname()[1]
    accepted = []

    def accept():
        try:
            accepted.append(srv.accept())
        except OSError:
            pass

    t = threading.Thread(target=accept)
    t.start()
    probe = f"""
#include <arpa/inet.h>
#include <cstdlib>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
static void probe() {{
  int s = socket(AF_INET, SOCK_STREAM, 0);
  if (s < 0) return;
  sockaddr_in a{{}}; a.sin_family = AF_INET; a.sin_port = htons({port});
  inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
  if (connect(s, (sockaddr*)&a, sizeof a) == 0) std::abort();
  close(s);
}}
"""
    try:
        r = ev(run_eval, cand(prefix=probe, before="probe();"))
    finally:
        t.join()
        srv.close()
    assert r.status == "correct", r.evidence
    assert accepted == []


def test_cannot_write_home_directory(run_eval):
    marker = Path.home() / "harness_pwned_marker"
    marker.unlink(missing_ok=True)
    probe = f"""
#include <cstdio>
#include <cstdlib>
#include <string>
static void probe() {{
  const char* home = std::getenv("HOME");
  for (std::string p : {{std::string(home ? home : "/tmp") + "/harness_pwned_marker", std::string("{marker}")}})
    if (FILE* f = std::fopen(p.c_str(), "w")) {{ std::fputs("pwned", f); std::fclose(f); }}
}}
"""
    r = ev(run_eval, cand(prefix=probe, before="probe();"))
    assert r.status == "correct", r.evidence
    assert not marker.exists()


def test_no_call_sees_the_inputs_of_the_previous_call(run_eval):
    """At tiny sizes a measurement repeats the call; every call must get fresh inputs, so
    a candidate cannot skip work by recognising a repeat (it aborts if it ever could)."""
    memo = cand(
        prefix="#include <cstdlib>\n#include <cstring>",
        before="""
        static std::vector<double> last;
        if (!x.empty() && last == x) std::abort();
        last = x;""",
    )
    r = ev(run_eval, memo, size=64, validate_only=False, min_pairs=3, max_pairs=3)
    assert r.status == "correct", r.evidence
    assert r.evidence["candidate_iters"] > 1  # the case under test: several calls per measurement


@pytest.mark.parametrize("size", [200_000, 2_000], ids=["one_call_per_measurement", "batched_calls"])
def test_slow_input_generation_is_never_a_candidate_timeout(tmp_path, size):
    """The harness's own work (input generation here, made slow by a driver that sleeps)
    runs under the trusted deadline, never a candidate's: an A/A with a candidate
    deadline far shorter than one generation is still correct, both when a measurement
    is one call and when it batches several calls (each with inputs generated inside)."""
    import dataclasses

    from harness.measure.evaluate import EvalConfig, evaluate
    from harness.measure.suite import get_problem

    p = get_problem(PID)
    folder = tmp_path / PID
    shutil.copytree(p.path, folder)
    driver = (folder / "driver.cpp").read_text()
    # one driver text for both cases (built once): 300 ms at the large size, 20 ms at the small one
    slow = driver.replace(
        "  void generate(uint64_t seed) {\n",
        "  void generate(uint64_t seed) {\n"
        "    if (n >= 2000) std::this_thread::sleep_for(std::chrono::milliseconds("
        "n >= 200000 ? 300 : 20));\n",
    )
    assert slow != driver
    (folder / "driver.cpp").write_text("#include <chrono>\n#include <thread>\n" + slow)
    slow_problem = dataclasses.replace(p, path=folder)
    r = evaluate(
        slow_problem,
        p.source("baseline.cpp"),
        "serial",
        EvalConfig(
            size=size, min_pairs=4, max_pairs=4, budget_s=0.1, timeout_min_s=0.05, timeout_factor=2.0, use_cache=False
        ),
    )
    assert r.status == "correct", (r.status, r.evidence.get("why"), r.evidence.get("cpu_accounting"))
    if size < 10_000:
        assert r.evidence["candidate_iters"] > 1  # the batched case is the one under test
