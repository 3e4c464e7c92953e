"""This machine's noise floor: the A/A speedups of the last ``python -m harness selftest``
per suite and mode (``<cache>/selftest/<suite>-<mode>.json``, harness.measure.selftest
measures them). ``compare`` uses it for problems whose runs measured none of their own
(runs of the ``null`` strategy). The same file keeps the machine's roofs measured with
them (``machine_peaks``: FP64 peak, triad bandwidth per thread count, caches;
harness.measure.peaks).
"""

from __future__ import annotations

import json
import time

from ..core.fsutil import atomic_write, cache_root
from ..measure.topology import machine_info
from .rows import SPEEDUP, valid


def _floor_path(suite: str, mode: str):
    return cache_root() / "selftest" / f"{suite}-{mode}.json"


def _read_floor(suite: str, mode: str, threads, cpu, machine) -> dict:
    """The saved selftest of ``suite`` in ``mode`` if it was measured with ``threads``
    threads on CPU model ``cpu`` and host ``machine``, else {} (also when unreadable)."""
    try:
        d = json.loads(_floor_path(suite, mode).read_text())
    except (OSError, ValueError):
        return {}
    if not isinstance(d, dict) or (d.get("threads"), d.get("cpu"), d.get("machine")) != (threads, cpu, machine):
        return {}
    return d


def save_noise_floor(suite: str, mode: str, rows: list[dict], threads: int, peaks: dict | None = None) -> str:
    """Stores the A/A results as this machine's noise floor (read back by
    :func:`load_noise_floor`), replacing the rows of these problems and keeping those of
    others measured on the same machine with the same threads; ``peaks``
    (harness.measure.peaks.machine_peaks: FP64 GFLOP/s, triad GB/s, caches) is stored
    as ``machine_peaks``, replacing the previous one (kept when None). Returns the
    file's path."""
    path = _floor_path(suite, mode)
    m = machine_info()
    # a selftest of some problems updates theirs and keeps the others' (same machine)
    old = _read_floor(suite, mode, threads, m["cpu_model"], m["hostname"])
    new_ids = {r["problem"] for r in rows}
    kept = [r for r in old.get("problems", []) if isinstance(r, dict) and r.get("problem") not in new_ids]
    atomic_write(
        path,
        json.dumps(
            {
                "suite": suite,
                "mode": mode,
                "threads": threads,
                "machine": m["hostname"],
                "cpu": m["cpu_model"],
                "when": time.strftime("%Y-%m-%dT%H:%M:%S"),
                "machine_peaks": peaks if peaks is not None else old.get("machine_peaks"),
                "problems": sorted(kept + rows, key=lambda r: str(r.get("problem"))),
            },
            indent=1,
        ),
    )
    return str(path)


def load_noise_floor(
    suite: str, mode: str, threads: int | None, cpu: str | None, machine: str | None
) -> tuple[dict, str | None]:
    """This machine's last selftest A/A results for ``suite`` in ``mode``, when it ran
    with ``threads`` threads on the CPU model ``cpu`` and host ``machine``: ({(problem
    id, size label): A/A speedup}, when it was measured); a value that is no speedup
    (harness.results.rows.valid) is left out. ({}, None) when there is no such
    selftest or its file is unreadable."""
    d = _read_floor(suite, mode, threads, cpu, machine)
    if not d:
        return {}, None
    try:
        floors = {
            (r["problem"], str(r["size"])): float(r["aa_speedup"])
            for r in d.get("problems", [])
            if valid(SPEEDUP, r.get("aa_speedup"))
        }
        return floors, str(d.get("when"))
    except (ValueError, TypeError, KeyError, AttributeError):  # a damaged row
        return {}, None
