"""The results log's vocabulary: one typed record per event kind of events.jsonl.

Every line of a run's event log is one :class:`Event`: ``{"t": unix time s, "kind":
<kind>, <field>: <value>, ...}``. Each kind is a frozen dataclass registered under its
name (:func:`register_event`); the run writes an event through it
(:func:`make_event`: an unknown kind or field is a programming error and raises) and
the readers (harness.results.runstore.read_run, --resume, report, compare) read every
line back through the same class (:func:`parse_event`), which checks each field by its
kind.

Field kinds (the metadata of each field, checked on read; None, "not recorded", is
accepted for every field): the row kinds of harness.results.rows (``speedup``,
``amount``, ``index`` with their ranges, ``flag`` a bool, ``text`` a str) and
``number`` (a finite number of any sign, |v| <= 1e300, e.g. a reward tier or a
temperature), ``texts`` (a list of str), ``data`` (any JSON value, not checked), ``row``
(a ProblemRow dict: every field of its kind, its problem id present, its CI enclosing
its speedup, a correct row's speedup present) and ``result`` (an EvalResult dict: the fields an
evaluation's reader and --resume use, :data:`RESULT_FIELDS`, present where required and
of their kinds, its CI enclosing its speedup). A record that has ``speedup``, ``ci_low``
and ``ci_high`` must have its CI enclose its speedup.

What a failed check does: a damaged number, row or result, or a damaged identity (the
problem id, the lessons a prompt showed) leaves the whole event out
(:class:`DamagedEvent`), so that no damaged number reaches a table, a verdict or a
resumed run; a damaged label (text, flag, list of texts, the time ``t``) is read as None
and named in the record's ``ignored``, and the event is kept, so that one bad label
(a problem's category, say) does not take the events that hang on it along.

Versions: :data:`SCHEMA` is written in every session's first event ("run_started",
"run_resumed"); logs older than the field have schema 0, whose records are the same as
schema 1's but may lack fields added since (read as None). A later change that renames
or retypes a field bumps :data:`SCHEMA` and converts older records in
:func:`parse_event`. A field this version does not define (one a newer version wrote)
is kept in the record's ``extra``; a kind no module registered reads as an
:class:`UnknownEvent` with all its fields in ``extra``.
"""

from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping

from ..core.registry import Registry
from .rows import AMOUNT, FLAG, INDEX, ROW_FIELDS, SPEEDUP, TEXT, valid

SCHEMA = 1
NUMBER, TEXTS, DATA, ROW, RESULT = "number", "texts", "data", "row", "result"

#: The fields of an evaluation's result (an EvalResult dict) that are checked: {name:
#: (kind, required)}; "cpus" is a list of CPU ids (indices).
RESULT_FIELDS = {
    "problem_id": (TEXT, True),
    "suite": (TEXT, True),
    "mode": (TEXT, True),
    "status": (TEXT, True),
    "size": (INDEX, True),
    "threads": (INDEX, True),
    "speedup": (SPEEDUP, False),
    "ci_low": (SPEEDUP, False),
    "ci_high": (SPEEDUP, False),
    "wall_s": (AMOUNT, False),
    "node": (TEXT, False),
    "cpu_model": (TEXT, False),
    "size_label": (TEXT, False),
    "cached": (FLAG, False),
    "cpus": ("indices", False),
}
_ROW_FIELDS = {f.name: (f.kind, False) for f in ROW_FIELDS}
#: The checked fields of an event of a kind no module registered: the row's numbers and
#: the common fields of calls and candidates.
_UNKNOWN_FIELDS = {
    **{k: v for k, v in _ROW_FIELDS.items() if v[0] in (SPEEDUP, AMOUNT, INDEX)},
    "latency_s": (AMOUNT, False),
    "round": (INDEX, False),
    "size": (INDEX, False),
}
MAX_NUMBER = 1e300
#: Kinds whose damage leaves the event out; the others' damage blanks the field.
_NUMERIC = (SPEEDUP, AMOUNT, INDEX, NUMBER, ROW, RESULT)


def _f(kind: str, unit: str = "", *, required: bool = False, identity: bool = False, label: bool = False):
    """A record field of ``kind`` (unit "" when it has none); optional fields default to
    None ("not recorded", as in a log written before the field existed). Damage to it
    leaves the event out when the kind is a number, row or result, or ``identity`` is set;
    otherwise (or with ``label``) the field is read as None (module docstring)."""
    meta = {"kind": kind, "unit": unit, "drop": identity or (kind in _NUMERIC and not label)}
    return dataclasses.field(metadata=meta) if required else dataclasses.field(default=None, metadata=meta)


class DamagedEvent(ValueError):
    """An event whose fields fail their kinds' checks; ``reasons`` lists them
    (["field = value", ...])."""

    def __init__(self, kind: str, reasons: list[str]):
        super().__init__(f"{kind}: {', '.join(reasons)}")
        self.kind, self.reasons = kind, reasons


@dataclass(frozen=True, kw_only=True)
class Event:
    """One line of the event log. ``t``: unix time (s) it was written; ``extra``: fields
    this version of the harness does not define (read back only; written after the
    defined ones); ``ignored``: the fields of the line read as None because their value
    failed its kind's check (["field = value", ...]; read back only, not written).
    Subclasses set ``KIND`` and declare their fields with kinds (:func:`_f`)."""

    KIND: ClassVar[str] = ""
    t: float | None = _f(AMOUNT, "s", label=True)
    extra: dict = field(default_factory=dict, repr=False, compare=False)
    ignored: tuple = field(default=(), repr=False, compare=False)

    @property
    def kind(self) -> str:
        """The event kind (the "kind" of its log line)."""
        return self.KIND

    def fields(self) -> dict:
        """{field: value} of the defined fields but ``t``, in the record's order."""
        return {f.name: getattr(self, f.name) for f in _declared(type(self)) if f.name != "t"}

    def to_dict(self) -> dict:
        """The stored form: ``{"t", "kind", fields..., extra...}``."""
        return {"t": self.t, "kind": self.kind, **self.fields(), **self.extra}

    def damage(self) -> tuple[list[str], list[str]]:
        """What is wrong with this record's fields by their kinds: (damage that leaves
        the event out, damaged labels), each ["field = value", ...]; both empty when
        nothing is."""
        drop: list[str] = []
        blank: list[str] = []
        for f in _declared(type(self)):
            kind, v = f.metadata["kind"], getattr(self, f.name)
            if v is None or kind == DATA:
                continue
            if kind in (ROW, RESULT):
                drop += _mapping_damage(v, _ROW_FIELDS if kind == ROW else RESULT_FIELDS, kind)
            elif not _valid(kind, v):
                (drop if f.metadata["drop"] else blank).append(f"{f.name} = {_show(v)}")
        if not drop:
            drop += _ci_damage(self.__dict__)
        return drop, blank


def _declared(cls) -> list:
    """The dataclass fields of record class ``cls`` that are log fields (not extra/ignored)."""
    return [f for f in dataclasses.fields(cls) if f.name not in ("extra", "ignored")]


def _show(v: Any) -> str:
    return json.dumps(v, default=str)[:40]


def _valid(kind: str, v: Any) -> bool:
    if kind in (SPEEDUP, AMOUNT, INDEX):
        return valid(kind, v)
    if kind == NUMBER:
        return (
            isinstance(v, (int, float))
            and not isinstance(v, bool)
            and -MAX_NUMBER <= v <= MAX_NUMBER
            and not (isinstance(v, float) and math.isnan(v))
        )
    if kind == TEXT:
        return isinstance(v, str)
    if kind == FLAG:
        return isinstance(v, bool)
    if kind == TEXTS:
        return isinstance(v, list) and all(isinstance(x, str) for x in v)
    if kind == "indices":
        return isinstance(v, list) and all(valid(INDEX, x) for x in v)
    raise ValueError(f"unknown field kind {kind!r}")


def _ci_damage(d: Mapping) -> list[str]:
    s, lo, hi = (d.get(k) for k in ("speedup", "ci_low", "ci_high"))
    if s is not None and lo is not None and hi is not None and not lo <= s <= hi:
        return [f"CI {lo:g}-{hi:g} not enclosing speedup {s:g}"]
    return []


def _mapping_damage(d: Any, spec: Mapping[str, tuple[str, bool]], name: str) -> list[str]:
    """Damage of a nested row or result (or an unknown event's fields) by ``spec``
    ({field: (kind, required)}): not an object; a required field missing; a checked
    field not of its kind; a problem id that is no str (in a row: also a missing one);
    a CI not enclosing the speedup."""
    if not isinstance(d, dict):
        return [f"{name} = {_show(d)}"]
    bad = [f"{name}.{k} missing" for k, (_, req) in spec.items() if req and d.get(k) is None]
    bad += [f"{k} = {_show(d[k])}" for k, (kind, _) in spec.items() if d.get(k) is not None and not _valid(kind, d[k])]
    if "problem" in d and not isinstance(d["problem"], str):
        bad.append(f"problem = {_show(d['problem'])}")
    elif name == ROW and "problem" not in d:
        bad.append("problem missing")
    if name == ROW and d.get("correct") is True and d.get("speedup") is None:
        bad.append("correct without a speedup")
    return bad or _ci_damage(d)


@dataclass(frozen=True, kw_only=True)
class UnknownEvent(Event):
    """A line whose kind no module registered (a kind of another version or of a
    strategy that is not loaded): its kind in ``name``, its fields in ``extra``."""

    name: str = ""

    @property
    def kind(self) -> str:
        return self.name

    def fields(self) -> dict:
        return {}


#: every event kind's record class by kind (all defined in this module; no entry points:
#: a log must read the same wherever it is read)
EVENTS: Registry[type[Event]] = Registry("event kind")


def register_event(cls: type[Event]) -> type[Event]:
    """Class decorator: make ``cls`` (an Event subclass with its ``KIND`` and fields
    declared with :func:`_f`) a frozen, keyword-only dataclass and register it as the
    record of its kind. Raises ValueError for a class without KIND or a kind registered
    by another class."""
    if not cls.KIND:
        raise ValueError(f"{cls.__name__} has no KIND")
    if EVENTS.peek(cls.KIND) is not None:
        raise ValueError(f"event kind {cls.KIND!r} is registered already ({EVENTS[cls.KIND].__name__})")
    return EVENTS.add(cls.KIND, dataclass(frozen=True, kw_only=True)(cls))


def make_event(kind: str, t: float, **fields: Any) -> Event:
    """The record of ``kind`` with ``fields``, written at unix time ``t`` (s). Raises
    KeyError for a kind no module registered and TypeError for a field the kind does
    not define (both the writer's mistakes)."""
    cls = EVENTS.find(kind)
    if cls is None:
        raise KeyError(f"no event kind {kind!r} is registered (harness.results.events)")
    return cls(t=t, **fields)


def parse_event(d: Mapping) -> Event:
    """The record of one log line ``d`` (a JSON object with a "kind"). A damaged label
    is read as None and named in the record's ``ignored``. Raises DamagedEvent when a
    number, row, result or identity fails its kind's check or a required field is
    missing (see the module docstring), and KeyError when ``d`` has no "kind"."""
    kind = d["kind"]
    cls = EVENTS.find(kind) if isinstance(kind, str) else None
    if cls is None:
        rec: Event = UnknownEvent(
            t=d.get("t"), name=str(kind), extra={k: v for k, v in d.items() if k not in ("t", "kind")}
        )
        drop = _mapping_damage(rec.extra, _UNKNOWN_FIELDS, "event")
        blank = [] if rec.t is None or _valid(AMOUNT, rec.t) else [f"t = {_show(rec.t)}"]
    else:
        names = {f.name for f in _declared(cls)}
        missing = [f.name for f in _declared(cls) if f.default is dataclasses.MISSING and f.name not in d]
        if missing:
            raise DamagedEvent(kind, [f"{m} missing" for m in missing])
        rec = cls(
            **{k: v for k, v in d.items() if k in names},
            extra={k: v for k, v in d.items() if k not in names and k != "kind"},
        )
        drop, blank = rec.damage()
    if drop:
        raise DamagedEvent(str(kind), drop)
    if blank:
        changes: dict[str, Any] = {b.split(" = ")[0]: None for b in blank}
        rec = dataclasses.replace(rec, **changes, ignored=tuple(blank))
    return rec


# --------------------------------------------------------------------------- the kinds


@dataclass(frozen=True, kw_only=True)
class ProblemEvent(Event):
    """An event about one problem: its id and the replicate (``run --repeats``) it
    belongs to (None in logs written before replicates were logged)."""

    problem: str | None = _f(TEXT, identity=True)
    repeat: int | None = _f(INDEX)


# -- the run


@register_event
class RunStarted(Event):
    """A new run's first event: its id and the log's schema version."""

    KIND = "run_started"
    run_id: str | None = _f(TEXT)
    schema: int | None = _f(INDEX)


@register_event
class RunResumed(Event):
    """A --resume session's first event (the log's schema version of this session)."""

    KIND = "run_resumed"
    schema: int | None = _f(INDEX)


@dataclass(frozen=True, kw_only=True)
class RunEnded(Event):
    """A session's end; ``problems``: rows written."""

    problems: int | None = _f(INDEX)


@register_event
class RunFinished(RunEnded):
    """The run ended with every problem done."""

    KIND = "run_finished"


@register_event
class RunPaused(RunEnded):
    """The session ended before every problem was done (a budget, a stop)."""

    KIND = "run_paused"


@register_event
class RunStopped(Event):
    """Why the session stopped early (budget reached, every call failing, ...)."""

    KIND = "run_stopped"
    reason: str | None = _f(TEXT)


@register_event
class RunInterrupted(Event):
    """The session ended on an error (``error``: its type and message)."""

    KIND = "run_interrupted"
    error: str | None = _f(TEXT)


@register_event
class ModelServer(Event):
    """A model server the run used: the model, its URL, its process id (None for an
    external server) and what it reported about itself."""

    KIND = "model_server"
    model: str | None = _f(TEXT)
    url: str | None = _f(TEXT)
    pid: int | None = _f(INDEX)
    external: bool | None = _f(FLAG)
    info: Any = _f(DATA)


# -- a problem's course


@register_event
class ProblemStarted(ProblemEvent):
    """A (problem, repeat) started; its events follow until its "problem_done"."""

    KIND = "problem_started"
    category: str | None = _f(TEXT)


@register_event
class ProblemSkipped(ProblemEvent):
    """A (problem, repeat) not run in this session, and why."""

    KIND = "problem_skipped"
    why: str | None = _f(TEXT)


@register_event
class ProblemDone(ProblemEvent):
    """A (problem, repeat) finished: its row (a harness.results.rows.ProblemRow dict as
    recorded; an older version's row lacks the fields added since)."""

    KIND = "problem_done"
    row: dict = _f(ROW, required=True)


@register_event
class Evaluation(ProblemEvent):
    """A candidate measured (harness.measure.evaluate.EvalResult as a dict in
    ``result``); ``fresh``: a re-measurement on fresh seeds; ``key``: the run context's
    evaluation key (its reuse on --resume); ``seed``: the measurement's seed."""

    KIND = "evaluation"
    candidate_id: str | None = _f(TEXT)
    fresh: bool | None = _f(FLAG)
    seed: Any = _f(DATA)
    key: str | None = _f(TEXT)
    result: dict | None = _f(RESULT)


@register_event
class EvaluationReused(ProblemEvent):
    """An evaluation recorded earlier under ``key`` and reused (its status, speedup x)."""

    KIND = "evaluation_reused"
    candidate_id: str | None = _f(TEXT)
    fresh: bool | None = _f(FLAG)
    key: str | None = _f(TEXT)
    status: str | None = _f(TEXT)
    speedup: float | None = _f(SPEEDUP, "x")


@register_event
class EvaluationLost(ProblemEvent):
    """An evaluation lost with its worker twice (infrastructure_error): never reused."""

    KIND = "evaluation_lost"
    candidate_id: str | None = _f(TEXT)
    fresh: bool | None = _f(FLAG)
    result: dict | None = _f(RESULT)


@dataclass(frozen=True, kw_only=True)
class Measured(ProblemEvent):
    """A source of the problem's own measured as a candidate: its verdict's status,
    speedup and 95 % CI (x)."""

    status: str | None = _f(TEXT)
    speedup: float | None = _f(SPEEDUP, "x")
    ci_low: float | None = _f(SPEEDUP, "x")
    ci_high: float | None = _f(SPEEDUP, "x")


@register_event
class Reference(Measured):
    """The expert reference measured as a candidate."""

    KIND = "reference"


@register_event
class NoiseFloor(Measured):
    """The baseline's own source measured as a candidate (the noise floor)."""

    KIND = "noise_floor"


@register_event
class CandidateEvent(ProblemEvent):
    """A candidate with its verdict (harness.strategies.base.Candidate.summary): id,
    round, agent, model, status, outcome label, speedup and 95 % CI (x) of its first
    measurement, the lessons its prompt showed."""

    KIND = "candidate"
    id: str | None = _f(TEXT)
    round: int | None = _f(INDEX)
    agent: str | None = _f(TEXT)
    model: str | None = _f(TEXT)
    status: str | None = _f(TEXT)
    outcome: str | None = _f(TEXT)
    speedup: float | None = _f(SPEEDUP, "x")
    ci_low: float | None = _f(SPEEDUP, "x")
    ci_high: float | None = _f(SPEEDUP, "x")
    lesson_ids: list | None = _f(TEXTS, identity=True)


@register_event
class Best(ProblemEvent):
    """The chosen candidate: its first speedup (x) and its re-measurement on fresh
    seeds (status, speedup and 95 % CI, x: the reported numbers)."""

    KIND = "best"
    candidate_id: str | None = _f(TEXT)
    first_speedup: float | None = _f(SPEEDUP, "x")
    status: str | None = _f(TEXT)
    speedup: float | None = _f(SPEEDUP, "x")
    ci_low: float | None = _f(SPEEDUP, "x")
    ci_high: float | None = _f(SPEEDUP, "x")


@register_event
class LessonEvent(ProblemEvent):
    """A lesson as written (harness.strategies.lessons.Lesson without its call; later
    factor changes are "factors_updated" events); ``tokens``: its reply's length."""

    KIND = "lesson"
    id: str | None = _f(TEXT)
    round: int | None = _f(INDEX)
    agent: str | None = _f(TEXT)
    model: str | None = _f(TEXT)
    candidate_id: str | None = _f(TEXT)
    status: str | None = _f(TEXT)
    text: str | None = _f(TEXT)
    speedup: float | None = _f(SPEEDUP, "x")
    ci_low: float | None = _f(SPEEDUP, "x")
    ci_high: float | None = _f(SPEEDUP, "x")
    outcome: str | None = _f(TEXT)
    factor: float | None = _f(NUMBER)
    used_in: list | None = _f(DATA)
    origin: str | None = _f(TEXT)
    tokens: int | None = _f(INDEX, "tokens")


@register_event
class LlmCall(ProblemEvent):
    """One model call (harness.models.llm.CallRecord without its text, plus the
    request): tokens, latency s, cost USD, cache hit, sampling, prompt and reply."""

    KIND = "llm_call"
    model: str | None = _f(TEXT)
    prompt_tokens: int | None = _f(INDEX, "tokens")
    cached_prompt_tokens: int | None = _f(INDEX, "tokens")
    completion_tokens: int | None = _f(INDEX, "tokens")
    latency_s: float | None = _f(AMOUNT, "s")
    cost_usd: float | None = _f(AMOUNT, "USD")
    cache_hit: bool | None = _f(FLAG)
    seed: Any = _f(DATA)
    agent: str | None = _f(TEXT)
    finish_reason: str | None = _f(TEXT)
    cost_known: bool | None = _f(FLAG)
    key: str | None = _f(TEXT)
    not_sent: list | None = _f(TEXTS)
    purpose: str | None = _f(TEXT)
    round: int | None = _f(INDEX)
    label: str | None = _f(TEXT)
    temperature: float | None = _f(NUMBER)
    top_p: float | None = _f(NUMBER)
    frequency_penalty: float | None = _f(NUMBER)
    prompt: str | None = _f(TEXT)
    reply: str | None = _f(TEXT)


@register_event
class LlmError(ProblemEvent):
    """A failed model call and what followed (a retry with the shorter fallback prompt,
    a retry after the model process restarted)."""

    KIND = "llm_error"
    purpose: str | None = _f(TEXT)
    round: int | None = _f(INDEX)
    agent: str | None = _f(TEXT)
    model: str | None = _f(TEXT)
    label: str | None = _f(TEXT)
    error: str | None = _f(TEXT)
    retried_with_fallback: bool | None = _f(FLAG)
    retried_after_restart: bool | None = _f(FLAG)


# -- strategies' own steps (harness.strategies.*)


@register_event
class LessonsSelected(ProblemEvent):
    """LessonL: the lessons a round's prompts show, with their adjusted speedups."""

    KIND = "lessons_selected"
    round: int | None = _f(INDEX)
    lesson_ids: list | None = _f(TEXTS, identity=True)
    adjusted: list | None = _f(DATA)


@register_event
class FactorsUpdated(ProblemEvent):
    """LessonL: effectiveness factors changed after a round ({lesson id: [old, new]})."""

    KIND = "factors_updated"
    round: int | None = _f(INDEX)
    rule: str | None = _f(TEXT)
    changes: dict | None = _f(DATA)


@register_event
class MemoryRead(ProblemEvent):
    """LessonL / Cogito: a read of the persistent memory (path, content hash, the
    retrieval settings and what was retrieved with its similarity)."""

    KIND = "memory_read"
    path: str | None = _f(TEXT)
    content_hash: str | None = _f(TEXT)
    cross_problem: Any = _f(DATA)
    threshold: float | None = _f(NUMBER)
    same_problem: Any = _f(DATA)
    across_replicates: Any = _f(DATA)
    retrieved: list | None = _f(DATA)


@register_event
class MemoryWritten(ProblemEvent):
    """LessonL / Cogito: entries added to the persistent memory (hashes before, after)."""

    KIND = "memory_written"
    path: str | None = _f(TEXT)
    added: Any = _f(DATA)
    content_hash_before: str | None = _f(TEXT)
    content_hash_after: str | None = _f(TEXT)


@register_event
class CogitoGroup(ProblemEvent):
    """Cogito: one group's Super-Role, gate and memory use."""

    KIND = "cogito_group"
    group: int | None = _f(INDEX)
    super_role: str | None = _f(TEXT)
    debugger_kept: bool | None = _f(FLAG)
    memory_used: bool | None = _f(FLAG)
    gated: bool | None = _f(FLAG)
    importance: dict | None = _f(DATA)
    memory_entries: int | None = _f(INDEX)
    evicted: int | None = _f(INDEX)


@register_event
class ErlReward(ProblemEvent):
    """Co-Learning: the reward tier a candidate earned its model in a loop."""

    KIND = "erl_reward"
    loop: int | None = _f(INDEX)
    candidate_id: str | None = _f(TEXT)
    agent: str | None = _f(TEXT)
    model: str | None = _f(TEXT)
    status: str | None = _f(TEXT)
    speedup: float | None = _f(SPEEDUP, "x")
    tier: float | None = _f(NUMBER)
    ledger: Any = _f(DATA)
    passed: bool | None = _f(FLAG)


@register_event
class ErlSelection(ProblemEvent):
    """Co-Learning: E-RL's choice of model for a loop, with the scores behind it."""

    KIND = "erl_selection"
    category: str | None = _f(TEXT)
    loop: int | None = _f(INDEX)
    models: list | None = _f(TEXTS)
    agent: str | None = _f(TEXT)
    model: str | None = _f(TEXT)
    scores: Any = _f(DATA)
    rewards: Any = _f(DATA)
    costs: Any = _f(DATA)
    cost_unit: Any = _f(DATA)
    code_len: Any = _f(DATA)
    t_run_s: Any = _f(DATA)
    current: str | None = _f(TEXT)
    reason: str | None = _f(TEXT)
    priors: Any = _f(DATA)


@register_event
class MoaLayer(ProblemEvent):
    """Mixture-of-Agents: one layer's candidates and the proposers that gave no code."""

    KIND = "moa_layer"
    layer: int | None = _f(INDEX)
    candidate_ids: list | None = _f(TEXTS)
    empty: list | None = _f(DATA)


@register_event
class Retrieval(ProblemEvent):
    """MapCoder: the retrieval agent's exemplars and what was missing."""

    KIND = "retrieval"
    tries: int | None = _f(INDEX)
    exemplars: int | None = _f(INDEX)
    algorithm: bool | None = _f(FLAG)
    incomplete: Any = _f(DATA)
    consequence: str | None = _f(TEXT)


@register_event
class PlansRanked(ProblemEvent):
    """MapCoder: the plans in the order tried, with their confidence."""

    KIND = "plans_ranked"
    order: list | None = _f(TEXTS)
    confidence: list | None = _f(DATA)


@register_event
class DebugPrompt(ProblemEvent):
    """MapCoder: a debugging request after candidate ``after`` (its status, the
    request's variant)."""

    KIND = "debug_prompt"
    candidate_id: str | None = _f(TEXT)
    after: str | None = _f(TEXT)
    after_status: str | None = _f(TEXT)
    variant: str | None = _f(TEXT)


@register_event
class CandidateNotEvaluated(ProblemEvent):
    """Reflexion: a candidate generated but not evaluated, and why."""

    KIND = "candidate_not_evaluated"
    candidate_id: str | None = _f(TEXT)
    why: str | None = _f(TEXT)


@register_event
class Sample(ProblemEvent):
    """score: one generation judged (where it came from, its verdict's status and
    whether the verdict was measured, reused from the run log or from the cache)."""

    KIND = "sample"
    candidate_id: str | None = _f(TEXT)
    where: str | None = _f(TEXT)
    file: str | None = _f(TEXT)
    model: str | None = _f(TEXT)
    sample: Any = _f(DATA)
    status: str | None = _f(TEXT)
    verdict_from: str | None = _f(TEXT)


@register_event
class SignatureMismatch(ProblemEvent):
    """score: a link error from another signature (expected and found, readable)."""

    KIND = "signature_mismatch"
    candidate_id: str | None = _f(TEXT)
    expected: str | None = _f(TEXT)
    found: str | None = _f(TEXT)


@register_event
class SignatureCheckFailed(ProblemEvent):
    """score: the signature check could not run (the link error counts as the
    candidate's)."""

    KIND = "signature_check_failed"
    candidate_id: str | None = _f(TEXT)
    error: str | None = _f(TEXT)
