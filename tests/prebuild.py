"""Compiles, on every CPU at once, the objects that the per-problem tests would otherwise
compile one after another: each problem's driver and baselines, the candidate objects of
its baselines, expert references and wrong variants, and in omp mode their race-detector
objects. The tests then evaluate exactly as before and find these objects in the session's
build cache (tests/conftest.py gives every session its own); only where the compile time
is spent changes. About half the default run's time was compilation on a 2-core machine.
"""

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from harness.measure import races, toolchain
from harness.measure.extract import extract_candidate
from harness.measure.suite import get_problem, load_suite

VARIANTS = Path(__file__).parent / "variants"


def candidates(suite: str, pid: str):
    """(name, mode, text) of every candidate the suite's tests evaluate for one problem:
    the baseline and the expert reference in both modes, every wrong variant (its file's
    stem) in omp mode."""
    p = get_problem(pid, suite)
    for mode in ("serial", "omp"):
        yield "baseline", mode, p.source("baseline.cpp")
        yield "reference", mode, p.reference(mode)
    for f in sorted((VARIANTS / pid).glob("wrong_*.cpp")):
        yield f.stem, "omp", f.read_text()


def build_problem(suite: str, pid: str, comp, tools) -> int:
    """Builds one problem's objects, one after another (its candidates' race-detector
    builds share the problem's detector driver and baseline: built once, then found in the
    cache). Returns the number of build calls."""
    p = get_problem(pid, suite)
    toolchain.build_trusted(p, "driver", "serial", comp)
    for mode in ("serial", "omp"):
        toolchain.build_trusted(p, "baseline", mode, comp)
    n = 3
    for _, mode, text in candidates(suite, pid):
        toolchain.build_candidate(p, text, mode, comp, False)
        n += 1
        if mode == "omp" and tools is not None:
            races._build_objects(p, extract_candidate(text, p.function), tools, comp.march, False)
            n += 1
    return n


def warm_build_cache() -> int:
    """Builds every object above into the current build cache (HARNESS_CACHE), with as
    many problems at once as this process has CPUs. Returns the number of build calls.
    Raises what the build functions raise (a broken problem folder: HarnessError)."""
    comp = toolchain.find_compiler()
    tools = races.find_tools()
    tools = None if isinstance(tools, str) else tools
    # the shared precompiled preludes first: parallel builds of one would race
    for mode in ("serial", "omp"):
        toolchain.prelude_dir(comp, mode)
    if tools is not None:
        races._prelude(tools, comp.march)
    problems = [(suite, pid) for suite in ("pareval", "polybench") for pid in sorted(load_suite(suite))]
    # one problem per job: the problems' objects are independent of each other
    with ThreadPoolExecutor(max_workers=len(os.sched_getaffinity(0))) as pool:
        return sum(pool.map(lambda sp: build_problem(*sp, comp, tools), problems))
