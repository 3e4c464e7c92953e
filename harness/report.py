"""Per-category tables from per-problem rows (DESIGN.md "Results folder").

Input rows are :meth:`ProblemOutcome.row` dicts (or the rows of problems.csv/json).
For each category and for all problems (one row per problem and repeat):

* ``n``: problems;  ``% compiled``: problems with at least one candidate that compiled
  and linked;  ``% correct``: problems whose reported (re-measured) best is correct;
* ``geomean``: geometric mean of max(s, 1) where s is the reported speedup and
  incorrect problems count as 1 (LessonL's rule: incorrect and slower count as 1x);
* ``mean``: arithmetic mean of s with incorrect problems counted as 0 (LessonL's);
* ``% >=2x``: problems with a correct s >= 2;
* ``geomean CI>1`` (ours): as geomean, but a speedup counts only where its confidence
  interval's lower bound is above 1 (else 1x);
* ``reference`` / ``% of ref``: geometric mean of the expert reference's measured
  speedups, and geomean / that reference geomean over the problems that have one
  (blank when no reference was measured, or when the reference geomean is not above 1:
  then there is no headroom to reach);
* ``null geomean`` (ours): the noise floor: the same geomean for the baseline's own
  source measured like a result (the null strategy); what noise alone would report;
* ``tokens`` (prompt + completion), ``cost $`` (USD), ``wall s`` (seconds).
"""

from __future__ import annotations

import math
from typing import Iterable, Mapping, Sequence

COLUMNS = ("category", "n", "% compiled", "% correct", "geomean", "mean", "% >=2x",
           "geomean CI>1", "null geomean", "reference", "% of ref", "tokens", "cost $", "wall s")


def _num(v) -> float | None:
    if v is None or v == "":
        return None
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(f) else f


def _truthy(v) -> bool:
    return v is True or str(v).lower() in ("true", "1")


def _geomean(xs: Sequence[float]) -> float | None:
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def summarize(rows: Iterable[Mapping]) -> list[dict]:
    """Per-category summaries (columns in the module docstring), sorted by category,
    followed by an "all" row. Percentages in percent, speedups unitless, cost in USD,
    wall time in seconds."""
    rows = list(rows)
    groups: dict[str, list] = {}
    for r in rows:
        groups.setdefault(str(r.get("category", "?")), []).append(r)
    out = [_summary(cat, rs) for cat, rs in sorted(groups.items())]
    if rows:
        out.append(_summary("all", rows))
    return out


def _summary(cat: str, rs: list) -> dict:
    n = len(rs)
    speed, speed_ci, arith, two, ref_pairs = [], [], [], 0, []
    for r in rs:
        ok = _truthy(r.get("correct"))
        s = _num(r.get("speedup")) if ok else None
        lo = _num(r.get("ci_low"))
        counted = max(s, 1.0) if s is not None else 1.0
        speed.append(counted)
        speed_ci.append(counted if (s is not None and lo is not None and lo > 1.0) else 1.0)
        arith.append(s if s is not None else 0.0)
        two += s is not None and s >= 2.0
        ref = _num(r.get("reference_speedup"))
        if ref is not None and ref > 0:
            ref_pairs.append((counted, ref))
    nulls = [_num(r.get("null_speedup")) for r in rs]
    null_g = _geomean([max(x, 1.0) for x in nulls if x is not None]) if any(
        x is not None for x in nulls) else None
    g = _geomean(speed)
    ref_g = _geomean([r for _, r in ref_pairs]) if ref_pairs else None
    # a reference that is no faster than the baseline here is no ceiling to measure against
    reached = (_geomean([c for c, _ in ref_pairs]) / ref_g) if ref_pairs and ref_g and ref_g > 1.0 else None
    return {
        "category": cat, "n": n,
        "% compiled": 100.0 * sum(_truthy(r.get("compiled")) for r in rs) / n,
        "% correct": 100.0 * sum(_truthy(r.get("correct")) for r in rs) / n,
        "geomean": g, "mean": sum(arith) / n, "% >=2x": 100.0 * two / n,
        "geomean CI>1": _geomean(speed_ci), "null geomean": null_g, "reference": ref_g,
        "% of ref": 100.0 * reached if reached is not None else None,
        "tokens": int(sum((_num(r.get("prompt_tokens")) or 0) + (_num(r.get("completion_tokens")) or 0)
                          for r in rs)),
        "cost $": sum(_num(r.get("cost_usd")) or 0.0 for r in rs),
        "wall s": sum(_num(r.get("wall_s")) or 0.0 for r in rs),
    }


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
        s, lo, hi = _num(r.get("speedup")), _num(r.get("ci_low")), _num(r.get("ci_high"))
        sp = f"{s:.2f}x ({lo:.2f}-{hi:.2f})" if s is not None and lo is not None and hi is not None else "-"
        first, ref = _num(r.get("first_speedup")), _num(r.get("reference_speedup"))
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
        out.append(f"- strategy: {config.get('strategy')} {config.get('strategy_options', {})}\n"
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
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    if not console.is_terminal and console.width < 150:  # a pipe or file: do not squeeze
        console = Console(file=console.file, width=150, highlight=False)
    t = Table(title=title)
    for c in COLUMNS:
        t.add_column(c, justify="left" if c == "category" else "right")
    for s in summary:
        t.add_row(*[_fmt(c, s.get(c)) for c in COLUMNS], style="bold" if s.get("category") == "all" else None)
    console.print(t)
