"""Co-Learning with E-RL model selection ("Co-Learning: Code Learning for
Multi-Agent Reinforcement Collaborative Framework with Conversational Natural Language
Interfaces"; shared/strategies.md "colearning").

Roles, mapped to code optimization:

* Main: this class's control loop; it holds the state (conversation memory, priors,
  reward ledger).
* Correction: writes the code (loop 1: the base optimization prompt; later loops: a fix
  of the latest version); a model call by the model E-RL picked.
* Test: our evaluator (:meth:`Strategy.evaluate_candidate`).
* Interpretation: explains the latest version and its outcome from the evaluator's
  evidence; the explanation is kept as context for the next Correction. A model call by
  the team's ``interpretation`` role (``[roles]`` in the team file), else by the model
  that wrote the code.
* Annotation (the paper comments the final correct code): left out. It changes no
  measurement, and an annotated code is a code that is never evaluated (the spec forbids
  generating one); a prose note would cost a call per problem and inform no number.

Loop (at most ``max_loops`` evaluations, paper: 5): Correction -> Test; the first
"pass" (correct and speedup >= 1.1) ends the loop; otherwise, unless this was the last
allowed evaluation, Interpretation -> E-RL picks the model of the next Correction. No
code is generated that is not evaluated (upstream returned an untested sixth code), and
no explanation is asked for that nobody reads. Budget: <= 1 + 2 (max_loops - 1) calls
(9 at 5 loops), at most max_loops - 2 more with context-overflow retries (12), <=
max_loops evaluations.

Memory (paper: three dialogue pairs): the next Correction sees the first pair (the task,
the first reply), the latest change (the previous fix request and its reply; from loop 3
on, as loop 2's latest change *is* the first reply) and the latest explanation (the
latest outcome with its evidence, and the explanation). The memory is carried over
when E-RL switches model. A Correction whose conversation exceeds the model's context
window (llm.ContextWindowExceeded) is retried once without the latest change.

Final answer: the last evaluated candidate (the first pass, else the last one), then
our re-measurement on fresh seeds (:meth:`choose` overrides the shared "best first
speedup" selection, as the method names its last code as its answer; a last candidate
that is not correct makes the problem "no correct candidate" even when an earlier one
was correct).

E-RL (paper's Algorithm 1, :func:`erl_scores`, :func:`erl_select`,
:func:`initial_choice`): fixed priors per model (reward R = mean tier value, time T =
mean seconds, tokens or USD per call) from a calibration file (``--erl-priors``,
written by ``python -m harness calibrate``), else equal priors. Tiers (:func:`tier_value`):
compile/link error -1; incorrect, crash, timeout, rejected (and a reply the evaluator
never saw) -0.5; correct but speedup < 1.1 -0.2; correct and >= 1.1 +3 (pass). Reward
ledger (:func:`ledger_step`, as the authors' code has it): starts at 100, adds v / loop
on a pass and v * loop on a failure (loop = 1-based). ``--erl-online`` (our extension,
not in the paper) updates the priors as running means during the run.

Our assumptions (the paper publishes no values): the weights w_len = 1/1000 per
character, w_rew = 1, w_time = 1, w_run = 1/60 per second and stability 0.9; the length
thresholds are the tertiles of the baseline lengths (characters) of the problem's suite;
a medium-length code starts with the model of the highest Algorithm-1 score (the paper
names a rule only for short and long code). The E-RL arms are the team's distinct models
in team order (agents sharing a model are one arm; the first such agent makes its calls).

Its report table ("erl_models", :func:`erl_table`, registered in harness.results.tables): per
model, how often E-RL chose it and with what outcome; in a run's report only when its
event log holds E-RL events.
"""

from __future__ import annotations

import json
import math
import statistics
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping, Sequence

from ..core.errors import HarnessError
from ..measure.suite import load_suite
from ..results.rows import AMOUNT, INDEX
from ..results.events import ErlReward, ErlSelection
from ..results.tables import Table, register_table
from . import prompting as prompts
from .base import NOT_COMPILED, Candidate, ProblemOutcome, RunContext, Strategy
from .lessons import SIGNIFICANT_SPEEDUP, outcome_label
from .registry import TEAM_MANY, Budget, Param, register

# reward tiers (strategies.md "colearning", mapping to code optimization)
TIER_BUILD = -1.0  # compile or link error ("does not run")
TIER_WRONG = -0.5  # incorrect, runtime error, timeout, rejected ("fails basic tests")
TIER_SLOW = -0.2  # correct but speedup < 1.1 ("fails challenge tests")
TIER_PASS = 3.0  # correct and speedup >= 1.1 ("passes challenge tests"): the loop ends
LEDGER_START = 100.0
COST_KEYS = ("seconds", "tokens", "usd")  # what T may measure (per model call)
DEFAULT_PRIOR = {"reward": 0.0, "seconds": 1.0, "tokens": 1.0, "usd": 1.0}  # equal priors


def tier_value(status: str, speedup: float | None) -> float:
    """The reward tier of an evaluated attempt: status an EvalResult status (or
    "model_error"), speedup its first measured speedup (unitless, None if not timed)."""
    if status in NOT_COMPILED:
        return TIER_BUILD
    if status != "correct":
        return TIER_WRONG
    return TIER_PASS if speedup is not None and speedup >= SIGNIFICANT_SPEEDUP else TIER_SLOW


def ledger_step(ledger: float, value: float, loop: int) -> float:
    """The reward ledger after loop ``loop`` (1-based) earned tier ``value``: + value /
    loop on a pass, + value * loop on a failure (the authors' code)."""
    return ledger + (value / loop if value >= TIER_PASS else value * loop)


@dataclass(frozen=True)
class ErlWeights:
    """Algorithm 1's weights (our assumptions): w_len per character of code, w_rew,
    w_time, w_run per second of running time, and the stability factor of the current
    model's score."""

    w_len: float = 1 / 1000
    w_rew: float = 1.0
    w_time: float = 1.0
    w_run: float = 1 / 60
    stability: float = 0.9


def normalise(rewards: Sequence[float], costs: Sequence[float]) -> tuple[list[float], list[float]]:
    """Algorithm 1's normalisation: rewards through the logistic 1 / (1 + e^(-2 (x -
    0.5))), costs by x_i / sum_j x_j (all equal, 1/n, when the sum is 0)."""
    total = sum(costs)
    t = [c / total for c in costs] if total > 0 else [1.0 / len(costs)] * len(costs)
    return [1.0 / (1.0 + math.exp(-2.0 * (r - 0.5))) for r in rewards], t


def erl_scores(
    rewards: Sequence[float],
    costs: Sequence[float],
    code_len: int,
    t_run: float,
    weights: ErlWeights,
    current: int | None = None,
) -> list[float]:
    """Algorithm 1's score of every model m: L w_len R_m + w_rew R_m - w_time T_m -
    w_run t_run R_m with R, T normalised (:func:`normalise`), L = code_len (characters),
    t_run = running time so far (s); the current model's (index ``current``, None: no
    current model) score is multiplied by its stability."""
    r, t = normalise(rewards, costs)
    w = weights
    out = [code_len * w.w_len * rm + w.w_rew * rm - w.w_time * tm - w.w_run * t_run * rm for rm, tm in zip(r, t)]
    if current is not None:
        out[current] *= w.stability
    return out


def argmax_first(values: Sequence[float]) -> int:
    """Index of the largest value; ties go to the earliest (team order)."""
    return max(range(len(values)), key=lambda i: (values[i], -i))


def erl_select(
    rewards, costs, code_len: int, t_run: float, weights: ErlWeights, current: int
) -> tuple[int, list[float]]:
    """The next model (index) and every model's score (:func:`erl_scores`)."""
    scores = erl_scores(rewards, costs, code_len, t_run, weights, current)
    return argmax_first(scores), scores


def initial_choice(
    rewards, costs, code_len: int, thresholds: tuple[float, float], weights: ErlWeights
) -> tuple[int, list[float], str]:
    """The first Correction model by code length L (characters): L <= thresholds[0]
    (short): the fastest (least cost T); L > thresholds[1] (long): the strongest (highest
    reward R); otherwise (medium, our rule) the highest Algorithm-1 score with t_run = 0
    and no current model. Ties go to team order. Returns (index, scores, reason)."""
    scores = erl_scores(rewards, costs, code_len, 0.0, weights)
    lo, hi = thresholds
    if code_len <= lo:
        return argmax_first([-c for c in costs]), scores, f"short code ({code_len} <= {lo:g} chars): fastest"
    if code_len > hi:
        return argmax_first(list(rewards)), scores, f"long code ({code_len} > {hi:g} chars): strongest"
    return argmax_first(scores), scores, f"medium code ({lo:g} < {code_len} <= {hi:g} chars): highest score"


@lru_cache(maxsize=None)
def length_tertiles(suite: str) -> tuple[float, float]:
    """The tertiles (characters) of the baseline lengths of ``suite``'s problems: the
    short/medium/long thresholds of the initial choice."""
    lengths = [len(p.source("baseline.cpp")) for p in load_suite(suite).values()]
    t1, t2 = statistics.quantiles(lengths, n=3, method="inclusive")
    return t1, t2


def _prior(raw, where: str, time_key: str) -> dict:
    if not isinstance(raw, Mapping):
        raise HarnessError(f'{where} must be an object with "reward" and "{time_key}"')
    out = {}
    for k in ("reward", *COST_KEYS):
        v = raw.get(k)
        if v is None and k in ("reward", time_key):
            raise HarnessError(f'{where} lacks "{k}"')
        if v is None:
            continue
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or (k != "reward" and v < 0):
            raise HarnessError(f"{where}.{k} must be a finite number{'' if k == 'reward' else ' >= 0'} (got {v!r})")
        out[k] = float(v)
    return out


def load_priors(path: str, time_key: str = "seconds") -> dict:
    """The E-RL priors of file ``path``: JSON {model: {"reward": mean tier value,
    "seconds": s per call, "tokens": tokens per call, "usd": USD per call,
    "categories": {category: {the same keys}}}} ("reward" and ``time_key`` required,
    "categories" optional). Returns {model: {"overall": {...}, "categories": {...}}}.
    Raises HarnessError (one line) for an unreadable file or a wrong shape."""
    try:
        raw = json.loads(open(path, encoding="utf-8").read())
    except OSError as e:
        raise HarnessError(f"--erl-priors {path}: {e.strerror or e}") from None
    except ValueError as e:
        raise HarnessError(f"--erl-priors {path}: not JSON ({str(e).splitlines()[0]})") from None
    if not isinstance(raw, dict) or not raw:
        raise HarnessError(f'--erl-priors {path}: expected an object {{model: {{"reward": ..., "{time_key}": ...}}}}')
    out = {}
    for model, d in raw.items():
        where = f"--erl-priors {path}: {model}"
        cats = d.get("categories", {}) if isinstance(d, Mapping) else {}
        if not isinstance(cats, Mapping):
            raise HarnessError(f"{where}.categories must be an object {{category: {{...}}}}")
        out[model] = {
            "overall": _prior(d, where, time_key),
            "categories": {c: _prior(v, f"{where}.categories.{c}", time_key) for c, v in cats.items()},
        }
    return out


def arms_of(team) -> list:
    """The E-RL arms: the first agent of each distinct model of ``team``, in team order."""
    seen, arms = set(), []
    for a in team.agents:
        if a.model not in seen:
            seen.add(a.model)
            arms.append(a)
    return arms


@dataclass
class Memory:
    """The Correction conversation (paper: three dialogue pairs): ``first`` (task,
    first reply), ``change`` (latest fix request, its reply; None until loop 2 has
    replied) and ``explanation`` (latest outcome with evidence, the explanation), each a
    (user text, assistant text) pair."""

    first: tuple[str, str] | None = None
    change: tuple[str, str] | None = None
    explanation: tuple[str, str] | None = None

    def without_change(self) -> "Memory":
        """The memory without its latest change: the fallback when the conversation does
        not fit a model's context window (llm.ContextWindowExceeded)."""
        return Memory(self.first, None, self.explanation)

    def messages(self, request: str) -> list[dict]:
        """System message, the kept pairs in order (first, change, explanation) and
        ``request`` as the last user message."""
        msgs = [prompts.system_message()]
        for pair in (self.first, self.change, self.explanation):
            if pair is not None:
                msgs += [{"role": "user", "content": pair[0]}, {"role": "assistant", "content": pair[1]}]
        return msgs + [{"role": "user", "content": request}]


def _budget(o, n_team) -> Budget:
    """Per problem: loop 1 is one call (Correction); each further loop two
    (Interpretation of the previous code, then Correction); from loop 3 on (when the kept
    conversation holds a change) a Correction that overflows the context window is sent
    once more without the latest change: at most max_loops - 2 retries (12 calls at 5
    loops); one evaluation per loop; the loop may stop at the first pass (an upper
    bound)."""
    retries = max(0, o["max_loops"] - 2)
    return Budget(
        calls=1 + 2 * (o["max_loops"] - 1) + retries, retries=retries, evaluations=o["max_loops"], exact=False
    )


@register(
    "colearning",
    team=TEAM_MANY,
    profile=True,
    budget=_budget,
    quick={"max_loops": 3},
    roles=("interpretation",),
    description="Co-Learning: correct -> test -> interpret loop; E-RL picks each "
    "correction's model from priors (first pass or last code is the answer)",
    params=(
        Param("max_loops", int, 5, "evaluations per problem at most (paper: 5 loops)", minimum=1),
        Param(
            "erl_priors",
            str,
            None,
            "JSON file of per-model priors for E-RL (python -m harness calibrate; default: equal priors)",
        ),
        Param("erl_time", str, "seconds", "the cost E-RL's T measures per model call", choices=COST_KEYS),
        Param(
            "erl_online",
            bool,
            False,
            "our extension, not in the paper: update the priors as running means during the run",
        ),
        Param("erl_w_len", float, 1 / 1000, "E-RL weight of code length per character (assumption)", minimum=0),
        Param("erl_w_rew", float, 1.0, "E-RL weight of reward (assumption)", minimum=0),
        Param("erl_w_time", float, 1.0, "E-RL weight of time (assumption)", minimum=0),
        Param("erl_w_run", float, 1 / 60, "E-RL weight of running time per second (assumption)", minimum=0),
        Param("erl_stability", float, 0.9, "E-RL factor on the current model's score (assumption)", minimum=0),
    ),
)
class CoLearning(Strategy):
    """Co-Learning's correction loop with E-RL model selection (module docstring).

    max_loops: evaluations per problem at most; erl_priors: path of a priors JSON file
    (None: equal priors for every model); erl_time: "seconds", "tokens" or "usd" (what
    T measures); erl_online: update priors as running means (our extension); erl_w_*,
    erl_stability: Algorithm 1's weights (assumptions). Raises HarnessError for an
    unreadable or malformed priors file (here) or one whose models are not exactly the
    team's (:meth:`prepare`), before any work.
    """

    def __init__(
        self,
        max_loops: int = 5,
        erl_priors: str | None = None,
        erl_time: str = "seconds",
        erl_online: bool = False,
        erl_w_len: float = 1 / 1000,
        erl_w_rew: float = 1.0,
        erl_w_time: float = 1.0,
        erl_w_run: float = 1 / 60,
        erl_stability: float = 0.9,
    ):
        super().__init__(
            max_loops=max_loops,
            erl_priors=erl_priors,
            erl_time=erl_time,
            erl_online=erl_online,
            erl_w_len=erl_w_len,
            erl_w_rew=erl_w_rew,
            erl_w_time=erl_w_time,
            erl_w_run=erl_w_run,
            erl_stability=erl_stability,
        )
        self.max_loops = max_loops
        self.time_key = erl_time
        self.online = erl_online
        self.weights = ErlWeights(erl_w_len, erl_w_rew, erl_w_time, erl_w_run, erl_stability)
        self.priors = load_priors(erl_priors, erl_time) if erl_priors else None
        self.observed: dict[str, list] = {}  # online: model -> [n, reward mean, cost mean]

    def options(self) -> dict:
        return {
            **self.params,
            "erl_priors_used": self.priors or "equal priors (no --erl-priors)",
            "erl_assumptions": "weights, stability and the suite-tertile length thresholds are "
            "our assumptions (the paper publishes none); medium code starts "
            "with the highest score" + ("; --erl-online is our extension" if self.online else ""),
        }

    def prepare(self, team) -> None:
        """Checks that the priors file names exactly the team's models (HarnessError)."""
        if self.priors is None:
            return
        models = [a.model for a in arms_of(team)]
        extra = [m for m in self.priors if m not in models]
        missing = [m for m in models if m not in self.priors]
        if extra or missing:
            what = f"names {', '.join(extra)}, not in the team" if extra else f"lacks {', '.join(missing)}"
            raise HarnessError(f"--erl-priors {self.params['erl_priors']} {what} (team models: {', '.join(models)})")

    def priors_for(self, arms: Sequence, category: str) -> tuple[list[float], list[float], str]:
        """(rewards, costs, source) for ``arms`` on a problem of ``category``: the
        category's priors when every arm has them, else each model's overall priors;
        equal priors without a file; with erl_online the running means observed so far."""
        if self.priors is None:
            table, source = {a.model: dict(DEFAULT_PRIOR) for a in arms}, "equal priors (no --erl-priors)"
        elif all(category in self.priors[a.model]["categories"] for a in arms):
            table, source = (
                {a.model: self.priors[a.model]["categories"][category] for a in arms},
                f"{self.params['erl_priors']} (category {category})",
            )
        else:
            table, source = (
                {a.model: self.priors[a.model]["overall"] for a in arms},
                f"{self.params['erl_priors']} (overall)",
            )
        rewards, costs = [], []
        for a in arms:
            r, c = table[a.model]["reward"], table[a.model][self.time_key]
            if self.online and a.model in self.observed:
                n, rm, cm = self.observed[a.model]
                r, c = (r + n * rm) / (n + 1), (c + n * cm) / (n + 1)  # the prior counts as one observation
            rewards.append(r)
            costs.append(c)
        return rewards, costs, source + ("; updated online" if self.online and self.observed else "")

    def _observe(self, model: str, value: float, call: Mapping) -> None:
        cost = {
            "seconds": float(call.get("latency_s") or 0.0),
            "tokens": float((call.get("prompt_tokens") or 0) + (call.get("completion_tokens") or 0)),
            "usd": float(call.get("cost_usd") or 0.0),
        }[self.time_key]
        n, rm, cm = self.observed.get(model, (0, 0.0, 0.0))
        self.observed[model] = [n + 1, (rm * n + value) / (n + 1), (cm * n + cost) / (n + 1)]

    def choose(self, outcome: ProblemOutcome) -> Candidate | None:
        """The last evaluated candidate: the loop stops at the first pass, so this is the
        pass if there was one, else the last attempt (correct or not)."""
        evaluated = [c for c in outcome.candidates if c.result is not None]
        return evaluated[-1] if evaluated else None

    def run(self, problem, mode: str, team, ctx: RunContext) -> ProblemOutcome:
        out = self.start(problem, mode, ctx)
        t0 = time.monotonic()
        build, size = ctx.build_info(mode), ctx.timed_size(problem)
        arms = arms_of(team)
        baseline = problem.source("baseline.cpp")
        rewards, costs, source = self.priors_for(arms, problem.category)
        thresholds = length_tertiles(problem.suite)
        idx, scores, reason = initial_choice(rewards, costs, len(baseline), thresholds, self.weights)
        self._log_selection(
            ctx, problem, 1, arms, idx, scores, reason, rewards, costs, source, len(baseline), 0.0, None
        )
        task = prompts.optimization_prompt(problem, mode, build, size)
        memory, request, ledger = Memory(), task, LEDGER_START
        for loop in range(1, self.max_loops + 1):
            agent = arms[idx]
            cid = f"{problem.id}-r{loop - 1}-a{list(team.agents).index(agent)}"
            msgs = prompts.messages(task) if loop == 1 else memory.messages(request)
            # a conversation too long for the model's context: once more without the latest change
            shorter = memory.without_change().messages(request) if memory.change is not None else None
            ctx.progress(f"{problem.id}: loop {loop}/{self.max_loops}: correction by {agent.name} ({agent.model})")
            [rec] = ctx.generate(
                [(agent, msgs, ctx.seed(agent, problem, loop - 1, "candidate"), cid)],
                purpose="candidate",
                problem=problem.id,
                round_=loop - 1,
                fallbacks=[shorter],
            )
            cand = self.attempt(problem, agent, rec, cid, loop - 1, ctx, out)
            r = cand.result
            value = tier_value(r.status, r.speedup)
            ledger = ledger_step(ledger, value, loop)
            ctx.log(
                "erl_reward",
                problem=problem.id,
                loop=loop,
                candidate_id=cid,
                agent=agent.name,
                model=agent.model,
                status=r.status,
                speedup=r.speedup,
                tier=value,
                ledger=ledger,
                passed=value >= TIER_PASS,
            )
            ctx.progress(f"{problem.id}: {cid}: {cand.outcome}, reward {value:+g}, ledger {ledger:.2f}")
            if self.online:
                self._observe(agent.model, value, cand.call)
            if value >= TIER_PASS or loop == self.max_loops:
                break
            # Interpretation: the explanation of this attempt, kept as context
            label = outcome_label(r.status, r.speedup, r.ci_low, r.ci_high)
            interpreter = team.role("interpretation", agent)
            explain = prompts.render(
                "colearning_explain",
                outcome=label,
                what_happened=prompts.attempt_fate(r.status),
                baseline=baseline.strip(),
                attempt=(cand.source or "(no code found in the reply)").strip(),
                evidence=prompts.format_evidence(r, level=ctx.evidence),
                mode_text=prompts.mode_text(mode, build["threads"]),
                compiler_version=build["compiler_version"],
                flags=build["flags"],
            )
            ctx.progress(f"{problem.id}: loop {loop}/{self.max_loops}: interpretation by {interpreter.name}")
            [erec] = ctx.generate(
                [
                    (
                        interpreter,
                        prompts.messages(explain),
                        ctx.seed(interpreter, problem, loop - 1, "interpretation"),
                        f"{cid}-interpretation",
                    )
                ],
                purpose="interpretation",
                problem=problem.id,
                round_=loop - 1,
            )
            if loop == 1:
                memory.first = (task, rec.text)
            else:
                memory.change = (request, rec.text)
            memory.explanation = (
                prompts.render(
                    "colearning_result",
                    outcome=label,
                    what_happened=prompts.attempt_fate(r.status),
                    evidence=prompts.format_evidence(r, level=ctx.evidence),
                ),
                erec.text.strip(),
            )
            request = prompts.render(
                "colearning_fix",
                target=f"{SIGNIFICANT_SPEEDUP:g}",
                answer=prompts.answer_request(problem, mode),
                mode_text=prompts.mode_text(mode, build["threads"]),
            )
            # E-RL picks the next Correction's model
            rewards, costs, source = self.priors_for(arms, problem.category)
            code_len, t_run = len(cand.source or cand.reply), time.monotonic() - t0
            prev = idx
            idx, scores = erl_select(rewards, costs, code_len, t_run, self.weights, prev)
            reason = f"highest score, the current model's x stability {self.weights.stability:g}: " + (
                "kept" if idx == prev else f"switched from {arms[prev].model}"
            )
            self._log_selection(
                ctx, problem, loop + 1, arms, idx, scores, reason, rewards, costs, source, code_len, t_run, prev
            )
        return self.finish(problem, out, ctx)

    def _log_selection(
        self, ctx, problem, loop, arms, idx, scores, reason, rewards, costs, source, code_len, t_run, current
    ) -> None:
        """Logs one E-RL choice (every model's score, the choice, the reason, the priors
        used) and prints it."""
        ctx.progress(f"{problem.id}: E-RL picks {arms[idx].model} for loop {loop}: {reason}; priors: {source}")
        ctx.log(
            "erl_selection",
            problem=problem.id,
            category=problem.category,
            loop=loop,
            models=[a.model for a in arms],
            agent=arms[idx].name,
            model=arms[idx].model,
            scores=dict(zip((a.model for a in arms), scores)),
            rewards=rewards,
            costs=costs,
            cost_unit=self.time_key,
            code_len=code_len,
            t_run_s=t_run,
            current=arms[current].model if current is not None else None,
            reason=reason,
            priors=source,
        )


# --------------------------------------------------------------------------- its report table


def erl_table(run) -> list[dict]:
    """colearning's E-RL model selection in ``run``, one row per model (in first-chosen
    order): ``chosen`` (corrections it wrote, from "erl_reward" events), ``first choice``
    (problems it started), ``switched to`` (choices that left another model), the
    outcome tiers of its code (``pass``: correct and >= 1.1x; ``correct <1.1x``;
    ``incorrect/crash``: incorrect, runtime error, timeout, rejected; ``build error``:
    compile or link error), ``mean reward`` (mean tier value) and ``answers`` (problems
    whose reported code it wrote and that are correct). Empty for a run without E-RL
    events."""
    rows: dict[str, dict] = {}

    def entry(model):
        return rows.setdefault(
            str(model),
            {
                "model": str(model),
                "chosen": 0,
                "first choice": 0,
                "switched to": 0,
                "pass": 0,
                "correct <1.1x": 0,
                "incorrect/crash": 0,
                "build error": 0,
                "rewards": [],
                "answers": 0,
            },
        )

    for p in run.problems:
        for e in p.events:
            if isinstance(e, ErlSelection):
                r = entry(e.model)
                if e.current is None:
                    r["first choice"] += 1
                elif e.current != e.model:
                    r["switched to"] += 1
            elif isinstance(e, ErlReward) and e.tier is not None:
                r = entry(e.model)
                r["chosen"] += 1
                r["rewards"].append(e.tier)
                r[
                    "pass"
                    if e.passed
                    else "correct <1.1x"
                    if e.status == "correct"
                    else "build error"
                    if e.status in NOT_COMPILED
                    else "incorrect/crash"
                ] += 1
        best = next((c for c in p.candidates if c.id == p.row.get("best_id")), None)
        if best is not None and p.row.get("status") == "correct" and rows:
            entry(best.model)["answers"] += 1
    out = []
    for r in rows.values():
        rewards = r.pop("rewards")
        out.append({**r, "mean reward": sum(rewards) / len(rewards) if rewards else None})
    return out


register_table(
    Table(
        "erl_models",
        "E-RL model selection (colearning)",
        "chosen: corrections the model wrote (E-RL picked it); first choice: problems it started (by code "
        "length); switched to: picks that left another model; outcome of its code on first measurement (pass = "
        "correct and >= 1.1x, which ends a problem's loop); mean reward: mean tier (-1 build error, -0.5 "
        "incorrect/crash, -0.2 correct < 1.1x, +3 pass); answers: correct reported codes it wrote. E-RL's "
        "weights, stability and length thresholds are our assumptions (the paper publishes none; see the run's "
        "strategy options).",
        lambda run, o: erl_table(run),
        columns={
            "mean reward": (AMOUNT, ""),
            **{
                c: (INDEX, "")
                for c in (
                    "chosen",
                    "first choice",
                    "switched to",
                    "pass",
                    "correct <1.1x",
                    "incorrect/crash",
                    "build error",
                    "answers",
                )
            },
        },
        optional=True,
    )
)
