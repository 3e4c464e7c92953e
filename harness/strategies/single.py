"""The ``single`` strategy: one agent (the team's first), one shot, no lessons
(the LessonL paper's single-agent baseline, arXiv 2505.23946, Table 1)."""

from __future__ import annotations

from . import prompting as prompts
from .base import ProblemOutcome, RunContext, Strategy
from .registry import TEAM_ONE, Budget, register


@register(
    "single",
    description="one agent, one shot: the round-0 prompt, evaluated once",
    team=TEAM_ONE,
    budget=lambda o, n: Budget(calls=1, evaluations=1),
)
class SingleAgent(Strategy):
    """One candidate (id ``<problem>-r0-a0``) from the team's first agent with the
    round-0 optimization prompt (the same prompt LessonL's round 0 uses), evaluated and
    re-measured. Subclasses change only :meth:`prompt` (``cot``)."""

    def prompt(self, problem, mode: str, ctx: RunContext) -> str:
        """The user message: the optimization prompt of round 0."""
        return prompts.optimization_prompt(problem, mode, ctx.build_info(mode), ctx.timed_size(problem))

    def run(self, problem, mode: str, team, ctx: RunContext) -> ProblemOutcome:
        out = self.start(problem, mode, ctx)
        agent = team.agents[0]
        cid = f"{problem.id}-r0-a0"
        ctx.progress(f"{problem.id}: {agent.name} ({agent.model}) writes a candidate")
        rec = self.ask(
            problem,
            agent,
            self.prompt(problem, mode, ctx),
            ctx,
            purpose="candidate",
            seed=ctx.seed(agent, problem, 0, "candidate"),
            round_=0,
            label=cid,
        )
        self.attempt(problem, agent, rec, cid, 0, ctx, out)
        return self.finish(problem, out, ctx)
