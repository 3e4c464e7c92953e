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
* Caches: the data and unified caches of CPU 0 from /sys/devices/system/cpu/cpu0/cache.

Peaks are what these kernels reach on this machine at that moment: on a busy machine
both fall, so measure them quiet (the selftest line says the load average).
"""

from __future__ import annotations

import ctypes
import os
import time
from functools import lru_cache
from pathlib import Path

from .toolchain import Compiler, build_probe

FMA_TU = r"""
#include <chrono>
#include <cmath>
#include <omp.h>

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
    "shared_cpus": "0"}, ...] by level; [] where /sys does not say."""
    out = []
    for d in sorted(root.glob("index*")):
        try:
            kind = (d / "type").read_text().strip()
            if kind == "Instruction":
                continue
            out.append({"level": int((d / "level").read_text()), "type": kind,
                        "bytes": _size_bytes((d / "size").read_text()),
                        "shared_cpus": (d / "shared_cpu_list").read_text().strip()})
        except (OSError, ValueError):
            continue
    return sorted(out, key=lambda c: c["level"])


def machine_peaks(mode: str, threads: int, comp: Compiler) -> dict:
    """The roofs of this machine for ``mode`` with ``threads`` threads:
    {"fp64_gflops": {"1": G1, "N": GN}, "triad_gbs": {"1": B1, "2": B2, ..., "N": BN},
    "vector_lanes": L, "march": resolved -march, "caches": cache_sizes(),
    "load_avg_1min": load when measured}. GFLOP/s and GB/s (1e9 bytes per second).

    Raises HarnessError if the FP64 kernel does not build.
    """
    counts = thread_counts(max(1, threads))
    return {"fp64_gflops": {str(t): fp64_peak_gflops(t, mode, comp) for t in sorted({1, max(1, threads)})},
            "triad_gbs": {str(t): bandwidth(t) for t in counts},
            "vector_lanes": vector_lanes(mode, comp), "march": comp.resolved_march,
            "caches": cache_sizes(), "load_avg_1min": os.getloadavg()[0]}


def _per_threads(values: dict, unit: str) -> str:
    items = list(values.items())
    first = f"{items[0][1]:.1f} {unit} on {items[0][0]} thread{'s' if items[0][0] != '1' else ''}"
    return ", ".join([first] + [f"{v:.1f} on {t}" for t, v in items[1:]])


def _kib(n: int) -> str:
    return f"{n >> 20} MiB" if n >= 1 << 20 and n % (1 << 20) == 0 else f"{n >> 10} KiB"


def describe(peaks: dict) -> str:
    """Two lines for the selftest header: the FP64 peak and the bandwidth per thread
    count, then the caches."""
    caches = ", ".join(f"L{c['level']}{'d' if c['type'] == 'Data' else ''} {_kib(c['bytes'])}"
                       for c in peaks["caches"]) or "not given by /sys"
    return (f"FP64 peak (FMA, {peaks['vector_lanes']} doubles per vector, -march={peaks['march']}): "
            f"{_per_threads(peaks['fp64_gflops'], 'GFLOP/s')}; memory bandwidth (triad): "
            f"{_per_threads(peaks['triad_gbs'], 'GB/s')} (load {peaks['load_avg_1min']:.2f})\n"
            f"caches of CPU 0: {caches}")
