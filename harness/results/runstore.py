"""The results folder of one run: ``results/<run-id>/``.

Layout::

    config.json                       team, strategy and options, flags, compiler and
                                      version, CPU model, core and thread counts, the
                                      machine's roofs (harness.measure.peaks), git
                                      revision, suite hash, the command line
    events.jsonl                      append-only event log, one JSON object per line
                                      (a typed record of harness.results.events),
                                      flushed and fsynced per line: every LLM call,
                                      evaluation, candidate, lesson, selection, factor
                                      update, best choice, problem start/end, stop
    candidates/<problem>/<id>.cpp     every candidate's source (as compiled)
    lessons.jsonl                     every lesson with provenance, as written
                                      (later factor changes: "factors_updated" events)
    problems.csv / problems.json      per-problem result table (harness.results.rows.ProblemRow)
    report.md                         the run's report as it ended (harness.results.report:
                                      every table, no plots, what the session measured)
    report/                           ``python -m harness report``: tables and plots
                                      re-rendered from the event log (harness.results.report)

Every file other than the two append-only logs is written atomically (temporary file in
the same folder + ``os.replace``). Resume (:meth:`RunStore.open`): "problem_done" events
mark finished (problem, repeat) pairs, whose rows are reused; "evaluation" events give
the verdicts already measured, which the run context reuses instead of measuring again.

Reading a finished (or stopped) run back, for ``report`` and ``compare``:
:func:`read_run` rebuilds everything from config.json and the event log alone (so old
runs re-render with new code) into a :class:`RunRecord`, every line through its record
(harness.results.events.parse_event, which leaves a damaged event out). An event about a
problem names its (problem, repeat), so the events between a "problem_started" and its
"problem_done" belong to it even when several problems are in flight; a problem
restarted by ``--resume`` keeps only its last attempt's events.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import secrets
import subprocess
import sys
import threading
import time
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

from ..core.errors import HarnessError
from ..core.formats import csv_text
from ..core.fsutil import atomic_write
from ..measure.suite import ROOT, get_suite, load_suite
from .events import (
    SCHEMA,
    Best,
    CandidateEvent,
    DamagedEvent,
    Evaluation,
    EvaluationReused,
    Event,
    LessonEvent,
    LlmCall,
    ProblemDone,
    ProblemEvent,
    ProblemStarted,
    RunFinished,
    RunInterrupted,
    RunPaused,
    RunResumed,
    RunStarted,
    RunStopped,
    make_event,
    parse_event,
)
from .rows import ROW_NAMES


def new_run_id(strategy: str, mode: str) -> str:
    """``<UTC yyyymmdd-hhmmss>-<strategy>-<mode>-<4 hex>``: sortable and unique."""
    stamp = _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%d-%H%M%S")
    return f"{stamp}-{strategy}-{mode}-{secrets.token_hex(2)}"


def git_revision() -> str:
    """``<commit>`` of the harness checkout, ``+dirty`` if it has changes; "unknown"
    outside git."""
    try:
        rev = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, timeout=10
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.strip()
        return (rev + ("+dirty" if dirty else "")) if rev else "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def provenance(suite: str, problems: list, command: list | None) -> dict:
    """What a run's config.json records of where its numbers come from, for ``problems``
    (Problem objects of ``suite``, in the run's order) and the ``command`` (None: this
    process's argv): the harness's git revision, the suite (name, folder, hash, version),
    each problem's folder hash and id, the command and the start time (local, ISO 8601).
    Used by `run` and `score` alike."""
    return {
        "git_revision": git_revision(),
        "suite": suite,
        "suite_path": str(get_suite(suite).path),
        "suite_hash": suite_hash(problems),
        "suite_version": suite_version(suite),
        "problem_hashes": {p.id: p.folder_hash for p in problems},
        "problems": [p.id for p in problems],
        "command": command or sys.argv,
        "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


def suite_hash(problems: Iterable) -> str:
    """SHA-256 over the ids and folder hashes of ``problems`` (suite.Problem)."""
    h = hashlib.sha256()
    for p in sorted(problems, key=lambda p: p.id):
        h.update(f"{p.suite}/{p.id}:{p.folder_hash}\n".encode())
    return h.hexdigest()


def suite_version(suite: str) -> str:
    """The suite version: :func:`suite_hash` over every problem folder of ``suite``
    (changes when any problem's spec, baseline, reference or driver changes, or a problem
    is added). Raises HarnessError for an unknown suite."""
    return suite_hash(load_suite(suite).values())


class RunStore:
    """One results folder (layout in the module docstring). Thread-safe appends.

    Use :meth:`create` for a new run and :meth:`open` to resume one.
    """

    def __init__(self, root: Path, config: dict):
        self.root = Path(root)
        self.config = config
        self._lock = threading.Lock()
        self._events = open(self.root / "events.jsonl", "a", encoding="utf-8")
        self._lessons = open(self.root / "lessons.jsonl", "a", encoding="utf-8")

    # ------------------------------------------------------------------ open/create
    @classmethod
    def create(cls, results_dir: Path, run_id: str, config: dict) -> "RunStore":
        """A new folder ``results_dir/run_id`` with config.json. Raises HarnessError if
        it exists already or cannot be created."""
        root = Path(results_dir) / run_id
        try:
            root.mkdir(parents=True, exist_ok=False)
        except FileExistsError:
            raise HarnessError(f"results folder {root} exists already; use --resume {root}") from None
        except OSError as e:
            raise HarnessError(f"cannot create results folder {root}: {e.strerror}") from None
        config = {**config, "run_id": run_id}
        atomic_write(root / "config.json", json.dumps(config, indent=1, default=str) + "\n")
        store = cls(root, config)
        store.event("run_started", run_id=run_id, schema=SCHEMA)
        return store

    @classmethod
    def open(cls, path: Path) -> "RunStore":
        """An existing run folder, for --resume (run.execute calls :meth:`resumed` once
        the resumed run's options passed their checks). Raises HarnessError if ``path`` has no
        readable config.json."""
        root = Path(path)
        try:
            config = json.loads((root / "config.json").read_text())
        except (OSError, ValueError, RecursionError) as e:
            raise HarnessError(
                f"--resume {root}: not a results folder (config.json: {getattr(e, 'strerror', None) or e})"
            ) from None
        return cls(root, config)

    def resumed(self) -> None:
        """Log "run_resumed" with this version's log schema: a --resume session starts
        (called once the resumed run's options passed their checks)."""
        self.event("run_resumed", schema=SCHEMA)

    def close(self) -> None:
        """Close the append-only logs."""
        with self._lock:
            self._events.close()
            self._lessons.close()

    # ------------------------------------------------------------------ logs
    def event(self, kind: str, **fields: Any) -> None:
        """Append one event of ``kind`` (a record of harness.results.events, built from
        ``fields`` and the time now); flushed and fsynced before returning, so a kill
        loses at most the line being written. An event about a problem names its
        ``repeat`` (the caller's: RunContext.log adds the problem's), as problems in
        flight at once interleave their events. Raises KeyError for an unregistered kind
        and TypeError for a field the kind does not define; with HARNESS_CHECK_EVENTS=1
        in the environment (the test suite) also ValueError for a field its kind's check
        rejects (harness.results.events.Event.damage), which the reader would leave out."""
        rec = make_event(kind, time.time(), **fields)
        if os.environ.get("HARNESS_CHECK_EVENTS") == "1":
            drop, blank = rec.damage()
            if drop or blank:
                raise ValueError(f"event {kind} written with damaged fields: {', '.join(drop + blank)}")
        line = json.dumps(rec.to_dict(), default=str)
        with self._lock:
            self._events.write(line + "\n")
            self._events.flush()
            os.fsync(self._events.fileno())

    def events(self) -> Iterator[dict]:
        """The event log's lines as JSON objects, in order (unchecked, for tests and
        tools); a torn last line (kill mid-write) is skipped."""
        with open(self.root / "events.jsonl", encoding="utf-8") as f:
            for line in f:
                try:
                    yield json.loads(line)
                except (ValueError, RecursionError):
                    continue

    def records(self) -> Iterator[Event]:
        """The event log's records (harness.results.events), in order; lines that are
        torn, not events, or damaged (see parse_event) are skipped."""
        for d in self.events():
            try:
                yield parse_event(d)
            except (DamagedEvent, KeyError, TypeError):
                continue

    def save_lesson(self, lesson, repeat: int = 0) -> None:
        """Append ``lesson`` (a lessons.Lesson) to lessons.jsonl and log a "lesson" event
        of replicate ``repeat``."""
        d = lesson.to_dict()
        with self._lock:
            self._lessons.write(json.dumps(d, default=str) + "\n")
            self._lessons.flush()
            os.fsync(self._lessons.fileno())
        self.event(
            "lesson",
            **{"repeat": repeat, **{k: v for k, v in d.items() if k != "call"}},
            tokens=d.get("call", {}).get("completion_tokens"),
        )

    def save_candidate(self, problem: str, candidate_id: str, source: str, repeat: int = 0) -> Path:
        """Write ``candidates/<problem>/<candidate_id>.cpp`` atomically (replicate r > 0 of
        --repeats: ``candidates/<problem>/repeat<r>/<candidate_id>.cpp``, as candidate ids
        repeat across replicates); returns the path."""
        folder = self.root / "candidates" / problem
        if repeat:
            folder = folder / f"repeat{repeat}"
        path = folder / f"{candidate_id}.cpp"
        atomic_write(path, source)
        return path

    # ------------------------------------------------------------------ tables
    def write_table(self, rows: list[dict]) -> None:
        """Write problems.csv and problems.json: ``rows`` (ProblemOutcome.row dicts, one
        per problem and repeat) as they are. CSV columns: the fields of
        harness.results.rows.ProblemRow in its order, then any other key of a row (one another
        version of the harness wrote); blank for None and for a field a row lacks (a row
        of an older version)."""
        atomic_write(self.root / "problems.csv", csv_text(rows, ROW_NAMES))
        atomic_write(self.root / "problems.json", json.dumps(rows, indent=1, default=str) + "\n")

    def write_report(self, markdown: str) -> None:
        """Write report.md atomically."""
        atomic_write(self.root / "report.md", markdown)

    # ------------------------------------------------------------------ resume
    def finished(self) -> dict:
        """{(problem id, repeat): row} of the problems a previous session finished; a
        problem with an evaluation lost to its worker (infrastructure_errors) is not
        finished: --resume runs it again, reusing its recorded evaluations. A damaged
        row is not finished either."""
        done = {}
        for e in self.records():
            if isinstance(e, ProblemDone) and not e.row.get("infrastructure_errors"):
                done[(e.problem, int(e.repeat or 0))] = e.row
        return done

    def recorded_evaluations(self) -> dict:
        """{evaluation key: EvalResult dict} of every evaluation logged so far (see
        RunContext.evaluate for the key); a damaged one is measured again."""
        return {
            e.key: e.result
            for e in self.records()
            if isinstance(e, Evaluation) and e.key is not None and e.result is not None
        }


# --------------------------------------------------------------------------- reading


@dataclass
class ProblemRecord:
    """One (problem, repeat) of a run, rebuilt from its events (records of
    harness.results.events).

    row: the per-problem row of its "problem_done" event (a harness.results.rows.ProblemRow
    dict as recorded, checked on read: a row of an older version lacks the fields added
    since); candidates: its CandidateEvent records in order; lessons: its LessonEvent
    records; best: its Best record (None when no candidate was correct); calls: its
    LlmCall records; size / size_label: the timed size S of its evaluations (None if
    nothing was evaluated); events: its other records (kinds none of the above covers,
    e.g. colearning's ErlSelection and ErlReward, score's Sample), in order.
    """

    problem: str
    repeat: int
    category: str
    row: dict
    candidates: list[CandidateEvent] = field(default_factory=list)
    lessons: list[LessonEvent] = field(default_factory=list)
    best: Best | None = None
    calls: list[LlmCall] = field(default_factory=list)
    size: int | None = None
    size_label: str | None = None
    events: list[Event] = field(default_factory=list)


@dataclass
class RunRecord:
    """A results folder read back: its config.json and its finished problems.

    problems: one ProblemRecord per finished (problem, repeat), in the order they
    finished; state: "finished", "paused: <reason>", "interrupted: <error>" or "in
    progress" (no end event after the last session started); wall_s: seconds from each
    session's first to its last event, summed; evaluations / eval_s: measurements and
    their wall seconds; warnings: one line per event left out because a field of it was
    damaged (harness.results.events.parse_event); eval_nodes / eval_cpu_models / eval_cpu_sets: the host
    names, CPU models and CPU sets ("0,1") its evaluations recorded (sorted; empty for
    runs recorded before evaluations said).
    """

    root: Path
    config: dict
    problems: list
    state: str = "in progress"
    wall_s: float = 0.0
    evaluations: int = 0
    eval_s: float = 0.0
    warnings: list = field(default_factory=list)
    eval_nodes: list = field(default_factory=list)
    eval_cpu_models: list = field(default_factory=list)
    eval_cpu_sets: list = field(default_factory=list)

    @property
    def run_id(self) -> str:
        return str(self.config.get("run_id") or self.root.name)

    @property
    def rows(self) -> list[dict]:
        """The per-problem rows (one per problem and repeat)."""
        return [p.row for p in self.problems]

    @property
    def threads(self) -> int | None:
        t = self.config.get("threads")
        return int(t) if isinstance(t, (int, float)) else None


def read_run(path: Path) -> RunRecord:
    """Read the results folder ``path`` from config.json and events.jsonl alone, every
    line through its record (harness.results.events.parse_event).

    A torn last line of the event log (a kill mid-write) is skipped; a damaged event (a
    number, row, result or identity failing its kind's check, a "problem_done" without
    its row) is left out and listed in ``warnings`` (a finished problem whose row is
    damaged counts as unfinished); a damaged label is read as None, listed likewise. Raises HarnessError (one line: which folder, what is wrong) when the
    folder is missing, has no readable config.json or events.jsonl, the event log is
    damaged (an unreadable line before the last, a line that is not an event), or no
    problem finished.
    """
    root = Path(path)
    if not root.is_dir():
        raise HarnessError(f"{root}: no such results folder")
    try:
        config = json.loads((root / "config.json").read_text())
        if not isinstance(config, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError, RecursionError) as e:
        raise HarnessError(
            f"{root}: not a readable results folder (config.json: {getattr(e, 'strerror', None) or e})"
        ) from None
    try:
        lines = (root / "events.jsonl").read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise HarnessError(
            f"{root}: damaged results folder (events.jsonl: {getattr(e, 'strerror', None) or e})"
        ) from None
    records: list[Event] = []
    warnings = []
    for i, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
        except (ValueError, RecursionError):  # RecursionError: nested too deep to be ours
            if i == len(lines):  # torn by a kill: the writer fsyncs every complete line
                break
            raise HarnessError(f"{root}: damaged results folder (events.jsonl line {i} is not JSON)") from None
        if not isinstance(raw, dict) or "kind" not in raw:
            raise HarnessError(f"{root}: damaged results folder (events.jsonl line {i} is not an event)")
        try:
            rec = parse_event(raw)
        except DamagedEvent as d:  # left out, as if never written: no damaged number reaches a table
            warnings.append(f"events.jsonl line {i} ({d.kind}) left out, damaged: {', '.join(d.reasons)}")
            continue
        if rec.ignored:  # a damaged label, read as None; the event stays
            warnings.append(f"events.jsonl line {i} ({rec.kind}): damaged {', '.join(rec.ignored)} read as none")
        records.append(rec)
    try:
        run = _assemble(root, config, records)
    except HarnessError as e:
        if not warnings:
            raise
        raise HarnessError(f"{e}; {len(warnings)} damaged event(s) left out, the first: {warnings[0]}") from None
    run.warnings = warnings
    newer = max((e.schema or 0 for e in records if isinstance(e, (RunStarted, RunResumed))), default=0)
    if newer > SCHEMA:
        run.warnings.append(
            f"events.jsonl was written with log schema {newer}, newer than this "
            f"harness's {SCHEMA}: fields it does not know are not shown"
        )
    return run


def _assemble(root: Path, config: dict, records: list[Event]) -> RunRecord:
    rec = RunRecord(root=root, config=config, problems=[])
    by_key: dict[str, dict] = {}
    done: dict[tuple, ProblemRecord] = {}
    # the problems in progress, by (problem, repeat): with --eval-workers several
    # problems are in flight at once and their events interleave
    open_: dict[tuple, ProblemRecord] = {}

    def owner(e: Event) -> ProblemRecord | None:
        if not isinstance(e, ProblemEvent):
            return None
        if e.repeat is not None:
            return open_.get((e.problem, e.repeat))
        same = [r for k, r in open_.items() if k[0] == e.problem]  # events written before repeats were logged
        return same[-1] if same else None

    session_start: float | None = None
    last_t = 0.0  # read only once session_start is set, and set with it
    cur: ProblemRecord | None
    for e in records:
        t = e.t
        if t is not None:
            if isinstance(e, (RunStarted, RunResumed)) and session_start is not None:
                rec.wall_s += last_t - session_start  # the previous session ended at last_t
                session_start = t
            elif session_start is None:
                session_start = t
            last_t = t
        if isinstance(e, (RunStarted, RunResumed)):
            rec.state = "in progress"
        elif isinstance(e, RunFinished):
            rec.state = "finished"
        elif isinstance(e, RunPaused):
            rec.state = rec.state if rec.state.startswith("paused") else "paused"
        elif isinstance(e, RunStopped):
            rec.state = f"paused: {e.reason}"
        elif isinstance(e, RunInterrupted):
            rec.state = f"interrupted: {e.error}"
        elif isinstance(e, ProblemStarted):
            cur = ProblemRecord(problem=str(e.problem), repeat=e.repeat or 0, category=e.category or "?", row={})
            open_[(cur.problem, cur.repeat)] = cur
        elif isinstance(e, ProblemDone):
            row = e.row
            key = (row["problem"], e.repeat if e.repeat is not None else int(row.get("repeat") or 0))
            cur = open_.pop(key, None)
            if cur is None:  # no start event: the row alone
                cur = ProblemRecord(problem=key[0], repeat=key[1], category=str(row.get("category", "?")), row={})
            cur.row = row
            cur.category = str(row.get("category", cur.category))
            done.pop(key, None)
            done[key] = cur
        elif isinstance(e, (Evaluation, EvaluationReused)):
            res = e.result if isinstance(e, Evaluation) else (by_key.get(e.key) if e.key is not None else None)
            if isinstance(e, Evaluation):
                rec.evaluations += 1
                if res is not None:
                    rec.eval_s += float(res.get("wall_s") or 0.0)
                    where = (
                        ("eval_nodes", res.get("node")),
                        ("eval_cpu_models", res.get("cpu_model")),
                        ("eval_cpu_sets", ",".join(map(str, res.get("cpus") or [])) if not res.get("cached") else ""),
                    )
                    for name, v in where:
                        if v and v not in getattr(rec, name):
                            getattr(rec, name).append(v)
                    if e.key:
                        by_key[e.key] = res
            cur = owner(e)
            if cur is not None and res is not None and cur.size is None and res.get("size") is not None:
                cur.size, cur.size_label = int(res["size"]), str(res.get("size_label") or res["size"])
        elif (cur := owner(e)) is not None:
            if isinstance(e, LlmCall):
                cur.calls.append(e)
            elif isinstance(e, CandidateEvent):
                cur.candidates.append(e)
            elif isinstance(e, LessonEvent):
                cur.lessons.append(e)
            elif isinstance(e, Best):
                cur.best = e
            else:
                cur.events.append(e)
    if session_start is not None:
        rec.wall_s += last_t - session_start
    rec.problems = list(done.values())
    for name in ("eval_nodes", "eval_cpu_models", "eval_cpu_sets"):
        getattr(rec, name).sort()
    if not rec.problems:
        raise HarnessError(f"{root}: no finished problem in the event log (nothing to report yet)")
    return rec
