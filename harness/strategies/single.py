"""The ``single`` strategy: one agent (the team's first), one shot, no lessons
(the LessonL paper's single-agent baseline, arXiv 2505.23946, Table 1)."""

from __future__ import annotations

from .. import prompting as prompts
from .base import Candidate, ProblemOutcome, RunContext, Strategy, call_summary
from .registry import TEAM_ONE, Budget, register


@register("single", description="one agent, one shot: the round-0 prompt, evaluated once",
          team=TEAM_ONE, budget=lambda o, n: Budget(calls=1, evaluations=1))
class SingleAgent(Strategy):
    """One candidate from the team's first agent with the round-0 optimization prompt
    (the same prompt LessonL's round 0 uses), evaluated and re-measured."""

    def run(self, problem, mode: str, team, ctx: RunContext) -> ProblemOutcome:
        from ..llm import derive_seed

        out = self.start(problem, mode, ctx)
        agent = team.agents[0]
        text = prompts.optimization_prompt(problem, mode, ctx.build_info(mode), ctx.timed_size(problem))
        seed = derive_seed(agent.seed, problem.id, 0, ctx.repeat, "candidate")
        ctx.progress(f"{problem.id}: {agent.name} ({agent.model}) writes a candidate")
        [rec] = ctx.generate([(agent, prompts.messages(text), seed, f"{problem.id}-r0-a0")],
                             purpose="candidate", problem=problem.id, round_=0)
        if rec is not None:
            cand = Candidate(f"{problem.id}-r0-a0", problem.id, 0, agent.name, agent.model,
                             reply=rec.text, call=call_summary(rec))
            ctx.progress(f"{problem.id}: evaluating {cand.id}")
            out.candidates.append(self.evaluate_candidate(problem, cand, ctx))
        return self.finish(problem, out, ctx)
