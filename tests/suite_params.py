"""Test parameters over the problems of both suites."""

import pytest

from harness.measure.suite import load_suite


def one_per_category(items):
    """pytest params (suite, pid) for ``items``: the first problem of each (suite, category)
    runs in the default test run, the others are marked slow (``pytest -m slow`` runs
    them), to keep CI's time; ``python -m harness selftest`` checks every problem too."""
    seen, out = set(), []
    for suite, pid in items:
        cat = load_suite(suite)[pid].category
        marks = () if (suite, cat) not in seen else (pytest.mark.slow,)
        seen.add((suite, cat))
        out.append(pytest.param(suite, pid, marks=marks, id=f"{suite}/{pid}"))
    return out
