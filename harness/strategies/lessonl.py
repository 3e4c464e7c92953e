"""LessonL: agents that learn from each other's lessons (Liu et al., arXiv 2505.23946, §3).

Per problem, for rounds t = 0..T-1 (defaults T = 4, 3 agents, k = 4):

1. Generation (concurrent, then a barrier). Round 0: every agent gets the original code
   and the task. Rounds >= 1: the bank selects at most k lessons for the original code
   (half by adjusted speedup, the rest by relevance; :meth:`LessonBank.select`) and
   every agent writes a new candidate from the original code plus those lessons, each
   labelled with its outcome.
2. Evaluation, one candidate at a time, no model call in flight.
3. Effectiveness adjustment of the lessons shown in this round
   (:meth:`LessonBank.update_factors`; every candidate of the round read every selected
   lesson) by ``factor_rule``: "upstream" (default, the authors' rule: the factor
   becomes the mean over the round's outputs of 1.1 if the output beats the lesson's
   speedup, else 0.9, incorrect counting as 0; overwritten) or "multiplicative" (this
   harness's earlier rule); harness.strategies.lessons gives both exactly.
4. Lesson solicitation (concurrent, then a barrier): each candidate's author explains
   its outcome from the original code, the attempt and the evidence of its EvalResult
   (status, speedup and CI, compiler diagnostics, the kind of mismatch without inputs or
   values as in §3.1 unless ``show_mismatch``, rejection, runtime error, profiler
   signals). Skipped after the last round unless ``final_lessons`` (nobody
   reads them). Lesson ids are ``<problem>-r<t>-a<i>-c<n>``, unique across rounds.

Result: the best correct candidate over all rounds, chosen on its first measurement and
reported from a re-measurement on fresh seeds (:meth:`Strategy.choose_and_remeasure`).

Memory across problems (``lesson_memory``, our extension; the memory store of
harness.strategies.memory): before round 0 at most k stored lessons of similar other
problems enter the bank, labelled "from another problem (<id>)" in the prompt, and
compete for the k slots of rounds >= 1 under the same rules; after the problem, its
lessons whose attempt was significantly faster are stored when its chosen candidate was
verified faster on re-measurement (harness.strategies.memory).

Sampling seeds: agent i in round t, replicate r uses
``derive_seed(agent.seed, problem, t, r, "candidate")`` (``"lesson"`` for lessons), so a
re-run reproduces and the response cache serves a resumed run.
"""

from __future__ import annotations

import dataclasses

from . import prompting as prompts
from .base import NO_VERDICT, ProblemOutcome, RunContext, Strategy, call_summary
from .lessons import (
    FACTOR_RULES,
    SIGNIFICANT_SPEEDUP,
    BM25Relevance,
    EmbeddingRelevance,
    Lesson,
    LessonBank,
    outcome_label,
)
from .memory import DEFAULT_THRESHOLD, MemoryStore, is_verified_faster, make_item, provenance, task_document
from .registry import MEMORY_RETRIEVAL_PARAMS, TEAM_MANY, Budget, Param, register


def expand_team(team, n: int) -> list:
    """``n`` agents from ``team``: the team's agents in order, repeated cyclically when
    ``n`` exceeds the team size (a repeat gets name ``<name>#<j>`` and seed +1000*j, so
    it samples differently). Raises ValueError for n < 1."""
    if n < 1:
        raise ValueError("a strategy needs at least one agent")
    base = list(team.agents)
    out = []
    for i in range(n):
        a = base[i % len(base)]
        j = i // len(base)
        out.append(a if j == 0 else dataclasses.replace(a, name=f"{a.name}#{j}", seed=a.seed + 1000 * j))
    return out


def _budget(o, n_team) -> Budget:
    """Per problem: every agent writes a candidate in every round (evaluated) and a lesson
    after every round but the last (unless final_lessons)."""
    lesson_rounds = o["rounds"] if o["final_lessons"] else o["rounds"] - 1
    return Budget(calls=o["agents"] * (o["rounds"] + lesson_rounds), evaluations=o["agents"] * o["rounds"])


@register(
    "lessonl",
    team=TEAM_MANY,
    profile=True,
    budget=_budget,
    description="LessonL (Liu et al. 2025): agents learn from each other's lessons over rounds",
    quick={"rounds": 2},
    params=(
        Param("rounds", int, 4, "rounds T (round 0 without lessons)", minimum=1),
        Param("agents", int, 3, "agents per round (the team, repeated cyclically)", minimum=1),
        Param("k", int, 4, "lessons per prompt k", minimum=0, flag="--lessons"),
        Param("final_lessons", bool, False, "also ask for lessons after the last round (nobody reads them)"),
        Param("lesson_max_tokens", int, 250, "cap on a lesson reply (tokens; upstream 250)", minimum=1),
        Param("embedding_model", str, None, "litellm embedding model for lesson relevance (none: BM25)"),
        Param(
            "factor_rule",
            str,
            FACTOR_RULES[0],
            "lesson effectiveness rule: upstream (the authors': "
            "mean of 1.1/0.9 per output, overwritten) or multiplicative (compounding ratio)",
            choices=FACTOR_RULES,
            legacy="multiplicative",
        ),
        Param(
            "show_mismatch",
            bool,
            False,
            "lesson requests about incorrect attempts show the failing "
            "input and values (LessonL §3.1 leaves them out so that lessons stay general)",
            legacy=True,
        ),
        Param(
            "lesson_memory",
            str,
            None,
            "memory store folder (none: off): verified lessons of "
            "similar other problems compete for the k slots, and this run's are stored",
        ),
        *MEMORY_RETRIEVAL_PARAMS,
    ),
)
class LessonL(Strategy):
    """LessonL with ``rounds`` rounds (T), ``agents`` agents, at most ``k`` lessons per
    prompt; ``final_lessons``: also ask for lessons after the last round;
    ``embedding_model``: a litellm embedding model for the lesson bank's relevance (None:
    BM25; see harness.strategies.lessons); lesson_max_tokens: cap on a lesson reply's length
    (tokens; the agent's own max_tokens if smaller); factor_rule: the effectiveness
    rule, one of harness.strategies.lessons.FACTOR_RULES; show_mismatch: lesson requests
    about incorrect attempts carry the failing input and values (default off, §3.1);
    lesson_memory: a memory store folder
    (harness.strategies.memory; None: off) shared across problems and runs, see :meth:`recall` and
    :meth:`remember`; memory_threshold, memory_same_problem, memory_across_replicates: its
    retrieval (harness.strategies.memory.MemoryScope). Raises
    ValueError for rounds or agents < 1, k < 0 or an unknown factor_rule."""

    def __init__(
        self,
        rounds: int = 4,
        agents: int = 3,
        k: int = 4,
        final_lessons: bool = False,
        lesson_max_tokens: int = 250,
        embedding_model: str | None = None,
        factor_rule: str = FACTOR_RULES[0],
        show_mismatch: bool = False,
        lesson_memory: str | None = None,
        memory_threshold: float = DEFAULT_THRESHOLD,
        memory_same_problem: bool = False,
        memory_across_replicates: bool = False,
    ):
        if rounds < 1 or agents < 1 or k < 0:
            raise ValueError("rounds and agents must be >= 1, k >= 0")
        if factor_rule not in FACTOR_RULES:
            raise ValueError(f"unknown factor rule {factor_rule!r} (known: {', '.join(FACTOR_RULES)})")
        super().__init__(
            rounds=rounds,
            agents=agents,
            k=k,
            final_lessons=final_lessons,
            lesson_max_tokens=lesson_max_tokens,
            embedding_model=embedding_model,
            factor_rule=factor_rule,
            show_mismatch=show_mismatch,
            lesson_memory=lesson_memory,
            memory_threshold=memory_threshold,
            memory_same_problem=memory_same_problem,
            memory_across_replicates=memory_across_replicates,
        )
        self.factor_rule = factor_rule
        self.show_mismatch = show_mismatch
        self.lesson_memory = lesson_memory
        self.memory_threshold = memory_threshold
        self.memory_same_problem = memory_same_problem
        self.memory_across_replicates = memory_across_replicates
        self.rounds, self.agents, self.k = rounds, agents, k
        self.final_lessons = final_lessons
        self.relevance = EmbeddingRelevance(embedding_model) if embedding_model else BM25Relevance()
        self.lesson_max_tokens = lesson_max_tokens

    def options(self) -> dict:
        return {**self.params, "relevance": self.relevance.name}

    def run(self, problem, mode: str, team, ctx: RunContext) -> ProblemOutcome:
        out = self.start(problem, mode, ctx)
        build = ctx.build_info(mode)
        size = ctx.timed_size(problem)
        agents = expand_team(team, self.agents)
        bank = LessonBank(problem.id, self.relevance, factor_rule=self.factor_rule)
        baseline = problem.source("baseline.cpp")
        store = MemoryStore(self.lesson_memory).ensure() if self.lesson_memory else None
        hash_before = self.recall(store, problem, mode, bank, ctx) if store else None
        for t in range(self.rounds):
            # 1. generation
            selected = bank.select(self.k, baseline, round_=t) if t >= 1 else []
            if selected:
                ctx.log(
                    "lessons_selected",
                    problem=problem.id,
                    round=t,
                    lesson_ids=[l.id for l in selected],
                    adjusted=[l.adjusted_speedup for l in selected],
                )
            text = prompts.optimization_prompt(problem, mode, build, size, selected)
            calls = [
                (a, prompts.messages(text), ctx.seed(a, problem, t, "candidate"), f"{problem.id}-r{t}-a{i}")
                for i, a in enumerate(agents)
            ]
            ctx.progress(
                f"{problem.id}: round {t + 1}/{self.rounds}: {len(agents)} agent(s) "
                f"write candidates ({len(selected)} lesson(s) shown)"
            )
            recs = ctx.generate(calls, purpose="candidate", problem=problem.id, round_=t)
            # 2. evaluation (after the barrier; the round's candidates judged together, --batch)
            ready = [(i, a, rec) for i, (a, rec) in enumerate(zip(agents, recs)) if rec is not None]
            cands = self.attempts(
                problem,
                [(a, rec, f"{problem.id}-r{t}-a{i}", [l.id for l in selected]) for i, a, rec in ready],
                t,
                ctx,
                out,
            )
            round_cands = [
                (i, a, cand) for (i, a, _), cand in zip(ready, cands) if cand.status not in NO_VERDICT
            ]  # a lost evaluation teaches nothing
            # 3. effectiveness adjustment of the lessons shown this round
            if selected and round_cands:
                users = [(c.status, c.speedup) for _, _, c in round_cands]
                changes = bank.update_factors({l.id: users for l in selected})
                ctx.log(
                    "factors_updated",
                    problem=problem.id,
                    round=t,
                    rule=self.factor_rule,
                    changes={k: list(v) for k, v in changes.items()},
                )
            # 4. lessons (nobody reads those of the last round unless final_lessons)
            if t == self.rounds - 1 and not self.final_lessons:
                continue
            lcalls, meta = [], []
            for i, a, cand in round_cands:
                r = cand.result
                label = outcome_label(r.status, r.speedup, r.ci_low, r.ci_high)
                ltext = prompts.lesson_prompt(
                    problem, mode, build, cand.source, r, label, self.show_mismatch, ctx.evidence
                )
                lid = bank.next_id(t, i)  # agent indices are unique within a round
                la = dataclasses.replace(a, max_tokens=min(a.max_tokens, self.lesson_max_tokens))
                lcalls.append((la, prompts.messages(ltext), ctx.seed(a, problem, t, "lesson"), lid))
                meta.append((a, cand, lid, label))
            if lcalls:
                ctx.progress(f"{problem.id}: round {t + 1}/{self.rounds}: {len(lcalls)} lesson(s) requested")
            for (a, cand, lid, label), rec in zip(
                meta, ctx.generate(lcalls, purpose="lesson", problem=problem.id, round_=t)
            ):
                if rec is None:
                    continue
                r = cand.result
                lesson = bank.add(
                    Lesson(
                        id=lid,
                        problem=problem.id,
                        round=t,
                        agent=a.name,
                        model=a.model,
                        candidate_id=cand.id,
                        status=r.status,
                        text=rec.text.strip(),
                        speedup=r.speedup if r.correct else None,
                        ci_low=r.ci_low if r.correct else None,
                        ci_high=r.ci_high if r.correct else None,
                        outcome=label,
                        call=call_summary(rec),
                    )
                )
                ctx.save_lesson(lesson)
        out.lessons = [l for l in bank if not l.origin]
        self.finish(problem, out, ctx)
        if store is not None:
            self.remember(store, problem, mode, out, ctx, hash_before)
        return out

    def prepare(self, team) -> None:
        """Opens the ``lesson_memory`` store before any work, so a damaged one stops the
        run (HarnessError, exit 2) before anything is measured."""
        if self.lesson_memory:
            MemoryStore(self.lesson_memory).ensure()

    def recall(self, store: MemoryStore, problem, mode: str, bank: LessonBank, ctx: RunContext) -> str:
        """Bank at most k stored lessons of other problems (similarity >= memory_threshold;
        never this problem's unless memory_same_problem; most similar first), each with its
        origin "another problem (<id>)" (or "an earlier run (<run id>)" for this problem),
        so they compete for the k slots of rounds >= 1 under the same selection rules. Logs
        "memory_read"; returns the store's content hash before the problem."""
        ctx.wait_for_earlier(problem.id, self.memory_across_replicates)
        h = store.content_hash()
        got = store.retrieve(
            task_document(problem),
            "lessons",
            mode=mode,
            threshold=self.memory_threshold,
            same_problem=self.memory_same_problem,
            limit=self.k,
            scope=ctx.memory_scope(problem.id, self.memory_across_replicates),
        )
        for _, it in got:
            p = it["provenance"]
            origin = (
                f"another problem ({p['problem']})" if p["problem"] != problem.id else f"an earlier run ({p['run_id']})"
            )
            bank.add(
                Lesson.from_dict(
                    {
                        **it["lesson"],
                        "id": f"{it['lesson']['id']}@{p['run_id']}/{p['repeat']}",
                        "factor": 1.0,
                        "used_in": [],
                        "origin": origin,
                    }
                )
            )
        ctx.log(
            "memory_read",
            problem=problem.id,
            path=str(store.path),
            content_hash=h,
            threshold=self.memory_threshold,
            same_problem=self.memory_same_problem,
            retrieved=[{"id": it["id"], "problem": it["provenance"]["problem"], "similarity": s} for s, it in got],
        )
        return h

    def remember(
        self, store: MemoryStore, problem, mode: str, out: ProblemOutcome, ctx: RunContext, hash_before: str
    ) -> int:
        """Store the problem's task (DG) and, when its chosen candidate was verified faster
        on re-measurement, its lessons whose own attempt was significantly faster (speedup
        >= 1.1 on first measurement); their provenance is the problem's verified result
        (candidate, re-measured speedup and CI). Logs "memory_written" with the content hash
        before and after; returns the number of items added."""
        run_id = ctx.run_id()
        kw = dict(run_id=run_id, strategy=self.name, problem=problem, mode=mode, repeat=ctx.repeat)
        items = [make_item("DG", provenance(**kw), **task_document(problem))]
        if out.status == "correct" and is_verified_faster(out.remeasured):
            best = next(c for c in out.candidates if c.id == out.best_id)
            prov = provenance(**kw, candidate_id=best.id, model=best.model, result=out.remeasured, verified=True)
            items += [
                make_item("lessons", prov, lesson={k: v for k, v in l.to_dict().items() if k != "call"})
                for l in out.lessons
                if l.correct and l.speedup is not None and l.speedup >= SIGNIFICANT_SPEEDUP
            ]
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
