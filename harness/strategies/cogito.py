"""Cogito: reverse-order roles, a growing Super-Role and a hippocampus memory (Li et al.,
"Cogito, ergo sum: a neurobiologically-inspired cognition-memory-growth system for code
generation", arXiv 2501.18653, §3).

Roles (§3.1), on team members (``[roles]`` planner / coder / debugger of the team file,
else the team's first agent for all, as the paper runs one model):

* Planner: the optimization strategy and its pitfalls, no code;
* Coder: implements the plan (a candidate, evaluated);
* Debugger: fixes the Coder's candidate from its evaluation (a candidate, evaluated). It
  always runs: a failed candidate is fixed from its evidence, a correct one is made
  faster from its measured speedup, so every group costs 3 calls and 2 evaluations.

Growth (§3.2): 3 groups, each running Planner -> Coder -> evaluation -> Debugger ->
evaluation. The Super-Role plays one role per group, in reverse order (Debugger, then
Coder, then Planner; ``order="normal"`` is the paper's ablation: Planner, Coder,
Debugger); the other two roles of a group are fresh members that see only the problem and
their direct input (the plan, or the code to fix with its evidence). The Super-Role's
prompt in group g also holds its working memory M: its outputs of groups < g, each with
its evaluation evidence and importance

    importance = clip(0.9 q if passed else 0.2 q, 0, 1) x role weight

where "passed" = correct with the speedup CI's lower bound above 1, and the quality q in
[0, 1] (:func:`quality`) is min(speedup / 2, 1) for a correct candidate (2x or more is
full quality), 0.1 for a candidate that compiled but failed and 0 for one that did not
compile or was never evaluated. A Planner's output is scored by the candidate that
implemented it. Role weights (``weights``): ``paper`` = Planner 0.4, Coder 0.4, Debugger
0.3 (the paper's values in the order it lists the roles); ``code`` = Planner 0.4, Coder
0.6, Debugger 1.0 (the released code). Gate: in group 3 the Super-Role uses M only if the
group-2 Coder's importance is above 0.03 (in reverse order that is the Planner the paper
gates). M is capped at ``memory_tokens`` tokens (4 characters per token) by evicting the
lowest-importance entry first (ties: the oldest); the problem statement is pinned: it is
the base prompt every call starts with and never counts against the cap (upstream kept
an 8,000-character history that evicted the problem statement first).

Final phase (§3.2, "Super-Role"): the Super-Role alone (the agent of its last role) writes
up to ``refinements`` candidates, each from the problem, M, verified examples of similar
problems and its previous attempt with that attempt's evidence, asked to be fundamentally
different and to fix the previous failure; every refinement is evaluated (upstream
returned the fifth untested) and the phase stops at the first correct candidate with
speedup >= 1.1. Final pick (:meth:`Cogito.choose`): the Super-Role's final answer, i.e.
the last evaluated candidate (the stopping refinement, else the last one), reported from
the honest re-measurement on fresh seeds; if that answer is not correct the problem has
no correct candidate, as in the paper, even when an earlier attempt was.

Hippocampus (§3.3; harness.strategies.memory): examples come from CA4 (verified correct-and-faster
results) of other problems whose task is similar (BM25 similarity >= ``memory_threshold``,
never the problem being solved unless ``memory_same_problem``), in place of upstream's web
code search (``cross_problem_memory=False`` turns the examples off); they are retrieved
right before the final phase, once the problems before this one in the run's order have
finished, and only from what the run's scope admits (other runs, and this run's earlier
problems of the same replicate: harness.strategies.memory.MemoryScope). After the problem
the run writes DG (the task), CA1 (its first attempt), CA3
(every evaluated candidate with its evidence), CA2 (failed candidates) and CA4 (the pick,
only when its re-measurement is correct and faster). The store is ``memory`` (default
``<run folder>/memory``); events "memory_read" / "memory_written" record its path and
content hash before and after each problem, and config.json the problem order, since
results then depend on both.

Budget per problem: at most 3 x 3 + refinements calls and 3 x 2 + refinements
evaluations (14 and 11 at the defaults, within upstream's 8-15 calls and 7-13
evaluations), plus the one re-measurement.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import prompting as prompts
from .base import NOT_COMPILED, Candidate, ProblemOutcome, RunContext, Strategy
from .lessons import SIGNIFICANT_SPEEDUP
from .memory import DEFAULT_THRESHOLD, MemoryStore, is_verified_faster, make_item, provenance, task_document
from .registry import MEMORY_RETRIEVAL_PARAMS, TEAM_MANY, Budget, Param, register

ROLES = ("planner", "coder", "debugger")
ORDERS = {"reverse": ("debugger", "coder", "planner"), "normal": ("planner", "coder", "debugger")}
WEIGHTS = {
    "paper": {"planner": 0.4, "coder": 0.4, "debugger": 0.3},
    "code": {"planner": 0.4, "coder": 0.6, "debugger": 1.0},
}
GATE = 0.03  # the group-2 Coder's importance above which the group-3 Super-Role uses M
FAILED_QUALITY = 0.1  # q of a candidate that compiled but was not correct
CHARS_PER_TOKEN = 4  # token estimate of M's entries
EXAMPLES = 2  # verified examples of similar problems in a refinement prompt
GROUPS = 3


def passed(result) -> bool:
    """True iff ``result`` (an EvalResult or None) is correct with the speedup CI's lower
    bound above 1."""
    return bool(result is not None and result.correct and result.ci_low is not None and result.ci_low > 1.0)


def quality(result) -> float:
    """q in [0, 1] of an evaluated candidate: min(speedup / 2, 1) if correct (0.5 when
    correct but untimed), FAILED_QUALITY if it compiled but failed, 0 if it did not
    compile or ``result`` is None."""
    if result is None or result.status in NOT_COMPILED:
        return 0.0
    if not result.correct:
        return FAILED_QUALITY
    return 0.5 if result.speedup is None else min(result.speedup / 2.0, 1.0)


def importance(result, role: str, weights: str = "paper") -> float:
    """clip(0.9 q if passed else 0.2 q, 0, 1) x the weight of ``role`` (ROLES) in the
    ``weights`` set (WEIGHTS), q = :func:`quality`. Raises KeyError for an unknown role or
    weight set."""
    q = quality(result)
    score = 0.9 * q if passed(result) else 0.2 * q
    return min(1.0, max(0.0, score)) * WEIGHTS[weights][role]


@dataclass
class MemoryEntry:
    """One output of the Super-Role in M: group (1-based; GROUPS + 1 for a refinement),
    role, output (a plan or a code block), evidence (markdown of the evaluation that scores
    it), importance, and stage (a refinement's "refinement i", named in the header)."""

    group: int
    role: str
    output: str
    evidence: str
    importance: float
    stage: str = ""  # what the header names instead of the group and role (a refinement)

    def render(self) -> str:
        where = self.stage or f"group {self.group}, as {self.role.capitalize()}"
        return (
            f"[{where}, importance {self.importance:.3f}]\n{self.output.strip()}\nEvaluation:\n{self.evidence.strip()}"
        )

    @property
    def tokens(self) -> int:
        return len(self.render()) // CHARS_PER_TOKEN + 1


@dataclass
class WorkingMemory:
    """The Super-Role's working memory M, capped at ``cap_tokens`` tokens (estimate:
    characters / 4): :meth:`add` evicts the lowest-importance entry first (ties: the
    oldest) until the entries fit. The problem statement is not an entry: every prompt
    starts with it, so it is never evicted."""

    cap_tokens: int
    entries: list = field(default_factory=list)

    def add(self, entry: MemoryEntry) -> list:
        """Add ``entry``; returns the evicted entries."""
        self.entries.append(entry)
        evicted = []
        while self.entries and sum(e.tokens for e in self.entries) > self.cap_tokens:
            worst = min(self.entries, key=lambda e: e.importance)  # min keeps the oldest of ties
            self.entries.remove(worst)
            evicted.append(worst)
        return evicted

    def render(self) -> str:
        """The memory section of a prompt ("" when empty)."""
        if not self.entries:
            return ""
        return prompts.render("cogito_memory", entries="\n\n".join(e.render() for e in self.entries))


def _code_block(source: str) -> str:
    return f"```cpp\n{(source or '(no code found in the reply)').strip()}\n```"


def _budget(o, n_team) -> Budget:
    """Per problem: 3 groups of Planner, Coder and Debugger calls with 2 evaluations each,
    then at most ``refinements`` evaluated refinements (fewer when one succeeds)."""
    return Budget(calls=3 * GROUPS + o["refinements"], evaluations=2 * GROUPS + o["refinements"], exact=False)


@register(
    "cogito",
    team=TEAM_MANY,
    profile=True,
    budget=_budget,
    roles=ROLES,
    description="Cogito (Li et al. 2025): reverse-order roles grow a Super-Role with memory, "
    "then refinements; hippocampus memory across problems",
    quick={"refinements": 2},
    params=(
        Param(
            "order",
            str,
            "reverse",
            "the Super-Role's role order: reverse (Debugger, Coder, Planner) or normal (the paper's ablation)",
            choices=tuple(ORDERS),
        ),
        Param(
            "weights",
            str,
            "paper",
            "importance weights per role: paper (0.4/0.4/0.3) or code (0.4/0.6/1.0)",
            choices=tuple(WEIGHTS),
        ),
        Param("refinements", int, 5, "final-phase refinements by the Super-Role (each evaluated)", minimum=0),
        Param("memory_tokens", int, 2000, "cap on the Super-Role's working memory (tokens)", minimum=1),
        Param(
            "memory", str, None, "memory store folder shared across problems and runs (default: <run folder>/memory)"
        ),
        *MEMORY_RETRIEVAL_PARAMS,
        Param(
            "cross_problem_memory",
            bool,
            True,
            "show verified examples of similar problems in the final phase (off: none; the store is still written)",
        ),
        Param(
            "debugger_on_pass",
            str,
            "keep",
            "what the Debugger does with a Coder's code that passed "
            "(correct, CI above 1): keep it as its answer without a call (upstream: the Debugger fixes "
            "failing code) or improve it for speed",
            choices=("keep", "improve"),
            legacy="improve",
        ),
        Param(
            "refinement_memory",
            bool,
            True,
            "every refinement enters the Super-Role's working memory, "
            "so 'fundamentally different from the attempts above' sees them all (upstream's history); "
            "off: a refinement sees only the previous attempt",
            legacy=False,
        ),
    ),
)
class Cogito(Strategy):
    """Cogito with role ``order``, importance ``weights``, ``refinements`` final-phase
    attempts, a working memory of ``memory_tokens`` tokens and the hippocampus store
    ``memory`` (None: ``<run folder>/memory``; no store without a run folder), retrieving
    items of problems with similarity >= ``memory_threshold`` (never the current problem
    unless ``memory_same_problem``; no retrieval without ``cross_problem_memory``; of this
    run only what earlier problems of the same replicate wrote, earlier replicates' too with
    ``memory_across_replicates``: harness.strategies.memory.MemoryScope). See the module
    docstring."""

    def __init__(
        self,
        order: str = "reverse",
        weights: str = "paper",
        refinements: int = 5,
        memory_tokens: int = 2000,
        memory: str | None = None,
        memory_threshold: float = DEFAULT_THRESHOLD,
        memory_same_problem: bool = False,
        memory_across_replicates: bool = False,
        cross_problem_memory: bool = True,
        debugger_on_pass: str = "keep",
        refinement_memory: bool = True,
    ):
        if (
            order not in ORDERS
            or weights not in WEIGHTS
            or refinements < 0
            or memory_tokens < 1
            or debugger_on_pass not in ("keep", "improve")
        ):
            raise ValueError("bad cogito options")
        super().__init__(
            order=order,
            weights=weights,
            refinements=refinements,
            memory_tokens=memory_tokens,
            memory=memory,
            memory_threshold=memory_threshold,
            memory_same_problem=memory_same_problem,
            memory_across_replicates=memory_across_replicates,
            cross_problem_memory=cross_problem_memory,
            debugger_on_pass=debugger_on_pass,
            refinement_memory=refinement_memory,
        )
        self.sequence = ORDERS[order]
        self.weights = weights
        self.refinements = refinements
        self.memory_tokens = memory_tokens
        self.memory = memory
        self.threshold = memory_threshold
        self.same_problem = memory_same_problem
        self.across_replicates = memory_across_replicates
        self.cross_problem = cross_problem_memory
        self.debugger_on_pass = debugger_on_pass
        self.refinement_memory = refinement_memory

    # ------------------------------------------------------------------ helpers
    def hippocampus(self, ctx: RunContext) -> MemoryStore | None:
        """The memory store (created if new; HarnessError if damaged), None when no folder
        is named and the run has no results folder."""
        if self.memory:
            return MemoryStore(self.memory).ensure()
        if ctx.store is not None:
            return MemoryStore(Path(ctx.store.root) / "memory").ensure()
        return None

    def prepare(self, team) -> None:
        """Opens a named memory store before any work, so a damaged one stops the run
        (HarnessError, exit 2) before anything is measured."""
        if self.memory:
            MemoryStore(self.memory).ensure()

    def choose(self, outcome: ProblemOutcome) -> Candidate | None:
        """The Super-Role's final answer: the last evaluated candidate (None if none); one
        that is not correct leaves the problem with "no correct candidate"."""
        done = [c for c in outcome.candidates if c.result is not None]
        return done[-1] if done else None

    def _call(self, ctx, problem, out, agent, text, seed_label, cand_id, round_, evaluate=True):
        """One model call; with ``evaluate`` the reply becomes an evaluated Candidate
        (returned), else the CallRecord is returned. None when the call failed."""
        seed = ctx.seed(agent, problem, round_, seed_label)
        [rec] = ctx.generate(
            [(agent, prompts.messages(text), seed, cand_id)],
            purpose="candidate" if evaluate else "plan",
            problem=problem.id,
            round_=round_,
        )
        if rec is None or not evaluate:
            return rec
        return self.attempt(problem, agent, rec, cand_id, round_, ctx, out)

    # ------------------------------------------------------------------ the method
    def run(self, problem, mode: str, team, ctx: RunContext) -> ProblemOutcome:
        out = self.start(problem, mode, ctx)
        build, size = ctx.build_info(mode), ctx.timed_size(problem)
        base = prompts.optimization_prompt(problem, mode, build, size, answer=False)  # each role asks its own
        answer = prompts.answer_request(problem, mode)
        agents = {r: team.role(r, team.agents[0]) for r in ROLES}
        store = self.hippocampus(ctx)
        hash_before = store.content_hash() if store else None

        memory = WorkingMemory(self.memory_tokens)
        importances: dict[tuple, float] = {}
        last: Candidate | None = None
        stage: dict[str, str] = {}
        for g in range(1, GROUPS + 1):
            sup = self.sequence[g - 1]
            gated = g == 3 and importances.get((2, "coder"), 0.0) <= GATE
            mem = "" if gated else memory.render()

            def prompt(role: str, section: str, mem: str = mem, sup: str = sup) -> str:
                parts = [base, mem if role == sup else "", section]
                return "\n\n".join(p.strip() for p in parts if p.strip()) + "\n"

            r = g - 1
            ctx.progress(f"{problem.id}: group {g}/{GROUPS}, Super-Role = {sup.capitalize()}")
            rec = self._call(
                ctx,
                problem,
                out,
                agents["planner"],
                prompt("planner", prompts.load("cogito_planner")),
                "planner",
                f"{problem.id}-g{g}-planner",
                r,
                evaluate=False,
            )
            plan = rec.text.strip() if rec is not None else ""
            coder = self._call(
                ctx,
                problem,
                out,
                agents["coder"],
                prompt(
                    "coder",
                    prompts.render(
                        "cogito_coder", plan=plan or "(the Planner gave no plan: choose your own)", answer=answer
                    ),
                ),
                "coder",
                f"{problem.id}-g{g}-coder",
                r,
            )
            debugger = None
            # upstream's Debugger fixes failing code: a passing one it keeps, without a call
            kept = coder is not None and passed(coder.result) and self.debugger_on_pass == "keep"
            if coder is not None and not kept:
                request = (
                    "The attempt is correct; make it faster, guided by the measured speedup above."
                    if coder.result.correct
                    else "The attempt failed as shown above; fix that failure, keeping it fast."
                )
                debugger = self._call(
                    ctx,
                    problem,
                    out,
                    agents["debugger"],
                    prompt(
                        "debugger",
                        prompts.render(
                            "cogito_debugger",
                            attempt=coder.source,
                            evidence=prompts.format_evidence(coder.result, level=ctx.evidence),
                            request=request,
                            answer=answer,
                        ),
                    ),
                    "debugger",
                    f"{problem.id}-g{g}-debugger",
                    r,
                )
            for c, role in ((coder, "coder"), (debugger, "debugger")):
                if c is not None:
                    stage[c.id] = f"group {g} {role}"
                    last = c
            res = {
                "planner": coder.result if coder else None,
                "coder": coder.result if coder else None,
                "debugger": coder.result if kept else debugger.result if debugger else None,
            }
            for role in ROLES:
                importances[(g, role)] = importance(res[role], role, self.weights)
            output = {
                "planner": plan or "(no plan)",
                "coder": _code_block(coder.source) if coder else "",
                "debugger": ("(the Coder's code passed; kept as it is)\n" + _code_block(coder.source))
                if kept
                else _code_block(debugger.source)
                if debugger
                else "",
            }[sup]
            evicted = []
            if res[sup] is not None:
                evicted = memory.add(
                    MemoryEntry(
                        g, sup, output, prompts.format_evidence(res[sup], level=ctx.evidence), importances[(g, sup)]
                    )
                )
            ctx.log(
                "cogito_group",
                problem=problem.id,
                group=g,
                super_role=sup,
                debugger_kept=kept,
                memory_used=bool(mem),
                gated=gated,
                importance={role: importances[(g, role)] for role in ROLES},
                memory_entries=len(memory.entries),
                evicted=len(evicted),
            )

        # final phase: the Super-Role alone, with examples of similar problems from the store
        # (retrieved here, once the problems before this one in the run's order are done)
        examples = []
        if store and self.cross_problem:
            ctx.wait_for_earlier(problem.id, self.across_replicates)
            examples = store.retrieve(
                task_document(problem),
                "CA4",
                mode=mode,
                threshold=self.threshold,
                same_problem=self.same_problem,
                limit=EXAMPLES,
                scope=ctx.memory_scope(problem.id, self.across_replicates),
            )
        ctx.log(
            "memory_read",
            problem=problem.id,
            path=str(store.path) if store else None,
            content_hash=store.content_hash() if store else None,
            cross_problem=self.cross_problem,
            threshold=self.threshold,
            same_problem=self.same_problem,
            across_replicates=self.across_replicates,
            retrieved=[{"id": it["id"], "problem": it["provenance"]["problem"], "similarity": s} for s, it in examples],
        )
        agent = agents[self.sequence[-1]]
        ex_text = ""
        if examples:
            ex_text = prompts.render(
                "cogito_examples",
                examples="\n\n".join(
                    f"### {it['provenance']['problem']} (similarity {s:.2f}, verified speedup "
                    f"{it['provenance']['speedup']:.2f}x)\n{_code_block(it.get('code', ''))}"
                    for s, it in examples
                ),
            )
        for i in range(1, self.refinements + 1):
            section = prompts.render(
                "cogito_refine",
                examples=ex_text,
                previous_label=stage[last.id] if last else "none: the original code",
                attempt=last.source if last else problem.source("baseline.cpp"),
                evidence=prompts.format_evidence(last.result, level=ctx.evidence) if last else "- not evaluated",
                index=i,
                limit=self.refinements,
                answer=answer,
            )
            text = "\n\n".join(p.strip() for p in (base, memory.render(), section) if p.strip()) + "\n"
            cand = self._call(ctx, problem, out, agent, text, f"final{i}", f"{problem.id}-f{i}", GROUPS)
            if cand is None:
                continue
            # the attempt this one replaces as "previous" joins M (a refinement's own role
            # is the Super-Role's last), so later refinements see every earlier one
            if self.refinement_memory and last is not None and stage[last.id].startswith("refinement"):
                memory.add(
                    MemoryEntry(
                        GROUPS + 1,
                        self.sequence[-1],
                        _code_block(last.source),
                        prompts.format_evidence(last.result, level=ctx.evidence),
                        importance(last.result, self.sequence[-1], self.weights),
                        stage=stage[last.id],
                    )
                )
            stage[cand.id] = f"refinement {i}"
            last = cand
            if cand.result.correct and (cand.speedup or 0.0) >= SIGNIFICANT_SPEEDUP:
                break
        self.finish(problem, out, ctx)
        if store is not None:
            self.remember(store, problem, mode, out, ctx, stage, hash_before)
        return out

    def remember(
        self,
        store: MemoryStore,
        problem,
        mode: str,
        out: ProblemOutcome,
        ctx: RunContext,
        stage: dict,
        hash_before: str,
    ) -> int:
        """Write the problem's DG, CA1, CA2, CA3 and CA4 items (CA4 only for a pick whose
        re-measurement is correct and faster) and log "memory_written" with the content
        hash before and after. Returns the number of items added."""
        run_id = ctx.run_id()

        def prov(c=None, result=None, verified=False):
            return provenance(
                run_id=run_id,
                strategy=self.name,
                problem=problem,
                mode=mode,
                repeat=ctx.repeat,
                candidate_id=c.id if c else None,
                model=c.model if c else None,
                result=result,
                verified=verified,
            )

        items = [make_item("DG", prov(), **task_document(problem))]
        done = [c for c in out.candidates if c.result is not None]
        for n, c in enumerate(done):
            fields = dict(
                stage=stage.get(c.id, ""), code=c.source, outcome=c.outcome, evidence=prompts.format_evidence(c.result)
            )
            if n == 0:
                items.append(make_item("CA1", prov(c, c.result), **fields))
            items.append(make_item("CA3", prov(c, c.result), **fields))
            if not c.result.correct:
                items.append(make_item("CA2", prov(c, c.result), **fields))
        if out.status == "correct" and is_verified_faster(out.remeasured):
            best = next(c for c in done if c.id == out.best_id)
            items.append(
                make_item(
                    "CA4",
                    prov(best, out.remeasured, verified=True),
                    stage=stage.get(best.id, ""),
                    code=best.source,
                    first_speedup=out.first.speedup if out.first else None,
                )
            )
        added = store.add(items)
        ctx.log(
            "memory_written",
            problem=problem.id,
            path=str(store.path),
            added=added,
            content_hash_before=hash_before,
            content_hash_after=store.content_hash(),
        )
        return added
