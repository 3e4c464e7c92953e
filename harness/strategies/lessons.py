"""The LessonL lesson bank of one problem: records, outcome labels, selection, adjustment.

Implements Liu et al., "LessonL: learning from lessons in multi-agent code optimization"
(arXiv 2505.23946), §3 (lesson solicitation, banking and selection, effectiveness
adjustment) and appendix C (the selection details), with the public implementation's
defects fixed:

* lesson ids are unique across rounds: ``f"{problem}-r{round}-a{agent}-c{n}"`` where
  ``n`` counts the lessons that agent wrote in that round; :meth:`LessonBank.add`
  refuses a duplicate id (ValueError);
* one threshold rule: a correct attempt is "significantly faster" iff its speedup is
  **>= 1.1** (:data:`SIGNIFICANT_SPEEDUP`), not ``> 1.1``;
* every number comes from an EvalResult object (status, speedup, CI), never from text.

Outcome labels (:func:`outcome_label`), for a correct attempt with speedup s and CI
[lo, hi]:

* "significantly faster"  iff s >= 1.1 (whatever the CI);
* "faster"                iff s < 1.1 and lo > 1 (the whole CI above 1);
* "slower"                iff hi < 1 (the whole CI below 1);
* "no measurable change"  otherwise (the CI contains 1, or no CI).

Failures are labelled by status: "did not compile", "did not link", "crashed",
"timed out", "incorrect", "rejected".  Every label reads as English after "the
attempt" through its predicate (:func:`outcome_predicate`: "was faster", "made no
measurable change", "did not link", "crashed", "was rejected", ...), which is how the
lesson prompt asks "explain why the attempt <predicate>".

Selection (:meth:`LessonBank.select`, paper §3 "lesson selection", as the authors' code
runs it): at most k lessons.  While the bank holds at most k lessons (upstream: while
t x agents <= k, e.g. round 1 of 3 agents with k = 4) every banked lesson is given,
failures included.  Later: first up to ceil(k/2) by highest *adjusted speedup*
(speedup x effectiveness factor) among correct lessons whose adjusted speedup is >= 1.1;
the remaining slots (k minus what the first half took) by relevance to the code being
optimized, among all other lessons (so failures enter as negative lessons): BM25
(rank_bm25's Okapi BM25 over identifier-aware tokens) by default, or cosine similarity
of litellm embeddings when an embedding model is configured (:class:`EmbeddingRelevance`).
Upstream ranks relevance by the cosine of CodeBERT-cpp embeddings; that model cannot be
downloaded here, hence BM25.

Effectiveness factor (:meth:`LessonBank.update_factors`, paper §3 "effectiveness
adjustment"): every lesson starts with factor 1 and only lessons selected in a round
change after it; lessons that nobody read keep their factor.  Two rules
(:data:`FACTOR_RULES`; a run's config.json records which one in
``strategy_options.factor_rule``):

* ``"upstream"`` (the default; the rule of the authors' code, github.com/MITIBM-FastCoder/
  LessonL ``code-opt/strategies/lesson.py``, which the paper describes): after each
  round, every lesson selected in that round gets::

      score(x)  = x's speedup if x is correct (and timed), else 0
      factor   := mean over the round's outputs o of (1.1 if score(o) > score(lesson) else 0.9)

  where score(lesson) is the speedup of the lesson's own attempt, 0 if that attempt
  was not correct (as upstream sets a failed attempt's speedup to 0), so any correct
  output beats a failed lesson and an incorrect output never beats anything.  The
  factor is *overwritten*, not multiplied: it always lies in [0.9, 1.1] and reflects
  only the last round that selected the lesson.  "beats" is strict: an output exactly
  as fast as the lesson counts 0.9.

* ``"multiplicative"`` (this harness's earlier rule, kept as an option)::

      user score  = candidate speedup if the candidate is correct, else 0.5
      reference   = lesson speedup if the lesson's attempt was correct, else 1.0
      factor     *= clip(mean(user scores) / reference, 0.5, 2.0)

  so a lesson whose readers beat its own speedup gains weight (at most x2 per round),
  one whose readers fail or fall short loses weight (at most /2 per round), and the
  changes of all rounds compound.
"""

from __future__ import annotations

import math
import re
from dataclasses import asdict, dataclass, field
from typing import Callable, Iterable, Mapping, Sequence
from ..models.llm import ModelConfigError, _one_line, import_litellm

SIGNIFICANT_SPEEDUP = 1.1  # a correct attempt is "significantly faster" iff speedup >= this
FAILED_USER_SCORE = 0.5  # multiplicative rule: score of an output that was not correct
FACTOR_CLIP = (0.5, 2.0)  # bounds of one round's multiplicative factor change
UPSTREAM_BEAT, UPSTREAM_MISS = 1.1, 0.9  # upstream: an output that beats / does not beat the lesson
FACTOR_RULES = ("upstream", "multiplicative")  # effectiveness rules; the first is the default

FAILURE_LABELS = {
    "compile_error": "did not compile",
    "link_error": "did not link",
    "runtime_error": "crashed",
    "timeout": "timed out",
    "incorrect": "incorrect",
    "rejected": "rejected",
    "infrastructure_error": "lost with its worker (no verdict)",
}
# the labels of a correct attempt, from fastest to slowest
CORRECT_LABELS = ("significantly faster", "faster", "no measurable change", "slower")
# how each label reads after "the attempt" (the lesson prompt's "explain why the attempt ...")
OUTCOME_PREDICATES = {
    "significantly faster": "was significantly faster",
    "faster": "was faster",
    "no measurable change": "made no measurable change",
    "slower": "was slower",
    "did not compile": "did not compile",
    "did not link": "did not link",
    "crashed": "crashed",
    "timed out": "timed out",
    "incorrect": "was incorrect",
    "rejected": "was rejected",
    "lost with its worker (no verdict)": "was lost with its worker",  # never asked: no lesson
}


def outcome_label(
    status: str, speedup: float | None = None, ci_low: float | None = None, ci_high: float | None = None
) -> str:
    """The outcome label of an attempt (see the module docstring for the rule).

    status: an EvalResult status; speedup: T(baseline)/T(candidate) (unitless); ci_low,
    ci_high: the speedup's confidence interval. Raises ValueError for an unknown status.
    """
    if status in FAILURE_LABELS:
        return FAILURE_LABELS[status]
    if status != "correct":
        raise ValueError(f"unknown status {status!r}")
    if speedup is None:  # validated but not timed
        return "no measurable change"
    if speedup >= SIGNIFICANT_SPEEDUP:
        return "significantly faster"
    if ci_low is not None and ci_low > 1.0:
        return "faster"
    if ci_high is not None and ci_high < 1.0:
        return "slower"
    return "no measurable change"


def outcome_predicate(label: str) -> str:
    """What ``label`` (an :func:`outcome_label`) says of the attempt as a predicate that
    follows "the attempt": "faster" -> "was faster", "did not link" -> "did not link".
    Raises ValueError for an unknown label."""
    try:
        return OUTCOME_PREDICATES[label]
    except KeyError:
        raise ValueError(f"unknown outcome label {label!r}") from None


def lesson_id(problem: str, round_: int, agent: int, n: int) -> str:
    """The unique id of the n-th lesson (0-based) that agent ``agent`` (0-based index in
    the team) wrote in round ``round_`` for ``problem``."""
    return f"{problem}-r{round_}-a{agent}-c{n}"


@dataclass
class Lesson:
    """One lesson with its provenance (paper §3: the lesson bank's entries).

    id: unique (see :func:`lesson_id`); text: the agent's explanation; agent/model: its
    author (team name, litellm model); round: the round of the attempt; candidate_id:
    the attempt the lesson is about; status/speedup/ci_low/ci_high: the attempt's
    EvalResult (speedup unitless, None unless correct); outcome: :func:`outcome_label`;
    factor: effectiveness factor (starts at 1); used_in: rounds whose prompts showed it;
    call: the model call that wrote it (tokens, latency s, cost USD, cache hit); origin:
    "" for a lesson of this problem and run, else where a lesson read from a memory store
    comes from (e.g. "another problem (06_fft_dft)"), shown in the prompt.
    """

    id: str
    problem: str
    round: int
    agent: str
    model: str
    candidate_id: str
    status: str
    text: str
    speedup: float | None = None
    ci_low: float | None = None
    ci_high: float | None = None
    outcome: str = ""
    factor: float = 1.0
    used_in: list = field(default_factory=list)
    call: dict = field(default_factory=dict)
    origin: str = ""

    def __post_init__(self) -> None:
        if not self.outcome:
            self.outcome = outcome_label(self.status, self.speedup, self.ci_low, self.ci_high)

    @property
    def correct(self) -> bool:
        return self.status == "correct"

    @property
    def adjusted_speedup(self) -> float:
        """speedup x factor (0 for a lesson whose attempt was not a timed correct one)."""
        if not self.correct or self.speedup is None:
            return 0.0
        return self.speedup * self.factor

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: Mapping) -> "Lesson":
        return cls(**{k: v for k, v in d.items() if k in cls.__dataclass_fields__})


# --------------------------------------------------------------------------- relevance

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\d+")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_STOP = {
    "the",
    "a",
    "an",
    "of",
    "to",
    "and",
    "or",
    "in",
    "is",
    "it",
    "for",
    "on",
    "be",
    "this",
    "that",
    "with",
    "as",
    "by",
    "was",
    "are",
    "at",
    "we",
    "i",
}


def tokenize(text: str) -> list[str]:
    """Lower-case tokens for BM25: identifiers, their snake_case and camelCase parts
    (``prefixSum`` -> prefixsum, prefix, sum; ``omp_get_num_threads`` -> the whole and
    omp, get, num, threads), numbers; English stop words dropped."""
    out = []
    for tok in _IDENT.findall(text):
        low = tok.lower()
        if low in _STOP:
            continue
        out.append(low)
        parts = [p.lower() for s in tok.split("_") if s for p in _CAMEL.findall(s)]
        if len(parts) > 1:
            out.extend(p for p in parts if p not in _STOP)
    return out


class BM25Relevance:
    """Relevance by Okapi BM25 (rank_bm25.BM25Okapi) of each document to the query.

    Callable: (query text, [document text]) -> [score] (higher is more relevant).
    Raises ImportError with an install hint if rank_bm25 is missing.
    """

    name = "bm25"

    def __call__(self, query: str, docs: Sequence[str]) -> list[float]:
        if not docs:
            return []
        try:
            from rank_bm25 import BM25Okapi
        except ImportError as e:  # pragma: no cover - dependency declared in pyproject
            raise ImportError("lesson relevance needs rank_bm25: pip install rank_bm25") from e
        corpus = [tokenize(d) or ["_empty_"] for d in docs]
        bm25 = BM25Okapi(corpus)
        return [float(s) for s in bm25.get_scores(tokenize(query))]


class EmbeddingRelevance:
    """Relevance by cosine similarity of litellm embeddings (``litellm.embedding``).

    model: litellm embedding model name (e.g. ``openai/text-embedding-3-small``);
    api_base: optional endpoint. Callable like :class:`BM25Relevance`. Raises
    ModelConfigError (a user error: one line naming the model and litellm's error) when
    the embedding call fails: unknown model, missing key, unreachable endpoint.
    """

    name = "embedding"

    def __init__(self, model: str, api_base: str | None = None):
        self.model = model
        self.api_base = api_base

    def __call__(self, query: str, docs: Sequence[str]) -> list[float]:
        if not docs:
            return []

        litellm = import_litellm()
        kw = {"api_base": self.api_base} if self.api_base else {}
        try:
            resp = litellm.embedding(model=self.model, input=[query, *docs], **kw)
            vecs = [d["embedding"] if isinstance(d, dict) else d.embedding for d in resp.data]
        except Exception as e:  # litellm's errors have no common base class to name
            raise ModelConfigError(f"embedding model {self.model}: {_one_line(e)}") from None
        q = vecs[0]

        def cos(a, b):
            na = math.sqrt(sum(x * x for x in a))
            nb = math.sqrt(sum(x * x for x in b))
            return sum(x * y for x, y in zip(a, b)) / (na * nb) if na and nb else 0.0

        return [cos(q, v) for v in vecs[1:]]


Relevance = Callable[[str, Sequence[str]], list]


# --------------------------------------------------------------------------- the bank


class LessonBank:
    """The lessons of one problem (paper §3, the lesson bank) with selection and
    effectiveness adjustment (see the module docstring for the exact rules).

    problem: problem id; relevance: a :data:`Relevance` callable (default BM25);
    threshold: adjusted speedup a lesson needs for the speedup half (default 1.1);
    factor_rule: the effectiveness rule, one of :data:`FACTOR_RULES` (default
    "upstream"). Raises ValueError for an unknown factor_rule.
    """

    def __init__(
        self,
        problem: str,
        relevance: Relevance | None = None,
        threshold: float = SIGNIFICANT_SPEEDUP,
        factor_rule: str = FACTOR_RULES[0],
    ):
        if factor_rule not in FACTOR_RULES:
            raise ValueError(f"unknown factor rule {factor_rule!r} (known: {', '.join(FACTOR_RULES)})")
        self.problem = problem
        self.relevance = relevance or BM25Relevance()
        self.threshold = threshold
        self.factor_rule = factor_rule
        self.lessons: dict[str, Lesson] = {}

    def __len__(self) -> int:
        return len(self.lessons)

    def __iter__(self):
        return iter(self.lessons.values())

    def __getitem__(self, lesson_id: str) -> Lesson:
        return self.lessons[lesson_id]

    def add(self, lesson: Lesson) -> Lesson:
        """Bank ``lesson``. Raises ValueError if its id is already in the bank or it
        belongs to another problem without an ``origin`` (a lesson from a memory store)."""
        if lesson.id in self.lessons:
            raise ValueError(f"duplicate lesson id {lesson.id}")
        if lesson.problem != self.problem and not lesson.origin:
            raise ValueError(f"lesson {lesson.id} is for {lesson.problem}, not {self.problem}")
        self.lessons[lesson.id] = lesson
        return lesson

    def next_id(self, round_: int, agent: int) -> str:
        """The next free id for a lesson by agent index ``agent`` in round ``round_``."""
        n = 0
        while lesson_id(self.problem, round_, agent, n) in self.lessons:
            n += 1
        return lesson_id(self.problem, round_, agent, n)

    def select(self, k: int, code: str, round_: int | None = None) -> list[Lesson]:
        """At most ``k`` lessons for a prompt about ``code`` (paper §3, appendix C).

        First up to ceil(k/2) by adjusted speedup (descending; ties: older id first),
        among correct lessons with adjusted speedup >= threshold; then the remaining
        slots by relevance of the lesson text to ``code`` (descending; ties: newer round
        first, then id) among all other lessons. A bank of at most k lessons is
        therefore given whole (upstream's "while t x agents <= k"), speedup half first.
        Marks the chosen lessons as used in ``round_`` if given. Returns [] for k <= 0 or
        an empty bank.
        """
        if k <= 0 or not self.lessons:
            return []
        pool = list(self.lessons.values())
        fast = sorted(
            (l for l in pool if l.correct and l.adjusted_speedup >= self.threshold),
            key=lambda l: (-l.adjusted_speedup, l.round, l.id),
        )
        chosen = fast[: math.ceil(k / 2)]
        rest = [l for l in pool if l not in chosen]
        slots = k - len(chosen)
        if slots > 0 and rest:
            scores = self.relevance(code, [l.text for l in rest])
            order = sorted(range(len(rest)), key=lambda i: (-scores[i], -rest[i].round, rest[i].id))
            chosen += [rest[i] for i in order[:slots]]
        if round_ is not None:
            for l in chosen:
                if round_ not in l.used_in:
                    l.used_in.append(round_)
        return chosen

    def update_factors(self, uses: Mapping[str, Iterable[tuple[str, float | None]]]) -> dict:
        """Effectiveness adjustment after a round, by the bank's ``factor_rule`` (both
        rules in the module docstring).

        uses: {lesson id: [(status, speedup) of each output of the round whose prompt
        showed the lesson]}; speedups unitless, None when not timed. A lesson with an
        empty list keeps its factor. Returns {lesson id: (old factor, new factor)}.
        Raises KeyError for an unknown lesson id.
        """
        rule = _upstream_factor if self.factor_rule == "upstream" else _multiplicative_factor
        changes = {}
        for lid, users in uses.items():
            users = list(users)
            lesson = self.lessons[lid]
            if not users:
                continue
            old = lesson.factor
            lesson.factor = rule(lesson, users)
            changes[lid] = (old, lesson.factor)
        return changes


def _score(status: str, speedup: float | None) -> float:
    """The upstream rule's score of an attempt: its speedup if correct and timed, else 0."""
    return speedup if status == "correct" and speedup is not None else 0.0


def _upstream_factor(lesson: Lesson, users: Sequence[tuple[str, float | None]]) -> float:
    """The authors' rule: mean over the outputs of 1.1 if the output's score beats the
    lesson's (strictly), else 0.9; the result replaces the old factor."""
    mine = _score(lesson.status, lesson.speedup)
    return sum(UPSTREAM_BEAT if _score(st, s) > mine else UPSTREAM_MISS for st, s in users) / len(users)


def _multiplicative_factor(lesson: Lesson, users: Sequence[tuple[str, float | None]]) -> float:
    """The earlier rule of this harness: old factor x clip(mean user score / lesson
    reference, 0.5, 2) (failed outputs score 0.5, a failed lesson's reference is 1)."""
    lo, hi = FACTOR_CLIP
    scores = [s if st == "correct" and s is not None else FAILED_USER_SCORE for st, s in users]
    ref = lesson.speedup if lesson.correct and lesson.speedup else 1.0
    return lesson.factor * min(hi, max(lo, (sum(scores) / len(scores)) / ref))
