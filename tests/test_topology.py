"""CPU topology from a /sys tree, the choice of cores, worker CPU sets and limits."""

import pytest

from harness.core.errors import HarnessError
from harness.measure.evaluate import EvalConfig, evaluate
from harness.measure.suite import get_problem
from harness.measure.topology import GIB, choose_cores, partition, read_topology, worker_limits


def fake_sys(root, sockets: int, cores: int, smt: int, nodes_per_socket: int = 1):
    """A /sys tree like Linux numbers a machine: logical CPU = thread x (sockets x cores)
    + socket x cores + core, so SMT siblings are the upper half; NUMA nodes split each
    socket's cores evenly. Returns the root."""
    n = sockets * cores * smt
    cpu = root / "devices" / "system" / "cpu"
    cpu.mkdir(parents=True)
    (cpu / "online").write_text(f"0-{n - 1}\n")
    per_node = cores // nodes_per_socket
    nodes = {}
    for i in range(n):
        t, rest = divmod(i, sockets * cores)
        s, c = divmod(rest, cores)
        sib = [k * sockets * cores + s * cores + c for k in range(smt)]
        d = cpu / f"cpu{i}" / "topology"
        d.mkdir(parents=True)
        (d / "physical_package_id").write_text(f"{s}\n")
        (d / "core_id").write_text(f"{c}\n")
        (d / "thread_siblings_list").write_text(",".join(map(str, sib)) + "\n")
        nodes.setdefault(s * nodes_per_socket + c // per_node, []).append(i)
    for nd, ids in nodes.items():
        d = root / "devices" / "system" / "node" / f"node{nd}"
        d.mkdir(parents=True)
        (d / "cpulist").write_text(",".join(map(str, ids)) + "\n")
    info = root / "cpuinfo"
    info.write_text("processor\t: 0\nmodel name\t: Fake CPU 9000\n")
    return root


@pytest.fixture
def big(tmp_path):
    """2 sockets x 32 cores x 2 SMT (128 logical CPUs), one NUMA node per socket."""
    root = fake_sys(tmp_path, sockets=2, cores=32, smt=2)
    return read_topology(root, root / "cpuinfo")


def test_topology_is_read_from_the_tree(big):
    d = big.describe()
    assert d == {
        "cpu_model": "Fake CPU 9000",
        "sockets": 2,
        "physical_cores": 64,
        "logical_cpus": 128,
        "smt_per_core": 2,
        "numa_nodes": {"0": "0-31,64-95", "1": "32-63,96-127"},
    }
    assert big.by_id()[5].siblings == (5, 69)


def test_threads_take_physical_cores_of_one_node_first(big):
    usable = range(128)
    picked = choose_cores(big, usable, 16)
    assert len(picked) == 16 and all(32 <= c < 64 for c in picked)  # one node, no sibling
    # 40 cores do not fit in one node: physical cores of both, still no sibling
    picked = choose_cores(big, usable, 40)
    assert len(set(picked)) == 40 and all(c < 64 for c in picked)
    # more than the physical cores: SMT siblings last
    picked = choose_cores(big, usable, 70)
    assert sum(c >= 64 for c in picked) == 6 and set(range(64)) <= set(picked)


def test_a_node_with_just_enough_free_cores_is_preferred(big):
    # node 1 has only 8 usable cores left: an 8-core set fits there and leaves node 0 whole
    usable = list(range(32)) + list(range(56, 64))
    assert choose_cores(big, usable, 8) == list(range(56, 64))
    assert choose_cores(big, usable, 1) == [63]


def test_worker_sets_are_disjoint_whole_cores(big):
    sets = partition(big, range(128), 4, 16)
    cpus = [c for s in sets for c in s]
    assert len(cpus) == len(set(cpus)) == 64 and max(cpus) < 64  # no core shared via SMT
    nodes = [{c >= 32 for c in s} for s in sets]
    assert all(len(n) == 1 for n in nodes)  # each set inside one NUMA node
    assert len(partition(big, range(128), 64, 1)) == 64
    with pytest.raises(HarnessError, match="at most 64 worker"):
        partition(big, range(128), 65, 1)
    with pytest.raises(HarnessError, match="at most 2 worker"):
        partition(big, range(128), 3, 32)


def test_limits_scale_with_the_cpus():
    assert worker_limits(1, 1, 24 * GIB) == (70, 8 * GIB)  # small boxes: 8 GiB as before
    assert worker_limits(8, 1, 24 * GIB) == (112, 8 * GIB)
    pids, mem = worker_limits(62, 1, 512 * GIB)
    assert pids >= 5 * 62 + 64 and mem == 31 * GIB  # five OpenMP teams of 62 fit
    pids, mem = worker_limits(128, 1, 1024 * GIB)
    assert pids == 64 + 6 * 128 and mem == 64 * GIB
    assert worker_limits(1, 4, 16 * GIB)[1] == 3 * GIB  # 4 workers share 3/4 of 16 GiB


WIDE_TEAM = """#include <cstddef>
#include <vector>
static int team;
void axpy(double alpha, std::vector<double> const& x, std::vector<double> const& y, std::vector<double>& z) {
  team = 0;
  #pragma omp parallel num_threads(100)
  {
    #pragma omp atomic
    team++;
  }
  z.assign(x.size(), team);
  for (size_t i = 0; i < x.size(); ++i) z[i] = alpha * x[i] + y[i];
}
"""


def test_the_thread_limit_comes_from_the_formula(monkeypatch):
    """The pid limit counts threads. A candidate that starts a team of 100 threads (what
    OpenMP does on a 100-CPU worker) is a runtime error under the 68 pids of 2 CPUs, and
    starts once the formula gives this worker room for it (PIDS_PER_CPU raised); here it
    is then rejected for using more threads than granted, which proves it started."""
    from harness.measure import topology

    p = get_problem("03_dense_la_axpy")
    cfg = EvalConfig(quick=True, validate_only=True, use_cache=False)
    r = evaluate(p, WIDE_TEAM, "omp", cfg)
    assert r.status == "runtime_error" and "Thread creation failed" in r.evidence["stderr_tail"]
    monkeypatch.setattr(topology, "PIDS_PER_CPU", 80)
    r = evaluate(p, WIDE_TEAM, "omp", cfg)
    assert r.status == "rejected" and "100 after" in r.evidence["why"]
