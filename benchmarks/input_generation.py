"""What generating a call's inputs costs, per problem, against another commit (prints figures).

Builds every problem's driver.cpp (the working tree's, and with --against REV that
commit's drivers and headers too, from `git archive`) as a shared object with the flags
the harness builds drivers with, then times `harness_generate` at the problem's timed
size (--mode) on one thread (the generator runs it per turn, and the comparison instance
per seed), the two builds interleaved call by call in one process: the best of --reps
calls each. Prints per
problem the milliseconds and the ratio, then last one line:

    input_generation: median new/old R, total old A ms, new B ms, N problems

Without --against it prints the working tree's milliseconds only. The figures of
docs/measurements/2026-12-07-one-way-streams.md come from this script.

usage: python benchmarks/input_generation.py [--against REV] [--suite pareval,polybench]
                                             [--problems a,b] [--quick] [--mode serial] [--reps 5]
"""

from __future__ import annotations

import argparse
import ctypes
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from harness.measure import toolchain
from harness.measure.suite import load_suite

ROOT = Path(__file__).resolve().parent.parent


def build(tree: Path, folder: str, out: Path, flags: list[str]) -> Path:
    """driver.cpp of tree/folder as a shared object in out (raises CalledProcessError)."""
    so = out / (folder.replace("/", "__") + ".so")
    src = tree / folder
    cmd = ["g++", *flags, "-I", str(tree / "cpp" / "include"), "-I", str(src), str(src / "driver.cpp"), "-o", str(so)]
    subprocess.run(cmd, check=True)
    return so


def load(so: Path):
    """The driver object at `so`, its create/generate/destroy entry points typed."""
    lib = ctypes.CDLL(str(so))
    lib.harness_create.restype = ctypes.c_void_p
    lib.harness_create.argtypes = [ctypes.c_uint64]
    lib.harness_generate.argtypes = [ctypes.c_void_p, ctypes.c_uint64]
    lib.harness_destroy.argtypes = [ctypes.c_void_p]
    return lib


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", default=None, help="a git revision to compare with (old)")
    ap.add_argument("--suite", default="pareval,polybench")
    ap.add_argument("--problems", default=None, help="comma-separated problem ids")
    ap.add_argument("--quick", action="store_true", help="the quick preset's timed sizes")
    ap.add_argument("--mode", default="serial", choices=("serial", "omp"))
    ap.add_argument("--reps", type=int, default=5)
    args = ap.parse_args()
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    comp = toolchain.find_compiler()
    flags = comp.flags("omp")  # a driver is built in omp mode in both modes (toolchain.build_trusted)
    problems = [
        p
        for suite in args.suite.split(",")
        for p in load_suite(suite).values()
        if not args.problems or p.id in args.problems.split(",")
    ]
    if not problems:
        print("input_generation: no problem matched", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        trees = [ROOT]
        if args.against:
            old = Path(tmp) / "old"
            old.mkdir()
            paths = ["cpp/include", *{p.path.parent.name for p in problems}]
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.against, *paths], capture_output=True)
            if archive.returncode:
                why = archive.stderr.decode().strip()
                print(f"input_generation: git archive {args.against}: {why}", file=sys.stderr)
                return 2
            (Path(tmp) / "old.tar").write_bytes(archive.stdout)
            with tarfile.open(Path(tmp) / "old.tar") as t:
                t.extractall(old, filter="data")
            trees = [old, ROOT]
        jobs = [(k, p) for p in problems for k in range(len(trees))]
        outs = [Path(tmp) / f"so{k}" for k in range(len(trees))]
        for o in outs:
            o.mkdir()
        folders = {p.id: f"{p.path.parent.name}/{p.path.name}" for p in problems}
        with ThreadPoolExecutor(os.cpu_count() or 1) as ex:
            sos = list(ex.map(lambda j: build(trees[j[0]], folders[j[1].id], outs[j[0]], flags), jobs))
        ratios, totals = [], [0.0] * len(trees)
        for n, p in enumerate(problems):
            libs = [load(sos[n * len(trees) + k]) for k in range(len(trees))]
            size = p.default_size(args.mode, args.quick)
            insts = [lib.harness_create(size) for lib in libs]
            best = [float("inf")] * len(trees)
            for r in range(args.reps):
                for k, lib in enumerate(libs):
                    t0 = time.perf_counter()
                    lib.harness_generate(insts[k], 1000 + r)
                    best[k] = min(best[k], time.perf_counter() - t0)
            for k, lib in enumerate(libs):
                lib.harness_destroy(insts[k])
                totals[k] += best[k]
            cells = " ".join(f"{b * 1e3:10.2f}" for b in best)
            if len(trees) == 2:
                ratios.append(best[1] / best[0])
                cells += f" {ratios[-1]:6.2f}"
            print(f"{p.id:48.48} {cells}", flush=True)
    if ratios:
        print(
            f"input_generation: median new/old {statistics.median(ratios):.3f}, total old {totals[0] * 1e3:.0f} ms, "
            f"new {totals[1] * 1e3:.0f} ms, {len(ratios)} problems"
        )
    else:
        print(f"input_generation: total {totals[0] * 1e3:.0f} ms, {len(problems)} problems")
    return 0


if __name__ == "__main__":
    sys.exit(main())
