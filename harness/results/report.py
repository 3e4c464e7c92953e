"""Tables and plots of a run's results folder (harness.results.runstore); ``python -m
harness report``.

harness.results.summary.summarize (its columns are listed there) and
:func:`render_markdown` make the per-category table a run prints and writes as
report.md. :func:`build_report` rebuilds every table from a run's event
log alone (harness.results.runstore.read_run, so old runs re-render with new code) and draws
the plots; :func:`write_report` writes them as md, csv, json or html beside the PNGs;
:func:`cmd_report` is the CLI. Tables of a :class:`RunReport`:

* per category: the summary's columns plus ``geomean 95% CI`` (a bootstrap over problems,
  replicates and each speedup's timing noise, harness.results.metrics);
* per problem: status, reported speedup with CI, the first measurement, the round,
  agent and model that found the best, the lessons its prompt showed (author, round,
  outcome), reference and noise floor, candidates compiled / correct / all, tokens, cost;
* per round: candidates, % compiled and % correct in the round, the geomean of each
  problem's best candidate of the round and the best-so-far geomean up to it (first
  measurements: the maximum of several noisy numbers is biased upward; the final
  numbers are re-measurements);
* per agent: candidates, % compiled, % correct, geomean of its candidates, problems
  where its candidate was the best, lessons written and lessons read by a best, tokens,
  cost, model time;
* ParEval metrics (harness.results.metrics): pass@k, build@k, speedup_n@k, efficiency_n@k per
  category over the candidates of each problem and repeat. In a LessonL run the
  candidates of later rounds depend on earlier ones, so these are descriptive, not
  ParEval's i.i.d. samples.
* E-RL models (colearning runs only, :func:`erl_table`): per model, how often E-RL chose
  it and with what outcome.

Plots (PNG, matplotlib Agg): per-category geomean with its bootstrap interval;
per-problem speedups, sorted, with CIs; best-so-far geomean by round.

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

import base64
import html
import io
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..core.errors import HarnessError
from ..core.formats import csv_text
from ..core.fsutil import atomic_write
from ..measure.evaluate import NO_VERDICT, NOT_COMPILED
from ..models.llm import TEAM_MANY, agents_called
from .alignment import environment_changes, keyed, require_aligned
from .metrics import (RESAMPLES, SEED, SpeedupSamples, bootstrap_geomean, build_at_k, counted_speedup,
                      efficiency_n_at_k, log_sigma, pass_at_k, speedup_n_at_k)
from .rows import AMOUNT, INDEX, ROW_FIELDS, SPEEDUP, RowField
from .runstore import read_run
from .summary import COLUMNS, geomean, num, summarize, truthy



def _fmt(col: str, v) -> str:
    if v is None:
        return "-"
    if col in ("geomean", "mean", "geomean CI>1", "null geomean", "reference"):
        return f"{v:.2f}x"
    if col.startswith("%"):
        return f"{v:.0f}%"
    if col == "cost $":
        return f"{v:.4f}"
    if col == "wall s":
        return f"{v:.0f}"
    return str(v)


def markdown_table(summary: Sequence[Mapping]) -> str:
    """The summary rows as a GitHub markdown table."""
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "|".join("---" for _ in COLUMNS) + "|"]
    for s in summary:
        lines.append("| " + " | ".join(_fmt(c, s.get(c)) for c in COLUMNS) + " |")
    return "\n".join(lines) + "\n"


def problem_table(rows: Sequence[Mapping]) -> str:
    """Per-problem markdown table: status, reported speedup with CI, first measurement,
    reference, candidates compiled/correct."""
    lines = ["| problem | repeat | status | speedup (95 % CI) | first | reference | compiled/correct/all |",
             "|---|---|---|---|---|---|---|"]
    for r in rows:
        s, lo, hi = num(r.get("speedup")), num(r.get("ci_low")), num(r.get("ci_high"))
        sp = f"{s:.2f}x ({lo:.2f}-{hi:.2f})" if s is not None and lo is not None and hi is not None else "-"
        first, ref = num(r.get("first_speedup")), num(r.get("reference_speedup"))
        lines.append(f"| {r.get('problem')} | {r.get('repeat', 0)} | {r.get('status')} | {sp} | "
                     f"{f'{first:.2f}x' if first is not None else '-'} | "
                     f"{f'{ref:.2f}x' if ref is not None else '-'} | "
                     f"{r.get('candidates_compiled', 0)}/{r.get('candidates_correct', 0)}/{r.get('candidates', 0)} |")
    return "\n".join(lines) + "\n"


def render_markdown(rows: Sequence[Mapping], config: Mapping | None = None,
                    breakdown: Mapping | None = None) -> str:
    """report.md: header (run id, strategy, team, mode, compiler and flags, machine), the
    per-category table, the column definitions, the per-problem table and the measured
    breakdown (tokens/s, model time, evaluation time)."""
    config = config or {}
    out = [f"# Run {config.get('run_id', '')}\n"]
    if config:
        team = ", ".join(f"{a.get('name')}={a.get('model')}" for a in (config.get("team") or {}).get("agents", []))
        comp = config.get("compiler") or {}
        mach = config.get("machine") or {}
        evidence = (config.get("options") or {}).get("evidence", "full")
        out.append(f"- strategy: {config.get('strategy')} {config.get('strategy_options', {})}; "
                   f"evidence in prompts: {evidence}\n"
                   f"- team: {team or '-'}\n- mode: {config.get('mode')}, threads: {config.get('threads')}, "
                   f"quick sizes: {config.get('quick')}\n"
                   f"- compiler: {comp.get('compiler_version')}; flags `{comp.get('flags')}`\n"
                   f"- machine: {mach.get('cpu_model')}, {len(mach.get('usable_cpus', []))} usable CPUs; "
                   f"git {config.get('git_revision')}\n")
    out.append("\n## Per category\n\n" + markdown_table(summarize(rows)))
    out.append("\ngeomean: incorrect and slower count as 1x; mean: incorrect counts as 0; "
               "geomean CI>1: a speedup counts only where its 95 % CI's lower bound is above 1; "
               "speedups are re-measurements on fresh seeds of the best candidate chosen on its "
               "first measurement; null geomean: the noise floor (the baseline's own source "
               "measured the same way); % of ref: geomean / the expert reference's geomean.\n")
    out.append("\n## Per problem\n\n" + problem_table(rows))
    if breakdown:
        out.append("\n## Where the time went\n\n" + "\n".join(f"- {k}: {v}" for k, v in breakdown.items()) + "\n")
    return "".join(out)


def print_table(summary: Sequence[Mapping], console=None, title: str = "Per-category results") -> None:
    """Print the summary with rich (a plain console if none is given)."""
    _print_cells(COLUMNS, [[_fmt(c, s.get(c)) for c in COLUMNS] for s in summary], console, title,
                 bold=[s.get("category") == "all" for s in summary])


def _print_cells(cols: Sequence[str], cells: Sequence[Sequence[str]], console=None, title: str = "",
                 bold: Sequence[bool] = (), left: int = 1, width: int = 150) -> None:
    """Print a table with rich: the first ``left`` columns left-aligned, rows whose
    ``bold`` entry is True in bold; at least ``width`` characters wide when the console
    is not a terminal (a pipe or file: do not squeeze)."""
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    if not console.is_terminal and console.width < width:
        console = Console(file=console.file, width=width, highlight=False)
    t = Table(title=title)
    for i, c in enumerate(cols):  # long text folds onto more lines rather than being cut
        t.add_column(c, justify="left" if i < left else "right", overflow="fold")
    for i, row in enumerate(cells):
        t.add_row(*row, style="bold" if i < len(bold) and bold[i] else None)
    console.print(t)


# --------------------------------------------------------------------------- report from a run

FORMATS = ("md", "csv", "json", "html")
TABLES = ("per_category", "per_problem", "per_round", "per_agent", "pareval_metrics")
OPTIONAL_TABLES = ("erl_models",)  # only for runs whose event log has what they show
PLOTS = ("category_geomean.png", "speedup_distribution.png", "speedup_by_round.png")
MANIFEST = ".harness-report"  # the file names the last rendering wrote into its folder


def _judged(cands: list) -> list:
    """The candidates that got a verdict (not lost with their worker)."""
    return [c for c in cands if c.get("status") not in NO_VERDICT]


@dataclass
class RunReport:
    """Everything ``report`` renders for one run: ``tables`` {name: rows (list of dicts,
    raw values: speedups unitless, percentages in percent, cost USD, times s)} in TABLES
    order, ``plots`` {file name: PNG bytes}, the run (runstore.RunRecord) and the header
    facts (``header``: {label: text})."""

    run: object
    tables: dict
    header: dict
    plots: dict = field(default_factory=dict)


def _samples(rows: Sequence[Mapping]):
    """metrics.SpeedupSamples of ``rows`` (problems in first-seen order; repeats are
    replicates) and the category of each problem."""
    probs: dict[str, list] = {}
    cats: dict[str, str] = {}
    for r in rows:
        pid = str(r.get("problem"))
        s = num(r.get("speedup")) if truthy(r.get("correct")) else None
        probs.setdefault(pid, []).append(
            (s, log_sigma(num(r.get("ci_low")), num(r.get("ci_high")), num(r.get("null_speedup")))))
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
        _, lo, hi = bootstrap_geomean(samples.subset(idx), resamples=resamples or RESAMPLES,
                                      seed=SEED if seed is None else seed)
        s["geomean 95% CI low"], s["geomean 95% CI high"] = lo, hi
    return out


def problem_details(run) -> list[dict]:
    """The per-problem table of ``run`` (runstore.RunRecord): one row per problem and
    repeat with its problem, category and repeat, then every row field that has a
    per-problem column (harness.results.rows: status, speedup, ci_low, ci_high, first_speedup,
    best_id, reference, null, candidates, compiled and correct (candidate counts), cost $,
    flags; speedups None and amounts 0 when not recorded), then provenance: the best's
    round, agent and model, the lessons its prompt showed (``lessons shown``: "<agent>
    r<round>: <outcome>" per lesson, "; "-joined), the timed size and tokens (prompt +
    completion)."""
    out = []
    for p in run.problems:
        r = p.row
        best_id = r.get("best_id")
        cand = next((c for c in p.candidates if c.get("id") == best_id), None) if best_id else None
        lessons = {l.get("id"): l for l in p.lessons}
        shown = []
        for lid in (cand or {}).get("lesson_ids") or []:
            l = lessons.get(lid)
            shown.append(f"{l.get('agent')} r{l.get('round')}: {l.get('outcome') or l.get('status')}"
                         if l else str(lid))
        out.append({
            "problem": p.problem, "category": p.category, "repeat": p.repeat,
            **{f.column: _column_value(f, r.get(f.name)) for f in ROW_FIELDS if f.column},
            "round": cand.get("round") if cand else None, "agent": cand.get("agent") if cand else None,
            "model": cand.get("model") if cand else None,
            "lesson_ids": ",".join((cand or {}).get("lesson_ids") or []), "lessons shown": "; ".join(shown),
            "size": p.size_label,
            "tokens": int((num(r.get("prompt_tokens")) or 0) + (num(r.get("completion_tokens")) or 0)),
        })
    return out


def _column_value(f: RowField, v):
    """Row field ``f``'s recorded value ``v`` in the per-problem table: a speedup as a
    number (None when missing), an amount or count as a number (0 when missing; whole
    when the field is an int), anything else as recorded."""
    if f.kind == SPEEDUP:
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
        return max((counted_speedup(num(c.get("speedup"))) for c in cs if c.get("status") == "correct"), default=1.0)

    rounds = sorted({int(c.get("round") or 0) for p in run.problems for c in p.candidates})
    out = []
    for t in rounds:
        in_round = [c for p in run.problems for c in _judged(p.candidates) if int(c.get("round") or 0) == t]
        best_t, best_upto, solved = [], [], 0
        for p in run.problems:
            best_t.append(best([c for c in p.candidates if int(c.get("round") or 0) == t]))
            upto = [c for c in p.candidates if int(c.get("round") or 0) <= t]
            best_upto.append(best(upto))
            solved += any(c.get("status") == "correct" for c in upto)
        n = len(in_round)
        out.append({
            "round": t, "candidates": n,
            "% compiled": 100.0 * sum(c.get("status") not in NOT_COMPILED for c in in_round) / n if n else None,
            "% correct": 100.0 * sum(c.get("status") == "correct" for c in in_round) / n if n else None,
            "round geomean": geomean(best_t), "best-so-far geomean": geomean(best_upto),
            "% solved so far": 100.0 * solved / len(run.problems),
        })
    return out


def agent_table(run) -> list[dict]:
    """Per-agent contribution in ``run``: candidates, % compiled, % correct, ``geomean``
    of its candidates' first measurements (incorrect and slower as 1x), ``bests``
    (problems and repeats where its candidate was reported), ``lessons`` written,
    ``lessons read by bests`` (how often its lessons were in the prompt of a reported
    best), tokens (prompt + completion), cost (USD) and model time (s, uncached calls)."""
    agents: dict[str, dict] = {}

    def entry(name, model=None):
        a = agents.setdefault(name, {"agent": name, "model": model, "cands": [], "bests": 0, "lessons": 0,
                                     "read": 0, "tokens": 0, "cost $": 0.0, "model s": 0.0})
        a["model"] = a["model"] or model
        return a

    for p in run.problems:
        authors = {l.get("id"): l.get("agent") for l in p.lessons}
        for c in p.candidates:
            entry(str(c.get("agent")), c.get("model"))["cands"].append(c)
        for l in p.lessons:
            entry(str(l.get("agent")), l.get("model"))["lessons"] += 1
        best = next((c for c in p.candidates if c.get("id") == p.row.get("best_id")), None)
        if best is not None and p.row.get("status") == "correct":
            entry(str(best.get("agent")))["bests"] += 1
            for lid in best.get("lesson_ids") or []:
                if authors.get(lid) is not None:
                    entry(str(authors[lid]))["read"] += 1
        for call in p.calls:
            a = entry(str(call.get("agent")), call.get("model"))
            a["tokens"] += int((num(call.get("prompt_tokens")) or 0) + (num(call.get("completion_tokens")) or 0))
            a["cost $"] += num(call.get("cost_usd")) or 0.0
            a["model s"] += 0.0 if truthy(call.get("cache_hit")) else (num(call.get("latency_s")) or 0.0)
    out = []
    for a in agents.values():
        cs = _judged(a.pop("cands"))
        n = len(cs)
        out.append({
            "agent": a["agent"], "model": a["model"], "candidates": n,
            "% compiled": 100.0 * sum(c.get("status") not in NOT_COMPILED for c in cs) / n if n else None,
            "% correct": 100.0 * sum(c.get("status") == "correct" for c in cs) / n if n else None,
            "geomean": geomean([counted_speedup(num(c.get("speedup")) if c.get("status") == "correct" else None)
                                 for c in cs]) if n else None,
            "bests": a["bests"], "lessons": a["lessons"], "lessons read by bests": a["read"],
            "tokens": a["tokens"], "cost $": a["cost $"], "model s": a["model s"],
        })
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
                cs = _judged(p.candidates)
                n = len(cs)
                if n < k:
                    continue
                sp = [num(c.get("speedup")) if c.get("status") == "correct" else None for c in cs]
                vals.append((pass_at_k(n, sum(c.get("status") == "correct" for c in cs), k),
                             build_at_k(n, sum(c.get("status") not in NOT_COMPILED for c in cs), k),
                             speedup_n_at_k(sp, k), efficiency_n_at_k(sp, k, threads)))
            m = len(vals)
            out.append({"category": cat, "k": k, "problems": m,
                        "pass@k": sum(v[0] for v in vals) / m if m else None,
                        "build@k": sum(v[1] for v in vals) / m if m else None,
                        "speedup_n@k": sum(v[2] for v in vals) / m if m else None,
                        "efficiency_n@k": sum(v[3] for v in vals) / m if m else None})
    return out


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
        return rows.setdefault(str(model), {"model": str(model), "chosen": 0, "first choice": 0,
                                            "switched to": 0, "pass": 0, "correct <1.1x": 0,
                                            "incorrect/crash": 0, "build error": 0, "rewards": [],
                                            "answers": 0})

    for p in run.problems:
        for e in p.events:
            if e.get("kind") == "erl_selection":
                r = entry(e.get("model"))
                if e.get("current") is None:
                    r["first choice"] += 1
                elif e.get("current") != e.get("model"):
                    r["switched to"] += 1
            elif e.get("kind") == "erl_reward" and num(e.get("tier")) is not None:
                r, v = entry(e.get("model")), num(e.get("tier"))
                r["chosen"] += 1
                r["rewards"].append(v)
                status = e.get("status")
                r["pass" if truthy(e.get("passed")) else "correct <1.1x" if status == "correct" else
                  "build error" if status in NOT_COMPILED else "incorrect/crash"] += 1
        best = next((c for c in p.candidates if c.get("id") == p.row.get("best_id")), None)
        if best is not None and p.row.get("status") == "correct" and rows:
            entry(best.get("model"))["answers"] += 1
    out = []
    for r in rows.values():
        rewards = r.pop("rewards")
        out.append({**r, "mean reward": sum(rewards) / len(rewards) if rewards else None})
    return out


def run_header(run) -> dict:
    """{label: text} describing ``run``: state, strategy and options, team, mode,
    threads, sizes, compiler, flags and resolved -march, machine, suite version, harness
    revision, repeats, and ``warnings`` when the event log holds damaged values."""
    c = run.config
    team = ", ".join(f"{a.get('name')}={a.get('model')}" for a in (c.get("team") or {}).get("agents", []))
    comp = c.get("compiler") or {}
    mach = c.get("machine") or {}
    opts = c.get("options") or {}
    return {
        "run": run.run_id, "state": run.state, "strategy": f"{c.get('strategy')} {c.get('strategy_options', {})}",
        "team": team or "-", "mode": f"{c.get('mode')}, threads {c.get('threads')}, "
                                     f"{'quick sizes' if c.get('quick') else 'default sizes'}",
        "compiler": f"{comp.get('compiler_version')}; flags `{comp.get('flags')}`; "
                    f"-march={comp.get('march')} resolved to {comp.get('resolved_march')}",
        "machine": f"{mach.get('cpu_model')}, {len(mach.get('usable_cpus', []))} usable CPUs",
        "suite": f"{c.get('suite')}, version {str(c.get('suite_version') or 'unknown')[:12]}",
        "harness": f"git {c.get('git_revision')}", "repeats": str(opts.get("repeats", 1)),
        "problems finished": str(len(run.problems)),
        "wall time (event log)": f"{run.wall_s:.0f} s; {run.evaluations} evaluations, {run.eval_s:.0f} s",
        **({"warnings": "; ".join(run.warnings)} if run.warnings else {}),
    }


def build_report(run, *, plots: bool = True, ks: Sequence[int] | None = None,
                 resamples: int | None = None, seed: int | None = None) -> RunReport:
    """Every table of ``run`` (runstore.RunRecord), and its plots unless ``plots`` is
    False. Raises HarnessError for bad ks."""
    rows = run.rows
    tables = {"per_category": category_table(rows, resamples=resamples, seed=seed),
              "per_problem": problem_details(run), "per_round": round_table(run),
              "per_agent": agent_table(run), "pareval_metrics": pareval_table(run, ks)}
    erl = erl_table(run)
    if erl:
        tables["erl_models"] = erl
    rep = RunReport(run=run, tables=tables, header=run_header(run))
    if plots:
        rep.plots = dict(zip(PLOTS, (plot_categories(tables["per_category"], run.run_id),
                                     plot_distribution(tables["per_problem"], run.run_id),
                                     plot_rounds(tables["per_round"], run.run_id))))
    return rep


# --------------------------------------------------------------------------- plots


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _log_y(ax, values: Iterable[float]) -> None:
    """A log y axis with plain-number tick labels (minor ticks labelled too when the
    values span less than a factor 20)."""
    from matplotlib.ticker import FuncFormatter, NullFormatter

    vs = [v for v in values if v and v > 0]
    ax.set_yscale("log")
    fmt = FuncFormatter(lambda v, _: f"{v:g}")
    ax.yaxis.set_major_formatter(fmt)
    ax.yaxis.set_minor_formatter(fmt if vs and max(vs) / min(vs) < 20 else NullFormatter())


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    _pyplot().close(fig)
    return buf.getvalue()


def plot_categories(per_category: Sequence[Mapping], title: str = "") -> bytes:
    """PNG: geomean speedup per category (and all) with its bootstrap 95 % interval as
    error bars, the expert reference and the noise floor as markers, 1x as a line."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(max(4.0, 1.0 + 0.9 * len(per_category)), 3.6))
    xs = range(len(per_category))
    g = [s.get("geomean") or 1.0 for s in per_category]
    lo = [max(0.0, gi - (s.get("geomean 95% CI low") or gi)) for gi, s in zip(g, per_category)]
    hi = [max(0.0, (s.get("geomean 95% CI high") or gi) - gi) for gi, s in zip(g, per_category)]
    ax.bar(xs, g, yerr=[lo, hi], capsize=4, color=["#4c72b0" if s["category"] != "all" else "#2d3e50"
                                                   for s in per_category], label="geomean (95 % CI)")
    refs = [(i, s["reference"]) for i, s in zip(xs, per_category) if s.get("reference")]
    if refs:
        ax.scatter(*zip(*refs), marker="_", s=300, color="#c44e52", zorder=3, label="expert reference")
    nulls = [(i, s["null geomean"]) for i, s in zip(xs, per_category) if s.get("null geomean")]
    if nulls:
        ax.scatter(*zip(*nulls), marker="x", color="#555555", zorder=3, label="noise floor (A/A)")
    ax.axhline(1.0, color="black", lw=0.8)
    shown = [gi + h for gi, h in zip(g, hi)] + [gi - l for gi, l in zip(g, lo)] + \
        [v for _, v in refs + nulls] + [1.0]
    wide = max(shown) > 10.0
    if wide:  # speedups are ratios: a log axis when they span decades
        _log_y(ax, shown)
    ax.set_xticks(list(xs), [str(s["category"]) for s in per_category], rotation=30, ha="right")
    ax.set_ylabel("geomean speedup (x" + (", log scale)" if wide else ")"))
    ax.set_title(f"Speedup per category {title}".strip(), fontsize=9)
    ax.legend(fontsize=7)
    return _png(fig)


def plot_distribution(per_problem: Sequence[Mapping], title: str = "") -> bytes:
    """PNG: every problem's reported speedup (sorted, log scale, 95 % CI as error bars);
    problems without a correct result as grey hatched bars at 1x."""
    plt = _pyplot()
    rows = sorted(per_problem, key=lambda r: r["speedup"] if r["speedup"] is not None else 0.0, reverse=True)
    fig, ax = plt.subplots(figsize=(max(4.0, 1.0 + 0.25 * len(rows)), 3.6))
    for i, r in enumerate(rows):
        s = r["speedup"]
        if s is None:
            ax.bar(i, 1.0, color="#cccccc", hatch="//", edgecolor="#888888")
            continue
        err = [[max(0.0, s - (r["ci_low"] or s))], [max(0.0, (r["ci_high"] or s) - s)]]
        ax.bar(i, s, color="#55a868" if s >= 1.0 else "#dd8452", yerr=err, capsize=2)
    _log_y(ax, [1.0] + [v for r in rows for v in (r["speedup"], r["ci_low"], r["ci_high"]) if v is not None])
    ax.axhline(1.0, color="black", lw=0.8)
    ax.set_xticks(range(len(rows)), [f"{r['problem'][:30]}" + (f"#{r['repeat']}" if r["repeat"] else "")
                                     for r in rows], rotation=60, ha="right", fontsize=6)
    ax.set_ylabel("speedup (x, log scale)")
    missing = sum(r["speedup"] is None for r in rows)
    ax.set_title(f"Per-problem speedups {title}".strip()
                 + (f" ({missing} without a correct result: grey)" if missing else ""), fontsize=9)
    return _png(fig)


def plot_rounds(per_round: Sequence[Mapping], title: str = "") -> bytes:
    """PNG: best-so-far geomean and the round's own geomean against the round."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(4.5, 3.2))
    xs = [r["round"] for r in per_round]
    ax.plot(xs, [r["best-so-far geomean"] for r in per_round], marker="o", label="best so far")
    ax.plot(xs, [r["round geomean"] for r in per_round], marker="s", ls="--", label="this round's best")
    ax.axhline(1.0, color="black", lw=0.8)
    ax.set_xticks(xs)
    ax.set_xlabel("round")
    ax.set_ylabel("geomean speedup (x, first measurements)")
    ax.set_title(f"Speedup by round {title}".strip(), fontsize=9)
    ax.legend(fontsize=7)
    return _png(fig)


# --------------------------------------------------------------------------- rendering

_SPEEDUP = ("geomean", "mean", "geomean CI>1", "null geomean", "reference", "speedup", "first_speedup",
            "null", "round geomean", "best-so-far geomean", "speedup_n@k", "geomean 95% CI low",
            "geomean 95% CI high", "ci_low", "ci_high")


def _cell(col: str, v) -> str:
    if v is None or v == "":
        return "-"
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return str(v)
    if col in _SPEEDUP:
        return f"{v:.2f}x"
    if col.startswith("%"):
        return f"{v:.0f}%"
    if col in ("pass@k", "build@k", "efficiency_n@k"):
        return f"{v:.3f}"
    if col == "cost $":
        return f"{v:.4f}"
    if isinstance(v, float):
        return f"{v:.1f}"
    return str(v)


def _display(name: str, rows: Sequence[Mapping]) -> tuple[list[str], list[list[str]]]:
    """Header and cells of table ``name`` for humans (md, html): CIs joined to their
    value, raw id columns dropped."""
    if name == "per_category":
        cols = list(COLUMNS)
        cols.insert(cols.index("geomean") + 1, "geomean 95% CI")
        cells = [[(f"{_cell('ci_low', r.get('geomean 95% CI low'))}-{_cell('ci_high', r.get('geomean 95% CI high'))}"
                   if c == "geomean 95% CI" else _fmt(c, r.get(c))) for c in cols] for r in rows]
        return cols, cells
    if name == "per_problem":
        cols = ["problem", "repeat", "status", "speedup (95% CI)", "first", "found in", "lessons shown",
                "reference", "null", "compiled/correct/all", "tokens", "cost $"]
        cells = []
        for r in rows:
            sp = (f"{r['speedup']:.2f}x ({r['ci_low']:.2f}-{r['ci_high']:.2f})"
                  if r["speedup"] is not None and r["ci_low"] is not None and r["ci_high"] is not None else "-")
            found = (f"round {r['round']}, {r['agent']} ({r['model']})" if r["round"] is not None else "-")
            cells.append([r["problem"], str(r["repeat"]), str(r["status"]) + (f" [{r['flags']}]" if r["flags"] else ""),
                          sp, _cell("speedup", r["first_speedup"]), found, r["lessons shown"] or "-",
                          _cell("speedup", r["reference"]), _cell("speedup", r["null"]),
                          f"{r['compiled']}/{r['correct']}/{r['candidates']}", str(r["tokens"]),
                          _cell("cost $", r["cost $"])])
        return cols, cells
    cols = list(rows[0]) if rows else []
    return cols, [[_cell(c, r.get(c)) for c in cols] for r in rows]


_TITLES = {"per_category": "Per category", "per_problem": "Per problem", "per_round": "Per round",
           "per_agent": "Per agent", "pareval_metrics": "ParEval metrics",
           "erl_models": "E-RL model selection (colearning)"}
_NOTES = {
    "per_category": "geomean: incorrect and slower count as 1x (LessonL); mean: incorrect counts as 0; "
                    "geomean 95% CI: percentile bootstrap over problems, repeats and each speedup's timing "
                    "noise (10,000 resamples, seeded); geomean CI>1: a speedup counts only where its CI's "
                    "lower bound is above 1; null geomean: the noise floor (the baseline measured as a "
                    "candidate); % of ref: geomean / the expert reference's geomean. Speedups are "
                    "re-measurements on fresh seeds of the best candidate chosen on its first measurement.",
    "per_problem": "speedup: the re-measurement with its 95 % CI; first: the measurement it was chosen on; "
                   "found in: round and agent of the reported candidate; lessons shown: the lessons in "
                   "its prompt (author, round, outcome).",
    "per_round": "first measurements of every candidate (the maximum of several noisy numbers is biased "
                 "upward; the per-category numbers are re-measurements). round geomean: each problem's best "
                 "candidate of that round; best-so-far: of rounds 0..t; incorrect and slower as 1x.",
    "per_agent": "geomean of the agent's candidates (first measurements, incorrect and slower as 1x); bests: "
                 "problems where its candidate was reported; lessons read by bests: how often its lessons "
                 "were in the prompt of a reported best.",
    "pareval_metrics": "per problem and repeat over its candidates (first measurements), averaged over the "
                       "problems with at least k candidates: pass@k and build@k (Chen et al. 2021's unbiased "
                       "estimator), speedup_n@k = expected best speedup of k candidates drawn without "
                       "replacement (incorrect as 0), efficiency_n@k = speedup_n@k / threads.",
    "erl_models": "chosen: corrections the model wrote (E-RL picked it); first choice: problems it started "
                  "(by code length); switched to: picks that left another model; outcome of its code on "
                  "first measurement (pass = correct and >= 1.1x, which ends a problem's loop); mean reward: "
                  "mean tier (-1 build error, -0.5 incorrect/crash, -0.2 correct < 1.1x, +3 pass); answers: "
                  "correct reported codes it wrote. E-RL's weights, stability and length thresholds are our "
                  "assumptions (the paper publishes none; see the run's strategy options).",
}


def _md_table(cols: Sequence[str], cells: Sequence[Sequence[str]]) -> str:
    esc = [[str(c).replace("|", "\\|") for c in row] for row in cells]
    lines = ["| " + " | ".join(cols) + " |", "|" + "|".join("---" for _ in cols) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in esc]
    return "\n".join(lines) + "\n"


def table_names(rep: RunReport) -> list[str]:
    """The names of ``rep``'s tables in rendering order: TABLES, then the
    OPTIONAL_TABLES it has."""
    return [n for n in (*TABLES, *OPTIONAL_TABLES) if n in rep.tables]


def to_markdown(rep: RunReport, plot_dir: str = ".") -> str:
    """The report as markdown: header, every table with its column notes, and the plots
    as image links relative to ``plot_dir``."""
    out = [f"# Run {rep.run.run_id}\n\n"]
    out += [f"- {k}: {v}\n" for k, v in rep.header.items() if k != "run"]
    for name in table_names(rep):
        cols, cells = _display(name, rep.tables[name])
        out.append(f"\n## {_TITLES[name]}\n\n" + (_md_table(cols, cells) if cells else "(none)\n")
                   + f"\n{_NOTES[name]}\n")
    if rep.plots:
        out.append("\n## Plots\n\n" + "".join(f"![{n}]({plot_dir.rstrip('/')}/{n})\n" for n in rep.plots))
    return "".join(out)


def _html_head(title: str) -> str:
    return ("<!doctype html><html><head><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title><style>body{{font-family:sans-serif;margin:2em}}"
            "table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #bbb;padding:2px 6px;"
            "text-align:right}td:first-child,th:first-child{text-align:left}p.note{color:#555;font-size:12px;"
            "max-width:60em}</style></head><body>")


def _html_table(cols: Sequence[str], cells: Sequence[Sequence[str]]) -> str:
    e = html.escape
    return ("<table><tr>" + "".join(f"<th>{e(c)}</th>" for c in cols) + "</tr>"
            + "".join("<tr>" + "".join(f"<td>{e(str(c))}</td>" for c in row) + "</tr>" for row in cells)
            + "</table>")


def _html_img(name: str, png: bytes) -> str:
    e = html.escape
    return f"<h3>{e(name)}</h3><img alt='{e(name)}' src='data:image/png;base64,{base64.b64encode(png).decode()}'>"


def to_html(rep: RunReport) -> str:
    """The report as one self-contained HTML page (plots embedded as base64 PNG)."""
    e = html.escape
    parts = [_html_head(f"Run {rep.run.run_id}"), f"<h1>Run {e(rep.run.run_id)}</h1><ul>"]
    parts += [f"<li>{e(k)}: {e(str(v))}</li>" for k, v in rep.header.items() if k != "run"]
    parts.append("</ul>")
    for name in table_names(rep):
        cols, cells = _display(name, rep.tables[name])
        parts.append(f"<h2>{e(_TITLES[name])}</h2>" + _html_table(cols, cells)
                     + f"<p class='note'>{e(_NOTES[name])}</p>")
    parts += [_html_img(n, png) for n, png in rep.plots.items()]
    parts.append("</body></html>\n")
    return "".join(parts)


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
            for name in table_names(rep):
                rows = rep.tables[name]
                files[out_dir / f"{name}.{fmt}"] = (csv_text(rows) if fmt == "csv" else
                                                    json.dumps(rows, indent=1, default=str) + "\n")
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
RUN_METRICS = ("% compiled", "% correct", "geomean", "geomean 95% CI low", "geomean 95% CI high", "mean",
               "% >=2x", "geomean CI>1")
_RUNS_NOTE = ("One row per run, in the order given (the layout of Liu et al. 2025, Table 1). geomean: "
              "incorrect and slower count as 1x; mean: incorrect counts as 0; % >=2x: correct with speedup "
              ">= 2; geomean CI>1: a speedup counts only where its 95 % CI's lower bound is above 1; geomean "
              "95% CI: percentile bootstrap over problems, repeats and timing noise. Per problem: averaged "
              "over problems and repeats (tokens: prompt + completion; cost in USD); '-': not recorded by the "
              "run (runs made before model calls and evaluations were counted). Pareto: not dominated in "
              "{x} against geomean (no other run has lower-or-equal {x} and higher-or-equal geomean, one of "
              "them strictly). The runs of a table measured the same (suite, problem id, mode, size, threads).")


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
    differ from the strategy's registered defaults, as "name=value, ..." ("" when all
    are defaults; recorded facts that are no parameter, such as lessonl's "relevance",
    follow from the parameters and are left out); every recorded option when ``info``,
    the strategy's registry entry (its ``defaults()``), is None: a strategy this version
    does not know, or no registry given."""
    opts = (config.get("strategy_options") or {}).items()
    if info is None:
        return ", ".join(f"{k}={v}" for k, v in opts)
    defaults = info.defaults()
    return ", ".join(f"{k}={v}" for k, v in opts if k in defaults and defaults[k] != v)


def team_models(config: Mapping, info=None) -> str:
    """The models of the agents a run's strategy used (config.json), in team order, a
    model used by several agents once as "<model> xN", then the roles ("; aggregator:
    <model>"): the first agent for a one-agent strategy, "-" for one that calls no model
    (the team kind of ``info``, the strategy's registry entry; every agent when ``info``
    is None: a strategy this version does not know, or no registry given)."""
    team = config.get("team") or {}
    agents = agents_called(info.team if info else TEAM_MANY,
                           [a for a in team.get("agents", []) if isinstance(a, dict)])
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
    return None if not vals or any(v is None for v in vals) else sum(vals) / len(vals)


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
        out.append({"suite": c.get("suite", "pareval"), "mode": c.get("mode"), "threads": rep.run.threads,
                    "run": rep.run.run_id, "strategy": c.get("strategy"), "options": key_options(c, info),
                    "team": team_models(c, info), "problems": problems,
                    "repeats": n // problems if n % problems == 0 else n / problems,
                    **{k: allrow[k] for k in RUN_METRICS},
                    "model calls / problem": _per_problem(rows, "model_calls"),
                    "evaluations / problem": _per_problem(rows, "evaluations"),
                    "tokens / problem": allrow["tokens"] / n, "cost $ / problem": allrow["cost $"] / n})
    axis = cost_axis(out)
    for r, front in zip(out, pareto_front([(r[axis], r["geomean"]) for r in out])):
        r["pareto front"] = front
    return out


def _runs_display(table: Sequence[Mapping]) -> tuple[list[str], list[list[str]]]:
    """Header and cells of a runs table for humans (md, html, console)."""
    cols = ["#", "strategy", "options", "team", "repeats", "% compiled", "% correct", "geomean",
            "geomean 95% CI", "mean", "% >=2x", "geomean CI>1", "calls / problem", "evaluations / problem",
            "tokens / problem", "cost $ / problem", "Pareto", "run"]
    cells = []
    for i, r in enumerate(table, start=1):
        calls, evals = r["model calls / problem"], r["evaluations / problem"]
        cells.append([str(i), str(r["strategy"]), r["options"] or "-", r["team"], f"{r['repeats']:g}",
                      *[_cell(k, r[k]) for k in ("% compiled", "% correct", "geomean")],
                      f"{_cell('ci_low', r['geomean 95% CI low'])}-{_cell('ci_high', r['geomean 95% CI high'])}",
                      *[_cell(k, r[k]) for k in ("mean", "% >=2x", "geomean CI>1")],
                      "-" if calls is None else f"{calls:.1f}", "-" if evals is None else f"{evals:.1f}",
                      f"{r['tokens / problem']:.0f}", f"{r['cost $ / problem']:.4f}",
                      "yes" if r["pareto front"] else "no", str(r["run"])])
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

    plt = _pyplot()
    axis = cost_axis(table)
    fig, ax = plt.subplots(figsize=(5.6, 3.8))
    legend = {True: "on the Pareto front", False: "dominated"}
    for r, label in zip(table, _point_labels(table)):
        g = r["geomean"]
        err = [[g - (r["geomean 95% CI low"] or g)], [(r["geomean 95% CI high"] or g) - g]]
        front = r["pareto front"]
        ax.errorbar([r[axis]], [g], yerr=err, fmt="o", capsize=3, color="#c44e52" if front else "#4c72b0",
                    mfc="#c44e52" if front else "white", zorder=3, label=legend.pop(front, None))
        ax.annotate(label, (r[axis], g), fontsize=6, xytext=(4, 4), textcoords="offset points")
    front = sorted((r[axis], r["geomean"]) for r in table if r["pareto front"])
    ax.plot(*zip(*front), drawstyle="steps-post", color="#c44e52", lw=1, ls="--")
    ax.axhline(1.0, color="black", lw=0.8)
    shown = [1.0] + [v for r in table for v in (r["geomean"], r["geomean 95% CI low"], r["geomean 95% CI high"]) if v]
    if max(shown) > 10.0:
        _log_y(ax, shown)
    ax.xaxis.set_major_locator(MaxNLocator(4))
    ax.ticklabel_format(axis="x", useOffset=False, style="plain")
    ax.set_xlabel("cost per problem (USD)" if axis == "cost $ / problem" else
                  "tokens per problem (prompt + completion)")
    ax.set_ylabel("geomean speedup (x)")
    ax.set_title(f"Geomean speedup vs {'cost' if axis == 'cost $ / problem' else 'tokens'} {title}".strip(),
                 fontsize=9)
    ax.legend(fontsize=7)
    return _png(fig)


@dataclass
class RunsComparison:
    """The comparison of several runs that ``report`` writes: ``tables`` [((suite,
    mode), runs table rows)] in the order of :func:`group_runs`, ``warnings`` {(suite,
    mode): [line]} (alignment.environment_changes between a table's first run and each
    other: compiler, flags, CPU, suite version, ...), ``plots`` {file name: PNG bytes}."""

    tables: list
    warnings: dict
    plots: dict = field(default_factory=dict)


def build_comparison(reports: Sequence[RunReport], groups: Sequence, *, plots: bool = True,
                     strategy_info: StrategyLookup | None = None) -> RunsComparison:
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
        out.append(("\n" if cmp.warnings[key] else "") + _md_table(cols, cells)
                   + "\n" + _RUNS_NOTE.format(x=cost_axis(table)) + "\n")
        png = _plot_name(key)
        if png in cmp.plots:
            out.append(f"\n![{png}](./{png})\n")
    return "".join(out)


def runs_html(cmp: RunsComparison) -> str:
    """runs.html: :func:`runs_markdown`'s content as one self-contained page."""
    e = html.escape
    parts = [_html_head("Strategy comparison"), "<h1>Strategy comparison</h1>"]
    for key, table in cmp.tables:
        parts.append(f"<h2>{e(_heading(key, table))}</h2>")
        parts += [f"<p class='note'>warning: {e(w)}</p>" for w in cmp.warnings[key]]
        parts.append(_html_table(*_runs_display(table))
                     + f"<p class='note'>{e(_RUNS_NOTE.format(x=cost_axis(table)))}</p>")
        png = _plot_name(key)
        if png in cmp.plots:
            parts.append(_html_img(png, cmp.plots[png]))
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
    render = {"md": runs_markdown, "html": runs_html, "csv": lambda c: csv_text(rows),
              "json": lambda c: json.dumps(rows, indent=1, default=str) + "\n"}
    for fmt in formats:
        files[out_dir / f"runs.{fmt}"] = render[fmt](cmp)
    _write_files(out_dir, files)
    return list(files)


def cmd_report(args, strategy_info: StrategyLookup | None = None) -> int:
    """``python -m harness report RUN [RUN ...]``: re-render each run's tables and plots
    from its event log into ``RUN/report/`` (or ``--output DIR``, one sub-folder per run
    when several are given) in the ``--format`` list. With several runs also the
    strategy comparison (:func:`group_runs`, :func:`runs_table`, :func:`plot_runs`): one
    table and one cost plot per (suite, mode), written as ``runs.md`` (always),
    ``runs.<format>`` and ``cost_vs_geomean_<suite>_<mode>.png`` into ``--output``, else into
    ``<the first run's parent>/runs-report``. Prints each per-category table, then each
    comparison table. Returns 0; raises HarnessError (exit 2) before anything is written
    for a missing or damaged run folder, a bad format or k, or two runs of one suite and
    mode that did not measure the same problems, sizes and thread count. ``strategy_info``
    looks up a strategy's registry entry for the comparison's options and team columns
    (:data:`StrategyLookup`; the CLI passes harness.strategies.registry.find)."""
    from rich.console import Console

    formats = [f.strip() for f in args.format.split(",") if f.strip()]
    bad = [f for f in formats if f not in FORMATS]
    if bad or not formats:
        raise HarnessError(f"unknown report format '{bad[0] if bad else args.format}' "
                           f"(choose from {', '.join(FORMATS)})")
    ks = parse_ks(args.k) if args.k else None
    runs = [read_run(Path(p)) for p in args.runs]  # all read and checked before anything is written
    groups = group_runs(runs) if len(runs) > 1 else []
    console = Console(highlight=False, soft_wrap=True)
    reports = []
    for run in runs:
        rep = build_report(run, plots=not args.no_plots, ks=ks)
        if args.output:
            out = Path(args.output) / (run.run_id if len(runs) > 1 else "")
        else:
            out = run.root / "report"
        for w in run.warnings:
            print(f"warning: {run.run_id}: {w}", file=sys.stderr)
        paths = write_report(rep, out, formats)
        print_table(rep.tables["per_category"], console, title=f"{run.run_id} ({run.state})")
        console.print(f"wrote {len(paths)} file(s) to {out}")
        reports.append(rep)
    if groups:
        out = Path(args.output) if args.output else runs[0].root.parent / "runs-report"
        cmp = build_comparison(reports, groups, plots=not args.no_plots, strategy_info=strategy_info)
        said = {f"run {r.run_id}: {w}" for r in runs for w in r.warnings}  # printed above
        for key, table in cmp.tables:
            for w in cmp.warnings[key]:
                if w not in said:
                    print(f"warning: {key[0]}, {key[1]}: {w}", file=sys.stderr)
            cols, cells = _runs_display(table)  # the run ids are in the files
            _print_cells(cols[:-1], [row[:-1] for row in cells], console,
                         title=f"Strategies: {_heading(key, table)}", left=4, width=200)
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
