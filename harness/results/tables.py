"""The tables of a run's report: one registry, one definition per table.

A :class:`Table` is a name (the stem of its csv/json file), a title, a note (what its
columns mean, printed under it), a ``build`` function from the run read back
(harness.results.runstore.RunRecord) and the :class:`TableOptions` to its rows (a list of
dicts with raw values: speedups unitless, percentages in percent, cost USD, times s), and
optionally a ``display`` (the columns and cells people read: intervals joined to their
value, raw ids dropped) and the kinds of columns of its own. :func:`register_table` adds
one; harness.results.report builds every registered table of a run, and the one renderer
(harness.results.render) writes them as report.md, html, csv and json, for the report.md a
run writes when it ends and for ``python -m harness report`` alike.

Registered here, in this order: per category (harness.results.summary.summarize's columns
plus the geomean's bootstrap interval), per problem, per round, per agent and the ParEval
metrics. A strategy's or a command's own table registers itself in its module, beside the
code that writes what it shows (colearning's E-RL models, score's samples); such a table
is ``optional``: a report leaves it out when it has no rows for a run. The command-line
program imports every such module, so ``report`` renders the tables of every run it can
read. An outside package adds a table by naming the module that registers it in the
``harness.tables`` entry-point group (:data:`TABLES` imports it on its first lookup).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from ..core.errors import HarnessError
from ..core.registry import Registry
from ..measure.evaluate import NO_VERDICT, NOT_COMPILED
from .metrics import (
    RESAMPLES,
    SEED,
    SpeedupSamples,
    bootstrap_geomean,
    build_at_k,
    counted_speedup,
    efficiency_n_at_k,
    log_sigma,
    pass_at_k,
    speedup_n_at_k,
)
from .rows import AMOUNT, INDEX, ROW_FIELDS, SPEEDUP, RowField
from .summary import COLUMNS, geomean, num, summarize, truthy


@dataclass(frozen=True)
class TableOptions:
    """What a report's tables are built with: ``ks`` (the k values of pass@k-style
    tables; None: 1 and the powers of two up to the most candidates of a problem),
    ``resamples`` and ``seed`` of the bootstrap intervals (None: harness.results.metrics'
    RESAMPLES and SEED)."""

    ks: tuple[int, ...] | None = None
    resamples: int | None = None
    seed: int | None = None


Cells = tuple[list[str], list[list[str]]]


@dataclass(frozen=True)
class Table:
    """One table of a run's report (module docstring). ``build(run, options) -> rows``;
    ``display(rows, cell) -> (columns, cells)`` for md, html and the console, where
    ``cell(column, value) -> str`` is the renderer's formatter (None: every key any row
    has is a column, in first-seen order); ``columns`` {column: (kind, unit)} for columns of its own
    that harness.results.rows.column_kind does not know; ``optional``: left out of a
    report when ``build`` returns no rows."""

    name: str
    title: str
    note: str
    build: Callable[..., list]
    display: Callable[..., Cells] | None = None
    columns: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    optional: bool = False


#: every report table by name, in report order; the entry points of harness.tables load
#: on the first lookup
TABLES: Registry[Table] = Registry("report table", group="harness.tables")


def register_table(table: Table) -> Table:
    """Add ``table`` to the report, after the tables registered before it; returns it.
    Registering the same Table again keeps its place. Raises ValueError for another
    table of a name already registered."""
    if not isinstance(table, Table):
        raise ValueError(f"register_table takes a harness.results.tables.Table (got {table!r})")
    return TABLES.add(table.name, table)


def registered_tables() -> list[Table]:
    """The registered tables in report order. Raises HarnessError when an entry point of
    harness.tables does not load."""
    return TABLES.values()


def get_table(name: str) -> Table:
    """The registered table ``name``; raises UnknownName (a KeyError and a HarnessError)
    when there is none."""
    return TABLES.get(name)


def _judged(cands: list) -> list:
    """The candidates that got a verdict (not lost with their worker)."""
    return [c for c in cands if c.status not in NO_VERDICT]


def judged_counts(cands: list) -> tuple[int, int, int, list]:
    """Of a problem's candidates (harness.results.events.CandidateEvent records) that got
    a verdict: (how many, correct, compiled and linked, first-measured speedups with None
    for the incorrect): what pass@k, build@k and speedup_n@k are computed from."""
    cs = _judged(cands)
    return (
        len(cs),
        sum(c.status == "correct" for c in cs),
        sum(c.status not in NOT_COMPILED for c in cs),
        [c.speedup if c.status == "correct" else None for c in cs],
    )


def _samples(rows: Sequence[Mapping]):
    """metrics.SpeedupSamples of ``rows`` (problems in first-seen order; repeats are
    replicates) and the category of each problem."""
    probs: dict[str, list] = {}
    cats: dict[str, str] = {}
    for r in rows:
        pid = str(r.get("problem"))
        s = num(r.get("speedup")) if truthy(r.get("correct")) else None
        probs.setdefault(pid, []).append(
            (s, log_sigma(num(r.get("ci_low")), num(r.get("ci_high")), num(r.get("null_speedup"))))
        )
        cats[pid] = str(r.get("category", "?"))
    return SpeedupSamples.from_problems(list(probs.values())), [cats[p] for p in probs]


def category_table(rows: Sequence[Mapping], *, resamples: int | None = None, seed: int | None = None) -> list[dict]:
    """:func:`summarize` plus ``geomean 95% CI low`` / ``high``: the percentile bootstrap
    interval of the geomean (problems, repeats and timing noise resampled;
    metrics.bootstrap_geomean with its defaults unless given)."""
    out = summarize(rows)
    if not out:
        return out
    samples, cats = _samples(rows)
    for s in out:
        idx = [i for i, c in enumerate(cats) if s["category"] in ("all", c)]
        _, lo, hi = bootstrap_geomean(
            samples.subset(idx), resamples=resamples or RESAMPLES, seed=SEED if seed is None else seed
        )
        s["geomean 95% CI low"], s["geomean 95% CI high"] = lo, hi
    return out


def problem_details(run) -> list[dict]:
    """The per-problem table of ``run`` (runstore.RunRecord): one row per problem and
    repeat with its problem, category and repeat, then every row field that has a
    per-problem column (harness.results.rows: status, speedup, ci_low, ci_high, first_speedup,
    best_id, reference, null, % roofline, ref % roofline, candidates, compiled and correct
    (candidate counts), cost $, flags; speedups and roofline shares None and other amounts
    0 when not recorded), then provenance: the best's
    round, agent and model, the lessons its prompt showed (``lessons shown``: "<agent>
    r<round>: <outcome>" per lesson, "; "-joined), the timed size and tokens (prompt +
    completion)."""
    out = []
    for p in run.problems:
        r = p.row
        best_id = r.get("best_id")
        cand = next((c for c in p.candidates if c.id == best_id), None) if best_id else None
        lessons = {l.id: l for l in p.lessons}
        shown_ids = (cand.lesson_ids if cand else None) or []
        shown = []
        for lid in shown_ids:
            l = lessons.get(lid)
            shown.append(f"{l.agent} r{l.round}: {l.outcome or l.status}" if l else str(lid))
        out.append(
            {
                "problem": p.problem,
                "category": p.category,
                "repeat": p.repeat,
                **{f.column: _column_value(f, r.get(f.name)) for f in ROW_FIELDS if f.column},
                "round": cand.round if cand else None,
                "agent": cand.agent if cand else None,
                "model": cand.model if cand else None,
                "lesson_ids": ",".join(shown_ids),
                "lessons shown": "; ".join(shown),
                "size": p.size_label,
                "tokens": int((num(r.get("prompt_tokens")) or 0) + (num(r.get("completion_tokens")) or 0)),
            }
        )
    return out


def _column_value(f: RowField, v):
    """Row field ``f``'s recorded value ``v`` in the per-problem table: a speedup or an
    optional amount (a roofline share) as a number (None when missing), another amount
    or count as a number (0 when missing; whole when the field is an int), anything else
    as recorded."""
    if f.kind == SPEEDUP or f.type == float | None:
        return num(v)
    if f.kind in (AMOUNT, INDEX):
        return int(num(v) or 0) if f.type is int else num(v) or 0.0
    return v


def round_table(run) -> list[dict]:
    """The per-round curve of ``run``: for round t, its candidates, % compiled and %
    correct among them, ``round geomean`` (geomean over problems and repeats of the best
    first-measured speedup of round t alone, incorrect and slower as 1x),
    ``best-so-far geomean`` (the same over rounds 0..t) and ``% solved so far``
    (problems with a correct candidate in rounds 0..t)."""

    def best(cs):
        return max((counted_speedup(c.speedup) for c in cs if c.status == "correct"), default=1.0)

    rounds = sorted({int(c.round or 0) for p in run.problems for c in p.candidates})
    out = []
    for t in rounds:
        in_round = [c for p in run.problems for c in _judged(p.candidates) if (c.round or 0) == t]
        best_t, best_upto, solved = [], [], 0
        for p in run.problems:
            best_t.append(best([c for c in p.candidates if (c.round or 0) == t]))
            upto = [c for c in p.candidates if (c.round or 0) <= t]
            best_upto.append(best(upto))
            solved += any(c.status == "correct" for c in upto)
        n = len(in_round)
        out.append(
            {
                "round": t,
                "candidates": n,
                "% compiled": 100.0 * sum(c.status not in NOT_COMPILED for c in in_round) / n if n else None,
                "% correct": 100.0 * sum(c.status == "correct" for c in in_round) / n if n else None,
                "round geomean": geomean(best_t),
                "best-so-far geomean": geomean(best_upto),
                "% solved so far": 100.0 * solved / len(run.problems),
            }
        )
    return out


def agent_table(run) -> list[dict]:
    """Per-agent contribution in ``run``: candidates, % compiled, % correct, ``geomean``
    of its candidates' first measurements (incorrect and slower as 1x), ``bests``
    (problems and repeats where its candidate was reported), ``lessons`` written,
    ``lessons read by bests`` (how often its lessons were in the prompt of a reported
    best), tokens (prompt + completion), cost (USD) and model time (s, uncached calls)."""
    agents: dict[str, dict] = {}

    def entry(name, model=None):
        a = agents.setdefault(
            name,
            {
                "agent": name,
                "model": model,
                "cands": [],
                "bests": 0,
                "lessons": 0,
                "read": 0,
                "tokens": 0,
                "cost $": 0.0,
                "model s": 0.0,
            },
        )
        a["model"] = a["model"] or model
        return a

    for p in run.problems:
        authors = {l.id: l.agent for l in p.lessons}
        for c in p.candidates:
            entry(str(c.agent), c.model)["cands"].append(c)
        for l in p.lessons:
            entry(str(l.agent), l.model)["lessons"] += 1
        best = next((c for c in p.candidates if c.id == p.row.get("best_id")), None)
        if best is not None and p.row.get("status") == "correct":
            entry(str(best.agent))["bests"] += 1
            for lid in best.lesson_ids or []:
                if authors.get(lid) is not None:
                    entry(str(authors[lid]))["read"] += 1
        for call in p.calls:
            a = entry(str(call.agent), call.model)
            a["tokens"] += int((call.prompt_tokens or 0) + (call.completion_tokens or 0))  # a count: 700.0 is valid
            a["cost $"] += call.cost_usd or 0.0
            a["model s"] += 0.0 if call.cache_hit else (call.latency_s or 0.0)
    out = []
    for a in agents.values():
        cs = _judged(a.pop("cands"))
        n = len(cs)
        out.append(
            {
                "agent": a["agent"],
                "model": a["model"],
                "candidates": n,
                "% compiled": 100.0 * sum(c.status not in NOT_COMPILED for c in cs) / n if n else None,
                "% correct": 100.0 * sum(c.status == "correct" for c in cs) / n if n else None,
                "geomean": geomean([counted_speedup(c.speedup if c.status == "correct" else None) for c in cs])
                if n
                else None,
                "bests": a["bests"],
                "lessons": a["lessons"],
                "lessons read by bests": a["read"],
                "tokens": a["tokens"],
                "cost $": a["cost $"],
                "model s": a["model s"],
            }
        )
    return out


def default_ks(run) -> list[int]:
    """k values for the ParEval table: 1 and the powers of two up to the largest number
    of candidates of a problem."""
    n_max = max((len(p.candidates) for p in run.problems), default=0)
    return [k for k in (1, 2, 4, 8, 16, 32, 64) if k <= max(n_max, 1)]


def pareval_table(run, ks: Sequence[int] | None = None) -> list[dict]:
    """ParEval's metrics per category and k (harness.results.metrics): the mean over problems
    and repeats with at least k candidates (``problems``) of pass@k, build@k,
    speedup_n@k (first measurements, incorrect as 0) and efficiency_n@k (speedup_n@k /
    the run's threads; 1 in serial mode). Raises HarnessError for k < 1."""
    ks = list(ks) if ks else default_ks(run)
    if any(k < 1 for k in ks):
        raise HarnessError(f"--k values must be >= 1 (got {','.join(map(str, ks))})")
    threads = 1 if run.config.get("mode") == "serial" else (run.threads or 1)
    groups: dict[str, list] = {}
    for p in run.problems:
        groups.setdefault(p.category, []).append(p)
    out = []
    for cat, probs in [*sorted(groups.items()), ("all", run.problems)]:
        for k in ks:
            vals = []
            for p in probs:
                n, correct, built, sp = judged_counts(p.candidates)
                if n < k:
                    continue
                vals.append(
                    (
                        pass_at_k(n, correct, k),
                        build_at_k(n, built, k),
                        speedup_n_at_k(sp, k),
                        efficiency_n_at_k(sp, k, threads),
                    )
                )
            m = len(vals)
            out.append(
                {
                    "category": cat,
                    "k": k,
                    "problems": m,
                    "pass@k": sum(v[0] for v in vals) / m if m else None,
                    "build@k": sum(v[1] for v in vals) / m if m else None,
                    "speedup_n@k": sum(v[2] for v in vals) / m if m else None,
                    "efficiency_n@k": sum(v[3] for v in vals) / m if m else None,
                }
            )
    return out


def _category_display(rows: Sequence[Mapping], cell) -> Cells:
    cols = list(COLUMNS)
    cols.insert(cols.index("geomean") + 1, "geomean 95% CI")
    return cols, [
        [
            (
                f"{cell('ci_low', r.get('geomean 95% CI low'))}-{cell('ci_high', r.get('geomean 95% CI high'))}"
                if c == "geomean 95% CI"
                else cell(c, r.get(c))
            )
            for c in cols
        ]
        for r in rows
    ]


def _problem_display(rows: Sequence[Mapping], cell) -> Cells:
    cols = [
        "problem",
        "repeat",
        "status",
        "speedup (95% CI)",
        "first",
        "found in",
        "lessons shown",
        "reference",
        "null",
        "% roofline",
        "ref % roofline",
        "compiled/correct/all",
        "tokens",
        "cost $",
    ]
    cells = []
    for r in rows:
        sp = (
            f"{cell('speedup', r['speedup'])} ({r['ci_low']:.2f}-{r['ci_high']:.2f})"
            if r["speedup"] is not None and r["ci_low"] is not None and r["ci_high"] is not None
            else "-"
        )
        found = f"round {r['round']}, {r['agent']} ({r['model']})" if r["round"] is not None else "-"
        cells.append(
            [
                r["problem"],
                str(r["repeat"]),
                str(r["status"]) + (f" [{r['flags']}]" if r["flags"] else ""),
                sp,
                cell("speedup", r["first_speedup"]),
                found,
                r["lessons shown"] or "-",
                cell("speedup", r["reference"]),
                cell("speedup", r["null"]),
                cell("% roofline", r["% roofline"]),
                cell("ref % roofline", r["ref % roofline"]),
                f"{r['compiled']}/{r['correct']}/{r['candidates']}",
                cell("tokens", r["tokens"]),
                cell("cost $", r["cost $"]),
            ]
        )
    return cols, cells


register_table(
    Table(
        "per_category",
        "Per category",
        "geomean: incorrect and slower count as 1x (LessonL); mean: incorrect counts as 0; geomean 95% CI: "
        "percentile bootstrap over problems, repeats and each speedup's timing noise (10,000 resamples, "
        "seeded); geomean CI>1: a speedup counts only where its CI's lower bound is above 1; null geomean: the "
        "noise floor (the baseline measured as a candidate); % of ref: geomean / the expert reference's "
        "geomean; % roofline: geomean share of the roofline reached by the code kept (the best where correct "
        "and faster, else the baseline), ref % roofline the expert references'. Speedups are re-measurements "
        "on fresh seeds of the best candidate chosen on its first "
        "measurement.",
        lambda run, o: category_table(run.rows, resamples=o.resamples, seed=o.seed),
        _category_display,
    )
)
register_table(
    Table(
        "per_problem",
        "Per problem",
        "speedup: the re-measurement with its 95 % CI; first: the measurement it was chosen on; found in: round "
        "and agent of the reported candidate; lessons shown: the lessons in its prompt (author, round, outcome); "
        "% roofline: the share of this machine's roofline (a lower bound on the time from the problem's "
        "compulsory bytes and FLOP) the reported best reaches, ref % roofline the expert reference's.",
        lambda run, o: problem_details(run),
        _problem_display,
    )
)
register_table(
    Table(
        "per_round",
        "Per round",
        "first measurements of every candidate (the maximum of several noisy numbers is biased upward; the "
        "per-category numbers are re-measurements). round geomean: each problem's best candidate of that round; "
        "best-so-far: of rounds 0..t; incorrect and slower as 1x.",
        lambda run, o: round_table(run),
    )
)
register_table(
    Table(
        "per_agent",
        "Per agent",
        "geomean of the agent's candidates (first measurements, incorrect and slower as 1x); bests: problems "
        "where its candidate was reported; lessons read by bests: how often its lessons were in the prompt of a "
        "reported best.",
        lambda run, o: agent_table(run),
    )
)
register_table(
    Table(
        "pareval_metrics",
        "ParEval metrics",
        "per problem and repeat over its candidates (first measurements), averaged over the problems with at "
        "least k candidates: pass@k and build@k (Chen et al. 2021's unbiased estimator), speedup_n@k = expected "
        "best speedup of k candidates drawn without replacement (incorrect as 0), efficiency_n@k = speedup_n@k / "
        "threads.",
        lambda run, o: pareval_table(run, o.ks),
    )
)
