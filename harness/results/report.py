"""The report of a run's results folder (harness.results.runstore), and of several;
``python -m harness report``.

:func:`build_report` builds every table registered in harness.results.tables from a run's
event log alone (harness.results.runstore.read_run, so old runs re-render with new code)
and draws the plots; harness.results.render renders them; :func:`write_report` writes them
as md, csv, json or html beside the PNGs; :func:`report_runs` is the ``report`` command. The report.md a
run or a score writes when it ends is the same report (:func:`build_report` and
render.to_markdown, without plots, with the session's own figures), so it and
``python -m harness report`` never disagree. The tables and their columns are described in
harness.results.tables and beside each table registered elsewhere (colearning's E-RL
models, score's samples).

Plots (PNG, matplotlib Agg): per-category geomean with its bootstrap interval;
per-problem speedups, sorted, with CIs; best-so-far geomean by round; the roofline of
the run's problems (baseline, reference and best against the machine's roofs) when the
run recorded its roofs.

Several runs (:func:`group_runs`, :func:`runs_table`, :func:`plot_runs`): the strategy
comparison of Liu et al. 2025 (Table 1's layout, Figure 4's cost plot): one table per
(suite, mode), one row per run in the order given (strategy and its non-default options,
team models, the LessonL columns of its "all" row, model calls, evaluations, tokens and
cost per problem, Pareto front), and geomean against cost (tokens for local models) with
the Pareto front marked. Runs of one (suite, mode) must have measured exactly the same
(suite, problem id, mode, size, threads), compare's alignment key; runs of different
suites or modes are never compared with one another (compare finds nothing aligned
between them), so they go to separate tables instead of being refused.
"""

from __future__ import annotations

import html
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from ..core.errors import HarnessError
from ..core.formats import csv_text
from ..core.fsutil import atomic_write
from ..measure import roofline
from ..measure.races import PARTIAL_FLAG
from ..measure.suite import get_problem, remember_suite
from ..models.llm import TEAM_KINDS, TEAM_MANY, agents_called
from .alignment import environment_changes, keyed, require_aligned
from . import plots as charts
from .render import (
    cell,
    html_head,
    html_img,
    html_table,
    md_table,
    print_category_summary,
    print_cells,
    to_html,
    to_markdown,
)
from .runstore import RunRecord, read_run
from .summary import num
from .tables import TableOptions, registered_tables


# --------------------------------------------------------------------------- report from a run

FORMATS = ("md", "csv", "json", "html")
PLOTS = ("category_geomean.png", "speedup_distribution.png", "speedup_by_round.png")
ROOFLINE_PLOT = "roofline.png"  # when the run recorded its roofs (roofline_points)
MANIFEST = ".harness-report"  # the file names the last rendering wrote into its folder


@dataclass
class RunReport:
    """Everything a report of one run holds: the run, ``tables``
    {name: rows (list of dicts, raw values: speedups unitless, percentages in percent,
    cost USD, times s)} in the order of harness.results.tables.registered_tables,
    ``header`` {label: text} (:func:`run_header`), ``session`` {label: text}: what the
    session that wrote it measured (model calls, tokens, time; only in the report.md a
    run writes when it ends), ``plots`` {file name: PNG bytes}."""

    run: RunRecord
    tables: dict
    header: dict
    session: dict = field(default_factory=dict)
    plots: dict = field(default_factory=dict)


def run_header(run) -> dict:
    """{label: text} describing ``run``: state, strategy and options, the evidence its
    prompts showed, team, mode, threads, sizes, compiler, flags and resolved -march,
    machine, suite version, harness revision, repeats; for a score run its group and the
    problem ids it skipped; ``warnings`` when the event log holds damaged values."""
    c = run.config
    team = ", ".join(f"{a.get('name')}={a.get('model')}" for a in (c.get("team") or {}).get("agents", []))
    comp = c.get("compiler") or {}
    mach = c.get("machine") or {}
    opts = c.get("options") or {}
    score = c.get("score") or {}
    return {
        "run": run.run_id,
        "state": run.state,
        "strategy": f"{c.get('strategy')} {c.get('strategy_options', {})}",
        "evidence in prompts": str(opts.get("evidence", "full")),
        "team": team or "-",
        "mode": f"{c.get('mode')}, threads {c.get('threads')}, {'quick sizes' if c.get('quick') else 'default sizes'}",
        "compiler": f"{comp.get('compiler_version')}; flags `{comp.get('flags')}`; "
        f"-march={comp.get('march')} resolved to {comp.get('resolved_march')}",
        "machine": f"{mach.get('cpu_model')}, {len(mach.get('usable_cpus', []))} usable CPUs",
        "suite": f"{c.get('suite')}, version {str(c.get('suite_version') or 'unknown')[:12]}",
        "harness": f"git {c.get('git_revision')}",
        "repeats": str(opts.get("repeats", 1)),
        **(
            {"score group": f"the replies of {score['group_by']} `{score.get('group')}`"}
            if score.get("group_by")
            else {}
        ),
        **(
            {
                "skipped (--skip-unknown)": "problem ids not in this suite: "
                + ", ".join(f"{k} ({v})" for k, v in score["skipped_unknown"].items())
            }
            if score.get("skipped_unknown")
            else {}
        ),
        "problems finished": str(len(run.problems)),
        "wall time (event log)": f"{run.wall_s:.0f} s; {run.evaluations} evaluations, {run.eval_s:.0f} s",
        **({"warnings": "; ".join(run.warnings)} if run.warnings else {}),
        **(
            {
                "race check partial": f"{partial} of {len(run.problems)} reported candidates: their race check "
                "did not reach the timed size or finish (--race-check strict rejects them)"
            }
            if (partial := sum(PARTIAL_FLAG in str(r.get("flags") or "") for r in run.rows))
            else {}
        ),
    }


def build_report(
    run,
    *,
    plots: bool = True,
    ks: Sequence[int] | None = None,
    resamples: int | None = None,
    seed: int | None = None,
    session: Mapping | None = None,
) -> RunReport:
    """Every registered table of ``run`` (runstore.RunRecord; an optional table only when
    it has rows), built with ``ks`` (None: the run's own ``--k``, recorded in its config
    options, else tables.default_ks), ``resamples`` and ``seed`` (tables.TableOptions);
    ``session``: the writing session's figures (RunReport.session); the plots unless
    ``plots`` is False. Raises HarnessError for bad ks."""
    if not ks:  # the k values the run was made with (score --k), so report.md and `report` agree
        recorded = (run.config.get("options") or {}).get("ks")
        if isinstance(recorded, list) and recorded and all(isinstance(k, int) and k >= 1 for k in recorded):
            ks = recorded
    opts = TableOptions(ks=tuple(ks) if ks else None, resamples=resamples, seed=seed)
    tables = {}
    for t in registered_tables():
        rows = t.build(run, opts)
        if rows or not t.optional:
            tables[t.name] = rows
    rep = RunReport(run=run, tables=tables, header=run_header(run), session=dict(session or {}))
    if plots:
        rep.plots = dict(
            zip(
                PLOTS,
                (
                    charts.plot_categories(tables["per_category"], run.run_id),
                    charts.plot_distribution(tables["per_problem"], run.run_id),
                    charts.plot_rounds(tables["per_round"], run.run_id),
                ),
            )
        )
        roof = roofline_points(run)
        if roof is not None:
            points, left_out = roof
            rep.plots[ROOFLINE_PLOT] = charts.plot_roofline(
                points,
                run.config["roofs"],
                run.threads,
                left_out,
                f"{run.config.get('suite')} {run.config.get('mode')}",
            )
    return rep


def roofline_points(run) -> tuple[list[dict], int] | None:
    """The points of the run's roofline plot (harness.results.plots.plot_roofline), from
    its rows' roofline shares (harness.measure.roofline), the roofs in its config.json
    and its problems' work models: per problem (first replicate) the arithmetic intensity
    (the baseline algorithm's FLOP per compulsory byte) and the GFLOP/s of the baseline,
    the expert reference and the reported best (that FLOP count / the time the share
    gives: a candidate with a cheaper algorithm shows its effective rate). Returns
    (points, problems left out: no FLOP, no bound, not found), or None when the run
    recorded no roofs or no problem can be drawn."""
    roofs, threads = run.config.get("roofs"), run.threads
    if not isinstance(roofs, dict) or threads is None:
        return None
    remember_suite(run.config)
    points, left_out = [], 0
    for pr in run.problems:
        if pr.repeat != 0:
            continue
        try:
            problem = get_problem(pr.problem, str(run.config.get("suite")))
            bound = roofline.bound_for(problem, pr.size, threads, roofs) if pr.size is not None else "no size"
            work = roofline.work_of(problem) if not isinstance(bound, str) else None
            flops = float(work.flops_at(pr.size)) if work is not None else 0.0
        except (HarnessError, ValueError, TypeError, KeyError, AttributeError, ZeroDivisionError):
            bound, flops = "unreadable", 0.0
        if isinstance(bound, str) or flops <= 0:
            left_out += 1
            continue

        def rate(pct, flops=flops, bound=bound):
            pct = num(pct)
            return flops * pct / (100.0 * bound.bound_ns) if pct else None  # FLOP per ns = GFLOP/s

        points.append(
            {
                "problem": pr.problem,
                "ai": flops / bound.bytes,
                "baseline": rate(pr.row.get("baseline_roofline_pct")),
                "reference": rate(pr.row.get("reference_roofline_pct")),
                "best": rate(pr.row.get("roofline_pct")),
            }
        )
    points = [p for p in points if p["baseline"] or p["reference"] or p["best"]]
    return (points, left_out) if points else None


def write_run_results(store, rows: Sequence[Mapping], session: Mapping[str, str]) -> RunReport | None:
    """What a run (or a score group) leaves in its folder when a session ends:
    problems.csv/json with ``rows`` (runstore.RunStore.write_table) and report.md, the
    report of the folder read back (:func:`build_report` without plots, the run's
    recorded --k) with ``session``'s figures ({label: text}) under "Where the time went".
    Returns that report, None when ``rows`` is empty (report.md is then not written)."""
    store.write_table(list(rows))
    if not rows:
        return None
    rep = build_report(read_run(store.root), plots=False, session=dict(session))
    store.write_report(to_markdown(rep))
    return rep


def write_report(rep: RunReport, out_dir: Path, formats: Sequence[str] = ("md",)) -> list[Path]:
    """Write ``rep`` into ``out_dir``: the PNGs, and per format: ``report.md``;
    ``<table>.csv`` per table; ``<table>.json`` per table (a list of records:
    ``pandas.read_json(path)`` loads it); ``report.html`` (self-contained). The names
    written are listed in ``out_dir/.harness-report``; files an earlier rendering listed
    there and this one does not write (other formats, plots) are removed, so the folder
    never mixes two renderings; no other file is touched. Returns the paths written.
    Raises HarnessError for an unknown format or an unwritable folder."""
    bad = [f for f in formats if f not in FORMATS]
    if bad:
        raise HarnessError(f"unknown report format '{bad[0]}' (choose from {', '.join(FORMATS)})")
    out_dir = Path(out_dir)
    files: dict[Path, str | bytes] = {out_dir / n: png for n, png in rep.plots.items()}
    for fmt in formats:
        if fmt == "md":
            files[out_dir / "report.md"] = to_markdown(rep)
        elif fmt == "html":
            files[out_dir / "report.html"] = to_html(rep)
        else:
            for name in rep.tables:
                rows = rep.tables[name]
                files[out_dir / f"{name}.{fmt}"] = (
                    csv_text(rows) if fmt == "csv" else json.dumps(rows, indent=1, default=str) + "\n"
                )
    _write_files(out_dir, files)
    return list(files)


def _write_files(out_dir: Path, files: Mapping[Path, str | bytes]) -> None:
    """Write ``files`` {path in out_dir: text or bytes} atomically and record their
    names in ``out_dir/.harness-report``, removing the files an earlier rendering listed
    there and this one does not write (nothing else). Raises HarnessError when the
    folder is not writable."""
    try:
        for path, data in files.items():
            atomic_write(path, data)
        manifest = out_dir / MANIFEST
        try:
            before = set(json.loads(manifest.read_text()))
        except (OSError, ValueError, TypeError):
            before = set()
        written = sorted(p.name for p in files)
        for name in before - set(written):
            if name == Path(name).name:  # a bare file name of this folder, nothing else
                (out_dir / name).unlink(missing_ok=True)
        atomic_write(manifest, json.dumps(written) + "\n")
    except OSError as e:
        raise HarnessError(f"cannot write the report to {out_dir}: {e.strerror or e}") from None


# --------------------------------------------------------------------------- several runs: Table 1

# The comparison table (Liu et al., arXiv 2505.23946, Table 1 layout): one row per run.
RUN_METRICS = (
    "% compiled",
    "% correct",
    "geomean",
    "geomean 95% CI low",
    "geomean 95% CI high",
    "mean",
    "% >=2x",
    "geomean CI>1",
)
_RUNS_NOTE = (
    "One row per run, in the order given (the layout of Liu et al. 2025, Table 1). geomean: "
    "incorrect and slower count as 1x; mean: incorrect counts as 0; % >=2x: correct with speedup "
    ">= 2; geomean CI>1: a speedup counts only where its 95 % CI's lower bound is above 1; geomean "
    "95% CI: percentile bootstrap over problems, repeats and timing noise. Per problem: averaged "
    "over problems and repeats (tokens: prompt + completion; cost in USD); '-': not recorded by the "
    "run (runs made before model calls and evaluations were counted). Pareto: not dominated in "
    "{x} against geomean (no other run has lower-or-equal {x} and higher-or-equal geomean, one of "
    "them strictly). The runs of a table measured the same (suite, problem id, mode, size, threads)."
)


def pareto_front(points: Sequence[tuple[float, float]]) -> list[bool]:
    """Which of ``points`` [(cost, geomean), ...] lie on the Pareto front of cost (lower
    is better: USD or tokens per problem) against geomean speedup (higher is better), as
    in the cost plot of Liu et al. 2025 (Figure 4): True where no other point has
    cost <= and geomean >= with at least one of them strictly better; equal points are
    all on the front. Returns one bool per point, in order (O(n^2))."""
    return [not any(c2 <= c and g2 >= g and (c2 < c or g2 > g) for c2, g2 in points) for c, g in points]


#: A strategy's registry entry by name, None for a name this version does not know: what
#: the comparison of runs reads for its options column (the entry's ``defaults()``) and
#: team column (its ``team``, a harness.models.llm team kind). The results layer lies below
#: the strategies, so the caller hands it in (harness.strategies.registry.find).
StrategyLookup = Callable[[str], Any]


def key_options(config: Mapping, info=None) -> str:
    """The strategy parameters of a run (config.json "strategy_options") whose values
    differ from the strategy's defaults, as "name=value, ..." ("" when all are
    defaults; recorded facts that are no parameter, such as lessonl's "relevance",
    follow from the parameters and are left out). The defaults are the ones the run
    recorded (config.json "strategy_defaults"), so an old run's column does not change
    when a later version changes a default; for a run that recorded none (made before
    they were recorded), those of ``info``, the strategy's registry entry (its
    ``defaults()``); every recorded option when there is neither (a strategy this
    version does not know, or no registry given)."""
    opts = (config.get("strategy_options") or {}).items()
    defaults = config.get("strategy_defaults")
    if not isinstance(defaults, Mapping):
        defaults = info.defaults() if info is not None else None
    if defaults is None:
        return ", ".join(f"{k}={v}" for k, v in opts)
    return ", ".join(f"{k}={v}" for k, v in opts if k in defaults and defaults[k] != v)


def team_models(config: Mapping, info=None) -> str:
    """The models of the agents a run's strategy used (config.json), in team order, a
    model used by several agents once as "<model> xN", then the roles ("; aggregator:
    <model>"): the first agent for a one-agent strategy, "-" for one that calls no model.
    The team kind (harness.models.llm.TEAM_KINDS) is the one the run recorded
    (config.json "team_kind"), else that of ``info`` (the strategy's registry entry),
    else every agent (a strategy this version does not know, or no registry given)."""
    team = config.get("team") or {}
    kind = config.get("team_kind")
    if kind not in TEAM_KINDS:
        kind = info.team if info else TEAM_MANY
    agents = agents_called(kind, [a for a in team.get("agents", []) if isinstance(a, dict)])
    counts = Counter(str(a.get("model", "?")) for a in agents)
    text = ", ".join(m if k == 1 else f"{m} x{k}" for m, k in counts.items())
    model_of = {a.get("name"): a.get("model") for a in agents}
    roles = [f"{role}: {model_of[name]}" for role, name in (team.get("roles") or {}).items() if name in model_of]
    return "; ".join([text] + roles) if text else "-"


def group_runs(runs: Sequence) -> list[tuple[tuple[str, str], list[int]]]:
    """The indices of ``runs`` (runstore.RunRecord) grouped by (suite, mode), groups in
    the order of their first run, runs in the order given: one comparison table each, as
    Table 1 of Liu et al. 2025 has one block per suite and mode. Runs of one group must
    have measured exactly the same (suite, problem id, mode, size, threads); raises
    HarnessError (one line, alignment.require_aligned) for two that did not, e.g. other
    problems, sizes or thread counts."""
    groups: dict[tuple[str, str], list[int]] = {}
    for i, run in enumerate(runs):
        groups.setdefault((str(run.config.get("suite", "pareval")), str(run.config.get("mode"))), []).append(i)
    for idx in groups.values():
        for i in idx[1:]:
            require_aligned(runs[idx[0]], runs[i])
    return list(groups.items())


def _per_problem(rows: Sequence[Mapping], key: str) -> float | None:
    """The mean of ``key`` over ``rows``; None when a row does not record it."""
    vals = [num(r.get(key)) for r in rows]
    known = [v for v in vals if v is not None]
    return None if not vals or len(known) < len(vals) else sum(known) / len(known)


def cost_axis(table: Sequence[Mapping]) -> str:
    """The cost column of a runs table to plot and to find the Pareto front on:
    "cost $ / problem" (USD), or "tokens / problem" when no run cost anything (local
    models)."""
    return "cost $ / problem" if any((r.get("cost $ / problem") or 0) > 0 for r in table) else "tokens / problem"


def runs_table(reports: Sequence[RunReport], strategy_info: StrategyLookup | None = None) -> list[dict]:
    """The comparison table of runs of one suite and mode on the same problems (see
    :func:`group_runs`), Liu et al. 2025 Table 1's layout: one row per run in the order
    given with suite, mode, threads, run (id), strategy, options (:func:`key_options`),
    team (:func:`team_models`; both read the strategy's registry entry through
    ``strategy_info``, see :data:`StrategyLookup`), problems, repeats (replicates per problem, ``run
    --repeats``; their mean when they differ), the per-category
    "all" row's LessonL columns (:func:`summarize`: % compiled, % correct, geomean with
    its 95 % bootstrap interval, mean, % >=2x, geomean CI>1; percent and unitless),
    model calls, evaluations, tokens (prompt + completion) and cost (USD) per problem
    (None when a row does not record them), and ``pareto front`` (bool,
    :func:`pareto_front` on :func:`cost_axis` against geomean)."""
    out = []
    for rep in reports:
        c, rows, allrow = rep.run.config, rep.run.rows, rep.tables["per_category"][-1]
        info = strategy_info(str(c.get("strategy"))) if strategy_info else None
        n, problems = allrow["n"], len({p.problem for p in rep.run.problems})
        out.append(
            {
                "suite": c.get("suite", "pareval"),
                "mode": c.get("mode"),
                "threads": rep.run.threads,
                "run": rep.run.run_id,
                "strategy": c.get("strategy"),
                "options": key_options(c, info),
                "team": team_models(c, info),
                "problems": problems,
                "repeats": n // problems if n % problems == 0 else n / problems,
                **{k: allrow[k] for k in RUN_METRICS},
                "model calls / problem": _per_problem(rows, "model_calls"),
                "evaluations / problem": _per_problem(rows, "evaluations"),
                "tokens / problem": allrow["tokens"] / n,
                "cost $ / problem": allrow["cost $"] / n,
            }
        )
    axis = cost_axis(out)
    for r, front in zip(out, pareto_front([(r[axis], r["geomean"]) for r in out])):
        r["pareto front"] = front
    return out


def _runs_display(table: Sequence[Mapping]) -> tuple[list[str], list[list[str]]]:
    """Header and cells of a runs table for humans (md, html, console)."""
    cols = [
        "#",
        "strategy",
        "options",
        "team",
        "repeats",
        "% compiled",
        "% correct",
        "geomean",
        "geomean 95% CI",
        "mean",
        "% >=2x",
        "geomean CI>1",
        "calls / problem",
        "evaluations / problem",
        "tokens / problem",
        "cost $ / problem",
        "Pareto",
        "run",
    ]
    cells = []
    for i, r in enumerate(table, start=1):
        calls, evals = r["model calls / problem"], r["evaluations / problem"]
        cells.append(
            [
                str(i),
                str(r["strategy"]),
                r["options"] or "-",
                r["team"],
                f"{r['repeats']:g}",
                *[cell(k, r[k]) for k in ("% compiled", "% correct", "geomean")],
                f"{cell('ci_low', r['geomean 95% CI low'])}-{cell('ci_high', r['geomean 95% CI high'])}",
                *[cell(k, r[k]) for k in ("mean", "% >=2x", "geomean CI>1")],
                "-" if calls is None else f"{calls:.1f}",
                "-" if evals is None else f"{evals:.1f}",
                f"{r['tokens / problem']:.0f}",
                f"{r['cost $ / problem']:.4f}",
                "yes" if r["pareto front"] else "no",
                str(r["run"]),
            ]
        )
    return cols, cells


def _point_labels(table: Sequence[Mapping]) -> list[str]:
    """Each run's strategy (and options); prefixed with its row number when labels repeat."""
    labels = [f"{r['strategy']}" + (f" ({r['options']})" if r["options"] else "") for r in table]
    if len(set(labels)) < len(labels):
        labels = [f"#{i} {label}" for i, label in enumerate(labels, start=1)]
    return labels


def plot_runs(table: Sequence[Mapping], title: str = "") -> bytes:
    """PNG (the cost plot of Liu et al. 2025, Figure 4): each run's geomean (95 %
    interval as error bars) against its cost per problem in USD, or tokens per problem
    when no run cost anything (:func:`cost_axis`); runs on the Pareto front filled and
    joined by the front's step line, the dominated ones hollow; every point labelled
    with its strategy (and options)."""
    from matplotlib.ticker import MaxNLocator

    plt = charts.pyplot()
    axis = cost_axis(table)
    fig, ax = plt.subplots(figsize=(5.6, 3.8))
    legend = {True: "on the Pareto front", False: "dominated"}
    for r, label in zip(table, _point_labels(table)):
        g = r["geomean"]
        err = [[g - (r["geomean 95% CI low"] or g)], [(r["geomean 95% CI high"] or g) - g]]
        front = r["pareto front"]
        ax.errorbar(
            [r[axis]],
            [g],
            yerr=err,
            fmt="o",
            capsize=3,
            color="#c44e52" if front else "#4c72b0",
            mfc="#c44e52" if front else "white",
            zorder=3,
            label=legend.pop(front, None),
        )
        ax.annotate(label, (r[axis], g), fontsize=6, xytext=(4, 4), textcoords="offset points")
    front = sorted((r[axis], r["geomean"]) for r in table if r["pareto front"])
    ax.plot(*zip(*front), drawstyle="steps-post", color="#c44e52", lw=1, ls="--")
    ax.axhline(1.0, color="black", lw=0.8)
    shown = [1.0] + [v for r in table for v in (r["geomean"], r["geomean 95% CI low"], r["geomean 95% CI high"]) if v]
    if max(shown) > 10.0:
        charts.log_y(ax, shown)
    ax.xaxis.set_major_locator(MaxNLocator(4))
    ax.ticklabel_format(axis="x", useOffset=False, style="plain")
    ax.set_xlabel(
        "cost per problem (USD)" if axis == "cost $ / problem" else "tokens per problem (prompt + completion)"
    )
    ax.set_ylabel("geomean speedup (x)")
    ax.set_title(f"Geomean speedup vs {'cost' if axis == 'cost $ / problem' else 'tokens'} {title}".strip(), fontsize=9)
    ax.legend(fontsize=7)
    return charts.png(fig)


@dataclass
class RunsComparison:
    """The comparison of several runs that ``report`` writes: ``tables`` [((suite,
    mode), runs table rows)] in the order of :func:`group_runs`, ``warnings`` {(suite,
    mode): [line]} (alignment.environment_changes between a table's first run and each
    other: compiler, flags, CPU, suite version, ...), ``plots`` {file name: PNG bytes}."""

    tables: list
    warnings: dict
    plots: dict = field(default_factory=dict)


def build_comparison(
    reports: Sequence[RunReport], groups: Sequence, *, plots: bool = True, strategy_info: StrategyLookup | None = None
) -> RunsComparison:
    """The runs tables, their environment warnings and (unless ``plots`` is False) one
    cost plot per table (``cost_vs_geomean_<suite>_<mode>.png``), for ``reports`` grouped
    by :func:`group_runs` (``groups``: its result on the reports' runs)."""
    cmp = RunsComparison(tables=[], warnings={})
    for key, idx in groups:
        reps = [reports[i] for i in idx]
        first, aligned = reps[0].run, [k[1] for k in keyed(reps[0].run)]
        warns = [w for rep in reps[1:] for w in environment_changes(first, rep.run, aligned)[0]]
        table = runs_table(reps, strategy_info)
        cmp.tables.append((key, table))
        cmp.warnings[key] = list(dict.fromkeys(warns))
        if plots:
            cmp.plots[_plot_name(key)] = plot_runs(table, f"({key[0]}, {key[1]})")
    return cmp


def _plot_name(key: tuple) -> str:
    return f"cost_vs_geomean_{key[0]}_{key[1]}.png"


def _heading(key: tuple, table: Sequence[Mapping]) -> str:
    return f"{key[0]}, {key[1]} mode, {table[0]['threads']} thread(s), {table[0]['problems']} problem(s)"


def runs_markdown(cmp: RunsComparison) -> str:
    """runs.md: per (suite, mode) its warnings, the table, the notes and the plot."""
    out = ["# Strategy comparison\n"]
    for key, table in cmp.tables:
        cols, cells = _runs_display(table)
        out.append(f"\n## {_heading(key, table)}\n\n")
        out += [f"> warning: {w}\n" for w in cmp.warnings[key]]
        out.append(
            ("\n" if cmp.warnings[key] else "")
            + md_table(cols, cells)
            + "\n"
            + _RUNS_NOTE.format(x=cost_axis(table))
            + "\n"
        )
        png = _plot_name(key)
        if png in cmp.plots:
            out.append(f"\n![{png}](./{png})\n")
    return "".join(out)


def runs_html(cmp: RunsComparison) -> str:
    """runs.html: :func:`runs_markdown`'s content as one self-contained page."""
    e = html.escape
    parts = [html_head("Strategy comparison"), "<h1>Strategy comparison</h1>"]
    for key, table in cmp.tables:
        parts.append(f"<h2>{e(_heading(key, table))}</h2>")
        parts += [f"<p class='note'>warning: {e(w)}</p>" for w in cmp.warnings[key]]
        parts.append(
            html_table(*_runs_display(table)) + f"<p class='note'>{e(_RUNS_NOTE.format(x=cost_axis(table)))}</p>"
        )
        png = _plot_name(key)
        if png in cmp.plots:
            parts.append(html_img(png, cmp.plots[png]))
    parts.append("</body></html>\n")
    return "".join(parts)


def write_runs(cmp: RunsComparison, out_dir: Path, formats: Sequence[str] = ("md",)) -> list[Path]:
    """Write the comparison into ``out_dir``: the plots, and per format ``runs.md``,
    ``runs.csv`` / ``runs.json`` (every table's rows in one file, with their suite and
    mode columns; ``pandas.read_json(path)`` loads them, and so does
    ``pandas.read_csv(path, keep_default_na=False, na_values=[""])``: by default pandas
    reads the strategy name "null" as missing), ``runs.html``. Files
    an earlier rendering wrote there and this one does not are removed (as
    :func:`write_report`). Returns the paths; raises HarnessError for an unwritable
    folder."""
    out_dir = Path(out_dir)
    rows = [r for _, table in cmp.tables for r in table]
    files: dict[Path, str | bytes] = {out_dir / n: png for n, png in cmp.plots.items()}
    render = {
        "md": runs_markdown,
        "html": runs_html,
        "csv": lambda c: csv_text(rows),
        "json": lambda c: json.dumps(rows, indent=1, default=str) + "\n",
    }
    for fmt in formats:
        files[out_dir / f"runs.{fmt}"] = render[fmt](cmp)
    _write_files(out_dir, files)
    return list(files)


def parse_formats(text: str) -> list[str]:
    """The formats of a ``--format`` option ("md,csv"). Raises HarnessError (one line)
    for one not in FORMATS, or none."""
    formats = [f.strip() for f in text.split(",") if f.strip()]
    bad = [f for f in formats if f not in FORMATS]
    if bad or not formats:
        raise HarnessError(f"unknown report format '{bad[0] if bad else text}' (choose from {', '.join(FORMATS)})")
    return formats


def report_runs(
    paths: Sequence[str | Path],
    formats: Sequence[str] = ("md",),
    output: str | Path | None = None,
    ks: Sequence[int] | None = None,
    plots: bool = True,
    strategy_info: StrategyLookup | None = None,
) -> int:
    """``python -m harness report RUN [RUN ...]``: re-render the tables and plots of each
    run folder of ``paths`` from its event log into ``RUN/report/`` (or ``output``, one
    sub-folder per run when several are given) in ``formats`` (of FORMATS; plots:
    PNGs too). With several runs also the strategy comparison (:func:`group_runs`,
    :func:`runs_table`, :func:`plot_runs`): one table and one cost plot per (suite,
    mode), written as ``runs.md`` (always), ``runs.<format>`` and
    ``cost_vs_geomean_<suite>_<mode>.png`` into ``output``, else into ``<the first run's
    parent>/runs-report``. ``ks``: the k values of pass@k and the like (None: 1, 2, 4,
    ... up to the candidates per problem). Prints each per-category table, then each
    comparison table. Returns 0; raises HarnessError (exit 2) before anything is written
    for a missing or damaged run folder, or two runs of one suite and mode that did not
    measure the same problems, sizes and thread count. ``strategy_info`` looks up a
    strategy's registry entry for the comparison's options and team columns
    (:data:`StrategyLookup`; the CLI passes harness.strategies.registry.find)."""
    from rich.console import Console

    formats = list(formats)
    runs = [read_run(Path(p)) for p in paths]  # all read and checked before anything is written
    groups = group_runs(runs) if len(runs) > 1 else []
    console = Console(highlight=False, soft_wrap=True)
    reports = []
    for run in runs:
        rep = build_report(run, plots=plots, ks=ks)
        if output:
            out = Path(output) / (run.run_id if len(runs) > 1 else "")
        else:
            out = run.root / "report"
        for w in run.warnings:
            print(f"warning: {run.run_id}: {w}", file=sys.stderr)
        paths = write_report(rep, out, formats)
        print_category_summary(
            rep.tables["per_category"],
            console,
            title=f"{run.run_id} ({run.state})",
            model_columns=any(p.calls for p in run.problems),
        )
        console.print(f"wrote {len(paths)} file(s) to {out}")
        reports.append(rep)
    if groups:
        out = Path(output) if output else runs[0].root.parent / "runs-report"
        cmp = build_comparison(reports, groups, plots=plots, strategy_info=strategy_info)
        said = {f"run {r.run_id}: {w}" for r in runs for w in r.warnings}  # printed above
        for key, table in cmp.tables:
            for w in cmp.warnings[key]:
                if w not in said:
                    print(f"warning: {key[0]}, {key[1]}: {w}", file=sys.stderr)
            cols, cells = _runs_display(table)  # the run ids are in the files
            print_cells(
                cols[:-1],
                [row[:-1] for row in cells],
                console,
                title=f"Strategies: {_heading(key, table)}",
                left=4,
                width=200,
            )
        paths = write_runs(cmp, out, ["md"] + [f for f in formats if f != "md"])  # markdown always
        console.print(f"wrote the strategy comparison ({len(paths)} file(s)) to {out}")
    return 0


def parse_ks(text: str) -> list[int]:
    """The k values of a ``--k`` option ("1,5,10"). Raises HarnessError (one line) for
    a value that is not an integer >= 1, or none."""
    try:
        ks = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise HarnessError(f"--k: '{text}' is not a comma-separated list of integers") from None
    if not ks or min(ks) < 1:
        raise HarnessError(f"--k values must be >= 1 (got '{text}')")
    return ks
