import os

import pytest

from harness.evaluate import EvalConfig, evaluate
from harness.suite import get_problem


@pytest.fixture(scope="session", autouse=True)
def _private_cache(tmp_path_factory):
    """Every test session builds into its own cache, so tests measure, not recall."""
    old = os.environ.get("HARNESS_CACHE")
    os.environ["HARNESS_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if old is None:
        os.environ.pop("HARNESS_CACHE", None)
    else:
        os.environ["HARNESS_CACHE"] = old


@pytest.fixture
def run_eval():
    """evaluate(problem id, source text, mode, **EvalConfig fields) -> EvalResult."""
    def _run(pid, text, mode="omp", **kw):
        return evaluate(get_problem(pid), text, mode, EvalConfig(**kw))
    return _run


