"""``python -m harness compare OLD NEW [NEW ...]``: is a new team, model or prompt better
or worse than the last one? (Regression-testing a team, as a pull request's check.)

Alignment: a problem is compared when both runs measured it with the same (suite,
problem id, mode, size, threads); the others are listed, not compared. Replicates
(``run --repeats N``) of a problem are pooled.

Verdict: the new/old ratio of LessonL's geomean (a problem counts as max(speedup, 1), 1
when not correct) over the aligned problems, with a paired percentile bootstrap
(harness.results.metrics.bootstrap_ratio: 10,000 resamples, seeded; problems drawn in pairs,
replicates per run, every speedup perturbed by its own recorded timing noise and A/A
noise floor: the run's own, or for runs without one (the null strategy) this machine's
last ``selftest`` in the same mode, threads and size). Between two runs most of the
variance is which code the models happened to write, not timing; drawing problems in
pairs puts that spread into the interval. Per category the same on its problems. Per problem only replicates and timing noise can be
resampled: with one replicate a per-problem interval says whether the *measurements*
differ, not whether the team would do it again.

"regression": the interval's upper end is below 1; "improvement": its lower end above
1; otherwise "no significant change". ``--fail-on-regression X`` is one-sided: exit code
1 only when the upper end of the 95 % interval of the overall ratio is below 1 - X (a
drop larger than X is established); improvements never fail.

How many replicates (printed with every comparison, from
:func:`harness.results.metrics.replicates_needed`): Var(ln ratio) ~ (tau^2 + 2 s^2 / R) / P for
P problems, R replicates per run, s^2 the between-replicate variance of a problem's
counted ln speedup and tau^2 the spread of the problems' true changes. Replicates only
shrink the s^2 part, so the answer needs s^2, which only a run with ``--repeats >= 2``
measures.

Environment: compiler version, flags, resolved -march, CPU model, usable CPUs,
measurement settings, sizes, sandbox and the suite version (per-problem folder hashes
when recorded) are checked; any difference is a warning at the top of the output and on
stderr. A different thread count or mode leaves no problem aligned: an error that names
it. Strategy, team, options and harness revision are listed as what changed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

from ..core.errors import HarnessError
from .alignment import ALIGN, alignment_differences, config_value, environment_changes, keyed
from .metrics import RESAMPLES, SEED, SpeedupSamples, bootstrap_ratio, counted_speedup, log_sigma, replicates_needed
from .noise_floor import load_noise_floor
from .runstore import RunRecord
from .summary import num, summarize, truthy


def parse_threshold(text: str) -> float:
    """``--fail-on-regression`` value: "5%" or a fraction "0.05" -> 0.05. Raises
    HarnessError unless it is in (0, 1)."""
    t = str(text).strip()
    try:
        x = float(t[:-1]) / 100.0 if t.endswith("%") else float(t)
    except ValueError:
        raise HarnessError(f"--fail-on-regression: '{text}' is not a percentage (e.g. 5%) or a fraction") from None
    if not 0.0 < x < 1.0:
        raise HarnessError(f"--fail-on-regression: {text} must lie strictly between 0% and 100% (write 5% or 0.05)")
    return x


@dataclass
class Comparison:
    """One old/new comparison.

    problems: per aligned problem {problem, category, old, new (display text), old
    correct / new correct (fraction of its replicates correct), ratio, low, high, verdict};
    categories: per category and "all" {category, problems, old geomean, new geomean,
    ratio, low, high, % correct old, % correct new, verdict}; only_old / only_new:
    problems measured in one run only; guidance: metrics.replicates_needed for ``drop``;
    threshold: the --fail-on-regression fraction (None: no gate). Ratios are new/old,
    unitless; low/high the 95 % bootstrap interval.
    """

    old: RunRecord
    new: RunRecord
    warnings: list
    notes: list
    problems: list
    categories: list
    only_old: list
    only_new: list
    guidance: dict
    drop: float
    threshold: float | None = None
    noise: dict = field(default_factory=dict)

    @property
    def overall(self) -> dict:
        return self.categories[-1]

    @property
    def failed(self) -> bool:
        """True when --fail-on-regression is set and the overall interval's upper end
        is below 1 - threshold."""
        return self.threshold is not None and self.overall["high"] < 1.0 - self.threshold


def _verdict(lo: float, hi: float) -> str:
    return "regression" if hi < 1.0 else "improvement" if lo > 1.0 else "no significant change"


def _selftest_floors(run) -> tuple[dict, str | None]:
    """This machine's selftest A/A speedups for ``run``'s suite, mode and threads
    (noise_floor.load_noise_floor), when the run was made on this host and CPU model."""
    c = run.config
    return load_noise_floor(
        c.get("suite", "pareval"),
        str(c.get("mode")),
        run.threads,
        config_value(c, "machine.cpu_model"),
        config_value(c, "machine.hostname"),
    )


def _side(reps, floors: dict, used: set) -> tuple[list, str, int]:
    """(replicates as (speedup or None, sigma), display text, correct count). A row
    without its own noise floor takes ``floors``' {(problem, size label): A/A speedup}
    (the problem id goes into ``used``)."""

    vals, ok = [], 0
    for p in reps:
        r = p.row
        s = num(r.get("speedup")) if truthy(r.get("correct")) else None
        ok += s is not None
        null = num(r.get("null_speedup"))
        if null is None and (p.problem, str(p.size_label)) in floors:
            null = floors[(p.problem, str(p.size_label))]
            used.add(p.problem)
        vals.append((s, log_sigma(num(r.get("ci_low")), num(r.get("ci_high")), null)))
    if len(reps) == 1:
        r = reps[0].row
        text = (
            f"{vals[0][0]:.2f}x ({num(r.get('ci_low')):.2f}-{num(r.get('ci_high')):.2f})"
            if vals[0][0] is not None and num(r.get("ci_low")) is not None
            else str(r.get("status"))
        )
    else:
        g = math.exp(sum(math.log(counted_speedup(s)) for s, _ in vals) / len(vals))
        text = f"{g:.2f}x ({len(reps)} replicates, {ok} correct)"
    return vals, text, ok


def compare_runs(
    old, new, *, threshold: float | None = None, resamples: int | None = None, seed: int | None = None
) -> Comparison:
    """Compare ``new`` against ``old`` (runstore.RunRecord) as the module docstring says.
    Raises HarnessError when no problem aligns (the message names the key components
    that differ)."""

    resamples, seed = resamples or RESAMPLES, SEED if seed is None else seed
    ka, kb = keyed(old), keyed(new)
    common = sorted(set(ka) & set(kb), key=lambda k: (ka[k][0].category, k[1]))
    if not common:
        raise HarnessError(
            f"{old.run_id} and {new.run_id} have no problem in common with the same "
            f"({', '.join(ALIGN)}): " + "; ".join(alignment_differences(ka, kb))
        )
    warns, notes = environment_changes(old, new, [k[1] for k in common])
    sides: dict[str, list] = {"old": [], "new": []}
    problems = []
    (fo, when_o), (fn, when_n) = _selftest_floors(old), _selftest_floors(new)
    used: set = set()
    for k in common:
        vo, to, oko = _side(ka[k], fo, used)
        vn, tn, okn = _side(kb[k], fn, used)
        sides["old"].append(vo)
        sides["new"].append(vn)
        problems.append(
            {
                "problem": k[1],
                "category": ka[k][0].category,
                "old": to,
                "new": tn,
                "old correct": oko / len(vo),
                "new correct": okn / len(vn),
            }
        )
    so, sn = SpeedupSamples.from_problems(sides["old"]), SpeedupSamples.from_problems(sides["new"])
    for i, row in enumerate(problems):
        ratio, lo, hi = bootstrap_ratio(so.subset([i]), sn.subset([i]), resamples=resamples, seed=seed)
        row.update(ratio=ratio, low=lo, high=hi, verdict=_verdict(lo, hi))
    cats = sorted({r["category"] for r in problems})
    categories = []
    for cat in [*cats, "all"]:
        idx = [i for i, r in enumerate(problems) if cat in ("all", r["category"])]
        o, n = so.subset(idx), sn.subset(idx)
        ratio, lo, hi = bootstrap_ratio(o, n, resamples=resamples, seed=seed)
        categories.append(
            {
                "category": cat,
                "problems": len(idx),
                "old geomean": math.exp(o.log_geomean()),
                "new geomean": math.exp(n.log_geomean()),
                "ratio": ratio,
                "low": lo,
                "high": hi,
                "% correct old": 100.0 * sum(problems[i]["old correct"] for i in idx) / len(idx),
                "% correct new": 100.0 * sum(problems[i]["new correct"] for i in idx) / len(idx),
                "verdict": _verdict(lo, hi),
            }
        )
    if used:
        notes.append(
            f"noise floor of {len(used)} problem(s) without their own (null strategy) from "
            f"this machine's selftest of {when_o or when_n}"
        )
    drop = threshold if threshold is not None else 0.05
    noise = {name: summarize(run.rows)[-1]["null geomean"] for name, run in (("old", old), ("new", new))}
    return Comparison(
        old=old,
        new=new,
        warnings=warns,
        notes=notes,
        problems=problems,
        categories=categories,
        only_old=sorted(k[1] for k in set(ka) - set(kb)),
        only_new=sorted(k[1] for k in set(kb) - set(ka)),
        guidance=replicates_needed(so, sn, drop),
        drop=drop,
        threshold=threshold,
        noise=noise,
    )


def _x(v) -> str:
    return "-" if v is None else f"{v:.2f}x"


def _ci(r: dict) -> str:
    return f"{r['ratio']:.3f} ({r['low']:.3f}-{r['high']:.3f})"


_MARK = {
    "regression": "🔻 regression",
    "improvement": "🟢 improvement",
    "no significant change": "no significant change",
}


def _table(cols: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    out = ["| " + " | ".join(cols) + " |", "|" + "|".join("---" for _ in cols) + "|"]
    out += ["| " + " | ".join(str(c).replace("|", "\\|") for c in r) + " |" for r in rows]
    return "\n".join(out) + "\n"


def to_markdown(c: Comparison) -> str:
    """The comparison as markdown for a pull-request comment: environment warnings first,
    the verdict and the gate, what changed, per-category and per-problem tables (changes
    beyond the noise first, the rest folded), noise floor and replicate guidance."""
    o, n, a = c.old, c.new, c.overall
    out = [f"## harness compare: `{o.run_id}` → `{n.run_id}`\n\n"]
    if c.warnings:
        out.append(
            "> [!WARNING]\n> **The environment changed: speedups may not be comparable.**\n"
            + "".join(f"> - {w}\n" for w in c.warnings)
            + "\n"
        )
    out.append(
        f"**Verdict: {_MARK[a['verdict']]}.** Geomean speedup {_x(a['old geomean'])} → "
        f"{_x(a['new geomean'])}: new/old **{a['ratio']:.3f}** (95 % CI {a['low']:.3f}-{a['high']:.3f}) "
        f"over {a['problems']} aligned problem(s); replicates per problem: "
        f"{_reps(o)} old, {_reps(n)} new.\n\n"
    )
    if c.threshold is not None:
        bound = 1.0 - c.threshold
        out.append(
            f"Gate `--fail-on-regression {c.threshold * 100:g}%`: "
            + (
                f"**FAIL**: the interval's upper end {a['high']:.3f} is below {bound:.3f}.\n\n"
                if c.failed
                else f"pass (the interval's upper end {a['high']:.3f} is not below {bound:.3f}).\n\n"
            )
        )
    if c.notes:
        out.append("What changed: " + "; ".join(c.notes) + ".\n\n")
    if c.only_old or c.only_new:
        out.append(
            "Not compared (measured in one run only, or at another size or thread count): "
            + ", ".join([f"{p} (old only)" for p in c.only_old] + [f"{p} (new only)" for p in c.only_new])
            + ".\n\n"
        )
    out.append(
        "### Per category\n\n"
        + _table(
            [
                "category",
                "problems",
                "old geomean",
                "new geomean",
                "new/old (95% CI)",
                "% correct old → new",
                "verdict",
            ],
            [
                [
                    r["category"],
                    r["problems"],
                    _x(r["old geomean"]),
                    _x(r["new geomean"]),
                    _ci(r),
                    f"{r['% correct old']:.0f}% → {r['% correct new']:.0f}%",
                    _MARK[r["verdict"]],
                ]
                for r in c.categories
            ],
        )
    )
    cols = ["problem", "category", "old", "new", "new/old (95% CI)", "verdict"]
    rows = sorted(c.problems, key=lambda r: r["ratio"])
    moved = [r for r in rows if r["verdict"] != "no significant change" or r["old correct"] != r["new correct"]]
    still = [r for r in rows if r not in moved]

    def cells(rs):
        return [[r["problem"], r["category"], r["old"], r["new"], _ci(r), _MARK[r["verdict"]]] for r in rs]

    out.append("\n### Per problem\n\n")
    out.append(_table(cols, cells(moved)) if moved else "No problem changed beyond its noise.\n")
    if still:
        out.append(
            f"\n<details><summary>{len(still)} problem(s) without a significant change</summary>\n\n"
            + _table(cols, cells(still))
            + "\n</details>\n"
        )
    out.append(
        "\nPer-problem intervals resample only replicates and timing noise; the overall and "
        "per-category intervals also resample problems (paired), which is where most of the "
        "variance between runs is: which code the models happened to write.\n"
    )
    out.append("\n### Noise and replicates\n\n")
    out.append(
        f"- noise floor (the baseline measured as a candidate, geomean): old {_x(c.noise.get('old'))}, "
        f"new {_x(c.noise.get('new'))}\n- {guidance_text(c.guidance, c.drop)}\n"
    )
    return "".join(out)


def _reps(run) -> str:
    counts: dict = {}
    for p in run.problems:
        counts[p.problem] = counts.get(p.problem, 0) + 1
    lo, hi = min(counts.values()), max(counts.values())
    return str(lo) if lo == hi else f"{lo}-{hi}"


def guidance_text(g: dict, drop: float) -> str:
    """One sentence on how many replicates resolve a change of ``drop`` (fraction), from
    metrics.replicates_needed's result ``g``."""
    pct = f"{drop * 100:g}%"
    if g["replicates"] is None:
        return (
            f"replicates: neither run has `--repeats >= 2`, so how much the team varies between runs "
            f"is unknown; the interval treats each problem's change as one draw of it. To know how many "
            f"replicates resolve a {pct} change, run both sides with `--repeats 3`."
        )
    head = (
        f"between-replicate spread s = {math.sqrt(g['s2']):.3f} and spread of the problems' changes "
        f"tau = {math.sqrt(g['tau2']):.3f} (ln units)"
    )
    if g["replicates"] == math.inf:
        return (
            f"replicates: {head}: with {g['problems']} problem(s) no number of replicates resolves a {pct} "
            "change (95 % interval, 80 % power): the problems disagree too much; compare on more problems."
        )
    return (
        f"replicates: {head}: resolving a {pct} change (95 % interval, 80 % power) on these "
        f"{g['problems']} problem(s) needs about {g['replicates']} replicate(s) per run (`--repeats`)."
    )


def to_json(c: Comparison) -> dict:
    """The comparison as a JSON-ready dict (ratios new/old, unitless)."""
    return {
        "old": c.old.run_id,
        "new": c.new.run_id,
        "warnings": c.warnings,
        "notes": c.notes,
        "overall": c.overall,
        "categories": c.categories,
        "problems": c.problems,
        "only_old": c.only_old,
        "only_new": c.only_new,
        "guidance": {k: (None if v == math.inf else v) for k, v in c.guidance.items()},
        "noise_floor": c.noise,
        "threshold": c.threshold,
        "failed": c.failed,
    }
