"""The environment a candidate runs in, one definition for every process that runs it.

The timed side runners (cpp/side.cpp, spawned by the judge cpp/judge.cpp with its
worker's environment, GOMP_SPINCOUNT set again) and the race runner (cpp/race_runner.cpp)
must give a candidate the same environment, or a candidate could take one code path where
the race detector looks and another where it is timed (issue 39: a race taken only when
``omp_get_proc_bind()`` returned the timed runners' binding went unseen). Both build
theirs from ``runner_env``; the race runner adds only the detector's own variables
(harness.measure.races.DETECTOR_ENV), which it removes before loading anything.
"""

from __future__ import annotations

from . import sandbox

# libgomp's spin count of both side runners: cpp/include/harness/side_protocol.hpp
# kSpinCount, which the judge sets in their environment (tests/test_race_parity.py reads
# the header and compares).
SPIN_COUNT = "10000"


def runner_env(threads: int) -> dict:
    """The whole environment of a process that runs a candidate with ``threads`` OpenMP
    threads (the CPUs granted in omp mode, 1 in serial mode): sandbox.clean_env plus
    OMP_NUM_THREADS, OMP_PLACES=cores, OMP_PROC_BIND=close, OMP_DYNAMIC=false and
    GOMP_SPINCOUNT. The CPU affinity (the granted CPUs) is set by sandbox.run's limits."""
    return sandbox.clean_env(
        {
            "OMP_NUM_THREADS": str(threads),
            "OMP_PLACES": "cores",
            "OMP_PROC_BIND": "close",
            "OMP_DYNAMIC": "false",
            "GOMP_SPINCOUNT": SPIN_COUNT,
        }
    )
