"""Every baseline against an independent computation (numpy / scipy / plain Python).

An oracle lives in tests/oracles/<suite>__<problem id>.py (a "-" in the id becomes "_")
and defines ``expected(inputs) -> dict``: from the driver's inputs (flat numpy arrays by
name, as ``Bench.inputs`` returns them; scalar arguments are 1-element arrays) it
computes some or all of the outputs (any shape; compared flattened, by name). It may set
``RTOL`` / ``ATOL`` (default 1e-9 / 1e-9) and ``SEEDS`` (default (1, 2)). The baseline
runs at the problem's quick size on each seed.
"""

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from harness.measure import toolchain
from harness.measure.suite import get_problem

ORACLES = sorted((Path(__file__).parent / "oracles").glob("*__*.py"))


def _load(path):
    spec = importlib.util.spec_from_file_location(f"oracle_{path.stem}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _problem(path):
    suite, stem = path.stem.split("__", 1)
    from harness.measure.suite import load_suite

    ids = {pid.replace("-", "_"): pid for pid in load_suite(suite)}
    assert stem in ids, f"{path.name}: no problem {stem!r} in suite {suite}"
    return get_problem(ids[stem], suite)


@pytest.mark.parametrize("path", ORACLES, ids=[p.stem for p in ORACLES])
def test_baseline_matches_oracle(path):
    from harness import _bench

    mod = _load(path)
    p = _problem(path)
    comp = toolchain.find_compiler()
    drv = toolchain.build_trusted(p, "driver", "serial", comp)
    base = toolchain.build_trusted(p, "baseline", "serial", comp)
    bench = _bench.InProcessBench(drv.path, base.path, base.path)
    size = p.sizes["quick"]
    rtol, atol = getattr(mod, "RTOL", 1e-9), getattr(mod, "ATOL", 1e-9)
    for seed in getattr(mod, "SEEDS", (1, 2)):
        inputs = bench.inputs(size, seed)
        got = bench.outputs("baseline", size, seed)
        want = mod.expected({k: v.copy() for k, v in inputs.items()})
        assert want, "the oracle computes nothing"
        for name, exp in want.items():
            assert name in got, f"{name}: not an output of the driver ({sorted(got)})"
            np.testing.assert_allclose(
                got[name].astype(np.result_type(exp, np.float64)),
                np.ravel(exp),
                rtol=rtol,
                atol=atol,
                err_msg=f"{p.id} seed {seed}: output {name}",
            )


def test_every_problem_has_an_oracle():
    from harness.measure.suite import load_suite

    have = {p.stem for p in ORACLES}
    missing = [
        f"{s}/{pid}"
        for s in ("pareval", "polybench")
        for pid in load_suite(s)
        if f"{s}__{pid.replace('-', '_')}" not in have
    ]
    assert not missing, missing
