"""Soak: N consecutive evaluations in one orchestrator process leave nothing behind.

Cycles over a mix of candidates (correct, incorrect, compile error, crashing, hanging,
forking, threads left running, memory hog, forged protocol line and the hostile classes of
tests/hostile/) with the verdict cache off, so every evaluation really compiles (once per
source: builds are cached by content), sandboxes, validates and, for some, times. Sizes
are small and timing budgets short (about 1 s per evaluation on 2 cores). Before the first
and after the last evaluation it counts

* leftover processes: descendants of this process, and processes of the sandbox uid
  (65534) that appeared during the soak and have no bubblewrap process among their
  ancestors (escaped from a sandbox; another harness's live sandboxes have one);
* temp files: new entries in tempfile.gettempdir() (a private TMPDIR made for the soak),
  in the harness cache (a private HARNESS_CACHE; its temporary build-*/pch-* folders and
  *.tmp/*.partial files) and in /dev/shm, the files a candidate writes to /tmp, /dev/shm
  and its home inside the sandbox (all private there), and, when the warm-up below covers a whole
  cycle of the mix, anything but a stored verdict or a baseline's code layout the cache
  gained after it (every build exists by then; a verdict may not: a `rejected` one is
  never stored, so a candidate the accounting rejected once can store its verdict on a
  later evaluation; a baseline's layouts and the padding objects are drawn per evaluation
  from at most 256 paddings, a bounded cache);
* cgroups: this process's harness-ns<ns>-<pid>-* folders where harness.measure.sandbox._Cgroup
  makes them;
* the orchestrator's RSS growth (VmRSS, %) from the end of a warm-up (the first 20
  evaluations, or half of N when N < 40: first imports and caches do not count) to the
  end, and its open file descriptors over the same span.

Prints a progress line every 10 evaluations (i of N, statuses so far, ETA), each
unexpected outcome (a HarnessError, or another verdict for a candidate whose verdict is
fixed), the hostile candidates (whose verdict depends on the judge) that paid: correct at
1.25x or more with the speedup's CI above 1 (8 pairs: on a loaded machine an honest one
reaches that now and then; the tests in tests/test_hostile_judge.py decide), printed but
not failing the soak, which is about leaks; and, last, exactly one line:

  soak: N evaluations, leftover processes P, temp files F, cgroups C, orchestrator RSS growth G %

Exit code 1 if P, F or C > 0, G > 10, the open descriptors grew, or an outcome was
unexpected; 2 for a usage error.

usage: python benchmarks/soak.py [--n 1000] [--keep]
Run it alone on the machine: other work slows it (timeouts are generous) and other
harnesses' sandboxes share the uid counted above.
"""

from __future__ import annotations

import argparse
import collections
import gc
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

HOSTILE = Path(__file__).resolve().parent.parent / "tests" / "hostile"
SANDBOX_UID = 65534
PREFIX = "30_scan_prefix_sum"
GEMM = "02_dense_la_gemm"
MAP = "59_transform_map_function"
# The files the writes_files candidate makes, where a sandbox that leaked them would put
# them on the host (its /tmp, /dev/shm and home are private); counted as temp files.
PROBE = "harness-soak-probe"
PROBE_PATHS = [Path("/tmp") / PROBE, Path("/dev/shm") / PROBE, Path.home() / PROBE]
SCAN_BODY = "double s = 0.0;\n  for (size_t i = 0; i < x.size(); ++i) { s += x[i]; output[i] = s; }"


def scan(prefix: str = "", before: str = "", body: str = SCAN_BODY) -> str:
    """A prefix-sum candidate: `prefix` at file scope, `before` ahead of the honest body."""
    return (
        f"#include <vector>\n{prefix}\nvoid prefixSum(std::vector<double> const& x, "
        f"std::vector<double>& output) {{\n  {before}\n  {body}\n}}\n"
    )


def hostile(name: str, *defines: str) -> str:
    return "".join(f"#define {d}\n" for d in defines) + (HOSTILE / name).read_text()


# (name, problem, mode, source, EvalConfig overrides, fixed verdicts or None: a hostile
# candidate, whose verdict depends on the judge; it must only not pay, see main())
VALIDATE = {"size": 20000, "validate_only": True, "timeout_min_s": 1.0}
TIMED = {"size": 20000, "min_pairs": 4, "max_pairs": 4, "budget_s": 0.1, "timeout_min_s": 1.0}
GEMM_TIMED = {"quick": True, "min_pairs": 8, "max_pairs": 8, "budget_s": 0.1, "timeout_min_s": 2.0}
GEMM_VALIDATE = {"quick": True, "validate_only": True, "timeout_min_s": 2.0}


def mix() -> list[tuple]:
    """The candidates one cycle of the soak evaluates, in order."""
    return [
        ("correct", PREFIX, "omp", scan(), VALIDATE, ("correct",)),
        ("correct_timed", PREFIX, "serial", scan(), TIMED, ("correct",)),
        (
            "incorrect",
            PREFIX,
            "omp",
            scan(body="for (size_t i = 0; i < x.size(); ++i) output[i] = x[i];"),
            VALIDATE,
            ("incorrect",),
        ),
        ("compile_error", PREFIX, "omp", scan(before="this is not C++;"), VALIDATE, ("compile_error",)),
        ("segfault", PREFIX, "omp", scan(before="volatile int* p = nullptr; *p = 1;"), VALIDATE, ("runtime_error",)),
        ("abort", PREFIX, "omp", scan("#include <cstdlib>", "std::abort();"), VALIDATE, ("runtime_error",)),
        (
            "infinite_loop",
            PREFIX,
            "omp",
            scan(before="for (volatile int k = 0; ; ) { (void)k; }"),
            VALIDATE,
            ("timeout",),
        ),
        ("correct_omp_timed", PREFIX, "omp", scan(), TIMED, ("correct",)),
        (
            "fork_bomb",
            PREFIX,
            "serial",
            scan("#include <unistd.h>", "for (int k = 0; k < 100000; ++k) fork();"),
            {**VALIDATE, "screen": False},
            ("correct",),
        ),  # fork refused by the runner's seccomp filter
        (
            "fork_setsid_loop",
            PREFIX,
            "omp",
            scan("#include <unistd.h>", "if (fork() == 0) { setsid(); for (;;) {} }"),
            {**VALIDATE, "screen": False},
            ("correct",),
        ),
        (
            "thread_left_running",
            PREFIX,
            "omp",
            scan(
                "#include <thread>\n#include <chrono>",
                "std::thread([]{ std::this_thread::sleep_for(std::chrono::seconds(30)); }).detach();",
            ),
            VALIDATE,
            ("rejected",),
        ),
        (
            "memory_hog",
            PREFIX,
            "omp",
            scan("#include <cstring>", "char* volatile big = new char[64ull << 30]; std::memset(big, 1, 64ull << 30);"),
            {**VALIDATE, "memory_bytes": 512 << 20},
            ("runtime_error",),
        ),
        (
            "forges_verdict",
            PREFIX,
            "omp",
            (HOSTILE / "forges_verdict.cpp").read_text(),
            {**TIMED, "screen": False},
            None,
        ),
        (
            "writes_files",
            PREFIX,
            "serial",
            scan(
                "#include <cstdio>\n#include <cstdlib>\n#include <string>",
                f"""static bool done = false;
  if (!done) {{ done = true;
    const char* home = std::getenv("HOME");
    std::string paths[] = {{"/tmp/{PROBE}", "/dev/shm/{PROBE}", std::string(home ? home : ".") + "/{PROBE}"}};
    for (const std::string& p : paths) if (FILE* f = std::fopen(p.c_str(), "w")) std::fclose(f); }}""",
            ),
            {**VALIDATE, "screen": False},
            ("correct",),
        ),
        (
            "throws",
            PREFIX,
            "omp",
            scan("#include <stdexcept>", 'throw std::runtime_error("boom");'),
            VALIDATE,
            ("runtime_error",),
        ),
        ("timer_rewrite", GEMM, "serial", hostile("rewrites_timer.cpp", "HOSTILE_SAVED_REGS"), GEMM_TIMED, None),
        (
            "copies_baseline",
            GEMM,
            "serial",
            hostile("copies_baseline_output.cpp"),
            {**GEMM_TIMED, "screen": False},
            None,
        ),
        ("finishes_in_thread", GEMM, "serial", hostile("finishes_in_a_thread.cpp"), GEMM_VALIDATE, None),
        (
            "finishes_in_signal_handler",
            GEMM,
            "omp",
            hostile("finishes_in_a_signal_handler.cpp"),
            {**GEMM_TIMED, "screen": False},
            None,
        ),
        (
            "vector_bool_race",
            MAP,
            "omp",
            hostile("vector_bool_race.cpp"),
            {"size": 100003, "validate_only": True},
            None,
        ),
    ]


# ------------------------------------------------------------------ what is left behind
def _processes() -> dict[int, tuple[int, int, str]]:
    """{pid: (parent pid, real uid, command name)} of every process this one can see."""
    out = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
            uid = int(next(ln for ln in (d / "status").read_text().splitlines() if ln.startswith("Uid:")).split()[1])
        except (OSError, StopIteration, ValueError):
            continue
        out[int(d.name)] = (
            int(stat[stat.rfind(")") + 2 :].split()[1]),
            uid,
            stat[stat.find("(") + 1 : stat.rfind(")")],
        )
    return out


def _descendants(procs: dict, root: int) -> set[int]:
    kids = collections.defaultdict(list)
    for pid, (ppid, _, _) in procs.items():
        kids[ppid].append(pid)
    out, frontier = set(), [root]
    while frontier:
        for c in kids[frontier.pop()]:
            out.add(c)
            frontier.append(c)
    return out


def _escaped(procs: dict) -> set[int]:
    """Processes of the sandbox uid without a bubblewrap process among their ancestors."""
    out = set()
    for pid, (ppid, uid, _) in procs.items():
        if uid != SANDBOX_UID:
            continue
        seen = set()
        while ppid in procs and ppid not in seen and procs[ppid][2] != "bwrap":
            seen.add(ppid)
            ppid = procs[ppid][0]
        if ppid not in procs or procs[ppid][2] != "bwrap":
            out.add(pid)
    return out


def _temp_entries(tmp: Path, cache: Path) -> set[str]:
    found = {str(p) for p in tmp.iterdir()}
    if cache.is_dir():
        for pat in ("builds/build-*", "builds/*/*/pch-*", "**/*.tmp", "**/*.partial"):
            found |= {str(p) for p in cache.glob(pat)}
    shm = Path("/dev/shm")
    if shm.is_dir():
        found |= {str(p) for p in shm.iterdir()}
    return found | {str(p) for p in PROBE_PATHS if p.exists()}


def _baseline_layout(entry: str) -> bool:
    """A code layout of a problem's baseline (harness.measure.evaluate.baseline_layouts), kept
    in the baseline's build folder, or a padding object they are linked with
    (cache/layout-pads): both drawn per evaluation from at most toolchain.LAYOUTS paddings,
    so the cache gains them until every padding was drawn once (bounded, not a leak); and
    the folders that hold them."""
    parts = Path(entry).parts
    return ("builds" in parts and any(p.startswith("layouts-") for p in parts[-2:])) or "layout-pads" in parts


def _cache_entries(cache: Path) -> set[str]:
    return {str(p) for p in cache.rglob("*")} if cache.is_dir() else set()


def _own_cgroups() -> list[str]:
    from harness.measure import sandbox

    probe = sandbox._Cgroup(sandbox.Limits())
    parents = {d.parent for d in probe.dirs}
    probe.remove()
    return sorted(str(p) for d in parents for p in d.iterdir() if p.name.startswith(sandbox.cgroup_prefix()))


def _rss_kib() -> int:
    for ln in Path("/proc/self/status").read_text().splitlines():
        if ln.startswith("VmRSS:"):
            return int(ln.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status")


def _open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def _describe(pid: int) -> str:
    try:
        return f"{pid} " + Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()[:120]
    except OSError:
        return f"{pid} (gone)"


# ------------------------------------------------------------------ the soak
def main(argv: list[str] | None = None) -> int:
    """Runs the soak (arguments as on the command line; None: sys.argv); returns the exit
    code (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1000, help="evaluations (default 1000)")
    ap.add_argument("--keep", action="store_true", help="keep the private temp and cache folders")
    args = ap.parse_args(argv)
    if args.n < 2:
        print("soak: --n must be at least 2", file=sys.stderr)
        return 2
    root = Path(tempfile.mkdtemp(prefix="harness-soak-"))
    tmp, cache = root / "tmp", root / "cache"
    tmp.mkdir()
    # before the harness is imported: everything it and its children put in a temp dir or
    # the cache lands in these private folders, where nothing else writes
    os.environ["TMPDIR"] = str(tmp)
    os.environ["HARNESS_CACHE"] = str(cache)
    tempfile.tempdir = None
    from harness.core.errors import HarnessError
    from harness.measure.evaluate import EvalConfig, evaluate
    from harness.measure.suite import get_problem

    cases = mix()
    procs0 = _processes()
    escaped0 = _escaped(procs0)
    temp0 = _temp_entries(tmp, cache)
    cgroups0 = _own_cgroups()
    warm = min(max(20, len(cases)), args.n // 2)
    cache_warm: set = set()
    rss_warm = fds_warm = 0
    statuses: collections.Counter = collections.Counter()
    unexpected = []
    walls = collections.defaultdict(list)  # case name -> wall of each of its evaluations (s)
    paid = collections.Counter()  # hostile candidates judged correct at >= 1.25x, CI above 1
    t0 = time.monotonic()
    print(
        f"soak: {args.n} evaluations over a mix of {len(cases)}; private temp and cache in {root}; "
        f"load {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    for i in range(args.n):
        name, pid, mode, text, over, fixed = cases[i % len(cases)]
        t_case = time.monotonic()
        try:
            r = evaluate(get_problem(pid), text, mode, EvalConfig(use_cache=False, **over))
            status = r.status
            detail = r.evidence.get("why", "")
            if fixed is None and status == "correct" and r.speedup >= 1.25 and r.ci_low > 1.0:
                paid[name] += 1
                print(
                    f"  paid: evaluation {i + 1} ({name}): correct, {r.speedup:.2f}x "
                    f"(CI {r.ci_low:.2f}-{r.ci_high:.2f}, {r.pairs} pairs)",
                    flush=True,
                )
        except HarnessError as e:
            status, detail = "harness_error", str(e)
        statuses[status] += 1
        walls[name].append(time.monotonic() - t_case)
        if status == "harness_error" or (fixed is not None and status not in fixed):
            unexpected.append((i + 1, name, status))
            print(
                f"  unexpected: evaluation {i + 1} ({name}): {status}, expected "
                f"{' or '.join(fixed or ('a verdict',))}: "
                f"{str(detail)[:200]}",
                flush=True,
            )
        if i + 1 == warm:
            gc.collect()
            rss_warm, fds_warm = _rss_kib(), _open_fds()
            cache_warm = _cache_entries(cache)
        done = i + 1
        if done % 10 == 0 or done == args.n:
            el = time.monotonic() - t0
            eta = el / done * (args.n - done)
            summary = ", ".join(f"{k} {v}" for k, v in sorted(statuses.items()))
            print(f"  {done} of {args.n} ({el / done:.2f} s each), {summary}; ETA {eta / 60:.1f} min", flush=True)
    gc.collect()
    rss_end, fds_end = _rss_kib(), _open_fds()
    procs1 = _processes()
    left = sorted(_descendants(procs1, os.getpid()) | (_escaped(procs1) - escaped0))
    temps = sorted(_temp_entries(tmp, cache) - temp0)
    # after the warm-up (a whole cycle of the mix) every build exists: anything the cache
    # gains later but a stored verdict or a baseline's code layout (see the module
    # docstring) is a leak too
    verdicts = str(cache / "verdicts")
    grown = (
        sorted(
            e
            for e in _cache_entries(cache) - cache_warm - set(temps)
            if not e.startswith(verdicts) and not _baseline_layout(e)
        )
        if warm >= len(cases)
        else []
    )
    temps += grown
    cgroups = sorted(set(_own_cgroups()) - set(cgroups0))
    growth = (rss_end - rss_warm) / rss_warm * 100.0
    # the last evaluation of each case: the first ones also build the candidate and the problem
    slow = sorted(walls, key=lambda k: -walls[k][-1])[:6]
    print("  slowest cases (wall of the last evaluation): " + ", ".join(f"{k} {walls[k][-1]:.1f} s" for k in slow))
    for p in left:
        print(f"  leftover process {_describe(p)}")
    for f in temps[:20]:
        print(f"  leftover temp entry {f}")
    for c in cgroups[:20]:
        print(f"  leftover cgroup {c}")
    print(
        f"  orchestrator RSS {rss_warm} KiB after {warm} evaluations, {rss_end} KiB at the end; "
        f"open descriptors {fds_warm} -> {fds_end}; unexpected outcomes {len(unexpected)}; "
        f"hostile candidates that paid (correct, >= 1.25x, CI above 1) {dict(paid) or 0}; "
        f"wall {(time.monotonic() - t0) / 60:.1f} min, load {os.getloadavg()[0]:.2f}"
    )
    if not args.keep:
        shutil.rmtree(root, ignore_errors=True)
    print(
        f"soak: {args.n} evaluations, leftover processes {len(left)}, temp files {len(temps)}, "
        f"cgroups {len(cgroups)}, orchestrator RSS growth {growth:.1f} %"
    )
    bad = left or temps or cgroups or growth > 10 or fds_end > fds_warm or unexpected
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
