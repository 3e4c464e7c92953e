"""``python -m harness score FILE [FILE ...]``: evaluate replies generated elsewhere.

Trainers generate in bulk and score afterwards (the LessonL fork's
``code-opt/predictions/*.json``, EvalPlus's ``--samples``, KernelBench's generations).
This command reads such files, evaluates every reply exactly as a candidate of a run
(the same extractor, screen, sandbox, judge and verdict cache: RunContext.evaluate_batch;
a problem's samples are judged together, up to ``--batch`` K at a time against one
baseline, ``--batch 1`` each alone) and writes a normal results folder
(harness.results.runstore), so ``report`` and ``compare`` work on it unchanged.

Input formats (:func:`load_input`; one file may hold records of both JSONL kinds):

* a JSON object ``{problem_id: reply}`` (the LessonL fork's predictions files);
* JSON lines, one record per reply: ``{"problem": ID, "reply": TEXT}`` (or ``"code"``
  instead of ``"reply"``), optional ``"model"`` (str) and ``"sample"`` (int);
* the fork's submission JSON lines ``{"submission": {"problem": {"problem_id": ID},
  "submitted_code": TEXT}}``.

A record without ``model`` takes its file's name (without the extension) as its model.
Several files, or several records of one problem, are samples of that problem, in the
order given (files in command-line order, records in file order); sample k of a problem
is candidate ``<problem>-s<k>``. Per problem: the expert reference and the noise floor
are measured once, every sample is evaluated, and the problem's row reports the *first*
sample as the ``single`` strategy would (re-measured on fresh seeds when correct; no
best-of-n selection); report.md adds pass@k, build@k and speedup_n@k over all samples
(harness.results.metrics). ``--group-by file|model`` makes one results folder per file
or model inside one parent folder, with the comparison table of those runs
(``runs.md``); the reference and noise floor are still measured once per problem.

A link error whose reply defines the function with other types than this suite's
signature (harness.measure.signature) is counted separately in report.md, "signature
differs from this suite", with the expected and the found signature.

Bad input (a file that is neither JSON nor JSON lines, a record without a problem id or
a reply, a problem id the suite does not have) stops the command with a one-line error
(exit code 2) before any work; ``--skip-unknown`` evaluates the known ids and records
the others in config.json and report.md.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .core.errors import HarnessError
from .core.fsutil import atomic_write
from .measure.evaluate import BATCH, NO_VERDICT, NOT_COMPILED, flag_suspicious
from .measure.evaluator import Evaluator
from .measure.executors import make_executor
from .measure.sandbox import require_sandbox
from .measure.signature import signature_mismatch
from .measure.suite import get_problem, load_suite, remember_suite
from .measure.toolchain import DiskFullError
from .results import events, render, report
from .results.metrics import build_at_k, pass_at_k, speedup_n_at_k
from .results.runstore import RunStore, new_run_id, provenance, read_run
from .results.rows import INDEX
from .results.tables import Table, default_ks, judged_counts, register_table
from .run import IN_FLIGHT_PER_WORKER, check_batch, fmt_s, measure_noise_floor, measure_reference, run_in_flight
from .strategies.base import Candidate, ProblemOutcome, RunContext, Strategy

GROUP_BY = ("file", "model")
MANIFEST = "score.json"  # the parent folder of a --group-by score run: its groups and inputs
MAX_LISTED = 5  # unknown problem ids named in the error


@dataclass(frozen=True)
class Sample:
    """One reply to score: problem id, reply text (markdown or code), where it came from
    (``where``: "FILE line N" or "FILE key ID"), its input file (absolute path), model
    (the record's ``model``, else the file's name without extension) and the record's
    ``sample`` number (None when absent)."""

    problem: str
    reply: str
    where: str
    file: str
    model: str
    sample: int | None = None


@dataclass(frozen=True)
class InputFile:
    """An input file as config.json records it: absolute path, SHA-256 of its bytes
    (hex), format ("json object", "jsonl", "submission jsonl" or both JSONL kinds
    joined with "+") and number of replies."""

    path: str
    sha256: str
    format: str
    replies: int


class _DuplicateKey(ValueError):
    pass


def _no_duplicates(pairs: list) -> dict:
    """json object_pairs_hook: a key twice in one object is an error (json keeps the
    last one silently, and a second reply to a problem would vanish)."""
    seen: set = set()
    for k, _ in pairs:
        if k in seen:
            raise _DuplicateKey(k)
        seen.add(k)
    return dict(pairs)


RECORD_KEYS = {"submission", "problem", "reply", "code", "model", "sample"}


def _is_record(obj: dict) -> bool:
    """A JSON object that is one JSONL record (not a {problem_id: reply} object): it names
    a problem or a submission, or holds nothing but record keys (a record that lacks its
    problem id, to be reported as such)."""
    return "submission" in obj or "problem" in obj or (bool(obj) and set(obj) <= RECORD_KEYS)


def _record(path: Path, line: int, rec, stem: str) -> tuple[Sample, str]:
    """One JSONL record -> (Sample, its format). Raises HarnessError (one line)."""
    where = f"{path} line {line}"
    if not isinstance(rec, dict):
        raise HarnessError(f'{where}: not a JSON object (a record needs "problem" and "reply" or "code")')
    if "submission" in rec:
        kind, sub = "submission jsonl", rec["submission"]
        prob = sub.get("problem") if isinstance(sub, dict) else None
        pid = prob.get("problem_id") if isinstance(prob, dict) else None
        reply = sub.get("submitted_code") if isinstance(sub, dict) else None
        what = "submission.problem.problem_id", "submission.submitted_code"
    else:
        kind, pid = "jsonl", rec.get("problem")
        reply = rec["reply"] if "reply" in rec else rec.get("code")
        what = '"problem"', '"reply" or "code"'
    if not isinstance(pid, str) or not pid.strip():
        raise HarnessError(f"{where}: a record without a problem id (a string under {what[0]})")
    if not isinstance(reply, str):
        raise HarnessError(f"{where}: problem {pid}: a record without a reply (a string under {what[1]})")
    model, sample = rec.get("model"), rec.get("sample")
    model = stem if model is None else model
    if not isinstance(model, str) or not model.strip():
        raise HarnessError(f'{where}: "model" must be a non-empty string (got {json.dumps(model)[:40]})')
    if sample is not None and (not isinstance(sample, int) or isinstance(sample, bool)):
        raise HarnessError(f'{where}: "sample" must be an integer (got {json.dumps(sample)[:40]})')
    return Sample(pid.strip(), reply, where, str(path), model.strip(), sample), kind


def load_input(path: str) -> tuple[InputFile, list[Sample]]:
    """Read one input file (formats in the module docstring): its InputFile record and
    its samples in file order. Raises HarnessError (one line naming the file, and the
    line for JSON lines) for a file that cannot be read, is empty, is neither JSON nor
    JSON lines, is JSON but neither an object of replies nor a record, names one problem
    twice in its object, or holds a record without a problem id or reply."""
    p = Path(path).resolve()
    try:
        data = p.read_bytes()
    except OSError as e:
        raise HarnessError(f"{path}: cannot read ({e.strerror})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise HarnessError(f"{path}: not UTF-8 text, so neither JSON nor JSON lines") from None
    if not text.strip():
        raise HarnessError(f"{path}: empty (expected JSON or JSON lines)")
    stem, sha = p.stem, hashlib.sha256(data).hexdigest()
    try:
        whole = json.loads(text, object_pairs_hook=_no_duplicates)
    except _DuplicateKey as e:
        raise HarnessError(f"{path}: key {e.args[0]!r} appears twice in one JSON object") from None
    except ValueError:
        whole = None
    if isinstance(whole, dict) and not _is_record(whole):
        samples = []
        for pid, reply in whole.items():
            if not isinstance(reply, str):
                raise HarnessError(
                    f"{path}: the value of {pid!r} is not a reply (expected a JSON object {{problem_id: reply text}})"
                )
            samples.append(Sample(pid.strip(), reply, f"{path} key {pid}", str(p), stem))
        if not samples:
            raise HarnessError(f"{path}: an empty JSON object (no replies)")
        return InputFile(str(p), sha, "json object", len(samples)), samples
    if whole is not None and not isinstance(whole, dict):
        raise HarnessError(
            f"{path}: JSON {type(whole).__name__} at the top level; expected an object "
            "{problem_id: reply} or JSON lines (one record per line)"
        )
    records = [(1, whole)] if whole is not None else []
    if whole is None:
        for i, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                records.append((i, json.loads(line)))
            except ValueError as e:
                first = "neither JSON nor JSON lines" if not records else "not JSON lines"
                raise HarnessError(f"{path}: {first} (line {i}: {getattr(e, 'msg', e)})") from None
    parsed = [_record(Path(path), i, rec, stem) for i, rec in records]
    kinds = "+".join(sorted({k for _, k in parsed}))
    return InputFile(str(p), sha, kinds, len(parsed)), [s for s, _ in parsed]


def load_inputs(paths: list[str]) -> tuple[list[InputFile], list[Sample]]:
    """:func:`load_input` of every path, in order; samples concatenated. Raises
    HarnessError for no paths, a path given twice, or a bad file."""
    if not paths:
        raise HarnessError("no input files given")
    resolved = [str(Path(p).resolve()) for p in paths]
    dup = next((p for p in resolved if resolved.count(p) > 1), None)
    if dup is not None:
        raise HarnessError(f"{dup} is given twice (its replies would count twice as samples)")
    files, samples = [], []
    for path in paths:
        f, s = load_input(path)
        files.append(f)
        samples += s
    return files, samples


def select_samples(
    samples: list[Sample], suite: str, problems: list[str] | None = None, skip_unknown: bool = False
) -> tuple[list[Sample], dict]:
    """The samples to evaluate and {unknown problem id: replies skipped}.

    An id that ``suite`` does not have is an error listing up to MAX_LISTED of them
    (with the file of each one's first reply), unless ``skip_unknown``. ``problems``
    keeps only those ids (each must be in the suite and have a reply). Raises
    HarnessError (one line)."""
    known = load_suite(suite)
    unknown = {}
    for s in samples:
        if s.problem not in known:
            unknown.setdefault(s.problem, []).append(s)
    if unknown and not skip_unknown:
        listed = [f"{pid} ({Path(ss[0].file).name})" for pid, ss in list(unknown.items())[:MAX_LISTED]]
        more = f" and {len(unknown) - MAX_LISTED} more" if len(unknown) > MAX_LISTED else ""
        raise HarnessError(
            f"{len(unknown)} problem id(s) not in suite {suite}: {', '.join(listed)}{more} "
            "(--skip-unknown evaluates the others)"
        )
    kept = [s for s in samples if s.problem in known]
    if problems:
        for pid in problems:
            get_problem(pid, suite)
        have = {s.problem for s in kept}
        missing = [pid for pid in problems if pid not in have]
        if missing:
            raise HarnessError(f"--problems: no reply for {', '.join(missing[:MAX_LISTED])} in the input files")
        kept = [s for s in kept if s.problem in problems]
    if not kept:
        raise HarnessError(f"no reply to a problem of suite {suite} in the input files")
    return kept, {pid: len(ss) for pid, ss in unknown.items()}


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.")[:60] or "group"


def group_samples(samples: list[Sample], group_by: str | None) -> dict:
    """{group name: {problem id: [(candidate id, Sample), ...]}}: one group "all"
    without ``group_by``, else one per input file (its name) or model, in first-seen
    order. Candidate ids ``<problem>-s<k>`` number a problem's samples over all groups,
    so they do not depend on the grouping. Group names are unique folder names."""
    counts: Counter = Counter()
    groups: dict[str, dict] = {}
    names: dict[str, str] = {}
    for s in samples:
        key = "all" if group_by is None else (s.file if group_by == "file" else s.model)
        if key not in names:
            base = _slug(Path(key).stem if group_by == "file" else key)
            name, n = base, 2
            while name in groups:
                name, n = f"{base}-{n}", n + 1
            names[key] = name
            groups[name] = {}
        cid = f"{s.problem}-s{counts[s.problem]}"
        counts[s.problem] += 1
        groups[names[key]].setdefault(s.problem, []).append((cid, s))
    return groups


@dataclass
class ScoreOptions:
    """Everything a score run needs (config.json "options"; --resume reads it back).

    files: the input paths as given; group_by: None, "file" or "model"; label: names the
    run in tables (None: none); ks: the k values of pass@k etc. (None: 1, 2, 4, ... up to
    the samples per problem); seed: the first measurement seed (fixed by default, as in
    ``run``); batch: the most samples of a problem judged together (``--batch``;
    harness.measure.evaluate.evaluate_batch; 1: each alone); eval_overrides: extra
    EvalConfig fields (tests)."""

    files: list = field(default_factory=list)
    mode: str = "omp"
    suite: str = "pareval"
    problems: list | None = None
    group_by: str | None = None
    label: str | None = None
    ks: list | None = None
    skip_unknown: bool = False
    output: str = "results"
    threads: int | None = None
    quick: bool = False
    reference: bool = True
    seed: int = 20240521
    march: str = "native"
    unsafe: bool = False
    eval_workers: int = 1
    parsl_config: str | None = None
    executor: str | None = None  # harness.measure.executors; None: inline for one worker, else parsl
    race_check: str = "default"  # --race-check: EvalConfig.race_check
    batch: int = BATCH  # --batch: a problem's samples judged together at most (1: each alone)
    eval_overrides: dict = field(default_factory=dict)

    def check(self) -> "ScoreOptions":
        """Raises HarnessError for values a user can get wrong."""
        Evaluator.from_options(self).check()
        load_suite(self.suite)
        if self.group_by not in (None, *GROUP_BY):
            raise HarnessError(f"--group-by must be one of {', '.join(GROUP_BY)} (got {self.group_by})")
        if self.eval_workers < 1:
            raise HarnessError(f"--eval-workers must be >= 1 (got {self.eval_workers})")
        check_batch(self.batch)
        if self.ks is not None and (not self.ks or min(self.ks) < 1):
            raise HarnessError(f"--k values must be >= 1 (got {self.ks})")
        return self


class ScoreSamples(Strategy):
    """The samples of one problem as candidates (no model call): each evaluated, the
    first one reported (:meth:`choose`). Not in the strategy registry: ``score`` only.

    ``run``'s ``team`` argument is the problem's [(candidate id, Sample), ...];
    ``counts`` tallies where each verdict came from ("measured", "verdict cache", "run
    log" on --resume) in this session."""

    name = "score"

    def __init__(self, mode: str, march: str, sandboxed: bool):
        super().__init__()
        self.mode, self.march, self.sandboxed = mode, march, sandboxed
        self.counts: Counter = Counter()
        self._lock = threading.Lock()

    def run(self, problem, mode: str, team, ctx: RunContext) -> ProblemOutcome:
        out = self.start(problem, mode, ctx)
        cands = [Candidate(cid, problem.id, 0, s.model, s.model, reply=s.reply) for cid, s in team]
        samples = {cid: s for cid, s in team}
        logged = {cid for cid, s in team if ctx.evaluation_key(s.reply, candidate_id=cid) in ctx.recorded}
        if len(cands) > 1 and ctx.batch > 1:
            ctx.progress(f"{problem.id}: evaluating {len(cands)} samples together (batches of up to {ctx.batch})")

        def each(cand: Candidate) -> None:  # a sample's own steps, in order, once its verdict is in
            s = samples[cand.id]
            out.candidates.append(cand)
            assert cand.result is not None
            source = "run log" if cand.id in logged else "verdict cache" if cand.result.cached else "measured"
            with self._lock:
                self.counts[source] += 1
            ctx.log(
                "sample",
                problem=problem.id,
                candidate_id=cand.id,
                where=s.where,
                file=s.file,
                model=s.model,
                sample=s.sample,
                status=cand.status,
                verdict_from=source,
            )
            if cand.status == "link_error":
                self._check_signature(problem, cand, ctx)
            ctx.progress(
                f"{problem.id}: {cand.id} ({s.where}): {cand.outcome}"
                + (f", speedup {cand.speedup:.2f}x" if cand.speedup is not None else "")
            )

        self.evaluate_candidates(problem, cands, ctx, each)
        return self.finish(problem, out, ctx)

    def _check_signature(self, problem, cand: Candidate, ctx: RunContext) -> None:
        """Logs "signature_mismatch" (expected and found) when the link error comes from
        another signature (harness.measure.signature); "signature_check_failed" when the
        check itself could not run (the link error then counts as the candidate's)."""
        try:
            found = signature_mismatch(problem, cand.source, self.mode, self.march, self.sandboxed)
        except DiskFullError:  # the harness's trouble: the run stops, the reply is not charged
            raise
        except HarnessError as e:
            ctx.log("signature_check_failed", problem=problem.id, candidate_id=cand.id, error=str(e))
            return
        if found:
            ctx.log("signature_mismatch", problem=problem.id, candidate_id=cand.id, **found)

    def choose(self, outcome: ProblemOutcome):
        """The first sample when it is correct (as ``single`` reports its one
        candidate), else None: the row never picks the best of n."""
        first = outcome.candidates[0] if outcome.candidates else None
        return first if first is not None and first.result is not None and first.result.correct else None


# --------------------------------------------------------------------------- the run


@dataclass
class _Group:
    name: str
    problems: dict  # {problem id: [(candidate id, Sample), ...]}
    store: RunStore
    ctx: RunContext = None
    done: dict = field(default_factory=dict)
    rows: dict = field(default_factory=dict)  # {problem id: row}


class _Halt:
    """run.run_in_flight's ``ctx``: halting it halts every group's context."""

    def __init__(self, contexts):
        self.contexts = contexts

    def halt(self, reason: str) -> None:
        for c in self.contexts:
            c.halt(reason)


def _config(
    opts: ScoreOptions, files, skipped, group: str, problems, cfg, comp, executor, command, roofs: dict | None
) -> dict:
    models = sorted({s.model for ss in problems.values() for _, s in ss})
    strategy_options = {
        **({"label": opts.label} if opts.label else {}),
        **({"group": f"{opts.group_by}={group}"} if opts.group_by else {}),
    }
    return {
        "options": dataclasses.asdict(opts),
        "strategy": "score",
        "strategy_options": strategy_options,
        "score": {
            "inputs": [dataclasses.asdict(f) for f in files],
            "group_by": opts.group_by,
            "group": group,
            "label": opts.label,
            "samples": sum(len(v) for v in problems.values()),
            "skipped_unknown": skipped,
        },
        "mode": opts.mode,
        "team": {
            "agents": [{"name": m, "model": m} for m in models],
            "source": "score inputs (a record's model, else its file's name)",
        },
        **Evaluator(opts.mode, cfg).record(comp, roofs, executor),
        **provenance(opts.suite, [get_problem(pid, opts.suite) for pid in problems], command),
    }


def _prepare(opts: ScoreOptions):
    """Inputs read and checked, before any work: (files, skipped, groups)."""
    opts.check()
    files, samples = load_inputs(opts.files)
    samples, skipped = select_samples(samples, opts.suite, opts.problems, opts.skip_unknown)
    return files, skipped, group_samples(samples, opts.group_by)


def execute_score(
    opts: ScoreOptions, *, resume: str | None = None, evaluate_fn=None, console=None, command: list | None = None
) -> Path:
    """Score ``opts.files`` (or continue the score run in folder ``resume``); returns
    the results folder (a --group-by run: the parent folder of the groups' folders).

    Every input is read and checked before any work (HarnessError, one line, exit 2);
    on --resume the inputs must be the files the run started with (same SHA-256).
    evaluate_fn replaces harness.measure.evaluate.evaluate (tests). Raises HarnessError
    for the user's errors; an interrupt leaves the folder resumable."""
    from rich.console import Console

    console = console or Console(highlight=False, soft_wrap=True)
    stores = None
    if resume is not None:
        opts, stores = _open_resume(Path(resume))
    files, skipped, groups = _prepare(opts)
    if stores is not None:
        recorded_inputs = stores[0].config["score"]["inputs"]
        changed = [f.path for f, r in zip(files, recorded_inputs) if f.sha256 != r["sha256"]]
        if changed:
            raise HarnessError(
                f"--resume: {changed[0]} changed since the run started (SHA-256 differs); "
                "score the new file in a new run"
            )
        if opts.group_by and [s.root.name for s in stores] != [_folder(opts, g) for g in groups]:
            raise HarnessError("--resume: the groups of the inputs differ from the run's folders")
    evaluator = Evaluator.from_options(opts)
    cfg = evaluator.cfg
    sandboxed = require_sandbox(opts.unsafe)  # said first, as evaluate says it
    comp, roofs = evaluator.prepare(timed=evaluate_fn is None, progress=console.print)  # before anything is timed
    executor = make_executor(opts.eval_workers, opts.mode, opts.threads, opts.parsl_config, evaluate_fn, opts.executor)
    tag = f"score-{_slug(opts.label)}" if opts.label else "score"
    if stores is None:
        run_id = new_run_id(tag, opts.mode)
        if opts.group_by:
            parent = Path(opts.output) / run_id
            stores = [
                RunStore.create(
                    parent,
                    _folder(opts, name),
                    _config(opts, files, skipped, name, probs, cfg, comp, executor, command, roofs),
                )
                for name, probs in groups.items()
            ]
            atomic_write(
                parent / MANIFEST,
                json.dumps(
                    {
                        "run_id": run_id,
                        "groups": [s.root.name for s in stores],
                        "inputs": [dataclasses.asdict(f) for f in files],
                    },
                    indent=1,
                )
                + "\n",
            )
            root = parent
        else:
            [(name, probs)] = groups.items()
            stores = [
                RunStore.create(
                    Path(opts.output),
                    run_id,
                    _config(opts, files, skipped, name, probs, cfg, comp, executor, command, roofs),
                )
            ]
            root = stores[0].root
    else:
        root = Path(resume)
        for s in stores:
            s.resumed()
    console.print(f"results folder: {root}")
    strategy = ScoreSamples(opts.mode, opts.march, sandboxed)
    shared: dict = {}
    gs = []
    for (name, probs), store in zip(groups.items(), stores):
        shared.update(store.recorded_evaluations())
        gs.append(_Group(name, probs, store, done=store.finished()))
    order = list(dict.fromkeys(pid for g in gs for pid in g.problems))
    problems = [get_problem(pid, opts.suite) for pid in order]
    n_samples = {pid: sum(len(g.problems.get(pid, ())) for g in gs) for pid in order}
    total, units = len(problems), sum(n_samples.values())
    in_flight = 1 if executor.workers == 1 else IN_FLIGHT_PER_WORKER * executor.workers
    lock = threading.Lock()
    state = {"done": 0, "units": 0, "busy_s": 0.0}
    t_start = time.monotonic()

    def progress(text: str) -> None:
        with lock:
            eta = ""
            if state["units"]:
                per = state["busy_s"] / state["units"]
                left = total - state["done"]
                eta = f"  ETA {fmt_s(per * (units - state['units']) / max(1, min(in_flight, left)))}"
            done = state["done"]
        console.print(f"[dim]{fmt_s(time.monotonic() - t_start)}[/dim] [bold][{done}/{total}][/bold] {text}{eta}")

    for g in gs:
        g.ctx = RunContext(
            executor=executor, eval_config=cfg, store=g.store, progress=progress, mode=opts.mode, batch=opts.batch
        )
        g.ctx.recorded = shared  # one problem's reference and noise floor serve every group

    def run_problem(i: int) -> None:
        p = problems[i]
        t0, first = time.monotonic(), True
        for g in gs:
            if p.id not in g.problems:
                continue
            if (p.id, 0) in g.done:
                g.rows[p.id] = g.done[(p.id, 0)]
                g.store.event("problem_skipped", problem=p.id, repeat=0, why="finished before resume")
                continue
            quiet = progress if first else (lambda text: None)
            first = False
            g.store.event("problem_started", problem=p.id, repeat=0, category=p.category)
            quiet(
                f"{p.id} ({p.category}): {len(g.problems[p.id])} sample(s)" + (f" of {g.name}" if opts.group_by else "")
            )
            pctx = g.ctx.for_problem(0)  # this problem's scope: its outcome, replicate 0, the mode
            ref = measure_reference(p, pctx, quiet) if opts.reference else None
            floor = measure_noise_floor(p, pctx, quiet)
            outcome = strategy.run(p, opts.mode, g.problems[p.id], pctx)
            outcome.reference, outcome.noise_floor = ref, floor
            if outcome.remeasured is not None:
                flag_suspicious(outcome.remeasured, outcome.reference_speedup)
            row = outcome.row()
            # as `single` would: the first sample compiled (candidates_compiled counts all)
            row["compiled"] = outcome.candidates[0].status not in NOT_COMPILED + NO_VERDICT
            g.rows[p.id] = row
            g.store.event("problem_done", problem=p.id, repeat=0, row=row)
            with lock:
                g.store.write_table([g.rows[k] for k in order if k in g.rows])
            progress(
                f"{p.id}{' (' + g.name + ')' if opts.group_by else ''}: first sample {outcome.status}"
                + (
                    f", {row['speedup']:.2f}x (CI {row['ci_low']:.2f}-{row['ci_high']:.2f}) on re-measurement"
                    if row["speedup"] is not None
                    else ""
                )
                + f"; {row['candidates_correct']}/{row['candidates']} samples correct"
            )
        with lock:
            state["done"] += 1
            state["units"] += n_samples[p.id]
            state["busy_s"] += time.monotonic() - t0

    try:
        try:
            executor.start(root / "parsl")
            if executor.workers > 1:
                console.print(f"evaluation workers: {executor.describe()}")
                run_in_flight(run_problem, total, in_flight, _Halt([g.ctx for g in gs]))
            else:
                for i in range(total):
                    run_problem(i)
        finally:
            executor.shutdown()
    except BaseException as e:
        for g in gs:
            g.store.event("run_interrupted", error=f"{type(e).__name__}: {e}")
            _write_group(g, order, opts, time.monotonic() - t_start)
        console.print(
            f"[yellow]interrupted; finished problems are kept, continue with "
            f"`python -m harness score --resume {root}`[/yellow]"
        )
        raise
    for g in gs:
        g.store.event("run_finished", problems=len(g.rows))
        rep = _write_group(g, order, opts, time.monotonic() - t_start)
        if rep is not None:
            render.print_category_summary(
                rep.tables["per_category"],
                console,
                model_columns=False,
                title=f"{g.store.root.name}: first sample per problem",
            )
    c = strategy.counts
    console.print(
        f"verdicts of samples this session: {c['measured']} measured, {c['verdict cache']} from the "
        f"verdict cache (identical code, settings and seeds), {c['run log']} from this run's log"
    )
    compared = len(gs) > 1 and _write_comparison(root, [g.store.root for g in gs], opts, console)
    console.print(
        f"report: {root / 'runs.md'}"
        if compared
        else "report: " + ", ".join(str(g.store.root / "report.md") for g in gs)
    )
    return root


def _folder(opts: ScoreOptions, group: str) -> str:
    """The folder (and run id) of ``group`` in a --group-by run: the group's name,
    after the label when there is one."""
    return f"{_slug(opts.label)}-{group}" if opts.label else group


def _open_resume(root: Path):
    """(ScoreOptions, [RunStore]) of the score run in ``root`` (a run folder, or the
    parent folder of a --group-by run). Raises HarnessError for anything else."""
    if (root / MANIFEST).is_file():
        try:
            names = json.loads((root / MANIFEST).read_text())["groups"]
        except (OSError, ValueError, KeyError, TypeError):
            raise HarnessError(f"--resume {root}: damaged {MANIFEST}") from None
        stores = [RunStore.open(root / n) for n in names]
    else:
        stores = [RunStore.open(root)]
    config = stores[0].config
    if config.get("strategy") != "score" or "score" not in config:
        raise HarnessError(
            f"--resume {root}: not a score run (a run of a strategy resumes with `python -m harness run --resume`)"
        )
    remember_suite(config)
    fields = {f.name for f in dataclasses.fields(ScoreOptions)}
    saved = {"batch": 1, **config["options"]}  # a run from before --batch: each sample alone, as it ran
    return ScoreOptions(**{k: v for k, v in saved.items() if k in fields}), stores


# --------------------------------------------------------------------------- report tables

VERDICT_SOURCES = ("measured", "verdict cache", "run log")  # where a sample's verdict came from


def _score_config(run) -> dict:
    return run.config.get("score") or {}


def inputs_table(run) -> list[dict]:
    """The input files of a score run (runstore.RunRecord): [{path, format, replies,
    sha256}] in command-line order; [] for a run of a strategy."""
    return [
        {k: f.get(k) for k in ("path", "format", "replies", "sha256")} for f in _score_config(run).get("inputs", [])
    ]


def verdicts_table(run) -> list[dict]:
    """The verdicts of all samples of a score run (a sample lost with its worker has
    none), one row per verdict (most frequent first): ``samples`` and where the verdict came from: ``measured`` (evaluated by
    this run), ``verdict cache`` (identical code, settings and seeds measured before),
    ``run log`` (read back from this run's log on --resume). [] for a run of a
    strategy."""
    counts: dict[str, Counter] = {}
    for p in run.problems:
        for e in p.events:
            if isinstance(e, events.Sample) and e.status not in NO_VERDICT:
                counts.setdefault(str(e.status), Counter())[str(e.verdict_from)] += 1
    rows = [
        {"verdict": v, "samples": sum(c.values()), **{k: c.get(k, 0) for k in VERDICT_SOURCES}}
        for v, c in counts.items()
    ]
    return sorted(rows, key=lambda r: -r["samples"])


def signature_table(run) -> list[dict]:
    """The link errors of a score run whose reply defines the function with other types
    than this suite's signature: [{problem, candidate, model, expected, found}]."""
    out = []
    for p in run.problems:
        model = {c.id: c.model for c in p.candidates}
        out += [
            {
                "problem": p.problem,
                "candidate": e.candidate_id,
                "model": model.get(e.candidate_id),
                "expected": e.expected,
                "found": e.found,
            }
            for e in p.events
            if isinstance(e, events.SignatureMismatch)
        ]
    return out


def samples_table(run, ks=None) -> list[dict]:
    """All samples of each problem of a score run: [{problem, category, samples,
    compiled, correct, first sample (its verdict), then pass@k, build@k and
    speedup_n@k for each k of ``ks`` up to the problem's samples}] (first
    measurements, incorrect as 0; harness.results.metrics). ks None:
    tables.default_ks(run). [] for a run of a strategy."""
    if not _score_config(run):
        return []
    ks = list(ks) if ks else default_ks(run)
    out = []
    for p in run.problems:
        n, correct, built, sp = judged_counts(p.candidates)
        row = {
            "problem": p.problem,
            "category": p.category,
            "samples": n,
            "compiled": built,
            "correct": correct,
            "first sample": p.candidates[0].status if p.candidates else None,
        }
        for k in ks:
            if k <= n:
                row.update(
                    {
                        f"pass@{k}": pass_at_k(n, correct, k),
                        f"build@{k}": build_at_k(n, built, k),
                        f"speedup_n@{k}": speedup_n_at_k(sp, k),
                    }
                )
        out.append(row)
    return out


register_table(
    Table(
        "score_inputs",
        "Inputs (score)",
        "the files scored, in command-line order, with their SHA-256.",
        lambda run, o: inputs_table(run),
        columns={"replies": (INDEX, "")},
        optional=True,
    )
)
register_table(
    Table(
        "sample_verdicts",
        "Verdicts of all samples (score)",
        "every sample of every problem; measured: evaluated by this run; verdict cache: identical code, settings "
        "and seeds measured before; run log: read back from this run's log (--resume). A score run's \"best "
        'candidate" of a problem (the per-problem table) is its first sample, never the best of its samples.',
        lambda run, o: verdicts_table(run),
        columns={c: (INDEX, "") for c in VERDICT_SOURCES},
        optional=True,
    )
)
register_table(
    Table(
        "signature_differs",
        "Link errors: signature differs from this suite (score)",
        "the reply defines the function with other types than this suite's signature (written for another "
        "version of the problem, e.g. the LessonL fork's int64_t scans), so the link error says nothing about "
        "the model's code; the other link errors are the replies' own.",
        lambda run, o: signature_table(run),
        optional=True,
    )
)
register_table(
    Table(
        "samples_per_problem",
        "All samples per problem (score)",
        "pass@k, build@k and speedup_n@k over every sample of the problem (first measurements, incorrect as 0; "
        "per category: the ParEval metrics table).",
        lambda run, o: samples_table(run, o.ks),
        columns={"compiled": (INDEX, ""), "correct": (INDEX, "")},
        optional=True,
    )
)


def _write_group(g: _Group, order: list, opts: ScoreOptions, wall_s: float):
    """Write a group's problems.csv/json and report.md (its run read back, as
    ``python -m harness report`` builds it, without plots); returns the
    report.RunReport, None when the group has no rows yet."""
    session = {
        "evaluation (this session)": f"{g.ctx.evaluations} evaluations, {g.ctx.eval_s:.1f} s",
        "judge overhead: wall / timed work (this session)": g.ctx.judge_overhead(),
        "wall time (this session, all groups)": f"{wall_s:.1f} s",
        "plots, and the tables as csv, json or html": f"python -m harness report {g.store.root}",
    }
    return report.write_run_results(g.store, [g.rows[k] for k in order if k in g.rows], session)


def _write_comparison(root: Path, folders: list, opts: ScoreOptions, console) -> bool:
    """runs.md in ``root``: the comparison table of the groups' runs (report's strategy
    comparison) when they measured the same problems (returns True); else a note
    (returns False)."""
    runs = [read_run(f) for f in folders]
    try:
        groups = report.group_runs(runs)
    except HarnessError as e:
        console.print(
            f"[yellow]no comparison table: the groups did not measure the same problems ({e}); "
            "`python -m harness compare A B` compares the problems they share[/yellow]"
        )
        return False
    reports = [report.build_report(r, plots=False, ks=opts.ks) for r in runs]
    cmp = report.build_comparison(reports, groups, plots=False)
    report.write_runs(cmp, root, ["md"])
    for _key, table in cmp.tables:
        for r in table:
            console.print(
                f"  {r['run']}: {r['% correct']:.0f}% correct, geomean {r['geomean']:.2f}x "
                f"({r['geomean 95% CI low']:.2f}-{r['geomean 95% CI high']:.2f}), "
                f"mean {r['mean']:.2f}x (first sample per problem)"
            )
    return True
