"""A memory store that outlives a problem and a run: Cogito's hippocampus regions and
LessonL's verified lessons, with provenance, in one folder the user names.

Implements the hippocampus-like memory of Cogito (Li et al., "Cogito, ergo sum", arXiv
2501.18653, §3.3 "memory module"), which the authors' code never wired into its
pipeline, and shares LessonL's verified lessons across problems and runs. Regions (one
JSON file each):

* ``DG``  index of tasks: suite, problem id, category, description and the baseline's
  code identifiers; retrieval runs over it (one item per task content);
* ``CA1`` first attempts (a problem's first evaluated candidate);
* ``CA2`` failure records (candidates that were not correct: status and evidence);
* ``CA3`` code versions with their evidence (every evaluated candidate);
* ``CA4`` verified results: only a candidate a strategy's honest re-measurement (fresh
  seeds, no verdict cache) found correct *and faster* (outcome label "faster" or
  "significantly faster": speedup >= 1.1, or the CI's lower bound above 1); a first
  measurement never enters CA4 (:meth:`MemoryStore.add` refuses it);
* ``lessons`` LessonL lessons whose attempt was significantly faster, from problems whose
  chosen candidate was verified faster on re-measurement.

Every item: ``{"id", "region", "provenance": {run_id, strategy, suite, problem, mode,
repeat, candidate_id, model, speedup, ci_low, ci_high, verified}, ...region fields}``.
Speedups are unitless (T(baseline) / T(candidate)); ``verified`` says whether they come
from a re-measurement. An item's id is the SHA-256 of its content (DG: of the task alone),
so writing the same item twice (a resumed run) stores it once.

Retrieval (:meth:`MemoryStore.retrieve`): lexical similarity of the current task's DG
document to every other task's, in [0, 1] (:func:`similarity`, with the current suite's
tasks as IDF background), at or above a threshold (default 0.3: over all ParEval pairs,
90 % of pairs of different categories score below 0.18, half the pairs of one category
above 0.29);
never the problem being solved (same suite and problem id) unless ``same_problem``; only
items of the same mode (an OpenMP example misleads a serial prompt).

Concurrency: every read-modify-write holds an exclusive ``fcntl.flock`` on
``<store>/.lock`` and replaces region files atomically (temporary file + rename), so runs
sharing a folder never lose or tear each other's items; readers take a shared lock.
A damaged store (a region file that is not valid JSON or not a store file, or missing
while others exist) is a one-line HarnessError naming the file; nothing is written then.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import re
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..core.errors import HarnessError
from ..core.formats import canonical_json
from ..core.fsutil import atomic_write
from ..measure.suite import load_suite
from .lessons import outcome_label, tokenize

REGIONS = ("DG", "CA1", "CA2", "CA3", "CA4", "lessons")
FORMAT = "harness-memory/1"  # the "format" field of every region file
LOCK_NAME = ".lock"
DEFAULT_THRESHOLD = 0.3  # similarity (see similarity()) an item's task needs to be retrieved
FASTER = ("faster", "significantly faster")  # outcome labels that count as faster
PROVENANCE_KEYS = (
    "run_id",
    "strategy",
    "suite",
    "problem",
    "mode",
    "repeat",
    "candidate_id",
    "model",
    "speedup",
    "ci_low",
    "ci_high",
    "verified",
)
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class MemoryScope:
    """What one problem of one replicate of a run may read from a memory store: every
    item of other runs (a folder the user named holds them on purpose), and of this run
    (``run_id``) only what the jobs before it in the run's recorded order wrote
    (``earlier``: (replicate, problem id) pairs), of its own replicate only unless
    ``across_replicates``. So what a problem retrieves does not depend on which problem in
    flight finished first, and replicates stay independent samples by default.
    ``earlier`` None: no order known (a strategy run outside a run), nothing restricted
    within the run."""

    run_id: str
    repeat: int = 0
    earlier: frozenset | None = None
    across_replicates: bool = False

    def admits(self, prov: Mapping) -> bool:
        """Whether an item with provenance ``prov`` is visible in this scope."""
        if prov.get("run_id") != self.run_id:
            return True
        if not self.across_replicates and prov.get("repeat") != self.repeat:
            return False
        return self.earlier is None or (prov.get("repeat"), prov.get("problem")) in self.earlier


def task_document(problem) -> dict:
    """The DG fields of ``problem`` (a suite.Problem): suite, problem, category,
    description and the identifiers of its baseline code (unique, in order of first
    appearance)."""
    seen: dict[str, None] = {}
    for tok in _IDENT.findall(problem.source("baseline.cpp")):
        seen.setdefault(tok, None)
    return {
        "suite": problem.suite,
        "problem": problem.id,
        "category": problem.category,
        "description": problem.description,
        "identifiers": list(seen),
    }


def task_text(doc: Mapping) -> str:
    """The text BM25 sees for a DG document: description, category, identifiers."""
    return " ".join([doc.get("description", ""), doc.get("category", ""), " ".join(doc.get("identifiers", []))])


def similarity(query: str, docs: list[str], background: Iterable[str] = ()) -> list[float]:
    """Lexical similarity of ``query`` to each of ``docs``, in [0, 1].

    Okapi-style BM25 (rank_bm25.BM25Plus with delta = 0, i.e. BM25 with the always
    positive IDF log((N + 1) / n): Okapi's IDF turns negative for a term in more than
    half the documents, which is routine in a small store) over :func:`harness.strategies.lessons.
    tokenize` tokens, computed with the query itself added to the corpus, divided by the
    query's score against itself and clipped to [0, 1]. So 1 means "as relevant as the
    task itself" (upstream Cogito's 0.7 was a cosine threshold; BM25 scores are
    unbounded). ``background``: more documents that count for the IDF and the mean length
    only, so that a similarity does not depend on how few tasks a store holds yet
    (:meth:`MemoryStore.retrieve` passes the current suite's tasks). Returns [] for no
    documents, 0.0 for every document when the query has no tokens."""
    if not docs:
        return []
    from rank_bm25 import BM25Plus

    q = tokenize(query)
    corpus = (
        [tokenize(d) or ["_empty_"] for d in docs]
        + [tokenize(d) or ["_empty_"] for d in background]
        + [q or ["_empty_"]]
    )
    bm25 = BM25Plus(corpus, delta=0.0)
    scores = bm25.get_scores(q)
    own = float(scores[-1])
    if not q or own <= 0:
        return [0.0] * len(docs)
    return [min(1.0, max(0.0, float(s) / own)) for s in scores[:-1]]


def provenance(
    *,
    run_id: str,
    strategy: str,
    problem,
    mode: str,
    repeat: int = 0,
    candidate_id: str | None = None,
    model: str | None = None,
    result=None,
    verified: bool = False,
) -> dict:
    """The provenance of an item: run id, strategy, suite, problem id, mode, replicate,
    candidate id, model (litellm name) and the candidate's speedup with its CI from
    ``result`` (an EvalResult; None for a task record), ``verified`` when ``result`` is a
    re-measurement on fresh seeds."""
    ok = result is not None and result.correct
    return {
        "run_id": run_id,
        "strategy": strategy,
        "suite": problem.suite,
        "problem": problem.id,
        "mode": mode,
        "repeat": repeat,
        "candidate_id": candidate_id,
        "model": model,
        "status": result.status if result is not None else None,
        "speedup": result.speedup if ok else None,
        "ci_low": result.ci_low if ok else None,
        "ci_high": result.ci_high if ok else None,
        "verified": bool(verified),
    }


def _item_ok(item: Any, region: str) -> bool:
    """True if ``item`` is a well-formed item of ``region``: an id, the region, a
    provenance with every key of PROVENANCE_KEYS; a DG task's text fields are strings."""
    if not (
        isinstance(item, dict)
        and item.get("region") == region
        and isinstance(item.get("id"), str)
        and isinstance(item.get("provenance"), dict)
        and all(k in item["provenance"] for k in PROVENANCE_KEYS)
    ):
        return False
    return region != "DG" or (
        all(isinstance(item.get(k, ""), str) for k in ("description", "category"))
        and all(isinstance(x, str) for x in item.get("identifiers", []))
    )


def make_item(region: str, prov: Mapping, **fields: Any) -> dict:
    """A store item of ``region`` with provenance ``prov`` (see :func:`provenance`) and
    region fields. Its id hashes the region and fields (DG) or region, provenance and
    fields (every other region), so the same item written twice is stored once.
    Raises ValueError for an unknown region or provenance missing a key."""
    if region not in REGIONS:
        raise ValueError(f"unknown memory region {region!r} (known: {', '.join(REGIONS)})")
    missing = [k for k in PROVENANCE_KEYS if k not in prov]
    if missing:
        raise ValueError(f"provenance lacks {missing}")
    ident = {"region": region, **fields} if region == "DG" else {"region": region, "prov": prov, **fields}
    return {
        "id": hashlib.sha256(canonical_json(ident, ensure_ascii=True).encode()).hexdigest()[:20],
        "region": region,
        "provenance": dict(prov),
        "recorded": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        **fields,
    }


def is_verified_faster(result) -> bool:
    """True iff ``result`` (an EvalResult) is correct and faster: outcome label "faster"
    or "significantly faster" (speedup >= 1.1, or the CI's lower bound above 1)."""
    return (
        result is not None
        and result.correct
        and result.speedup is not None
        and outcome_label(result.status, result.speedup, result.ci_low, result.ci_high) in FASTER
    )


class MemoryStore:
    """One memory folder (regions in the module docstring).

    path: the folder (created by :meth:`ensure`). Methods raise HarnessError (one line,
    naming the file) for a damaged store and OSError-based HarnessError when the folder
    cannot be written.
    """

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path).expanduser().resolve()

    def file(self, region: str) -> Path:
        return self.path / f"{region}.json"

    # ------------------------------------------------------------------ locking
    @contextlib.contextmanager
    def _locked(self, exclusive: bool):
        try:
            self.path.mkdir(parents=True, exist_ok=True)
            f = open(self.path / LOCK_NAME, "a")
        except OSError as e:
            why = "it is not a folder" if self.path.exists() and not self.path.is_dir() else e.strerror
            raise HarnessError(f"cannot use {self.path} as a memory store: {why}") from None
        with f:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
            try:
                yield
            finally:
                fcntl.flock(f.fileno(), fcntl.LOCK_UN)

    # ------------------------------------------------------------------ files
    def exists(self) -> bool:
        """True when the folder holds at least one region file."""
        return any(self.file(r).exists() for r in REGIONS)

    def _read(self) -> dict[str, list]:
        """{region: items}; call under a lock. Raises HarnessError for a damaged store."""
        present = [r for r in REGIONS if self.file(r).exists()]
        if not present:
            return {r: [] for r in REGIONS}
        out = {}
        for r in REGIONS:
            f = self.file(r)
            if r not in present:
                raise HarnessError(
                    f"memory store {self.path} is damaged: {f} is missing "
                    "(nothing was changed; restore it or use another folder)"
                )
            try:
                data = json.loads(f.read_text(encoding="utf-8"))
                ok = (
                    isinstance(data, dict)
                    and data.get("format") == FORMAT
                    and data.get("region") == r
                    and isinstance(data.get("items"), list)
                    and all(_item_ok(i, r) for i in data["items"])
                )
                why = None if ok else f"not a {FORMAT} file of region {r}"
            except (OSError, UnicodeDecodeError, ValueError) as e:
                why = getattr(e, "strerror", None) or str(e).splitlines()[0]
            if why:
                raise HarnessError(
                    f"memory store {self.path} is damaged: {f}: {why} "
                    "(nothing was changed; repair it or use another folder)"
                )
            out[r] = data["items"]
        return out

    def _write(self, region: str, items: list) -> None:
        try:
            atomic_write(
                self.file(region),
                json.dumps({"format": FORMAT, "region": region, "items": items}, indent=1, default=str) + "\n",
            )
        except OSError as e:
            raise HarnessError(f"memory store {self.path}: cannot write {self.file(region)}: {e.strerror}") from None

    def ensure(self) -> "MemoryStore":
        """Create the folder and empty region files when it holds none; check an existing
        store (HarnessError if damaged). Returns self."""
        with self._locked(exclusive=True):
            if not self.exists():
                for r in REGIONS:
                    self._write(r, [])
            self._read()
        return self

    def read(self) -> dict[str, list]:
        """Every region's items: {region: [item dict]} (empty lists for a new folder)."""
        with self._locked(exclusive=False):
            return self._read()

    def content_hash(self) -> str:
        """SHA-256 (hex) of the items of every region (ids in stored order), so a run can
        record what the store held before and after it; "empty" for a store with no
        items."""
        data = self.read()
        if not any(data.values()):
            return "empty"
        return hashlib.sha256(canonical_json({r: data[r] for r in REGIONS}, ensure_ascii=True).encode()).hexdigest()

    def add(self, items: Iterable[dict]) -> int:
        """Add ``items`` (from :func:`make_item`) under the exclusive lock, skipping ids
        already stored; returns how many were added. Raises ValueError for a CA4 item that
        is not a verified correct-and-faster re-measurement, HarnessError for a damaged
        store (nothing written)."""
        items = list(items)
        for it in items:
            p = it["provenance"]
            if it["region"] == "CA4" and not (
                p.get("verified") and p.get("status") == "correct" and p.get("speedup") is not None and p["speedup"] > 1
            ):
                raise ValueError(f"CA4 holds only verified correct and faster results ({p.get('candidate_id')})")
        if not items:
            return 0
        with self._locked(exclusive=True):
            fresh = not self.exists()
            data = self._read()
            changed, added = set(), 0
            for it in items:
                region = data[it["region"]]
                if any(x["id"] == it["id"] for x in region):
                    continue
                region.append(it)
                changed.add(it["region"])
                added += 1
            for r in REGIONS if fresh else sorted(changed):
                self._write(r, data[r])
        return added

    # ------------------------------------------------------------------ retrieval
    def retrieve(
        self,
        task: Mapping,
        region: str,
        *,
        mode: str,
        threshold: float = DEFAULT_THRESHOLD,
        same_problem: bool = False,
        limit: int | None = None,
        scope: MemoryScope | None = None,
    ) -> list[tuple[float, dict]]:
        """Items of ``region`` whose task is similar to ``task`` (a :func:`task_document`):
        [(similarity in [0, 1], item)], similarity >= ``threshold``, mode == ``mode``,
        never of ``task``'s own (suite, problem) unless ``same_problem``, only items
        ``scope`` admits (None: all); sorted by similarity, then speedup (both
        descending), at most ``limit``. Raises HarnessError for a damaged store."""
        if not self.exists():
            return []
        data = self.read()
        if scope is not None:
            data = {r: [it for it in items if r == "DG" or scope.admits(it["provenance"])] for r, items in data.items()}
            # the tasks (DG) of admitted items only: which tasks exist sets the similarity
            # scores, and a task written by a job out of scope must not move them
            seen = {
                (it["provenance"]["suite"], it["provenance"]["problem"])
                for r, items in data.items()
                if r != "DG"
                for it in items
            }
            data["DG"] = [
                d
                for d in data["DG"]
                if scope.admits(d["provenance"]) or (d["provenance"]["suite"], d["provenance"]["problem"]) in seen
            ]
        me = (task["suite"], task["problem"])
        docs: dict[tuple, dict] = {}
        for d in data["DG"]:
            docs[(d["provenance"]["suite"], d["provenance"]["problem"])] = d  # the latest wins
        keys = [k for k in docs if same_problem or k != me]
        sims = dict(
            zip(
                keys,
                similarity(
                    task_text(task),
                    [task_text(docs[k]) for k in keys],
                    background=self._background(task, set(keys) | {me}),
                ),
            )
        )
        if same_problem:
            sims[me] = 1.0
        out = []
        for it in data[region]:
            p = it["provenance"]
            key = (p["suite"], p["problem"])
            if p["mode"] != mode or (key == me and not same_problem) or key not in sims:
                continue
            if sims[key] >= threshold:
                out.append((sims[key], it))
        out.sort(key=lambda x: (-x[0], -(x[1]["provenance"].get("speedup") or 0.0)))
        return out[:limit] if limit is not None else out

    @staticmethod
    def _background(task: Mapping, skip: set) -> list[str]:
        """The DG texts of ``task``'s suite other than ``skip`` ((suite, problem) keys):
        the IDF background of a retrieval ([] for a suite this checkout lacks)."""
        try:
            suite = load_suite(task["suite"])
        except HarnessError:
            return []
        return [task_text(task_document(p)) for p in suite.values() if (p.suite, p.id) not in skip]

    # ------------------------------------------------------------------ summary
    def summary(self) -> dict:
        """{"path", "content_hash", "regions": {region: n}, "problems": {problem:
        {region: n}}, "stages": {region: {stage: n}} (the strategy's stage that wrote an
        item, e.g. "group 1 coder"), "provenance": {"runs"|"strategies"|"models"|"modes"|"suites":
        {value: n}}}. Raises HarnessError when the folder is not a store or is damaged."""
        if not self.exists():
            raise HarnessError(f"{self.path} is not a memory store (no region files such as {self.file('DG').name})")
        data = self.read()
        problems: dict[str, Counter] = {}
        prov = {k: Counter() for k in ("runs", "strategies", "models", "modes", "suites")}
        stages: dict[str, Counter] = {}
        for r in REGIONS:
            for it in data[r]:
                p = it["provenance"]
                if it.get("stage"):
                    stages.setdefault(r, Counter())[it["stage"]] += 1
                problems.setdefault(f"{p['suite']}/{p['problem']}", Counter())[r] += 1
                for k, f in (
                    ("runs", "run_id"),
                    ("strategies", "strategy"),
                    ("models", "model"),
                    ("modes", "mode"),
                    ("suites", "suite"),
                ):
                    if p.get(f) is not None:
                        prov[k][str(p[f])] += 1
        return {
            "path": str(self.path),
            "content_hash": self.content_hash(),
            "regions": {r: len(data[r]) for r in REGIONS},
            "problems": {k: dict(v) for k, v in sorted(problems.items())},
            "stages": {r: dict(sorted(c.items())) for r, c in stages.items()},
            "provenance": {k: dict(sorted(v.items())) for k, v in prov.items()},
        }
