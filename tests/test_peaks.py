"""The machine's roofs that selftest measures (harness.measure.peaks): the FP64 kernel is
built with the candidates' flags and uses fused multiply-adds where the CPU has them,
its peak and the triad bandwidth are positive and stored beside the noise floor, and
the cache sizes are read from /sys."""
import shutil
import subprocess

import pytest

from harness.measure import peaks
from harness.measure.toolchain import build_probe, find_compiler


def test_the_fp64_kernel_uses_fma_at_the_builds_vector_width():
    comp = find_compiler("native")
    lib = build_probe("fp64-peak", peaks.FMA_TU, "omp", comp).path
    flags = open("/proc/cpuinfo").read().split("flags")[1].split("\n")[0].split()
    if "fma" not in flags or not shutil.which("objdump"):
        pytest.skip("the CPU has no FMA (or no objdump to look)")
    asm = subprocess.run(["objdump", "-d", lib], capture_output=True, text=True, check=True).stdout
    assert "vfmadd" in asm  # contracted: a separate multiply and add would halve the peak
    macros = subprocess.run([comp.path, f"-march={comp.march}", "-dM", "-E", "-x", "c++", "/dev/null"],
                            capture_output=True, text=True, check=True).stdout
    want = 8 if "__AVX512F__" in macros else 4 if "__AVX__" in macros else 2
    assert peaks.vector_lanes("omp", comp) == want


def test_peaks_are_measured_per_thread_count():
    p = peaks.machine_peaks("serial", 1, find_compiler("native"))
    assert list(p["fp64_gflops"]) == ["1"] and list(p["triad_gbs"]) == ["1"]
    # a single core's FMA peak: at least 2 FLOP x lanes per ns at 0.5 GHz, far below any x86 core's
    assert p["fp64_gflops"]["1"] > p["vector_lanes"] and p["triad_gbs"]["1"] > 0.5
    assert "GFLOP/s on 1 thread" in peaks.describe(p)
    assert peaks.thread_counts(6) == [1, 2, 4, 6] and peaks.thread_counts(1) == [1]


def test_cache_sizes_from_a_sys_tree(tmp_path):
    for i, (level, kind, size, shared) in enumerate(
            [(1, "Data", "48K", "0"), (1, "Instruction", "32K", "0"), (2, "Unified", "2048K", "0"),
             (3, "Unified", "105M", "0-55")]):
        d = tmp_path / f"index{i}"
        d.mkdir()
        for name, value in (("level", level), ("type", kind), ("size", size), ("shared_cpu_list", shared)):
            (d / name).write_text(f"{value}\n")
    (tmp_path / "index9").mkdir()  # unreadable entries are skipped
    assert peaks.cache_sizes(tmp_path) == [
        {"level": 1, "type": "Data", "bytes": 48 << 10, "shared_cpus": "0"},
        {"level": 2, "type": "Unified", "bytes": 2 << 20, "shared_cpus": "0"},
        {"level": 3, "type": "Unified", "bytes": 105 << 20, "shared_cpus": "0-55"}]
