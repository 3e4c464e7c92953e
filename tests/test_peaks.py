"""The machine's roofs that selftest measures (harness.measure.peaks): the FP64 kernel is
built with the candidates' flags and uses fused multiply-adds where the CPU has them,
its peak and the triad bandwidth are positive and stored beside the noise floor, the
bandwidth of every cache level and DRAM is measured, the roofs are stored per machine
(measured once, never lowered), and the cache sizes are read from /sys."""

import json
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
    macros = subprocess.run(
        [comp.path, f"-march={comp.march}", "-dM", "-E", "-x", "c++", "/dev/null"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    want = 8 if "__AVX512F__" in macros else 4 if "__AVX__" in macros else 2
    assert peaks.vector_lanes("omp", comp) == want


def test_peaks_are_measured_per_thread_count():
    p = peaks.machine_peaks("serial", 1, find_compiler("native"))
    assert list(p["fp64_gflops"]) == ["1"] and list(p["triad_gbs"]) == ["1"]
    # a single core's FMA peak: at least 2 FLOP x lanes per ns at 0.5 GHz, far below any x86 core's
    assert p["fp64_gflops"]["1"] > p["vector_lanes"] and p["triad_gbs"]["1"] > 0.5
    assert "GFLOP/s on 1 thread" in peaks.describe(p)
    assert peaks.thread_counts(6) == [1, 2, 4, 6] and peaks.thread_counts(1) == [1]
    levels = p["levels"]["1"]
    assert [lv["level"] for lv in levels] == [f"L{c['level']}" for c in p["caches"]] + ["DRAM"]
    # L1 streams several times faster than DRAM on every CPU (about 8x on a quiet Zen 3)
    assert levels[0]["gbs"] > 2 * levels[-1]["gbs"] > 1.0, levels
    assert "bandwidth by level" in peaks.describe(p)


def test_a_level_is_measured_from_its_low_end(monkeypatch):
    """A cache level's arrays are half of what a thread has of it, but at most
    LEVEL_LOW_END times what it has of the level before: a KVM guest's 480 MiB "L3"
    measured at half its size streams from DRAM."""
    sizes = []
    monkeypatch.setattr(peaks, "stream_gbs", lambda threads, per_thread, *a, **k: sizes.append(per_thread) or 1.0)
    caches = [
        {"level": 1, "bytes": 48 << 10, "shared_cpus": "0"},
        {"level": 2, "bytes": 2 << 20, "shared_cpus": "0"},
        {"level": 3, "bytes": 480 << 20, "shared_cpus": "0-1"},
    ]
    levels = peaks.level_bandwidths(2, "omp", None, caches)
    assert sizes == [24 << 10, 192 << 10, 8 << 20, 128 << 20]
    assert [lv["bytes_per_thread"] for lv in levels] == sizes
    sizes.clear()  # a small shared L3 (16 MiB for 8 CPUs, 2 threads): half of each thread's share
    peaks.level_bandwidths(2, "omp", None, [*caches[:2], {"level": 3, "bytes": 16 << 20, "shared_cpus": "0-7"}])
    assert sizes[2] == 4 << 20


def test_roofs_are_stored_per_machine_measured_once_and_never_lowered(tmp_path, monkeypatch):
    monkeypatch.setenv("HARNESS_CACHE", str(tmp_path))
    comp = find_compiler("native")
    assert peaks.load_roofs("serial", 1, comp) is None
    said = []
    first = peaks.ensure_roofs("serial", 1, comp, progress=said.append)
    assert len(said) == 1 and "measuring this machine's roofs" in said[0]
    assert peaks.ensure_roofs("serial", 1, comp, progress=said.append) == first and len(said) == 1
    assert peaks.load_roofs("serial", 2, comp) is None and peaks.load_roofs("omp", 1, comp) is None
    # a measurement at a busy moment (everything at half) does not lower the stored roofs
    busy = json.loads(json.dumps(first))
    busy["fp64_gflops"]["1"] /= 2
    for lv in busy["levels"]["1"]:
        lv["gbs"] /= 2
    peaks.save_roofs(busy, "serial", 1, comp)
    assert peaks.load_roofs("serial", 1, comp) == first
    # roofs measured by the rule before a level's arrays were capped are measured again
    path = next((tmp_path / "roofs").glob("serial-1t-*.json"))
    stored = json.loads(path.read_text())
    for lv in stored["peaks"]["levels"]["1"]:
        del lv["bytes_per_thread"]
    path.write_text(json.dumps(stored))
    assert peaks.load_roofs("serial", 1, comp) is None
    peaks.save_roofs(first, "serial", 1, comp)
    # roofs of another host (a cache folder shared on a cluster) are not this machine's
    info = peaks.machine_info()
    monkeypatch.setattr(peaks, "machine_info", lambda: {**info, "hostname": "elsewhere"})
    assert peaks.load_roofs("serial", 1, comp) is None


def test_sharing_counts_the_cpus_of_a_cache_instance():
    assert [peaks._sharing(x) for x in ("0", "0-1", "0,2", "0-3,8-11", "?")] == [1, 2, 2, 8, 1]


def test_cache_sizes_from_a_sys_tree(tmp_path):
    # two CPUs with private L1d and L2 and one shared L3, as /sys/devices/system/cpu lays them out
    for cpu in (0, 1):
        for i, (level, kind, size, shared) in enumerate(
            [
                (1, "Data", "48K", str(cpu)),
                (1, "Instruction", "32K", str(cpu)),
                (2, "Unified", "2048K", str(cpu)),
                (3, "Unified", "105M", "0-55"),
            ]
        ):
            d = tmp_path / f"cpu{cpu}" / "cache" / f"index{i}"
            d.mkdir(parents=True)
            for name, value in (("level", level), ("type", kind), ("size", size), ("shared_cpu_list", shared)):
                (d / name).write_text(f"{value}\n")
    (tmp_path / "cpu0" / "cache" / "index9").mkdir()  # unreadable entries are skipped
    assert peaks.cache_sizes(tmp_path / "cpu0" / "cache") == [
        {"level": 1, "type": "Data", "bytes": 48 << 10, "shared_cpus": "0", "instances": 2},
        {"level": 2, "type": "Unified", "bytes": 2 << 20, "shared_cpus": "0", "instances": 2},
        {"level": 3, "type": "Unified", "bytes": 105 << 20, "shared_cpus": "0-55", "instances": 1},
    ]
