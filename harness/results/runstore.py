"""The results folder of one run: ``results/<run-id>/``.

Layout::

    config.json                       team, strategy and options, flags, compiler and
                                      version, CPU model, core and thread counts, git
                                      revision, suite hash, the command line
    events.jsonl                      append-only event log, one JSON object per line,
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
runs re-render with new code) into a :class:`RunRecord`. Problems run one at a time, so
the events between a "problem_started" and its "problem_done" belong to that (problem,
repeat); a problem restarted by ``--resume`` keeps only its last attempt's events.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import secrets
import subprocess
import threading
import time
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

from ..core.errors import HarnessError
from ..core.formats import csv_text
from ..core.fsutil import atomic_write
from ..measure.suite import ROOT, load_suite
from .rows import AMOUNT, INDEX, ROW_FIELDS, ROW_NAMES, SPEEDUP, valid


def new_run_id(strategy: str, mode: str) -> str:
    """``<UTC yyyymmdd-hhmmss>-<strategy>-<mode>-<4 hex>``: sortable and unique."""
    stamp = _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%d-%H%M%S")
    return f"{stamp}-{strategy}-{mode}-{secrets.token_hex(2)}"


def git_revision() -> str:
    """``<commit>`` of the harness checkout, ``+dirty`` if it has changes; "unknown"
    outside git."""
    try:
        rev = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                             text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True, timeout=10).stdout.strip()
        return (rev + ("+dirty" if dirty else "")) if rev else "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


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
        store.event("run_started", run_id=run_id)
        return store

    @classmethod
    def open(cls, path: Path) -> "RunStore":
        """An existing run folder, for --resume (run.execute logs "run_resumed" once the
        resumed run's options passed their checks). Raises HarnessError if ``path`` has no
        readable config.json."""
        root = Path(path)
        try:
            config = json.loads((root / "config.json").read_text())
        except (OSError, ValueError) as e:
            raise HarnessError(f"--resume {root}: not a results folder (config.json: "
                               f"{getattr(e, 'strerror', None) or e})") from None
        return cls(root, config)

    def close(self) -> None:
        """Close the append-only logs."""
        with self._lock:
            self._events.close()
            self._lessons.close()

    # ------------------------------------------------------------------ logs
    def event(self, kind: str, **fields: Any) -> None:
        """Append one event ``{"t": unix time s, "kind": kind, ...fields}``; flushed and
        fsynced before returning, so a kill loses at most the line being written. An
        event about a problem names its ``repeat`` (the caller's: RunContext.log adds the
        problem's), as problems in flight at once interleave their events."""
        line = json.dumps({"t": time.time(), "kind": kind, **fields}, default=str)
        with self._lock:
            self._events.write(line + "\n")
            self._events.flush()
            os.fsync(self._events.fileno())

    def events(self) -> Iterator[dict]:
        """The event log's entries in order; a torn last line (kill mid-write) is
        skipped."""
        with open(self.root / "events.jsonl", encoding="utf-8") as f:
            for line in f:
                try:
                    yield json.loads(line)
                except ValueError:
                    continue

    def save_lesson(self, lesson, repeat: int = 0) -> None:
        """Append ``lesson`` (a lessons.Lesson) to lessons.jsonl and log a "lesson" event
        of replicate ``repeat``."""
        d = lesson.to_dict()
        with self._lock:
            self._lessons.write(json.dumps(d, default=str) + "\n")
            self._lessons.flush()
            os.fsync(self._lessons.fileno())
        self.event("lesson", **{"repeat": repeat, **{k: v for k, v in d.items() if k != "call"}},
                   tokens=d.get("call", {}).get("completion_tokens"))

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
        finished: --resume runs it again, reusing its recorded evaluations."""
        done = {}
        for e in self.events():
            if e.get("kind") == "problem_done" and not e["row"].get("infrastructure_errors"):
                done[(e["problem"], int(e.get("repeat", 0)))] = e["row"]
        return done

    def recorded_evaluations(self) -> dict:
        """{evaluation key: EvalResult dict} of every evaluation logged so far (see
        RunContext.evaluate for the key)."""
        return {e["key"]: e["result"] for e in self.events()
                if e.get("kind") == "evaluation" and "key" in e and "result" in e}


# --------------------------------------------------------------------------- reading


@dataclass
class ProblemRecord:
    """One (problem, repeat) of a run, rebuilt from its events.

    row: the per-problem row of its "problem_done" event (a harness.results.rows.ProblemRow
    dict as recorded: a row of an older version lacks the fields added since);
    candidates: its "candidate" events (id, round, agent, model, status, outcome,
    speedup, ci_low, ci_high, lesson_ids) in order; lessons: its "lesson" events (id,
    round, agent, model, candidate_id, status, outcome, speedup, text); best: its "best"
    event (None when no candidate was correct); calls: its "llm_call" events (agent,
    purpose, round, prompt_tokens, completion_tokens, cost_usd USD, latency_s s,
    cache_hit); size / size_label: the timed size S of its evaluations (None if nothing
    was evaluated); events: its other events (kinds none of the above covers, e.g.
    colearning's "erl_selection" and "erl_reward"), in order, each with its "kind".
    """

    problem: str
    repeat: int
    category: str
    row: dict
    candidates: list = field(default_factory=list)
    lessons: list = field(default_factory=list)
    best: dict | None = None
    calls: list = field(default_factory=list)
    size: int | None = None
    size_label: str | None = None
    events: list = field(default_factory=list)


@dataclass
class RunRecord:
    """A results folder read back: its config.json and its finished problems.

    problems: one ProblemRecord per finished (problem, repeat), in the order they
    finished; state: "finished", "paused: <reason>", "interrupted: <error>" or "in
    progress" (no end event after the last session started); wall_s: seconds from each
    session's first to its last event, summed; evaluations / eval_s: measurements and
    their wall seconds; warnings: one line per event left out because a field of it was
    damaged (see _damage); eval_nodes / eval_cpu_models / eval_cpu_sets: the host
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


# Checked fields of events (kinds and ranges: harness.results.rows): the row's speedups, amounts
# and indices, wherever they stand (a "problem_done" row, an evaluation's result, an event
# itself), and the fields of other events that are no row field: a call's latency_s (s),
# a candidate's, lesson's or call's round, an evaluation's timed size.
_CHECKED = {**{f.name: f.kind for f in ROW_FIELDS if f.kind in (SPEEDUP, AMOUNT, INDEX)},
            "latency_s": AMOUNT, "round": INDEX, "size": INDEX}


def _damage(e: dict) -> list[str]:
    """What is wrong with event ``e``'s fields (its "row" for "problem_done", its
    "result" for "evaluation"): ["field = value", ...], empty when nothing is. None
    means "not measured" and is fine; a speedup's CI must enclose it."""
    bad = []
    for d in (e, e.get("row"), e.get("result")):
        if not isinstance(d, dict):
            continue
        for k, kind in _CHECKED.items():
            v = d.get(k)
            if v is not None and not valid(kind, v):
                bad.append(f"{k} = {json.dumps(v)[:40]}")
        if "problem" in d and not isinstance(d["problem"], str):
            bad.append(f"problem = {json.dumps(d['problem'])[:40]}")
        ids = d.get("lesson_ids")
        if ids is not None and not (isinstance(ids, list) and all(isinstance(x, str) for x in ids)):
            bad.append(f"lesson_ids = {json.dumps(ids)[:40]}")
        s, lo, hi = (d.get(k) for k in ("speedup", "ci_low", "ci_high"))
        if not bad and s is not None and lo is not None and hi is not None and not lo <= s <= hi:
            bad.append(f"CI {lo:g}-{hi:g} not enclosing speedup {s:g}")
    return bad


_CALL_FIELDS = ("agent", "model", "purpose", "round", "label", "prompt_tokens", "completion_tokens",
                "cost_usd", "latency_s", "cache_hit")


def read_run(path: Path) -> RunRecord:
    """Read the results folder ``path`` from config.json and events.jsonl alone.

    A torn last line of the event log (a kill mid-write) is skipped; an event with a
    damaged field (see _damage) is left out and listed in ``warnings`` (a finished
    problem whose row is damaged counts as unfinished). Raises
    HarnessError (one line: which folder, what is wrong) when the folder is missing, has
    no readable config.json or events.jsonl, the event log is damaged (an unreadable line
    before the last, an event without a kind, a "problem_done" without its row), or no
    problem finished.
    """
    root = Path(path)
    if not root.is_dir():
        raise HarnessError(f"{root}: no such results folder")
    try:
        config = json.loads((root / "config.json").read_text())
        if not isinstance(config, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError) as e:
        raise HarnessError(f"{root}: not a readable results folder (config.json: "
                           f"{getattr(e, 'strerror', None) or e})") from None
    try:
        lines = (root / "events.jsonl").read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise HarnessError(f"{root}: damaged results folder (events.jsonl: "
                           f"{getattr(e, 'strerror', None) or e})") from None
    events, warnings = [], []
    for i, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            e = json.loads(line)
        except ValueError:
            if i == len(lines):  # torn by a kill: the writer fsyncs every complete line
                break
            raise HarnessError(f"{root}: damaged results folder (events.jsonl line {i} "
                               "is not JSON)") from None
        if not isinstance(e, dict) or "kind" not in e:
            raise HarnessError(f"{root}: damaged results folder (events.jsonl line {i} "
                               "is not an event)")
        bad = _damage(e)
        if bad:  # left out, as if never written: no damaged number reaches a table or a verdict
            warnings.append(f"events.jsonl line {i} ({e['kind']}) left out, damaged: {', '.join(bad)}")
            continue
        events.append((i, e))
    try:
        rec = _assemble(root, config, events)
    except HarnessError as e:
        if not warnings:
            raise
        raise HarnessError(f"{e}; {len(warnings)} damaged event(s) left out, the first: {warnings[0]}") from None
    rec.warnings = warnings
    return rec


def _assemble(root: Path, config: dict, events: list) -> RunRecord:
    rec = RunRecord(root=root, config=config, problems=[])
    by_key: dict[str, dict] = {}
    done: dict[tuple, ProblemRecord] = {}
    # the problems in progress, by (problem, repeat): with --eval-workers several
    # problems are in flight at once and their events interleave
    open_: dict[tuple, ProblemRecord] = {}

    def owner(e: dict) -> ProblemRecord | None:
        p = e.get("problem")
        if "repeat" in e:
            try:
                return open_.get((p, int(e["repeat"])))
            except (TypeError, ValueError):
                return None
        same = [r for k, r in open_.items() if k[0] == p]  # events written before repeats were logged
        return same[-1] if same else None

    session_start = last_t = None
    for i, e in events:
        kind, t = e["kind"], e.get("t")
        if isinstance(t, (int, float)):
            if kind in ("run_started", "run_resumed") and session_start is not None:
                rec.wall_s += last_t - session_start  # the previous session ended at last_t
                session_start = t
            elif session_start is None:
                session_start = t
            last_t = t
        if kind in ("run_started", "run_resumed"):
            rec.state = "in progress"
        elif kind == "run_finished":
            rec.state = "finished"
        elif kind == "run_paused":
            rec.state = rec.state if rec.state.startswith("paused") else "paused"
        elif kind == "run_stopped":
            rec.state = f"paused: {e.get('reason')}"
        elif kind == "run_interrupted":
            rec.state = f"interrupted: {e.get('error')}"
        elif kind == "problem_started":
            cur = ProblemRecord(problem=str(e.get("problem")), repeat=int(e.get("repeat", 0)),
                                category=str(e.get("category", "?")), row={})
            open_[(cur.problem, cur.repeat)] = cur
        elif kind == "problem_done":
            row = e.get("row")
            if not isinstance(row, dict) or "problem" not in row:
                raise HarnessError(f"{root}: damaged results folder (events.jsonl line {i}: "
                                   "a finished problem without its row)")
            key = (row["problem"], int(e.get("repeat", row.get("repeat", 0))))
            cur = open_.pop(key, None)
            if cur is None:  # no start event: the row alone
                cur = ProblemRecord(problem=key[0], repeat=key[1], category=str(row.get("category", "?")), row={})
            cur.row = row
            cur.category = str(row.get("category", cur.category))
            done.pop(key, None)
            done[key] = cur
        elif kind in ("evaluation", "evaluation_reused"):
            res = e.get("result") if kind == "evaluation" else by_key.get(e.get("key"))
            if kind == "evaluation":
                rec.evaluations += 1
                if isinstance(res, dict):
                    rec.eval_s += float(res.get("wall_s") or 0.0)
                    where = (("eval_nodes", res.get("node")), ("eval_cpu_models", res.get("cpu_model")),
                             ("eval_cpu_sets", ",".join(map(str, res.get("cpus") or [])) if not res.get("cached") else ""))
                    for name, v in where:
                        if v and v not in getattr(rec, name):
                            getattr(rec, name).append(v)
                    if e.get("key"):
                        by_key[e["key"]] = res
            cur = owner(e)
            if (cur is not None and isinstance(res, dict)
                    and cur.size is None and res.get("size") is not None):
                cur.size, cur.size_label = int(res["size"]), str(res.get("size_label") or res["size"])
        elif kind == "llm_call":
            cur = owner(e)
            if cur is not None:
                cur.calls.append({k: e.get(k) for k in _CALL_FIELDS})
        elif (cur := owner(e)) is not None:
            if kind == "candidate":
                cur.candidates.append({k: v for k, v in e.items() if k not in ("t", "kind")})
            elif kind == "lesson":
                cur.lessons.append({k: v for k, v in e.items() if k not in ("t", "kind")})
            elif kind == "best":
                cur.best = {k: v for k, v in e.items() if k not in ("t", "kind")}
            else:
                cur.events.append({k: v for k, v in e.items() if k != "t"})
    if session_start is not None:
        rec.wall_s += last_t - session_start
    rec.problems = list(done.values())
    for name in ("eval_nodes", "eval_cpu_models", "eval_cpu_sets"):
        getattr(rec, name).sort()
    if not rec.problems:
        raise HarnessError(f"{root}: no finished problem in the event log (nothing to report yet)")
    return rec
