"""The executor registry (harness.measure.executors): the built-in two, the default
choice, one-line errors, and a new executor added as one file of the package, found
without any other change and used by a run."""

from __future__ import annotations

import sys

import pytest

from harness.core.errors import HarnessError
from harness.measure import executors
from harness.measure.executors import InlineExecutor, base, ParslExecutor, make_executor

RECORDER = """
from harness.measure.executors.base import EvalExecutor, register_executor

CALLS = []


@register_executor("recorder", "every evaluation in the calling thread, recorded")
class Recorder(EvalExecutor):
    def __init__(self, fn):
        self.fn = fn

    @classmethod
    def from_request(cls, req):
        from harness.measure.evaluate import evaluate
        return cls(req.evaluate_fn or evaluate)

    def evaluate(self, problem, text, mode, cfg):
        CALLS.append(problem.id)
        return self.fn(problem, text, mode, cfg)
"""


def test_the_built_in_executors_and_the_default_choice():
    found = executors.executors()
    assert {"inline", "parsl"} <= set(found) and all(c.description for c in found.values())
    assert isinstance(make_executor(1, "serial", None, None), InlineExecutor)
    assert isinstance(make_executor(2, "serial", None, None), ParslExecutor)  # not started
    assert isinstance(make_executor(1, "serial", None, None, name="parsl"), ParslExecutor)


@pytest.mark.parametrize(
    "kw,message",
    [
        ({"name": "nope"}, "unknown executor 'nope' (known: inline, parsl"),
        ({"name": "inline", "eval_workers": 2}, "the inline executor runs one evaluation at a time"),
        ({"eval_workers": 0}, "--eval-workers must be at least 1"),
        ({"eval_workers": 2, "mode": "omp"}, "needs --threads"),
    ],
)
def test_what_an_executor_cannot_serve_is_one_line(kw, message):
    args = {"eval_workers": 1, "mode": "serial", "threads": None, "parsl_config": None, **kw}
    with pytest.raises(HarnessError, match=message.replace("(", r"\(")):
        make_executor(**args)


def test_an_executor_is_one_file_of_the_package(tmp_path, monkeypatch):
    """A module placed among the package's files registers itself; a run picks it by name
    (here the package's search path gets a temporary folder, so the repository is not
    touched)."""
    from harness.run import RunOptions, execute

    (tmp_path / "recorder.py").write_text(RECORDER)
    monkeypatch.setattr(executors, "__path__", [*executors.__path__, str(tmp_path)])
    monkeypatch.setattr(base, "EXECUTORS", base.EXECUTORS.copy())  # "recorder" for this test only
    monkeypatch.delitem(sys.modules, "harness.measure.executors.recorder", raising=False)
    assert "recorder" in executors.executors()
    module = sys.modules["harness.measure.executors.recorder"]
    fake = [[]]

    def evaluate_fn(problem, text, mode, cfg):
        from harness.measure.evaluate import EvalResult

        fake[0].append(problem.id)
        return EvalResult(problem.id, problem.suite, mode, "compile_error", 0, 1)

    execute(
        RunOptions(
            strategy="null",
            mode="serial",
            problems=["30_scan_prefix_sum"],
            output=str(tmp_path / "out"),
            executor="recorder",
            quick=True,
            reference=False,
        ),
        evaluate_fn=evaluate_fn,
    )
    assert module.CALLS and set(module.CALLS) == {"30_scan_prefix_sum"} and fake[0] == module.CALLS
    config = next((tmp_path / "out").glob("*/config.json")).read_text()
    assert '"name": "recorder"' in config
