"""The ``reflexion`` strategy (Shinn et al., "Reflexion: language agents with verbal
reinforcement learning", NeurIPS 2023), as the LessonL paper ran it (arXiv 2505.23946,
Table 1): one agent, 10 iterations, the best candidate by measured speedup.

Per problem, with N = ``iterations``:

1. c_0 = the answer to the base prompt (:func:`harness.strategies.prompting.optimization_prompt`,
   the same prompt and seed as ``single``).
2. For i = 0 .. N-1: evaluate c_i (id ``<problem>-i<i>``); ask for a reflection on it
   (the review prompt: original code, c_i, its outcome label, the evaluator's evidence:
   status, speedup with CI, compiler diagnostics, mismatch, profiler signals; one or two
   sentences explaining the outcome as a hint, no code); then ask for c_{i+1}: the base
   prompt with a memory section before the original code holding c_i, its outcome and
   evidence and the reflection. The memory is only the latest (code, evidence,
   reflection): no older attempt or reflection is shown.
3. c_N is generated, as upstream does, so a run spends upstream's 1 + 2N model calls,
   but is evaluated only with ``evaluate_last`` (then N + 1 evaluations instead of N).
4. Final: the evaluated candidate with the best first speedup (earliest on ties),
   re-measured on fresh seeds (:meth:`Strategy.finish`).

Upstream defects fixed here:

(1) upstream submitted the code generated *after* the best-measured one, which was never
    evaluated; we submit the best-measured candidate itself;
(2) upstream labelled a correct but slower code with an empty label and every failure as
    "slower"; we use :func:`harness.strategies.lessons.outcome_label` (from the EvalResult's
    status, speedup and CI, never parsed from text);
(3) upstream cut every prompt at 3,500 characters, which could drop the source; we never
    cut the original code or an attempt (only the evidence's long parts are trimmed, see
    :mod:`harness.strategies.prompting`).

Deviation: upstream's reflection calls add a frequency penalty of 0.5; our Agent has no
such setting, so reflection calls sample like code calls (the agent's temperature and
top_p).

Sampling seeds: ``derive_seed(agent.seed, problem, i, repeat, "candidate")`` for c_i and
``"reflection"`` for the reflection on c_i, so a re-run reproduces (and the response cache
serves a resumed run) while replicates differ.
"""

from __future__ import annotations

from . import prompting as prompts
from .base import ProblemOutcome, RunContext, Strategy
from .registry import TEAM_ONE, Budget, Param, register


def _budget(o, n_team) -> Budget:
    """c_0, then per iteration a reflection and the next code: 1 + 2N calls; N
    evaluations (N + 1 with evaluate_last)."""
    return Budget(calls=1 + 2 * o["iterations"], evaluations=o["iterations"] + int(o["evaluate_last"]))


@register(
    "reflexion",
    team=TEAM_ONE,
    profile=True,
    budget=_budget,
    description="Reflexion (Shinn et al. 2023): one agent rewrites after reflecting on its latest measured attempt",
    quick={"iterations": 3},
    params=(
        Param(
            "iterations", int, 10, "iterations N (each evaluates one candidate, then reflects and rewrites)", minimum=1
        ),
        Param(
            "evaluate_last",
            bool,
            False,
            "also evaluate c_N, the code written after the last reflection (upstream generated it but never evaluated it)",
        ),
    ),
)
class Reflexion(Strategy):
    """Reflexion with ``iterations`` (N) evaluated candidates c_0 .. c_{N-1}, the latest
    (code, evidence, reflection) as memory; ``evaluate_last`` also evaluates c_N. See the
    module docstring for the algorithm, the three upstream defects fixed and the
    frequency-penalty deviation."""

    def __init__(self, iterations: int = 10, evaluate_last: bool = False):
        if iterations < 1:
            raise ValueError("iterations must be >= 1")
        super().__init__(iterations=iterations, evaluate_last=evaluate_last)
        self.iterations, self.evaluate_last = iterations, evaluate_last

    def run(self, problem, mode: str, team, ctx: RunContext) -> ProblemOutcome:
        out = self.start(problem, mode, ctx)
        build, size = ctx.build_info(mode), ctx.timed_size(problem)
        agent = team.agents[0]
        n = self.iterations

        def seed(i, purpose):
            return ctx.seed(agent, problem, i, purpose)

        ctx.progress(f"{problem.id}: iteration 1/{n}: {agent.name} writes c0")
        rec = self.ask(
            problem,
            agent,
            prompts.optimization_prompt(problem, mode, build, size),
            ctx,
            seed=seed(0, "candidate"),
            purpose="candidate",
            round_=0,
            label=f"{problem.id}-i0",
        )
        for i in range(n):
            cand = self.attempt(problem, agent, rec, f"{problem.id}-i{i}", i, ctx, out)
            ctx.progress(f"{problem.id}: iteration {i + 1}/{n}: reflection on {cand.id}")
            reflection = self.ask(
                problem,
                agent,
                prompts.reflection_prompt(problem, mode, build, cand.source, cand.result, cand.outcome, ctx.evidence),
                ctx,
                seed=seed(i, "reflection"),
                purpose="reflection",
                round_=i,
                label=f"{problem.id}-i{i}-reflection",
            ).text.strip()
            memory = prompts.render(
                "reflexion_memory",
                outcome=cand.outcome,
                what_happened=prompts.attempt_fate(cand.result.status),
                attempt=cand.source.strip(),
                evidence=prompts.format_evidence(cand.result, level=ctx.evidence),
                reflection=reflection,
            )
            ctx.progress(f"{problem.id}: iteration {i + 1}/{n}: {agent.name} writes c{i + 1}")
            rec = self.ask(
                problem,
                agent,
                prompts.optimization_prompt(problem, mode, build, size, before_source=memory),
                ctx,
                seed=seed(i + 1, "candidate"),
                purpose="candidate",
                round_=i + 1,
                label=f"{problem.id}-i{i + 1}",
            )
        if self.evaluate_last:
            self.attempt(problem, agent, rec, f"{problem.id}-i{n}", n, ctx, out)
        else:
            ctx.log(
                "candidate_not_evaluated",
                problem=problem.id,
                candidate_id=f"{problem.id}-i{n}",
                why="c_N is generated as upstream does; evaluate_last is off",
            )
        return self.finish(problem, out, ctx)
