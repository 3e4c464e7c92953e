"""Developer check of one problem folder (temporary, not part of the product).

usage: python devcheck.py PROBLEM_ID [--timed]
Runs baseline (A/A), reference_serial, reference_omp and every tests/variants/<id>/*.cpp
through the real evaluator. Without --timed: validation only at the quick size.
"""
import sys, time
from pathlib import Path
from harness.suite import get_problem
from harness.evaluate import evaluate, EvalConfig

pid = sys.argv[1]
timed = "--timed" in sys.argv
p = get_problem(pid)
vdir = Path(__file__).parent / "tests" / "variants" / pid
for mode in ("serial", "omp"):
    items = [("A/A baseline", p.source("baseline.cpp")), ("reference", p.reference(mode))]
    items += [(f.name, f.read_text()) for f in sorted(vdir.glob("*.cpp"))]
    for name, text in items:
        cfg = EvalConfig(use_cache=False, validate_only=not timed, quick=not timed)
        t = time.time()
        r = evaluate(p, text, mode, cfg)
        sp = f"speedup {r.speedup:.3f} [{r.ci_low:.3f}, {r.ci_high:.3f}] base {r.baseline_median_ns/1e6:.1f} ms mdape {r.baseline_mdape:.1f}%/{r.candidate_mdape:.1f}%" if r.speedup else ""
        print(f"{mode:6} {name:28} {r.status:13} {sp} wall {time.time()-t:.1f}s {r.evidence if r.status != 'correct' else ''}")
