"""The smallest strategy: n samples of the team's first agent, the best one kept.

Copy it to harness/strategies/best_of_n.py, or name it in your own package's
harness.strategies entry point (docs/extending.md), and `python -m harness run --strategy
best_of_n --n 8` works (docs/strategies/adding.md). tests/test_examples.py runs it within its
registered budget.
"""

from harness.strategies import prompting
from harness.strategies.base import Strategy
from harness.strategies.registry import TEAM_ONE, Budget, Param, register


@register(
    "best_of_n",
    description="n samples of the team's first agent, the best one kept",
    team=TEAM_ONE,
    params=(Param("n", int, 4, "samples", minimum=1),),
    quick={"n": 2},
    budget=lambda o, team_size: Budget(calls=o["n"], evaluations=o["n"]),
)
class BestOfN(Strategy):
    def run(self, problem, mode, team, ctx):
        out = self.start(problem, mode, ctx)
        agent = team.agents[0]
        text = prompting.optimization_prompt(problem, mode, ctx.build_info(mode), ctx.timed_size(problem))
        for i in range(self.params["n"]):
            rec = self.ask(
                problem,
                agent,
                text,
                ctx,
                purpose="candidate",
                round_=i,
                label=f"s{i}",
                seed=ctx.seed(agent, problem, i, "candidate"),
            )
            self.attempt(problem, agent, rec, f"{problem.id}-s{i}", i, ctx, out)
        return self.finish(problem, out, ctx)  # best first speedup, re-measured on fresh seeds
