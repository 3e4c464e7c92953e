"""This machine's roofs (issue 19 part 2): FP64 peak, memory bandwidth per thread count,
cache sizes. ``python -m harness selftest`` measures them and stores them beside the
noise floor (harness.results.noise_floor), for the roofline of Williams, Waterman and
Patterson (CACM 2009): attainable = min(peak FLOP/s, arithmetic intensity x bandwidth).

* FP64 peak: a kernel of 12 independent chains a = a x m + c on vectors of the widest
  width the candidates' build targets (8 doubles with AVX-512F, 4 with AVX, else 2),
  compiled with the candidates' flags of the mode (``-O3 -march=...``, so the compiler
  emits fused multiply-adds where the CPU has them), 2 FLOP per lane and step; the best
  of ``reps`` runs of about 0.1 s each, on 1 thread (per core) and on N threads. Twelve
  chains exceed latency x FMA pipes of current x86 cores (4 x 2) and, with the two
  constants, fit the 16 AVX2 registers.
* Bandwidth: the STREAM-style triad of :func:`bandwidth` (3 arrays of 256 MiB,
  best of 5, no write-allocate traffic counted, as STREAM) on 1, 2, 4, ... threads and N.
* Bandwidth by level (:func:`level_bandwidths`, for the roofline's bound,
  harness.measure.roofline): for each cache level and DRAM, the higher of a vectorised
  read kernel and the triad, compiled with the candidates' flags, each thread streaming
  arrays of half a private cache instance (a shared one: half of it split among the
  threads), but at most LEVEL_LOW_END times what the thread has of the level before, on
  1 and N threads. That cap keeps a level's figure from its low end: a virtual machine
  may report a cache bigger than the host's (a KVM guest on a Sapphire Rapids host
  reports a 480 MiB L3), and half of that streams from DRAM; its "L3" roof was then
  DRAM's (15 and 14 GB/s on 1 thread), and serial references at quick sizes, which fit
  the host's real L3, reached up to 135 % of their roofline, a hair from the impossible
  flag. A level's bandwidth at its low end is at least its bandwidth further in, so the
  bound stays a lower bound on time.
* Caches: the data and unified caches of CPU 0 from /sys/devices/system/cpu/cpu0/cache.

Peaks are what these kernels reach on this machine at that moment: on a busy machine
both fall, so measure them quiet (the selftest line says the load average).

The roofs every evaluation reads are stored per host, CPU model, mode, thread count,
compiler and -march in ``<cache>/roofs/`` (:func:`save_roofs`, :func:`load_roofs`), each
figure the highest measured there so far;
``run``, ``score`` and ``eval`` measure them once (:func:`ensure_roofs`) before anything
is timed when there are none, and ``selftest`` measures them anew.
"""

from __future__ import annotations

import copy
import ctypes
import hashlib
import json
import os
import time
from functools import lru_cache
from pathlib import Path
from typing import Callable

from ..core.errors import HarnessError
from ..core.fsutil import atomic_write, cache_root
from .topology import machine_info, parse_cpulist
from .toolchain import Compiler, build_probe

FMA_TU = r"""
#include <chrono>
#include <cmath>
#include <cstdlib>

#if defined(__AVX512F__)
constexpr int kLanes = 8;
#elif defined(__AVX__)
constexpr int kLanes = 4;
#else
constexpr int kLanes = 2;
#endif
typedef double vec __attribute__((vector_size(8 * kLanes)));

namespace {
double chains(long steps) {
  const vec m = vec{} + 0.9999999, c = vec{} + 1e-7;
  vec a0 = vec{} + 1.00, a1 = vec{} + 1.01, a2 = vec{} + 1.02, a3 = vec{} + 1.03, a4 = vec{} + 1.04,
      a5 = vec{} + 1.05, a6 = vec{} + 1.06, a7 = vec{} + 1.07, a8 = vec{} + 1.08, a9 = vec{} + 1.09,
      a10 = vec{} + 1.10, a11 = vec{} + 1.11;
  for (long i = 0; i < steps; ++i) {
    a0 = a0 * m + c; a1 = a1 * m + c; a2 = a2 * m + c; a3 = a3 * m + c;
    a4 = a4 * m + c; a5 = a5 * m + c; a6 = a6 * m + c; a7 = a7 * m + c;
    a8 = a8 * m + c; a9 = a9 * m + c; a10 = a10 * m + c; a11 = a11 * m + c;
  }
  const vec s = ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7)) + ((a8 + a9) + (a10 + a11));
  double t = 0.0;
  for (int j = 0; j < kLanes; ++j) t += s[j];
  return t;
}
}  // namespace

extern "C" int harness_peak_lanes() { return kLanes; }

// Bytes per ns (= GB/s) of `threads` threads, each streaming arrays of its own (`elems`
// doubles each, allocated and first touched by that thread) `reps` times: kind 0 reads one
// array (a sum into 8 vector accumulators: 8 bytes per element), kind 1 is the triad
// a = b + s x c (24 bytes per element, no write-allocate traffic counted, as STREAM).
// -1 when an allocation fails or the sum is not finite.
extern "C" double harness_stream_gbs(int threads, long elems, int kind, long reps) {
  elems = (elems + 8 * kLanes - 1) / (8 * kLanes) * (8 * kLanes);
  std::chrono::steady_clock::time_point t0, t1;
  int failed = 0, team = 0;
  double sink = 0.0;
#pragma omp parallel num_threads(threads) reduction(+ : sink, team) reduction(| : failed)
  {
    team += 1;  // the threads that ran, which the runtime may have limited
    const std::size_t n = std::size_t(elems), bytes = n * sizeof(double);
    double* a = static_cast<double*>(std::aligned_alloc(64, bytes));
    double* b = static_cast<double*>(std::aligned_alloc(64, bytes));
    double* c = static_cast<double*>(std::aligned_alloc(64, bytes));
    const bool ok = a && b && c;
    if (ok)
      for (std::size_t i = 0; i < n; ++i) a[i] = 0.0, b[i] = 1.0 + 1e-9 * double(i & 1023), c[i] = 0.5;
#pragma omp barrier
#pragma omp master
    t0 = std::chrono::steady_clock::now();
#pragma omp barrier
    if (ok) {
      for (long r = 0; r < reps; ++r) {
        if (kind == 0) {
          const vec* p = reinterpret_cast<const vec*>(b);
          vec s[8] = {};
          for (std::size_t i = 0; i < n / kLanes; i += 8)
            for (int j = 0; j < 8; ++j) s[j] += p[i + j];
          for (int j = 1; j < 8; ++j) s[0] += s[j];
          for (int j = 0; j < kLanes; ++j) sink += s[0][j];
        } else {
          double* __restrict x = a;
          const double* __restrict y = b;
          const double* __restrict z = c;
          for (std::size_t i = 0; i < n; ++i) x[i] = y[i] + 0.5 * z[i];
        }
        asm volatile("" ::: "memory");  // every repetition reads and writes memory again
      }
    }
#pragma omp barrier
#pragma omp master
    t1 = std::chrono::steady_clock::now();
    if (ok) sink += a[n / 2];
    failed |= !ok;
    std::free(a), std::free(b), std::free(c);
  }
  const double ns = std::chrono::duration<double, std::nano>(t1 - t0).count();
  if (failed || !std::isfinite(sink)) return -1.0;
  return double(kind == 0 ? 8 : 24) * double(elems) * double(reps) * team / ns;
}

// FLOP per ns (= GFLOP/s) of `threads` threads each running `steps` steps of the 12 chains.
extern "C" double harness_peak_gflops(int threads, long steps) {
  double sink = 0.0;
  const auto t0 = std::chrono::steady_clock::now();
#pragma omp parallel num_threads(threads) reduction(+ : sink)
  sink += chains(steps);
  const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
  // the chains converge to 1.0; a sum that is not finite means the kernel was miscompiled
  return std::isfinite(sink) ? 2.0 * kLanes * 12 * double(steps) * threads / ns : -1.0;
}
"""


@lru_cache(maxsize=None)
def _probe(mode: str, comp: Compiler) -> ctypes.CDLL:
    lib = ctypes.CDLL(build_probe("fp64-peak", FMA_TU, mode, comp).path)
    lib.harness_peak_gflops.restype = ctypes.c_double
    lib.harness_peak_gflops.argtypes = [ctypes.c_int, ctypes.c_long]
    lib.harness_peak_lanes.restype = ctypes.c_int
    lib.harness_stream_gbs.restype = ctypes.c_double
    lib.harness_stream_gbs.argtypes = [ctypes.c_int, ctypes.c_long, ctypes.c_int, ctypes.c_long]
    return lib


def fp64_peak_gflops(threads: int, mode: str, comp: Compiler, reps: int = 5, run_s: float = 0.1) -> float:
    """FP64 peak in GFLOP/s on ``threads`` threads (all of them together): the best of
    ``reps`` runs of about ``run_s`` seconds of the FMA kernel above.

    Raises HarnessError if the kernel does not build, RuntimeError if it returns a
    non-finite sum (a miscompiled kernel).
    """
    lib = _probe(mode, comp)
    steps = 100_000
    t0 = time.perf_counter()
    if lib.harness_peak_gflops(threads, steps) < 0:
        raise RuntimeError("the FP64 peak kernel returned a non-finite sum")
    steps = max(steps, int(steps * run_s / max(time.perf_counter() - t0, 1e-6)))
    return max(lib.harness_peak_gflops(threads, steps) for _ in range(reps))


def vector_lanes(mode: str, comp: Compiler) -> int:
    """Doubles per vector in the FP64 peak kernel (8 with AVX-512F, 4 with AVX, else 2)."""
    return int(_probe(mode, comp).harness_peak_lanes())


def bandwidth(threads: int, bytes_per_array: int = 256 << 20) -> float:
    """Triad memory bandwidth in GB/s on ``threads`` threads (best of 5; 3 arrays of
    ``bytes_per_array`` bytes, no write-allocate traffic counted, as STREAM)."""
    from .. import _bench  # the extension loads only when something is measured

    return _bench.triad_bandwidth(bytes_per_array, threads)


def stream_gbs(
    threads: int, bytes_per_thread: int, mode: str, comp: Compiler, reps: int = 5, run_bytes: float = 4e8
) -> float:
    """The highest bandwidth in GB/s (1e9 bytes per second, counted bytes) that the read
    kernel (a vectorised sum: 8 bytes per element) or the triad (24 bytes per element)
    reaches on ``threads`` threads, each streaming its own ``bytes_per_thread`` bytes of
    arrays again and again (about ``run_bytes`` bytes counted per thread and run; best of ``reps``
    runs per kernel). Both kernels, since neither is the faster at every level: the triad's
    store stream beats the read's two loads per cycle in L1 on current x86 cores.

    Raises RuntimeError if the kernel fails (an allocation, a non-finite sum).
    """
    lib = _probe(mode, comp)
    best = 0.0
    for kind, arrays, per in ((0, 1, 8), (1, 3, 24)):
        elems = max(1024, bytes_per_thread // (8 * arrays))
        passes = max(1, int(run_bytes / (per * elems)))  # run_bytes per thread: every run lasts as long
        for _ in range(reps):
            gbs = lib.harness_stream_gbs(threads, elems, kind, passes)
            if gbs < 0:
                raise RuntimeError("the bandwidth kernel failed (allocation or a non-finite sum)")
            best = max(best, gbs)
    return best


def _sharing(cpus: str) -> int:
    """How many CPUs a cache instance serves: the length of a /sys shared_cpu_list
    ("0", "0-1", "0,2", "0-3,8-11"); 1 when unreadable."""
    try:
        return max(1, len(parse_cpulist(cpus)))
    except ValueError:
        return 1


LEVEL_LOW_END = 4  # a level is measured at most at this many times the level before (per thread)


def level_bandwidths(
    threads: int, mode: str, comp: Compiler, caches: list[dict], dram_bytes: int = 256 << 20
) -> list[dict]:
    """Bandwidth by memory level for ``threads`` threads: [{"level": "L1", "bytes":
    capacity of one instance, "sharing": CPUs per instance, "instances": instances on the
    machine, "bytes_per_thread": the arrays each thread streamed, "gbs": GB/s}, ...,
    {"level": "DRAM", "bytes": None, "sharing": None, "bytes_per_thread": ..., "gbs":
    GB/s}], fastest first, from :func:`stream_gbs` with arrays of half what each thread
    has of an instance (a shared cache: split among the threads), at most LEVEL_LOW_END
    times what it has of the level before (see the module docstring), and
    ``dram_bytes`` in all for DRAM. ``caches``: :func:`cache_sizes` (data and unified
    caches). Raises RuntimeError."""
    out = []
    below = None  # bytes each thread has of the level before
    for c in caches:
        share = _sharing(c["shared_cpus"])
        mine = c["bytes"] // min(threads, share)
        per_thread = mine // 2 if below is None else min(mine // 2, LEVEL_LOW_END * below)
        below = mine
        out.append(
            {
                "level": f"L{c['level']}",
                "bytes": c["bytes"],
                "sharing": share,
                "instances": c.get("instances"),
                "bytes_per_thread": per_thread,
                "gbs": stream_gbs(threads, per_thread, mode, comp),
            }
        )
    out.append(
        {
            "level": "DRAM",
            "bytes": None,
            "sharing": None,
            "bytes_per_thread": dram_bytes // threads,
            "gbs": stream_gbs(threads, dram_bytes // threads, mode, comp, reps=3, run_bytes=2 * dram_bytes / threads),
        }
    )
    return out


def thread_counts(n: int) -> list[int]:
    """1, 2, 4, ... below n, then n: the thread counts the bandwidth is measured at."""
    out, t = [], 1
    while t < n:
        out.append(t)
        t *= 2
    return out + [n]


def _size_bytes(text: str) -> int:
    text = text.strip()
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(text[-1:].upper(), 1)
    return int(text.rstrip("KMGkmg")) * mult


def cache_sizes(root: Path = Path("/sys/devices/system/cpu/cpu0/cache")) -> list[dict]:
    """CPU 0's data and unified caches: [{"level": 1, "type": "Data", "bytes": 32768,
    "shared_cpus": "0", "instances": 2}, ...] by level, ``instances`` the distinct
    instances of that cache over every CPU of the machine (the CPUs' folders beside
    ``root``'s; None where they do not say); [] where /sys does not say."""
    out = []
    for d in sorted(root.glob("index*")):
        try:
            kind = (d / "type").read_text().strip()
            if kind == "Instruction":
                continue
            out.append(
                {
                    "level": int((d / "level").read_text()),
                    "type": kind,
                    "bytes": _size_bytes((d / "size").read_text()),
                    "shared_cpus": (d / "shared_cpu_list").read_text().strip(),
                    "instances": _instances(root.parent.parent, d.name),
                }
            )
        except (OSError, ValueError):
            continue
    return sorted(out, key=lambda c: c["level"])


def _instances(cpus_root: Path, index: str) -> int | None:
    """How many distinct instances of cache ``index`` ("index2") the machine's CPUs
    (``cpus_root``/cpuN/cache/) have, by their shared_cpu_list; None when unreadable."""
    seen = set()
    for cpu in cpus_root.glob("cpu[0-9]*"):
        try:
            seen.add((cpu / "cache" / index / "shared_cpu_list").read_text().strip())
        except OSError:
            continue
    return len(seen) or None


def machine_peaks(mode: str, threads: int, comp: Compiler) -> dict:
    """The roofs of this machine for ``mode`` with ``threads`` threads:
    {"fp64_gflops": {"1": G1, "N": GN}, "triad_gbs": {"1": B1, "2": B2, ..., "N": BN},
    "levels": {"1": level_bandwidths(1), "N": level_bandwidths(N)}, "vector_lanes": L,
    "march": resolved -march, "caches": cache_sizes(), "threads": N, "mode": mode,
    "load_avg_1min": load when measured}. GFLOP/s and GB/s (1e9 bytes per second).

    Raises HarnessError if the probe does not build, RuntimeError if a kernel fails.
    """
    n = max(1, threads)
    caches = cache_sizes()
    return {
        "fp64_gflops": {str(t): fp64_peak_gflops(t, mode, comp) for t in sorted({1, n})},
        "triad_gbs": {str(t): bandwidth(t) for t in thread_counts(n)},
        "levels": {str(t): level_bandwidths(t, mode, comp, caches) for t in sorted({1, n})},
        "vector_lanes": vector_lanes(mode, comp),
        "march": comp.resolved_march,
        "caches": caches,
        "threads": n,
        "mode": mode,
        "load_avg_1min": os.getloadavg()[0],
    }


def _roofs_path(mode: str, threads: int, comp: Compiler) -> Path:
    m = machine_info()
    key = hashlib.sha256(
        "\0".join(
            (m["hostname"], m["cpu_model"], mode, str(threads), comp.version, comp.resolved_march, comp.target_hash)
        ).encode()
    ).hexdigest()[:16]
    return cache_root() / "roofs" / f"{mode}-{threads}t-{key}.json"


def _higher(old: dict, new: dict) -> dict:
    """``new`` with every GFLOP/s and GB/s figure raised to ``old``'s where that one is
    higher (same thread counts and levels): a roof is what the machine can reach, so a
    measurement on a busier moment never lowers it."""
    out = copy.deepcopy(new)
    for key in ("fp64_gflops", "triad_gbs"):
        for t, v in (old.get(key) or {}).items():
            if isinstance(v, (int, float)) and t in out.get(key, {}):
                out[key][t] = max(out[key][t], v)
    for t, levels in (old.get("levels") or {}).items():
        mine = {lv["level"]: lv for lv in out.get("levels", {}).get(t, [])}
        for lv in levels if isinstance(levels, list) else []:
            if isinstance(lv, dict) and lv.get("level") in mine and isinstance(lv.get("gbs"), (int, float)):
                mine[lv["level"]]["gbs"] = max(mine[lv["level"]]["gbs"], lv["gbs"])
    return out


def save_roofs(peaks: dict, mode: str, threads: int, comp: Compiler) -> Path:
    """Stores ``peaks`` (:func:`machine_peaks`) as this machine's roofs for ``mode`` on
    ``threads`` threads with this compiler and -march, the ones evaluations read
    (:func:`load_roofs`), each figure kept at the highest measured so far on this machine
    (a busy moment lowers what the kernels reach; a lower roof would raise the bound).
    Returns the file's path."""
    m = machine_info()
    path = _roofs_path(mode, threads, comp)
    old = load_roofs(mode, threads, comp)
    atomic_write(
        path,
        json.dumps(
            {
                "hostname": m["hostname"],
                "cpu_model": m["cpu_model"],
                "when": time.strftime("%Y-%m-%dT%H:%M:%S"),
                "peaks": _higher(old, peaks) if old else peaks,
            },
            indent=1,
        ),
    )
    return path


def load_roofs(mode: str, threads: int, comp: Compiler) -> dict | None:
    """This machine's stored roofs for ``mode`` on ``threads`` threads (the
    :func:`machine_peaks` dict), None when none were measured on this host and CPU model
    with this compiler and -march, when they were measured by the rule before a level's
    arrays were capped (no ``bytes_per_thread``: their cache roofs may be DRAM's, see
    the module docstring), or the file is unreadable."""
    try:
        d = json.loads(_roofs_path(mode, threads, comp).read_text())
        m = machine_info()
        if (d["hostname"], d["cpu_model"]) != (m["hostname"], m["cpu_model"]):
            return None
        peaks = d["peaks"]
        if not isinstance(peaks, dict) or str(threads) not in peaks.get("levels", {}):
            return None
        if any("bytes_per_thread" not in lv for levels in peaks["levels"].values() for lv in levels):
            return None
        return peaks
    except (OSError, ValueError, KeyError, TypeError):
        return None


def ensure_roofs(mode: str, threads: int, comp: Compiler, progress: Callable[[str], None] | None = None) -> dict:
    """The stored roofs (:func:`load_roofs`), measured and stored first when there are
    none (about 5-10 s; ``progress`` gets a line before). Call it before any timed
    evaluation starts, since it loads the machine. Raises HarnessError when the probe
    does not build or a kernel fails."""
    peaks = load_roofs(mode, threads, comp)
    if peaks is None:
        if progress:
            progress(
                f"measuring this machine's roofs for the roofline ({mode}, {threads} "
                f"thread{'s' if threads != 1 else ''}; once per machine, `selftest` measures them again)"
            )
        try:
            peaks = machine_peaks(mode, threads, comp)
        except RuntimeError as e:
            raise HarnessError(f"measuring this machine's roofs: {e}") from None
        save_roofs(peaks, mode, threads, comp)
    return peaks


def _per_threads(values: dict, unit: str) -> str:
    items = list(values.items())
    first = f"{items[0][1]:.1f} {unit} on {items[0][0]} thread{'s' if items[0][0] != '1' else ''}"
    return ", ".join([first] + [f"{v:.1f} on {t}" for t, v in items[1:]])


def _kib(n: int) -> str:
    return f"{n >> 20} MiB" if n >= 1 << 20 and n % (1 << 20) == 0 else f"{n >> 10} KiB"


def describe(peaks: dict) -> str:
    """Two lines for the selftest header: the FP64 peak and the bandwidth per thread
    count, then the caches."""
    caches = (
        ", ".join(f"L{c['level']}{'d' if c['type'] == 'Data' else ''} {_kib(c['bytes'])}" for c in peaks["caches"])
        or "not given by /sys"
    )
    return (
        f"FP64 peak (FMA, {peaks['vector_lanes']} doubles per vector, -march={peaks['march']}): "
        f"{_per_threads(peaks['fp64_gflops'], 'GFLOP/s')}; memory bandwidth (triad): "
        f"{_per_threads(peaks['triad_gbs'], 'GB/s')} (load {peaks['load_avg_1min']:.2f})\n"
        f"caches of CPU 0: {caches}; bandwidth by level (read or triad, the higher): "
        + "; ".join(
            f"{t} thread{'s' if t != '1' else ''}: "
            + ", ".join(f"{lv['level']} {lv['gbs']:.0f}" for lv in levels)
            + " GB/s"
            for t, levels in peaks.get("levels", {}).items()
        )
    )
