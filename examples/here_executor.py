"""The smallest evaluation executor: every evaluation in the calling thread.

Copy it to harness/measure/executors/here.py and `run --executor here` picks it
(docs/scaling-out.md). tests/test_examples.py evaluates a candidate through it.
"""

from harness.measure.evaluate import evaluate
from harness.measure.executors.base import EvalExecutor, register_executor


@register_executor("here", "every evaluation in the calling thread, no lock")
class Here(EvalExecutor):
    @classmethod
    def from_request(cls, req):  # req: ExecutorRequest (eval_workers, mode, threads, ...)
        return cls()

    def evaluate(self, problem, text, mode, cfg):
        return evaluate(problem, text, mode, cfg)  # blocks; must be thread-safe
