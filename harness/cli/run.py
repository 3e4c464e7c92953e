"""``python -m harness run``: its options (the strategy's from the registry) and how they
become harness.run.RunOptions; harness.run.execute does the run."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

from ..core.errors import HarnessError
from ..measure.evaluate import RACE_CHECKS
from ..measure.suite import remember_suite
from ..models import model_process
from ..results.runstore import RunStore
from ..run import PRESETS, RunOptions, execute, options_from_config
from ..strategies import registry
from ..strategies.prompting import EVIDENCE_LEVELS
from .options import add_batch_argument, add_executor_argument, add_suite_arguments


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``run`` subcommand to ``subparsers`` (an argparse subparsers action); the
    strategy choices and each strategy's options come from the registry. Raises
    HarnessError when an entry point of harness.strategies does not load."""
    names = sorted(registry.load_all())
    p = subparsers.add_parser(
        "run",
        help="a team of model agents optimizes the suite (LessonL by default)",
        description=f"Run a strategy ({', '.join(names)}) with a model team on a suite's "
        "problems; writes results/<run-id>/ and prints the per-category table. "
        "`python -m harness strategies` lists every strategy's options and budget.",
    )
    p.add_argument("--mode", default=None, help="serial or omp (default: omp)")
    add_suite_arguments(p, None)
    p.add_argument("--problems", default=None, help="comma-separated problem ids")
    p.add_argument("--category", default=None, help="only these categories (comma-separated)")
    p.add_argument("--models", default=None, help="comma-separated litellm model names, one agent each")
    p.add_argument("--team", dest="team_file", default=None, help="team TOML file (see harness.models.llm)")
    p.add_argument("--strategy", default=None, choices=names, help="collaboration strategy (default: lessonl)")
    p.add_argument(
        "--preset",
        default=None,
        choices=sorted(PRESETS),
        help="quick: 6 problems of 6 categories, 512 max tokens, quick sizes, each "
        "strategy scaled down (see `python -m harness strategies`)",
    )
    p.add_argument(
        "--repeats",
        type=int,
        default=None,
        help="independent replicates (own sampling and measurement seeds; each measured anew)",
    )
    p.add_argument("--resume", default=None, metavar="DIR", help="continue the run in results folder DIR")
    p.add_argument("--max-cost", type=float, default=None, metavar="USD", help="stop cleanly at this cost")
    p.add_argument("--time-budget", type=float, default=None, metavar="SECONDS", help="stop cleanly after this time")
    p.add_argument(
        "--output", default=None, metavar="DIR", help="where runs are written: DIR/<run-id>/ (default: results)"
    )
    p.add_argument("--threads", type=int, default=None, help="CPUs in omp mode (default: all usable)")
    p.add_argument("--max-tokens", type=int, default=None, help="max completion tokens per call")
    p.add_argument("--quick", action="store_true", default=None, help="the problems' quick sizes")
    p.add_argument(
        "--no-reference",
        dest="reference",
        action="store_false",
        default=None,
        help="do not measure the expert reference",
    )
    p.add_argument(
        "--evidence",
        default=None,
        choices=EVIDENCE_LEVELS,
        help="what prompts show of an evaluated attempt, the same for every strategy: full "
        "(default: status, speedup with CI, compiler diagnostics, the mismatch, profiler "
        "signals) or upstream (what the authors' prompts carried: status, speedup, the "
        "evaluator's text; no diagnostics, no profiler signals)",
    )
    p.add_argument(
        "--max-parallel",
        type=int,
        default=None,
        help="concurrent model calls, over all problems in flight (default: 4)",
    )
    p.add_argument(
        "--eval-workers",
        type=int,
        default=None,
        metavar="N",
        help="evaluations at once, each on its own CPU set (serial: one core each; omp: "
        "--threads cores each), on Parsl workers; N problems in flight (default: 1, no Parsl)",
    )
    p.add_argument(
        "--parsl-config",
        default=None,
        metavar="FILE",
        help="a Python file defining `config` (a parsl.config.Config): evaluation "
        "workers wherever it says (Slurm, PBS, Kubernetes...)",
    )
    add_executor_argument(p)
    add_batch_argument(p, "candidates of a problem ready in the same round")
    p.add_argument(
        "--sampling",
        default=None,
        metavar="paper|model",
        help="paper (default): every call at temperature 0.2, top_p 0.95 and lesson and "
        "reflection calls with frequency penalty 0.5, as the LessonL authors ran "
        "them; model: each agent's own values (default 0.7 / 0.8). A team file's "
        "temperature or top_p for an agent wins either way",
    )
    p.add_argument(
        "--unsafe-no-sandbox",
        dest="unsafe",
        action="store_true",
        default=None,
        help="run candidates without bubblewrap (only if you trust the models)",
    )
    p.add_argument(
        "--race-check",
        default=None,
        choices=RACE_CHECKS,
        help='default: a candidate whose omp race check could not cover the timed size (evidence race_check "partial: ...") is judged on its outputs and counted apart; strict: it is rejected (default: default)',
    )
    g = p.add_argument_group("strategy options (each taken only by the strategies in brackets)")
    for name, (param, users) in registry.all_params().items():
        default = "" if param.default is None else f" (default: {param.default})"
        kw = {"dest": STRATEGY_DEST + name, "default": None, "help": f"{param.help}{default} [{', '.join(users)}]"}
        if param.type is bool:
            kw["action"] = argparse.BooleanOptionalAction
        else:
            kw["type"] = param.type
            kw["metavar"] = {int: "N", float: "X"}.get(param.type, "TEXT")
            if param.choices:
                kw["choices"] = list(param.choices)
        g.add_argument(param.cli_flag, **kw)
    p.set_defaults(fn=command)
    return p


STRATEGY_DEST = "strategy_opt_"  # argparse dest prefix of the registry's options
_CLI_FIELDS = (
    "mode",
    "suite",
    "problems",
    "category",
    "models",
    "team_file",
    "strategy",
    "preset",
    "repeats",
    "max_cost",
    "time_budget",
    "output",
    "threads",
    "max_tokens",
    "quick",
    "reference",
    "evidence",
    "max_parallel",
    "unsafe",
    "eval_workers",
    "parsl_config",
    "executor",
    "sampling",
    "race_check",
    "batch",
)


def _given_strategy_options(args: argparse.Namespace) -> dict:
    """The strategy options the user gave, {parameter name: value}."""
    return {k[len(STRATEGY_DEST) :]: v for k, v in vars(args).items() if k.startswith(STRATEGY_DEST) and v is not None}


def options_from_args(args: argparse.Namespace) -> RunOptions:
    """RunOptions from parsed arguments: defaults, then the preset, then what the user
    gave explicitly. Raises HarnessError for bad values and for an option the chosen
    strategy does not take."""
    given = {k: getattr(args, k) for k in _CLI_FIELDS if getattr(args, k, None) is not None}
    if given.get("parsl_config"):
        given["parsl_config"] = str(Path(given["parsl_config"]).resolve())
    if isinstance(given.get("problems"), str):
        ids = [s.strip() for s in given["problems"].split(",") if s.strip()]
        if not ids:
            raise HarnessError("--problems: no problem ids given (leave it out to run the whole suite)")
        dup = sorted({i for i in ids if ids.count(i) > 1})
        if dup:
            raise HarnessError(f"--problems names {dup[0]} more than once")
        given["problems"] = ids
    opts = RunOptions(preset=given.get("preset")).check().with_preset()
    return dataclasses.replace(opts, **given, strategy_options=_given_strategy_options(args)).check()


def command(args: argparse.Namespace) -> int:
    """``python -m harness run``. Returns 0; raises HarnessError (exit 2) for the user's
    errors. With --resume the options come from the folder's config.json; --max-cost,
    --time-budget and --max-parallel given now still apply, any other option is an error."""
    if args.resume:
        resumable = ("max_cost", "time_budget", "max_parallel")
        flags = {"team_file": "--team", "unsafe": "--unsafe-no-sandbox", "reference": "--no-reference"}
        fixed = [
            flags.get(k, "--" + k.replace("_", "-"))
            for k in _CLI_FIELDS
            if k not in resumable and getattr(args, k, None) is not None
        ]
        fixed += [registry.flag_of(k) for k in _given_strategy_options(args)]
        if fixed:
            raise HarnessError(
                "--resume continues the run as it was configured; drop "
                + ", ".join(fixed)
                + " (only --max-cost, --time-budget and --max-parallel apply)"
            )
        store = RunStore.open(Path(args.resume))
        remember_suite(store.config)
        opts = options_from_config(store.config)
        for k in resumable:
            if getattr(args, k, None) is not None:
                setattr(opts, k, getattr(args, k))
        try:
            execute(opts, store=store, command=sys.argv)
        finally:  # the model processes the run started stop when it ends, however it ends
            model_process.stop_all()
        return 0
    try:
        execute(options_from_args(args), command=sys.argv)
    finally:
        model_process.stop_all()
    return 0
