"""The ``null`` strategy: the baseline unchanged, sent through the candidate path.

Its speedups are pure measurement noise (an A/A comparison): the noise floor every report
should print beside a team's numbers. No model is called.
"""

from __future__ import annotations

from .base import Candidate, ProblemOutcome, RunContext, Strategy
from .registry import TEAM_NONE, Budget, register


@register(
    "null",
    description="the baseline unchanged as the candidate: the noise floor (no model)",
    team=TEAM_NONE,
    budget=lambda o, n: Budget(calls=0, evaluations=1),
)
class NullStrategy(Strategy):
    """Returns the baseline as the only candidate (id ``<problem>-null``), evaluated and
    re-measured like any other best candidate."""

    def run(self, problem, mode: str, team, ctx: RunContext) -> ProblemOutcome:
        out = self.start(problem, mode, ctx)
        cand = Candidate(f"{problem.id}-null", problem.id, 0, "baseline", "none", reply=problem.source("baseline.cpp"))
        ctx.progress(f"{problem.id}: evaluating the baseline as a candidate (noise floor)")
        out.candidates.append(self.evaluate_candidate(problem, cand, ctx))
        return self.finish(problem, out, ctx)
