"""The results folder of one run: ``results/<run-id>/`` (DESIGN.md "Results folder").

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
    problems.csv / problems.json      per-problem result table (see harness.report)
    report.md                         the per-category table

Every file other than the two append-only logs is written atomically (temporary file in
the same folder + ``os.replace``). Resume (:meth:`RunStore.open`): "problem_done" events
mark finished (problem, repeat) pairs, whose rows are reused; "evaluation" events give
the verdicts already measured, which the run context reuses instead of measuring again.
"""

from __future__ import annotations

import csv
import datetime as _dt
import hashlib
import io
import json
import os
import platform
import secrets
import subprocess
import threading
import time
from pathlib import Path
from typing import Any, Iterable, Iterator

from .errors import HarnessError
from .fsutil import atomic_write_text
from .suite import ROOT


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


def machine_info() -> dict:
    """CPU model, logical CPU count, CPUs this process may use, OS and Python."""
    model = platform.processor() or "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu_model": model, "logical_cpus": os.cpu_count(),
            "usable_cpus": sorted(os.sched_getaffinity(0)), "os": platform.platform(),
            "python": platform.python_version(), "hostname": platform.node()}


def suite_hash(problems: Iterable) -> str:
    """SHA-256 over the ids and folder hashes of ``problems`` (suite.Problem)."""
    h = hashlib.sha256()
    for p in sorted(problems, key=lambda p: p.id):
        h.update(f"{p.suite}/{p.id}:{p.folder_hash}\n".encode())
    return h.hexdigest()


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
        atomic_write_text(root / "config.json", json.dumps(config, indent=1, default=str) + "\n")
        store = cls(root, config)
        store.event("run_started", run_id=run_id)
        return store

    @classmethod
    def open(cls, path: Path) -> "RunStore":
        """An existing run folder, for --resume. Raises HarnessError if ``path`` has no
        readable config.json."""
        root = Path(path)
        try:
            config = json.loads((root / "config.json").read_text())
        except (OSError, ValueError) as e:
            raise HarnessError(f"--resume {root}: not a results folder (config.json: "
                               f"{getattr(e, 'strerror', None) or e})") from None
        store = cls(root, config)
        store.event("run_resumed")
        return store

    def close(self) -> None:
        """Close the append-only logs."""
        with self._lock:
            self._events.close()
            self._lessons.close()

    # ------------------------------------------------------------------ logs
    def event(self, kind: str, **fields: Any) -> None:
        """Append one event ``{"t": unix time s, "kind": kind, ...fields}``; flushed and
        fsynced before returning, so a kill loses at most the line being written."""
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

    def save_lesson(self, lesson) -> None:
        """Append ``lesson`` (a lessons.Lesson) to lessons.jsonl and log a "lesson" event."""
        d = lesson.to_dict()
        with self._lock:
            self._lessons.write(json.dumps(d, default=str) + "\n")
            self._lessons.flush()
            os.fsync(self._lessons.fileno())
        self.event("lesson", **{k: v for k, v in d.items() if k != "call"},
                   tokens=d.get("call", {}).get("completion_tokens"))

    def save_candidate(self, problem: str, candidate_id: str, source: str) -> Path:
        """Write ``candidates/<problem>/<candidate_id>.cpp`` atomically; returns the path."""
        path = self.root / "candidates" / problem / f"{candidate_id}.cpp"
        atomic_write_text(path, source)
        return path

    # ------------------------------------------------------------------ tables
    def write_table(self, rows: list[dict]) -> None:
        """Write problems.csv and problems.json (one row per problem and repeat)."""
        cols: list[str] = []
        for r in rows:
            cols += [k for k in r if k not in cols]
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=cols, lineterminator="\n")
        w.writeheader()
        for r in rows:
            w.writerow({k: ("" if r.get(k) is None else r.get(k)) for k in cols})
        atomic_write_text(self.root / "problems.csv", buf.getvalue())
        atomic_write_text(self.root / "problems.json", json.dumps(rows, indent=1, default=str) + "\n")

    def write_report(self, markdown: str) -> None:
        """Write report.md atomically."""
        atomic_write_text(self.root / "report.md", markdown)

    # ------------------------------------------------------------------ resume
    def finished(self) -> dict:
        """{(problem id, repeat): row} of the problems a previous session finished."""
        done = {}
        for e in self.events():
            if e.get("kind") == "problem_done":
                done[(e["problem"], int(e.get("repeat", 0)))] = e["row"]
        return done

    def recorded_evaluations(self) -> dict:
        """{evaluation key: EvalResult dict} of every evaluation logged so far (see
        RunContext.evaluate for the key)."""
        return {e["key"]: e["result"] for e in self.events()
                if e.get("kind") == "evaluation" and "key" in e and "result" in e}
