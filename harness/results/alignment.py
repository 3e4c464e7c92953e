"""Which problems two runs share, and what else differs between them.

A problem of a run is keyed by (suite, problem id, mode, size, threads) (:func:`keyed`);
runs in one table of ``report`` must have exactly the same keys (:func:`require_aligned`),
``compare`` compares the keys they share. :func:`environment_changes` lists what changed
in how the runs were measured (warnings) and what changed in what was run (notes).
"""

from __future__ import annotations

from typing import Any, Sequence

from ..core.errors import HarnessError
from ..measure.suite import get_problem

ALIGN = ("suite", "problem id", "mode", "size", "threads")
EVAL_SETTINGS = ("min_pairs", "max_pairs", "budget_s", "adaptive", "min_measure_ns", "seed")


def _size(run, p):
    if p.size is not None:
        return p.size
    try:
        return get_problem(p.problem, run.config.get("suite", "pareval")).default_size(
            run.config.get("mode", "omp"), bool(run.config.get("quick"))
        )
    except (HarnessError, KeyError, ValueError):
        return None


def keyed(run) -> dict:
    """{(suite, problem id, mode, size, threads): [(ProblemRecord), ...replicates]} of
    ``run`` (runstore.RunRecord)."""
    c = run.config
    out: dict[tuple, list] = {}
    for p in run.problems:
        key = (c.get("suite", "pareval"), p.problem, c.get("mode"), _size(run, p), run.threads)
        out.setdefault(key, []).append(p)
    return out


def alignment_differences(ka: dict, kb: dict) -> list[str]:
    """What differs between two :func:`keyed` maps, one text per component of ALIGN
    whose values differ: "<component> [values only in a] vs [values only in b]" (plus
    "(+n in both)" when they share some); when every component's values agree but the
    keys do not (e.g. a problem measured at another size), the differing keys. Empty
    when the key sets are equal."""
    out = []
    for i, name in enumerate(ALIGN):
        a, b = {str(k[i]) for k in ka}, {str(k[i]) for k in kb}
        if a != b:
            both = f" (+{len(a & b)} in both)" if a & b else ""
            out.append(f"{name} {sorted(a - b)} vs {sorted(b - a)}{both}")
    if not out and set(ka) != set(kb):
        only_a = sorted(tuple(map(str, k)) for k in set(ka) - set(kb))
        only_b = sorted(tuple(map(str, k)) for k in set(kb) - set(ka))
        out.append(f"({', '.join(ALIGN)}) {only_a} vs {only_b}")
    return out


def require_aligned(a, b) -> None:
    """Raise HarnessError (one line) unless runs ``a`` and ``b`` (runstore.RunRecord)
    measured exactly the same (suite, problem id, mode, size, threads): the rule for
    runs that share one table (``report`` with several runs), stricter than
    :func:`compare_runs`, which compares the problems they have in common. The message
    names what differs and an unfinished run's state."""
    ka, kb = keyed(a), keyed(b)
    if set(ka) == set(kb):
        return
    states = [f"{r.run_id} is {r.state}" for r in (a, b) if r.state != "finished"]
    raise HarnessError(
        f"{a.run_id} and {b.run_id} did not measure the same ({', '.join(ALIGN)}): "
        + "; ".join(alignment_differences(ka, kb) + states)
    )


def config_value(d: dict, path: str) -> Any:
    """The value at dotted ``path`` of a run's config dict ("machine.cpu_model"), None
    where any part of the path is missing."""
    value: Any = d
    for part in path.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


def environment_changes(old, new, aligned: Sequence[str] = ()) -> tuple[list[str], list[str]]:
    """(warnings, notes) between runs ``old`` and ``new`` (runstore.RunRecord).
    Warnings: whatever changes measured speedups (compiler, flags, resolved -march, CPU,
    usable CPUs, where evaluations ran (node, CPU model, CPU set, executor), measurement
    settings, sizes, sandbox, suite version; a different mode or thread count leaves
    nothing aligned, see :func:`compare_runs`);
    ``aligned``: the compared problem ids, whose folder hashes are checked one by one
    when both runs recorded them. Notes: what the comparison is about (strategy and
    options, team, max tokens, harness revision)."""
    a, b = old.config, new.config
    warns, notes = [], []
    # mode and threads are part of the alignment: when they differ nothing is compared
    checks = [
        ("compiler", "compiler.compiler_version"),
        ("compile flags", "compiler.flags"),
        ("resolved -march", "compiler.resolved_march"),
        ("CPU", "machine.cpu_model"),
        ("quick sizes", "quick"),
        ("sandbox off (--unsafe-no-sandbox)", "options.unsafe"),
    ]
    for label, path in checks:
        x, y = config_value(a, path), config_value(b, path)
        if x != y:
            warns.append(f"{label}: `{x}` → `{y}`")
    ca, cb = len(config_value(a, "machine.usable_cpus") or []), len(config_value(b, "machine.usable_cpus") or [])
    if ca != cb:
        warns.append(f"usable CPUs: {ca} → {cb}")
    warns += _evaluation_places(old, new)
    ea, eb = a.get("eval_config") or {}, b.get("eval_config") or {}
    diff = [f"{k} {ea.get(k)} → {eb.get(k)}" for k in EVAL_SETTINGS if ea.get(k) != eb.get(k)]
    for k in sorted(
        set((a.get("options") or {}).get("eval_overrides") or {})
        | set((b.get("options") or {}).get("eval_overrides") or {})
    ):
        if k not in EVAL_SETTINGS and ea.get(k) != eb.get(k):
            diff.append(f"{k} {ea.get(k)} → {eb.get(k)}")
    if diff:
        warns.append("measurement settings: " + ", ".join(diff))
    warns += _suite_changes(old, new, aligned)
    for run in (old, new):
        warns += [f"run {run.run_id}: {w}" for w in run.warnings]
        if run.state != "finished":
            warns.append(
                f"run {run.run_id} is not finished ({run.state}): its unfinished "
                "problems are left out of the comparison"
            )
    for label, path in (
        ("strategy", "strategy"),
        ("strategy options", "strategy_options"),
        ("max tokens", "options.max_tokens"),
        ("harness revision", "git_revision"),
    ):
        x, y = config_value(a, path), config_value(b, path)
        if x != y:
            notes.append(f"{label}: `{x}` → `{y}`")
    ta = [f"{t.get('name')}={t.get('model')}" for t in (a.get("team") or {}).get("agents", [])]
    tb = [f"{t.get('name')}={t.get('model')}" for t in (b.get("team") or {}).get("agents", [])]
    if ta != tb:
        notes.append(f"team: `{', '.join(ta) or '-'}` → `{', '.join(tb) or '-'}`")
    return warns, notes


def _evaluation_places(old, new) -> list[str]:
    """Warnings about where evaluations ran (their recorded node, CPU model and CPU set):
    a run whose evaluations ran on several nodes or CPU models, and nodes, CPU models,
    CPU sets or executors that differ between the two runs (skipped for runs recorded
    before evaluations said)."""
    warns = []
    for run in (old, new):
        for label, vals in (("nodes", run.eval_nodes), ("CPU models", run.eval_cpu_models)):
            if len(vals) > 1:
                warns.append(
                    f"run {run.run_id}: evaluations ran on {len(vals)} {label}: " + ", ".join(f"`{v}`" for v in vals)
                )
    for label, name in (
        ("evaluation nodes", "eval_nodes"),
        ("evaluation CPU models", "eval_cpu_models"),
        ("evaluation CPU sets", "eval_cpu_sets"),
    ):
        x, y = getattr(old, name), getattr(new, name)
        if x and y and x != y:
            warns.append(f"{label}: `{'; '.join(x)}` → `{'; '.join(y)}`")
    ea, eb = old.config.get("executor"), new.config.get("executor")
    if ea and eb and (ea.get("name"), ea.get("workers")) != (eb.get("name"), eb.get("workers")):
        warns.append(
            f"executor: `{ea.get('name')} x{ea.get('workers')}` → `{eb.get('name')} x{eb.get('workers')}` "
            "(workers share the memory bus: memory-bound problems may measure differently)"
        )
    return warns


def _suite_changes(old, new, aligned: Sequence[str]) -> list[str]:
    a, b = old.config, new.config
    ha, hb = a.get("problem_hashes"), b.get("problem_hashes")
    if isinstance(ha, dict) and isinstance(hb, dict):
        changed = [p for p in aligned if ha.get(p) != hb.get(p)]
        if changed:
            return [
                f"problem changed between the runs (spec, baseline, reference, driver or driver headers): "
                f"{', '.join(changed)}; their speedups are not comparable"
            ]
        if a.get("suite_version") != b.get("suite_version"):
            return [
                f"suite version `{str(a.get('suite_version'))[:12]}` → `{str(b.get('suite_version'))[:12]}` "
                "(other problems changed or were added; the compared problems are identical)"
            ]
        return []
    unknown = [r.run_id for r in (old, new) if not r.config.get("suite_version")]
    if unknown:
        return [
            f"suite version unknown (not recorded by run {', '.join(unknown)}): the problems may "
            "have changed between the runs"
        ]
    if a.get("suite_version") != b.get("suite_version"):
        return [f"suite version `{str(a.get('suite_version'))[:12]}` → `{str(b.get('suite_version'))[:12]}`"]
    return []
