"""benchmarks/code_placement.py: its padded candidates keep the baseline's includes first
and its code whole, so they compile and validate as the baseline does (only the layout
changes)."""

import importlib.util
from pathlib import Path

from harness.measure.evaluate import EvalConfig, evaluate
from harness.measure.suite import get_problem

_spec = importlib.util.spec_from_file_location(
    "code_placement", Path(__file__).resolve().parent.parent / "benchmarks" / "code_placement.py"
)
code_placement = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(code_placement)


def test_padded_candidates_are_the_baseline_at_another_address():
    p = get_problem("30_scan_prefix_sum")
    base = p.source("baseline.cpp")
    assert code_placement.padded(base, 0).split() == base.split()  # k = 0: the baseline's own text
    text = code_placement.padded(base, 3)
    lines = text.splitlines()
    assert lines[0].startswith("#include") and text.count("harness_pad_") == 3
    assert text.index("harness_pad_3") < text.index(p.function)
    r = evaluate(p, text, "serial", EvalConfig(quick=True, validate_only=True, use_cache=False))
    assert r.status == "correct", r.evidence
