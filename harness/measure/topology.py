"""The CPU topology (sockets, NUMA nodes, SMT siblings) and the choice of CPUs to time on.

:func:`read_topology` reads ``<root>/devices/system/cpu`` and ``<root>/devices/system/node``
(root ``/sys`` on a real machine; tests pass a directory tree laid out the same way).
:func:`choose_cores` picks the CPUs of one evaluation, :func:`partition` the disjoint CPU
sets of several evaluation workers, and :func:`worker_limits` scales a worker's process
and memory limits with the CPUs it gets.

The choice of CPUs (``--threads N`` in omp mode, one CPU in serial mode): N *physical
cores*, one logical CPU each, SMT siblings only when the physical cores run out; all in
one NUMA node when one node has N free cores (the node with the fewest free cores that
still fits, so big nodes stay whole for others; the higher node on a tie), else the
fewest nodes, biggest first.
Within a node the highest-numbered cores come first (CPU 0 takes most interrupts). A
core whose sibling is in one set is never given to another set: two evaluations never
share a physical core.
"""

from __future__ import annotations

import os
import platform
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..core.errors import HarnessError

GIB = 1 << 30
BASE_PIDS = 64  # processes + threads for Python, the driver and libgomp's helpers
PIDS_PER_CPU = 3  # per CPU of the worker and side: each side's keeper's and caller's OpenMP pools (the judge's too), and room for a candidate's threads
BASE_MEMORY = 8 * GIB
MEMORY_PER_CPU = GIB // 2
MEMORY_SHARE = 0.75  # of the node's RAM, split evenly between its evaluation workers


@dataclass(frozen=True)
class Cpu:
    """One logical CPU: id, physical core (package, core id), NUMA node, and its SMT
    siblings (logical CPU ids sharing the core, itself included)."""

    id: int
    package: int
    core: int
    node: int
    siblings: tuple


@dataclass(frozen=True)
class Topology:
    """The machine's logical CPUs (sorted by id) and its CPU model name."""

    cpus: tuple
    cpu_model: str = "unknown"

    def by_id(self) -> dict:
        return {c.id: c for c in self.cpus}

    def describe(self) -> dict:
        """What config.json records: sockets, NUMA nodes (with their CPUs), physical
        cores, logical CPUs, SMT threads per core, CPU model."""
        nodes: dict[int, list] = {}
        for c in self.cpus:
            nodes.setdefault(c.node, []).append(c.id)
        cores = {(c.package, c.core) for c in self.cpus}
        return {
            "cpu_model": self.cpu_model,
            "sockets": len({c.package for c in self.cpus}),
            "numa_nodes": {str(n): _cpulist_text(ids) for n, ids in sorted(nodes.items())},
            "physical_cores": len(cores),
            "logical_cpus": len(self.cpus),
            "smt_per_core": max((len(c.siblings) for c in self.cpus), default=1),
        }


def parse_cpulist(text: str) -> list[int]:
    """ "0-3,8,10-11" -> [0, 1, 2, 3, 8, 10, 11] (the kernel's cpulist format). Raises
    ValueError on malformed text."""
    out: list[int] = []
    for part in text.strip().split(","):
        if not part:
            continue
        lo, _, hi = part.partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    return out


def _cpulist_text(ids) -> str:
    ids = sorted(ids)
    runs, start = [], None
    for i, x in enumerate(ids):
        if start is None:
            start = x
        if i + 1 == len(ids) or ids[i + 1] != x + 1:
            runs.append(f"{start}" if start == x else f"{start}-{x}")
            start = None
    return ",".join(runs)


def _read(path: Path, default: str | None = None) -> str:
    try:
        return path.read_text().strip()
    except OSError:
        if default is None:
            raise
        return default


def read_topology(root: str | os.PathLike = "/sys", cpuinfo: str | os.PathLike = "/proc/cpuinfo") -> Topology:
    """The topology below ``root`` (``/sys``): every online CPU's package, core, NUMA node
    and SMT siblings; the model name from ``cpuinfo``. A CPU without topology files (some
    containers) counts as its own core in package 0; no node directory means node 0.
    Raises HarnessError when ``root`` lists no CPU."""
    base = Path(root) / "devices" / "system"
    cpu_dir = base / "cpu"
    try:
        ids = parse_cpulist(_read(cpu_dir / "online"))
    except (OSError, ValueError):
        ids = sorted(int(p.name[3:]) for p in cpu_dir.glob("cpu[0-9]*"))
    if not ids:
        raise HarnessError(f"no CPU found below {cpu_dir}")
    node_of: dict[int, int] = {}
    for nd in (base / "node").glob("node[0-9]*"):
        try:
            for c in parse_cpulist(_read(nd / "cpulist")):
                node_of[c] = int(nd.name[4:])
        except (OSError, ValueError):
            continue
    cpus = []
    for i in ids:
        t = cpu_dir / f"cpu{i}" / "topology"
        try:
            sib = tuple(parse_cpulist(_read(t / "thread_siblings_list", str(i))))
        except ValueError:
            sib = (i,)
        cpus.append(
            Cpu(
                id=i,
                package=int(_read(t / "physical_package_id", "0")),
                core=int(_read(t / "core_id", str(i))),
                node=node_of.get(i, 0),
                siblings=sib or (i,),
            )
        )
    model = "unknown"
    try:
        for line in Path(cpuinfo).read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return Topology(cpus=tuple(cpus), cpu_model=model)


def _cores(topo: Topology, usable) -> dict:
    """{(package, core): [usable logical CPU ids, lowest first]}."""
    usable = set(usable)
    cores: dict[tuple, list] = {}
    for c in topo.cpus:
        if c.id in usable:
            cores.setdefault((c.package, c.core), []).append(c.id)
    return cores


def choose_cores(topo: Topology, usable, n: int) -> list[int]:
    """``n`` logical CPUs out of ``usable`` (ids) for one evaluation, by the rule in the
    module docstring: physical cores first (one CPU each), one NUMA node first, SMT
    siblings last. Returns sorted CPU ids. Raises HarnessError when fewer than ``n``
    usable CPUs exist."""
    if n < 1:
        raise HarnessError(f"--threads must be at least 1 (got {n})")
    cores = _cores(topo, usable)
    total = sum(len(v) for v in cores.values())
    if n > total:
        raise HarnessError(
            f"--threads {n}: this process may use {total} CPUs ({_cpulist_text(c for v in cores.values() for c in v)})"
        )
    node = {c.id: c.node for c in topo.cpus}
    by_node: dict[int, list] = {}
    for key, ids in cores.items():
        by_node.setdefault(node[ids[0]], []).append(key)
    for keys in by_node.values():
        keys.sort(key=lambda k: cores[k][0], reverse=True)  # highest CPU ids first
    fitting = [nd for nd, keys in by_node.items() if len(keys) >= n]
    if fitting:
        order = [min(fitting, key=lambda nd: (len(by_node[nd]), -nd))]
    else:  # fewest nodes: the biggest first
        order = sorted(by_node, key=lambda nd: (-len(by_node[nd]), nd))
    keys = [k for nd in order for k in by_node[nd]]
    # one logical CPU per physical core: its first thread (Linux numbers siblings after)
    picked = [cores[k][0] for k in keys[:n]]
    if len(picked) < n:  # SMT siblings last
        spare = [c for k in keys for c in cores[k][1:]]
        picked += spare[: n - len(picked)]
    return sorted(picked)


def partition(topo: Topology, usable, workers: int, per_worker: int) -> list[list[int]]:
    """``workers`` disjoint CPU sets of ``per_worker`` CPUs each, for evaluation
    workers, each chosen by :func:`choose_cores` from what the earlier sets left; a set
    takes whole physical cores (its cores' other SMT siblings go to no other set).
    Raises HarnessError when they do not fit, saying how many would."""
    if workers < 1:
        raise HarnessError(f"--eval-workers must be at least 1 (got {workers})")
    left = set(usable)
    by_id = topo.by_id()
    sets = []
    n_cores = len(_cores(topo, usable))
    for _ in range(workers):
        if len(_cores(topo, left)) < per_worker:
            fit = n_cores // per_worker
            raise HarnessError(
                f"--eval-workers {workers} x {per_worker} CPU(s) each do not fit on the "
                f"{n_cores} physical core(s) this process may use; at most {fit} worker(s) fit"
            )
        cores = _cores(topo, left)
        # whole physical cores only: never an SMT sibling when cores are left
        one_each = [ids[0] for ids in cores.values()]
        s = choose_cores(topo, one_each, per_worker)
        sets.append(s)
        for c in s:
            left -= set(by_id[c].siblings) if c in by_id else {c}
    return sets


def worker_limits(cpus: int, workers: int = 1, mem_total: int | None = None, sides: int = 2) -> tuple[int, int]:
    """(process+thread limit, memory limit in bytes) of an evaluation worker that gets
    ``cpus`` CPUs while ``workers`` workers share the node's ``mem_total`` bytes of RAM
    (None: read /proc/meminfo), for ``sides`` sides (the baseline and the candidates of its
    batch: 2 for one candidate):

        pids   = BASE_PIDS + PIDS_PER_CPU x cpus x sides             (64 + 6 per CPU for one candidate)
        memory = min(max(BASE_MEMORY, MEMORY_PER_CPU x cpus),
                     MEMORY_SHARE x mem_total / workers)             (8 GiB on small boxes)

    The pid limit counts threads, so it must grow with the OpenMP team."""
    pids = BASE_PIDS + PIDS_PER_CPU * cpus * max(2, sides)
    mem = max(BASE_MEMORY, MEMORY_PER_CPU * cpus)
    if mem_total is None:
        mem_total = _mem_total()
    if mem_total:
        mem = min(mem, int(MEMORY_SHARE * mem_total / max(1, workers)))
    return pids, mem


def _mem_total() -> int | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


@lru_cache(maxsize=1)
def machine_topology() -> Topology:
    """This machine's CPU topology (read once from /sys)."""
    return read_topology()


def machine_info() -> dict:
    """CPU model, logical CPU count, CPUs this process may use, the CPU topology from /sys
    (sockets, NUMA nodes, physical cores, SMT threads per core), OS, Python and host name:
    the "machine" of a run's config.json and of this machine's noise floor."""
    topo = machine_topology()
    return {
        "cpu_model": topo.cpu_model,
        "logical_cpus": os.cpu_count(),
        "usable_cpus": sorted(os.sched_getaffinity(0)),
        "topology": topo.describe(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "hostname": platform.node(),
    }
