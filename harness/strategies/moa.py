"""Mixture-of-Agents (Wang et al. 2024, arXiv 2406.04692, §2.2) as the LessonL paper ran it
for code optimization (Liu et al., arXiv 2505.23946, §4: 3 proposer layers + an aggregator).

Per problem, with the team's n agents as proposers (team order) and L proposer layers:

1. Layer 0: every proposer answers the base prompt (:func:`harness.strategies.prompting.
   optimization_prompt`, the same information every strategy gets).
2. Layers 1 .. L-1: every proposer gets the references message (``moa_references.txt``:
   optimized versions from several models, some may not compile, be wrong or slow;
   critically synthesise one correct, fast version; do not just copy) listing the
   previous layer's codes, extracted by :func:`harness.measure.extract.extract_candidate` and
   numbered in team order (a failed call or empty extraction stays as an empty entry),
   then the base prompt as the user message. The references message is appended to our
   shared system message (:func:`harness.strategies.prompting.system_message`) as one system
   message, rather than replacing it (upstream MoA had no other system message).
3. The aggregator -- the agent the team file assigns to role ``aggregator`` (``[roles]
   aggregator = "<agent name>"``), else the team's first agent -- gets the same
   references message built from the last proposer layer plus the base prompt. Its
   code is the answer: evaluated once, then re-measured on fresh seeds
   (:meth:`Strategy.finish`). Upstream ran GPT-4o at temperature 0.7 as aggregator; here
   the aggregator samples like every call (``run --sampling``: 0.2 / 0.95 under
   ``paper``) unless the team file gives its agent a temperature.

A call that carries references and fails because it does not fit the model's context
window (llm.ContextWindowExceeded) is retried once with the base prompt alone, as
upstream did; each such retry is one more model call. No evaluator feedback enters any
prompt. Budget per problem: n·L + 1 calls (10 at n = 3, L = 3), at most n·(2L-1) + 2
with every retry (17), 1 evaluation. With ``evaluate_layers`` every
proposer code is also evaluated and logged (per-layer curves; upstream measured its 9
intermediate codes and discarded them): n·L more evaluations, never fed back, never
selected, not counted among the problem's candidates.

Candidate ids: ``<problem>-r<layer>-a<j>`` for proposer j in layer ``layer``,
``<problem>-r<L>-agg`` for the aggregator. Sampling seeds: ``derive_seed(agent.seed,
problem, layer, repeat, "proposal")`` for proposers, ``(..., L, repeat, "aggregate")``
for the aggregator, so a re-run reproduces and the response cache serves a resumed run.
"""

from __future__ import annotations

from ..measure.extract import extract_candidate
from . import prompting as prompts
from .base import Candidate, ProblemOutcome, RunContext, Strategy, call_summary
from .registry import TEAM_MANY, Budget, Param, register


def format_references(codes) -> str:
    """The previous layer's codes as numbered sections in team order: ``### Version j``
    (1-based) then the code in a ```cpp block, or ``(no code)`` for an empty entry."""
    out = []
    for j, code in enumerate(codes, 1):
        code = (code or "").strip()
        out.append(f"### Version {j}\n" + (f"```cpp\n{code}\n```" if code else "(no code)"))
    return "\n\n".join(out)


def references_messages(base_prompt: str, codes) -> list[dict]:
    """Chat messages of a layer >= 1 proposer or the aggregator: one system message (our
    shared system message, then the references message listing ``codes``) and the base
    prompt as the user message."""
    system = (
        prompts.system_message()["content"]
        + "\n\n"
        + prompts.render("moa_references", references=format_references(codes)).strip()
    )
    return [{"role": "system", "content": system}, {"role": "user", "content": base_prompt}]


def _budget(o, n_team) -> Budget:
    """n·L proposals + 1 aggregation, and at most one context-overflow retry for each
    call that carries references (the n·(L-1) proposals of layers >= 1 and the
    aggregation): n·L + 1 calls, at most n·(2L-1) + 2 with retries; 1 evaluation
    (+ n·L with evaluate_layers)."""
    proposals = n_team * o["layers"]
    retries = n_team * (o["layers"] - 1) + 1
    return Budget(
        calls=proposals + 1 + retries, retries=retries, evaluations=1 + (proposals if o["evaluate_layers"] else 0)
    )


@register(
    "moa",
    team=TEAM_MANY,
    budget=_budget,
    quick={"layers": 2},
    roles=("aggregator",),
    description="Mixture-of-Agents (Wang et al. 2024): proposer layers synthesise the previous "
    "layer's codes, an aggregator ([roles] aggregator, else the first agent) answers",
    params=(
        Param("layers", int, 3, "proposer layers L (layer 0 answers the task alone)", minimum=1),
        Param(
            "evaluate_layers",
            bool,
            False,
            "also evaluate and log every proposer code (per-layer curves; never fed back nor "
            "selected; n*L more evaluations)",
        ),
    ),
)
class MixtureOfAgents(Strategy):
    """MoA with ``layers`` proposer layers (L) over the whole team and one aggregator;
    ``evaluate_layers``: also evaluate every proposer code (see the module docstring)."""

    def __init__(self, layers: int = 3, evaluate_layers: bool = False):
        if layers < 1:
            raise ValueError("layers must be >= 1")
        super().__init__(layers=layers, evaluate_layers=evaluate_layers)
        self.layers, self.evaluate_layers = layers, evaluate_layers

    def run(self, problem, mode: str, team, ctx: RunContext) -> ProblemOutcome:
        out = self.start(problem, mode, ctx)
        base = prompts.optimization_prompt(problem, mode, ctx.build_info(mode), ctx.timed_size(problem))
        plain = prompts.messages(base)
        proposers = list(team.agents)
        aggregator = team.role("aggregator", proposers[0])
        codes: list[str] = []
        for layer in range(self.layers):
            msgs = plain if layer == 0 else references_messages(base, codes)
            ids = [f"{problem.id}-r{layer}-a{j}" for j in range(len(proposers))]
            calls = [(a, msgs, ctx.seed(a, problem, layer, "proposal"), cid) for a, cid in zip(proposers, ids)]
            ctx.progress(
                f"{problem.id}: layer {layer + 1}/{self.layers}: {len(proposers)} proposer(s)"
                + (" synthesise the previous layer's codes" if layer else " answer the task")
            )
            recs = ctx.generate(
                calls,
                purpose="proposal",
                problem=problem.id,
                round_=layer,
                fallbacks=[plain] * len(calls) if layer else None,
            )
            codes = [extract_candidate(r.text, problem.function).strip() if r is not None else "" for r in recs]
            ctx.log(
                "moa_layer",
                problem=problem.id,
                layer=layer,
                candidate_ids=ids,
                empty=[j for j, c in enumerate(codes) if not c],
            )
            if self.evaluate_layers:  # the layer's codes judged together (--batch)
                cands = [
                    Candidate(cid, problem.id, layer, a.name, a.model, reply=rec.text, call=call_summary(rec))
                    for a, cid, rec in zip(proposers, ids, recs)
                    if rec is not None
                ]
                ctx.progress(
                    f"{problem.id}: layer {layer + 1}: evaluating {', '.join(c.id for c in cands)} "
                    "(logged, not selected)"
                )
                self.evaluate_candidates(problem, cands, ctx)
        agg_id = f"{problem.id}-r{self.layers}-agg"
        seed = ctx.seed(aggregator, problem, self.layers, "aggregate")
        ctx.progress(f"{problem.id}: aggregator {aggregator.name} ({aggregator.model}) synthesises the answer")
        [rec] = ctx.generate(
            [(aggregator, references_messages(base, codes), seed, agg_id)],
            purpose="aggregate",
            problem=problem.id,
            round_=self.layers,
            fallbacks=[plain],
        )
        if rec is not None:
            self.attempt(problem, aggregator, rec, agg_id, self.layers, ctx, out)
        return self.finish(problem, out, ctx)
