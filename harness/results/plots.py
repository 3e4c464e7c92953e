"""The plots of a run's report (PNG bytes, matplotlib's Agg backend, readable in black and
white): the per-category geomean with its bootstrap interval, the per-problem speedups
sorted with their intervals, the best-so-far geomean by round, the roofline of the run's
problems; and the helpers the comparison of runs draws with
(harness.results.report.plot_runs).
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
    ax.bar(
        xs,
        g,
        yerr=[lo, hi],
        capsize=4,
        color=["#4c72b0" if s["category"] != "all" else "#2d3e50" for s in per_category],
        label="geomean (95 % CI)",
    )
    refs = [(i, s["reference"]) for i, s in zip(xs, per_category) if s.get("reference")]
    if refs:
        ax.scatter(*zip(*refs), marker="_", s=300, color="#c44e52", zorder=3, label="expert reference")
    nulls = [(i, s["null geomean"]) for i, s in zip(xs, per_category) if s.get("null geomean")]
    if nulls:
        ax.scatter(*zip(*nulls), marker="x", color="#555555", zorder=3, label="noise floor (A/A)")
    ax.axhline(1.0, color="black", lw=0.8)
    shown = [gi + h for gi, h in zip(g, hi)] + [gi - l for gi, l in zip(g, lo)] + [v for _, v in refs + nulls] + [1.0]
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
    ax.set_xticks(
        range(len(rows)),
        [f"{r['problem'][:30]}" + (f"#{r['repeat']}" if r["repeat"] else "") for r in rows],
        rotation=60,
        ha="right",
        fontsize=6,
    )
    ax.set_ylabel("speedup (x, log scale)")
    missing = sum(r["speedup"] is None for r in rows)
    ax.set_title(
        f"Per-problem speedups {title}".strip() + (f" ({missing} without a correct result: grey)" if missing else ""),
        fontsize=9,
    )
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


def plot_roofline(points: Sequence[Mapping], roofs: Mapping, threads: int, left_out: int = 0, title: str = "") -> bytes:
    """PNG: the roofline (Williams, Waterman and Patterson, CACM 2009) of a run's
    problems, log axes: arithmetic intensity (FLOP per compulsory byte) against attained
    GFLOP/s, the machine's roofs drawn (the FP64 peak on ``threads`` threads, a line of
    slope 1 per memory level), and per problem the baseline (open circle), the expert
    reference (triangle) and the reported best (filled square), joined by a thin line,
    named below its lowest point (ParEval's problem number, else the problem id).

    points: [{"problem", "ai" (FLOP/byte), "baseline", "reference", "best" (GFLOP/s or
    None)}]; roofs: harness.measure.peaks.machine_peaks; left_out: problems not drawn
    (no floating-point work or no bound), said in the title."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 4.4))
    levels = roofs["levels"][str(threads)]
    peak = roofs["fp64_gflops"][str(threads)]
    ais = [p["ai"] for p in points] or [1.0]
    lo, hi = min(ais) / 4, max(max(ais) * 4, peak / min(lv["gbs"] for lv in levels) * 2)
    xs = [lo * (hi / lo) ** (i / 100) for i in range(101)]
    styles = ["-", "--", "-.", ":", (0, (5, 1, 1, 1))]
    for lv, ls in zip(levels, styles * 2):
        ax.plot(
            xs,
            [min(peak, lv["gbs"] * x) for x in xs],
            color="black",
            lw=0.9,
            ls=ls,
            label=f"{lv['level']} {lv['gbs']:.0f} GB/s",
        )
    ax.axhline(peak, color="black", lw=1.6, label=f"FP64 peak {peak:.0f} GFLOP/s")
    for p in points:
        ys = [p.get(k) for k in ("baseline", "reference", "best")]
        shown = [y for y in ys if y]
        if len(shown) > 1:
            ax.plot([p["ai"]] * len(shown), shown, color="#888888", lw=0.6, zorder=2)
        head = str(p["problem"]).split("_")[0]  # ParEval's number, or PolyBench's name
        if shown:
            ax.annotate(
                head if head.isdigit() else str(p["problem"]),
                (p["ai"], min(shown)),
                xytext=(4, -7),
                textcoords="offset points",
                fontsize=6,
            )
    for key, marker, face, label in (
        ("baseline", "o", "white", "baseline"),
        ("reference", "^", "#bbbbbb", "expert reference"),
        ("best", "s", "black", "reported best"),
    ):
        pts = [(p["ai"], p[key]) for p in points if p.get(key)]
        if pts:
            ax.scatter(*zip(*pts), marker=marker, facecolors=face, edgecolors="black", s=28, zorder=3, label=label)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(lo, hi)
    ax.set_xlabel("arithmetic intensity (FLOP per compulsory byte)")
    ax.set_ylabel(f"attained GFLOP/s on {threads} thread{'s' if threads != 1 else ''} (log scale)")
    ax.set_title(
        f"Roofline {title}".strip() + (f" ({left_out} problem(s) without FLOP or bound not shown)" if left_out else ""),
        fontsize=9,
    )
    ax.legend(fontsize=6, loc="upper left", bbox_to_anchor=(1.01, 1.0))  # beside: no point hidden
    return png(fig)
