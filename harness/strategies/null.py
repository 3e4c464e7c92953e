"""The ``null`` strategy: the baseline unchanged, sent through the candidate path.

Its speedups are pure measurement noise (an A/A comparison): the noise floor every report
should print beside a team's numbers (DESIGN.md "LessonL", Result). No model is called.
"""

from __future__ import annotations

import time

from .base import Candidate, ProblemOutcome, RunContext, Strategy


class NullStrategy(Strategy):
    """Returns the baseline as the only candidate (id ``<problem>-null``), evaluated and
    re-measured like any other best candidate."""

    name = "null"

    def run(self, problem, mode: str, team, ctx: RunContext) -> ProblemOutcome:
        t0 = time.monotonic()
        ctx.mode = mode
        out = ProblemOutcome(problem.id, problem.category, self.name, mode, repeat=ctx.repeat)
        cand = Candidate(f"{problem.id}-null", problem.id, 0, "baseline", "none",
                         reply=problem.source("baseline.cpp"))
        ctx.progress(f"{problem.id}: evaluating the baseline as a candidate (noise floor)")
        out.candidates.append(self.evaluate_candidate(problem, cand, ctx))
        self.choose_and_remeasure(problem, out, ctx)
        out.wall_s = time.monotonic() - t0
        return out
