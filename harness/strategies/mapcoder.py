"""The ``mapcoder`` strategy (Islam et al., "MapCoder: multi-agent code generation for
competitive problem solving", ACL 2024), as the LessonL paper ran it (arXiv 2505.23946,
Table 1): four roles on one agent (retrieval, planning with verification, coding,
debugging), k = 3 plans, t = 5 debug steps.

Per problem, with k = ``plans`` and t = ``debug_steps``:

1. Retrieval: one call recalls k relevant, distinct code-optimization problems, each with
   a description, a step-by-step optimization and a plan, plus an "algorithm" section
   naming the techniques with a generic tutorial, in our own layout of markdown headings
   (``# Problem <n>`` / ``## Description`` / ``## Optimization`` / ``## Plan`` /
   ``# Algorithm``; :func:`parse_retrieval` is lenient about heading levels, bold,
   numbering and colons). A reply that does not give k complete, distinct problems and an
   algorithm section is asked again, with the reason and another sampling seed, at most
   :data:`RETRIEVAL_TRIES` times in all (upstream re-asked without bound). Then the run
   goes on with the try that gave the most complete problems (then an algorithm
   section; the earliest of equals);
   every missing problem becomes a plan "from the code alone" (the planning prompt says
   that no similar problem was recalled) and a missing algorithm section "(none
   recalled)", so the k plans and their budget stay. A ``retrieval`` event records the
   tries, the problems read and, when incomplete, the reason and its consequence.
2. Per exemplar j: a planning call (exemplar, tutorial, the original code -> a concrete
   plan, no code) and a verification call (the code and the plan -> an explanation and
   ``Confidence: N``, 0-100; a reply without a readable confidence gives 0, where
   upstream aborted). Plans are run in descending confidence (stable: the earlier
   exemplar first among equals); a ``plans_ranked`` event records the order.
3. Per plan (all k, no early stop): a coding call (the base prompt with the tutorial, the
   plan and the step-by-step cue before the original code) -> candidate
   ``<problem>-p<j>-d0``, evaluated; then t debug steps, each choosing one of three
   requests by the previous candidate's status (did not compile or link / incorrect,
   crashed, timed out or rejected / correct but not fast enough), each with the tutorial,
   the code being fixed and its plan, and the evaluator's evidence on it ->
   ``<problem>-p<j>-d<s>``, evaluated. A ``debug_prompt`` event records each step's
   variant and the status it follows.
4. Final: the best first speedup over all k(1 + t) candidates (earliest on ties),
   re-measured on fresh seeds (:meth:`Strategy.finish`).

Every code request is the base prompt (:func:`harness.strategies.prompting.optimization_prompt`) with
the strategy's section before the original code, so it states the task, the build and,
in omp mode, asks for OpenMP parallelisation.

Upstream defects fixed here: the debugging prompt never showed the code being fixed nor
its plan (we show both, as the original MapCoder does; ``upstream_debug_context``
reproduces upstream's prompt); each candidate was measured twice (we measure once and
reuse the result); in OpenMP mode the debug prompts forgot to ask for parallelisation
(ours are base prompts, which ask).

Budget per problem: 1 + 2k + k(1 + t) calls (25 at k = 3, t = 5) when the retrieval reply
parses at once, at most 2 more for its retries; exactly k(1 + t) evaluations (18). The
registered budget is therefore the upper bound 3 + 2k + k(1 + t).

Sampling seeds: ``derive_seed(agent.seed, problem, step, repeat, purpose)`` with step the
retrieval try or ``p<j>``/``p<j>-d<s>`` and purpose retrieval, plan, verify or candidate.
"""

from __future__ import annotations

import re

from . import prompting as prompts
from .base import NOT_COMPILED, Candidate, ProblemOutcome, RunContext, Strategy
from .registry import TEAM_ONE, Budget, Param, register

RETRIEVAL_TRIES = 3  # retrieval calls per problem at most (upstream: unbounded)
NO_ALGORITHM = "(none recalled)"
FIELDS = ("description", "optimization", "plan")
# a heading of the retrieval layout: "# Problem 2", "## Description", "**Plan:** text", "Algorithm"
_HEADING = re.compile(
    r"^\s*(?P<hashes>#{1,6})?\s*[*_]*\s*(?P<key>problem|example|description|"
    r"(?:step[- ]by[- ]step\s+)?optimi[sz]ation(?:\s+steps)?|plan|algorithms?|tutorial)"
    r"(?:\s*#?\s*\d+)?\s*[*_]*\s*(?P<colon>:)?\s*[*_]*\s*(?P<rest>.*?)\s*[*_]*\s*$",
    re.I,
)
_CONFIDENCE = re.compile(r"confidence[^0-9\n]{0,20}?(\d{1,3}(?:\.\d+)?)", re.I)
# the debug request chosen by the previous candidate's status
DEBUG_VARIANTS = ("compile", "incorrect", "slow")


def _heading(line: str) -> tuple[str, str] | None:
    """(key, inline content) when ``line`` is a heading of the retrieval layout, else None.
    key: problem, description, optimization, plan or algorithm. A keyword line counts
    when it starts with '#', ends in a colon (content may follow) or holds the keyword
    alone, so prose such as "Plan the loop ..." stays content."""
    m = _HEADING.match(line)
    if not m or not (m["hashes"] or m["colon"] or not m["rest"]):
        return None
    key = m["key"].lower()
    if key.startswith(("problem", "example")):
        return "problem", m["rest"]
    if key.startswith(("algorithm", "tutorial")):
        return "algorithm", m["rest"] if m["colon"] else ""
    key = "optimization" if "optimi" in key else key
    return key, m["rest"] if m["colon"] else ""


def parse_retrieval(text: str, k: int) -> tuple[list[dict], str, str]:
    """Reads a retrieval reply (layout in the module docstring).

    Returns (exemplars, algorithm, problem): at most ``k`` complete exemplars
    ({"description", "optimization", "plan"}: non-empty strings; a problem heading's
    title opens its description), distinct by description, in reply order; the
    algorithm section's text ("" if absent); and "" when the reply gave k exemplars and
    an algorithm section, else the reason in a few words. Headings inside code fences,
    and field headings after ``# Algorithm`` (up to the next problem heading), are
    content. Never raises."""
    exemplars: list[dict] = []
    cur: dict | None = None
    target: list | None = None  # the lines being filled
    algorithm: list[str] = []
    fenced = False
    for line in (text or "").splitlines():
        if line.strip().startswith("```"):
            fenced = not fenced
        head = None if fenced else _heading(line)
        if head is None:
            if target is not None:
                target.append(line)
            continue
        key, rest = head
        if key == "problem":
            cur = {"title": [rest] if rest else []}
            exemplars.append(cur)
            target = cur["title"]
        elif key == "algorithm":
            cur, target = None, algorithm
            if rest:
                target.append(rest)
        elif target is algorithm:
            target.append(line)  # after "# Algorithm", field headings belong to the tutorial
        else:
            if cur is None or cur.get(key):  # a field without its problem heading opens one
                cur = {"title": []}
                exemplars.append(cur)
            cur[key] = [rest] if rest else []
            target = cur[key]
    out, seen = [], set()
    for e in exemplars:
        d = {f: "\n".join(e.get(f, [])).strip() for f in FIELDS}
        d["description"] = "\n".join(e["title"] + e.get("description", [])).strip()
        key = " ".join(d["description"].lower().split())
        if all(d.values()) and key not in seen:
            seen.add(key)
            out.append(d)
    out = out[:k]
    algo = "\n".join(algorithm).strip()
    why = []
    if len(out) < k:
        why.append(
            f"{len(out)} complete, distinct problem(s) of {k}; each needs a Description, "
            "an Optimization and a Plan heading"
        )
    if not algo:
        why.append("no Algorithm section")
    return out, algo, "; ".join(why)


def parse_confidence(text: str) -> int | None:
    """The verification reply's confidence: the last ``Confidence: N`` with N in
    [0, 100] (rounded to an integer), None when there is none."""
    found = _CONFIDENCE.findall(text or "")
    if not found:
        return None
    v = float(found[-1])
    return round(v) if 0 <= v <= 100 else None


def debug_variant(status: str) -> str:
    """The debug request for a candidate of EvalResult ``status``: "compile" (did not
    compile or link), "slow" (correct but not fast enough) or "incorrect" (anything
    else: incorrect, crashed, timed out, rejected)."""
    if status in NOT_COMPILED:
        return "compile"
    return "slow" if status == "correct" else "incorrect"


def _budget(o, n_team) -> Budget:
    """Upper bound: up to RETRIEVAL_TRIES retrieval calls, a planning and a verification
    call per plan, 1 + t code calls per plan; k(1 + t) evaluations."""
    k, t = o["plans"], o["debug_steps"]
    return Budget(calls=RETRIEVAL_TRIES + 2 * k + k * (1 + t), evaluations=k * (1 + t), exact=False)


@register(
    "mapcoder",
    team=TEAM_ONE,
    profile=True,
    budget=_budget,
    description="MapCoder (Islam et al. 2024): retrieval, plans ranked by confidence, coding and status-driven debugging",
    quick={"plans": 2, "debug_steps": 1},
    params=(
        Param("plans", int, 3, "plans k (one per recalled problem; each coded and debugged)", minimum=1),
        Param("debug_steps", int, 5, "debug steps t per plan (each evaluated)", minimum=0),
        Param(
            "upstream_debug_context",
            bool,
            False,
            "debug prompts without the code being fixed and its plan, as upstream had them",
        ),
    ),
)
class MapCoder(Strategy):
    """MapCoder with ``plans`` (k) plans and ``debug_steps`` (t) debug steps per plan;
    ``upstream_debug_context`` reproduces upstream's debug prompt (no code, no plan).
    See the module docstring for the algorithm, the upstream defects fixed and what
    happens when retrieval does not parse."""

    def __init__(self, plans: int = 3, debug_steps: int = 5, upstream_debug_context: bool = False):
        if plans < 1 or debug_steps < 0:
            raise ValueError("plans must be >= 1 and debug_steps >= 0")
        super().__init__(plans=plans, debug_steps=debug_steps, upstream_debug_context=upstream_debug_context)
        self.plans, self.debug_steps = plans, debug_steps
        self.upstream_debug_context = upstream_debug_context

    def debug_prompt(self, problem, mode: str, ctx: RunContext, algorithm: str, plan: str, prev: Candidate) -> str:
        """The debug request after candidate ``prev`` (evaluated) of ``plan``: the base
        prompt with the tutorial, the plan and ``prev``'s code (both left out with
        upstream_debug_context), the evidence and the request for ``prev``'s status."""
        attempt = (
            ""
            if self.upstream_debug_context
            else prompts.render("mapcoder_attempt", plan=plan, attempt=(prev.source or prev.reply).strip())
        )
        section = prompts.render(
            "mapcoder_debug",
            algorithm=algorithm,
            attempt_text=attempt,
            evidence=prompts.format_evidence(prev.result, level=ctx.evidence),
            instruction=prompts.load(f"mapcoder_debug_{debug_variant(prev.status)}").strip(),
        )
        return prompts.optimization_prompt(
            problem, mode, ctx.build_info(mode), ctx.timed_size(problem), before_source=section
        )

    def retrieve(self, problem, mode: str, agent, ctx: RunContext, seed) -> tuple[list[dict], str]:
        """Retrieval with at most RETRIEVAL_TRIES calls: (exemplars, algorithm) of the
        first reply that parses, else of the try with the most exemplars, then one with
        an algorithm section (the earliest of equals); logged as a ``retrieval`` event."""
        best = None
        retry_note = ""
        for attempt in range(RETRIEVAL_TRIES):
            text = prompts.render(
                "mapcoder_retrieve",
                k=self.plans,
                description=problem.description.strip(),
                signature=problem.signature,
                baseline=problem.source("baseline.cpp").strip(),
                mode_text=prompts.mode_text(mode, ctx.build_info(mode)["threads"]),
                retry_note=retry_note,
            )
            ctx.progress(f"{problem.id}: retrieval of {self.plans} similar problem(s), try {attempt + 1}")
            rec = self.ask(
                problem,
                agent,
                text,
                ctx,
                seed=seed(attempt, "retrieval"),
                purpose="retrieval",
                round_=0,
                label=f"{problem.id}-retrieval{attempt}",
            )
            exemplars, algorithm, why = parse_retrieval(rec.text, self.plans)
            if best is None or (len(exemplars), bool(algorithm)) > (len(best[0]), bool(best[1])):
                best = (exemplars, algorithm, why)
            if not why:
                break
            retry_note = prompts.render("mapcoder_retry", reason=why)
        exemplars, algorithm, why = best
        ctx.log(
            "retrieval",
            problem=problem.id,
            tries=attempt + 1,
            exemplars=len(exemplars),
            algorithm=bool(algorithm),
            incomplete=why,
            consequence=(
                f"{self.plans - len(exemplars)} plan(s) from the code alone"
                + ("" if algorithm else f"; tutorial {NO_ALGORITHM}")
            )
            if why
            else "",
        )
        return exemplars, algorithm or NO_ALGORITHM

    def run(self, problem, mode: str, team, ctx: RunContext) -> ProblemOutcome:
        out = self.start(problem, mode, ctx)
        build = ctx.build_info(mode)
        agent = team.agents[0]
        baseline = problem.source("baseline.cpp").strip()
        desc = problem.description.strip()
        mtext = prompts.mode_text(mode, build["threads"])

        def seed(step, purpose):
            return ctx.seed(agent, problem, step, purpose)

        def write(step: str, text: str) -> Candidate:
            """Candidate ``<problem>-<step>`` from ``text``, evaluated; its round is its
            place in the run order."""
            cid, r = f"{problem.id}-{step}", len(out.candidates)
            rec = self.ask(
                problem, agent, text, ctx, seed=seed(step, "candidate"), purpose="candidate", round_=r, label=cid
            )
            return self.attempt(problem, agent, rec, cid, r, ctx, out)

        exemplars, algorithm = self.retrieve(problem, mode, agent, ctx, seed)
        plans, confidence = [], []
        for j in range(self.plans):
            ex = (
                prompts.render("mapcoder_exemplar", **exemplars[j])
                if j < len(exemplars)
                else prompts.load("mapcoder_no_exemplar")
            )
            ctx.progress(f"{problem.id}: plan {j + 1}/{self.plans}")
            plan = self.ask(
                problem,
                agent,
                prompts.render(
                    "mapcoder_plan",
                    description=desc,
                    signature=problem.signature,
                    mode_text=mtext,
                    compiler_version=build["compiler_version"],
                    flags=build["flags"],
                    exemplar=ex.strip() + "\n",
                    algorithm=algorithm,
                    baseline=baseline,
                ),
                ctx,
                seed=seed(f"p{j}", "plan"),
                purpose="plan",
                round_=0,
                label=f"{problem.id}-p{j}-plan",
            ).text.strip()
            verdict = self.ask(
                problem,
                agent,
                prompts.render("mapcoder_verify", description=desc, mode_text=mtext, baseline=baseline, plan=plan),
                ctx,
                seed=seed(f"p{j}", "verify"),
                purpose="verify",
                round_=0,
                label=f"{problem.id}-p{j}-verify",
            )
            plans.append(plan)
            confidence.append(parse_confidence(verdict.text) or 0)
        order = sorted(range(self.plans), key=lambda j: -confidence[j])  # stable: earlier first
        ctx.log(
            "plans_ranked",
            problem=problem.id,
            order=[f"p{j}" for j in order],
            confidence=[confidence[j] for j in order],
        )
        for j in order:
            ctx.progress(f"{problem.id}: coding plan p{j} (confidence {confidence[j]})")
            code = prompts.render(
                "mapcoder_code", algorithm=algorithm, plan=plans[j], step_by_step=prompts.load("step_by_step").strip()
            )
            prev = write(
                f"p{j}-d0",
                prompts.optimization_prompt(problem, mode, build, ctx.timed_size(problem), before_source=code),
            )
            for s in range(1, self.debug_steps + 1):
                variant = debug_variant(prev.status)
                ctx.log(
                    "debug_prompt",
                    problem=problem.id,
                    candidate_id=f"{problem.id}-p{j}-d{s}",
                    after=prev.id,
                    after_status=prev.status,
                    variant=variant,
                )
                ctx.progress(f"{problem.id}: debug step {s}/{self.debug_steps} of plan p{j} ({variant})")
                prev = write(f"p{j}-d{s}", self.debug_prompt(problem, mode, ctx, algorithm, plans[j], prev))
        return self.finish(problem, out, ctx)
