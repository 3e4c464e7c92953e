"""The ``single`` strategy: one agent (the team's first), one shot, no lessons."""

from __future__ import annotations

import time

from .. import prompting as prompts
from .base import Candidate, ProblemOutcome, RunContext, Strategy, call_summary


class SingleAgent(Strategy):
    """One candidate from the team's first agent with the round-0 optimization prompt
    (the same prompt LessonL's round 0 uses), evaluated and re-measured."""

    name = "single"

    def run(self, problem, mode: str, team, ctx: RunContext) -> ProblemOutcome:
        from ..llm import derive_seed

        t0 = time.monotonic()
        ctx.mode = mode
        out = ProblemOutcome(problem.id, problem.category, self.name, mode, repeat=ctx.repeat)
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
        self.choose_and_remeasure(problem, out, ctx)
        out.wall_s = time.monotonic() - t0
        return out
