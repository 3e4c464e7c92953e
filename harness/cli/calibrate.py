"""``python -m harness calibrate``: per-model priors for colearning's E-RL model selection.

E-RL (harness.strategies.colearning) needs, for every model of the team, a reward prior
R (the mean reward tier of the model's attempts: compile/link error -1; incorrect, crash,
timeout, rejected -0.5; correct but speedup < 1.1 -0.2; correct and >= 1.1 +3) and a
time prior T (mean seconds, tokens or USD per model call), measured beforehand (the
Co-Learning paper's priors are fixed numbers measured before the run). Two ways:

* ``calibrate --team team.toml --preset quick -o priors.json``: runs the ``single``
  strategy with each of the team's models alone (one results folder each under
  ``--output``, default ``results/calibration-<time>``), then computes the priors;
* ``calibrate --from results/<run> [...] -o priors.json``: computes them from existing
  ``single`` runs' event logs (no model call, no evaluation).

Both go through :func:`priors_from_runs`. The file: {model: {"reward", "seconds",
"tokens", "usd", "attempts", "calls", "categories": {category: {the same}}}}, a category
only where the model has attempts on at least :data:`MIN_CATEGORY_PROBLEMS` problems of
it. ``run --strategy colearning --erl-priors priors.json`` reads it.
"""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path
from typing import Callable, Sequence

from ..core.errors import HarnessError
from ..core.fsutil import atomic_write
from ..models.llm import PINNABLE, TEAM_FILE_KEYS, Team
from ..results.runstore import read_run
from ..run import RunOptions, execute
from ..strategies.colearning import arms_of, tier_value
from .options import add_suite_arguments

MIN_CATEGORY_PROBLEMS = 3  # problems of a category before it gets its own priors


def _means(attempts: list, calls: list) -> dict:
    """Priors from attempts [(problem, tier value)] and calls [(seconds, tokens, USD)]."""
    n = len(calls)
    return {
        "reward": sum(v for _, v in attempts) / len(attempts),
        "seconds": sum(c[0] for c in calls) / n if n else 0.0,
        "tokens": sum(c[1] for c in calls) / n if n else 0.0,
        "usd": sum(c[2] for c in calls) / n if n else 0.0,
        "attempts": len(attempts),
        "calls": n,
    }


def priors_from_runs(runs: Sequence) -> dict:
    """Per-model priors from ``runs`` (runstore.RunRecord of ``single`` runs): for each
    model, the mean reward tier of its evaluated candidates (first measurements) and the
    mean seconds (latency_s), tokens (prompt + completion) and USD per call, overall and
    per category with >= MIN_CATEGORY_PROBLEMS problems. Raises HarnessError for a run
    of another strategy or when no candidate was evaluated."""
    attempts: dict[str, list] = {}
    calls: dict[str, list] = {}
    cats: dict[str, dict[str, tuple[list, list]]] = {}
    for run in runs:
        if run.config.get("strategy") != "single":
            raise HarnessError(
                f"{run.root}: calibrate reads runs of the single strategy (this one ran {run.config.get('strategy')})"
            )
        for p in run.problems:
            for c in p.candidates:
                model = str(c.model)
                speedup = c.speedup if c.status == "correct" else None
                a = (p.problem, tier_value(str(c.status), speedup))
                attempts.setdefault(model, []).append(a)
                cats.setdefault(model, {}).setdefault(p.category, ([], []))[0].append(a)
            for call in p.calls:
                model = str(call.model)
                cost = (
                    float(call.latency_s or 0.0),
                    float((call.prompt_tokens or 0) + (call.completion_tokens or 0)),
                    float(call.cost_usd or 0.0),
                )
                calls.setdefault(model, []).append(cost)
                cats.setdefault(model, {}).setdefault(p.category, ([], []))[1].append(cost)
    if not attempts:
        raise HarnessError("no evaluated candidate in the calibration runs: no priors to compute")
    out = {}
    for model in sorted(attempts):
        d = _means(attempts[model], calls.get(model, []))
        by_cat = {
            cat: _means(a, c)
            for cat, (a, c) in sorted(cats[model].items())
            if len({pid for pid, _ in a}) >= MIN_CATEGORY_PROBLEMS
        }
        if by_cat:
            d["categories"] = by_cat
        out[model] = d
    return out


def _toml_team(agent) -> str:
    """A one-agent team file for ``agent`` (llm.Agent): the keys a team file takes, its
    sampling values only where its own team file set them (Agent.pinned), so the
    calibration samples as the run's --sampling would for that agent."""
    lines = ["[[agents]]"]
    for k, v in agent.to_dict().items():
        if v is not None and k in TEAM_FILE_KEYS and (k not in PINNABLE or k in agent.pinned):
            lines.append(f"{k} = {json.dumps(v)}")
    return "\n".join(lines) + "\n"


def calibrate(team, base, out_dir: Path, *, complete_fn: Callable | None = None, console=None) -> dict:
    """Run ``single`` with each distinct model of ``team`` (llm.Team; the first agent of
    each model, with its sampling settings) alone, with run options ``base``
    (run.RunOptions: problems, mode, preset values, sizes), each into its own results
    folder under ``out_dir``; returns :func:`priors_from_runs` of those runs.
    complete_fn replaces the model layer (tests). Raises HarnessError for the user's
    errors (as ``run`` does)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    runs = []
    for i, agent in enumerate(arms_of(team)):
        team_file = out_dir / f"team-{i + 1}.toml"
        team_file.write_text(_toml_team(agent))
        opts = dataclasses.replace(
            base, strategy="single", strategy_options={}, models=None, team_file=str(team_file), output=str(out_dir)
        )
        store, _, _ = execute(opts, complete_fn=complete_fn, console=console)
        store.close()
        runs.append(read_run(store.root))
    return priors_from_runs(runs)


def command(args) -> int:
    """``python -m harness calibrate``: writes the priors file ``-o``. Returns 0; raises
    HarnessError (exit 2) for the user's errors."""
    if args.from_runs:
        given = [
            f
            for f, v in (
                ("--team", args.team_file),
                ("--models", args.models),
                ("--preset", args.preset),
                ("--problems", args.problems),
                ("--mode", args.mode),
            )
            if v is not None
        ]
        if given:
            raise HarnessError(f"--from reads existing runs; drop {', '.join(given)}")

        priors = priors_from_runs([read_run(Path(p)) for p in args.from_runs])
    else:
        opts = RunOptions(preset=args.preset).check().with_preset()
        problems = [s.strip() for s in args.problems.split(",") if s.strip()] if args.problems else None
        opts = dataclasses.replace(
            opts, mode=args.mode or "omp", suite=args.suite, problems=problems, reference=False
        ).check()
        overrides = {"max_tokens": opts.max_tokens} if opts.max_tokens else {}
        team = Team.load(models=args.models, team_file=args.team_file, **overrides)
        out_dir = Path(args.output or f"results/calibration-{time.strftime('%Y%m%d-%H%M%S')}")
        priors = calibrate(team, opts, out_dir)
    try:
        atomic_write(Path(args.out), json.dumps(priors, indent=1) + "\n")
    except OSError as e:
        raise HarnessError(f"cannot write {args.out}: {e.strerror or e}") from None
    for model, d in priors.items():
        print(
            f"{model}: reward {d['reward']:+.3f} over {d['attempts']} attempt(s), {d['seconds']:.2f} s, "
            f"{d['tokens']:.0f} tokens, ${d['usd']:.5f} per call"
            + (f"; categories: {', '.join(d['categories'])}" if d.get("categories") else "")
        )
    print(f"wrote {args.out} (use: run --strategy colearning --erl-priors {args.out})")
    return 0


def add_parser(subparsers) -> None:
    """Add the ``calibrate`` subcommand to ``subparsers`` (an argparse subparsers action)."""
    p = subparsers.add_parser(
        "calibrate",
        help="per-model priors (reward tier, seconds/tokens/USD per call) for colearning's E-RL",
        description="Run the single strategy with each team model alone (or read existing single "
        "runs with --from) and write per-model priors for `run --strategy colearning "
        "--erl-priors FILE`: mean reward tier (compile/link error -1, incorrect/crash/"
        "timeout/rejected -0.5, correct < 1.1x -0.2, correct >= 1.1x +3) and mean "
        "seconds, tokens and USD per call; per category with >= "
        f"{MIN_CATEGORY_PROBLEMS} problems.",
    )
    p.add_argument("-o", "--out", required=True, metavar="FILE", help="the priors JSON file to write")
    p.add_argument(
        "--from",
        dest="from_runs",
        nargs="+",
        default=None,
        metavar="RUN",
        help="compute the priors from these single runs' results folders instead",
    )
    p.add_argument("--team", dest="team_file", default=None, help="team TOML file")
    p.add_argument("--models", default=None, help="comma-separated litellm model names")
    p.add_argument("--preset", default=None, choices=["quick"], help="quick: 6 problems, quick sizes")
    p.add_argument("--problems", default=None, help="comma-separated problem ids")
    p.add_argument("--mode", default=None, help="serial or omp (default: omp)")
    add_suite_arguments(p, "pareval")
    p.add_argument(
        "--output",
        default=None,
        metavar="DIR",
        help="folder for the calibration runs (default: results/calibration-<time>)",
    )
    p.set_defaults(fn=command)
