"""The plots of a run's report (PNG bytes, matplotlib's Agg backend, readable in black and
white): the per-category geomean with its bootstrap interval, the per-problem speedups
sorted with their intervals, and the best-so-far geomean by round; and the helpers the
comparison of runs draws with (harness.results.report.plot_runs).
"""

from __future__ import annotations

import io
from typing import Iterable, Mapping, Sequence


def pyplot():
    """matplotlib.pyplot with the Agg backend (no display needed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def log_y(ax, values: Iterable[float]) -> None:
    """A log y axis with plain-number tick labels (minor ticks labelled too when the
    values span less than a factor 20)."""
    from matplotlib.ticker import FuncFormatter, NullFormatter

    vs = [v for v in values if v and v > 0]
    ax.set_yscale("log")
    fmt = FuncFormatter(lambda v, _: f"{v:g}")
    ax.yaxis.set_major_formatter(fmt)
    ax.yaxis.set_minor_formatter(fmt if vs and max(vs) / min(vs) < 20 else NullFormatter())


def png(fig) -> bytes:
    """``fig`` as PNG bytes (110 dpi, tight box); the figure is closed."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    pyplot().close(fig)
    return buf.getvalue()


def plot_categories(per_category: Sequence[Mapping], title: str = "") -> bytes:
    """PNG: geomean speedup per category (and all) with its bootstrap 95 % interval as
    error bars, the expert reference and the noise floor as markers, 1x as a line."""
    plt = pyplot()
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
        log_y(ax, shown)
    ax.set_xticks(list(xs), [str(s["category"]) for s in per_category], rotation=30, ha="right")
    ax.set_ylabel("geomean speedup (x" + (", log scale)" if wide else ")"))
    ax.set_title(f"Speedup per category {title}".strip(), fontsize=9)
    ax.legend(fontsize=7)
    return png(fig)


def plot_distribution(per_problem: Sequence[Mapping], title: str = "") -> bytes:
    """PNG: every problem's reported speedup (sorted, log scale, 95 % CI as error bars);
    problems without a correct result as grey hatched bars at 1x."""
    plt = pyplot()
    rows = sorted(per_problem, key=lambda r: r["speedup"] if r["speedup"] is not None else 0.0, reverse=True)
    fig, ax = plt.subplots(figsize=(max(4.0, 1.0 + 0.25 * len(rows)), 3.6))
    for i, r in enumerate(rows):
        s = r["speedup"]
        if s is None:
            ax.bar(i, 1.0, color="#cccccc", hatch="//", edgecolor="#888888")
            continue
        err = [[max(0.0, s - (r["ci_low"] or s))], [max(0.0, (r["ci_high"] or s) - s)]]
        ax.bar(i, s, color="#55a868" if s >= 1.0 else "#dd8452", yerr=err, capsize=2)
    log_y(ax, [1.0] + [v for r in rows for v in (r["speedup"], r["ci_low"], r["ci_high"]) if v is not None])
    ax.axhline(1.0, color="black", lw=0.8)
    ax.set_xticks(range(len(rows)), [f"{r['problem'][:30]}" + (f"#{r['repeat']}" if r["repeat"] else "")
                                     for r in rows], rotation=60, ha="right", fontsize=6)
    ax.set_ylabel("speedup (x, log scale)")
    missing = sum(r["speedup"] is None for r in rows)
    ax.set_title(f"Per-problem speedups {title}".strip()
                 + (f" ({missing} without a correct result: grey)" if missing else ""), fontsize=9)
    return png(fig)


def plot_rounds(per_round: Sequence[Mapping], title: str = "") -> bytes:
    """PNG: best-so-far geomean and the round's own geomean against the round."""
    plt = pyplot()
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
    return png(fig)
