"""The ``cot`` strategy: ``single`` with a zero-shot chain-of-thought cue (Kojima et al.
2022, as the LessonL paper ran it, arXiv 2505.23946, Table 1): one call, one evaluation.

Upstream's CoT prompt differs from its single prompt in two places: the input is called
"a function", and the instruction ends with a step-by-step cue placed before the source.
Our base prompt (:func:`harness.strategies.prompting.optimization_prompt`) already calls the input a
function, so the only difference here is the cue (``prompts/step_by_step.txt``), placed
right before the original code. Same agent, seed and evaluation as ``single``, so the two
compare the cue alone.
"""

from __future__ import annotations

from . import prompting as prompts
from .base import RunContext
from .registry import TEAM_ONE, Budget, register
from .single import SingleAgent


@register(
    "cot",
    description="single with a zero-shot step-by-step cue before the source (one shot)",
    team=TEAM_ONE,
    budget=lambda o, n: Budget(calls=1, evaluations=1),
)
class ChainOfThought(SingleAgent):
    """``single``'s prompt with the step-by-step cue before the original code."""

    def prompt(self, problem, mode: str, ctx: RunContext) -> str:
        return prompts.optimization_prompt(
            problem, mode, ctx.build_info(mode), ctx.timed_size(problem), before_source=prompts.load("step_by_step")
        )
