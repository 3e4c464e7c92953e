"""Options several commands share: ``--suite`` and ``--suite-dir``, ``--executor``, and
the evaluation options of ``eval`` and ``selftest``."""

from __future__ import annotations

import argparse

from ..core.errors import HarnessError
from ..measure.evaluate import BATCH, RACE_CHECKS, EvalConfig
from ..measure.executors import executors
from ..measure.suite import SUITE_DIRS_ENV

SUITE_HELP = "problem suite: pareval (default), polybench, or one found by --suite-dir"


def add_suite_arguments(p: argparse.ArgumentParser, default: str | None) -> None:
    """``--suite NAME`` (``default``: its default; None: the command's own, e.g. a
    resumed run's) and ``--suite-dir DIR`` (repeatable); harness.cli.main passes the
    folders to harness.measure.suite.add_suite_dirs before the command runs."""
    p.add_argument("--suite", default=default, help=SUITE_HELP)
    add_suite_dir_argument(p)


def add_suite_dir_argument(p: argparse.ArgumentParser) -> None:
    """``--suite-dir DIR`` (repeatable) on the parser of a command that takes ``--suite``."""
    p.add_argument(
        "--suite-dir",
        action="append",
        default=[],
        metavar="DIR",
        help=f"also look for suites in DIR: its folders holding a suite.toml, or DIR "
        f"itself when it holds one (repeatable; or {SUITE_DIRS_ENV}=DIR:DIR)",
    )


def add_executor_argument(p: argparse.ArgumentParser) -> None:
    """``--executor NAME``, its choices and help from the executor registry
    (harness.measure.executors)."""
    known = executors()
    p.add_argument(
        "--executor",
        default=None,
        choices=sorted(known),
        help="where evaluations run: "
        + "; ".join(f"{n}: {c.description}" for n, c in known.items())
        + " (default: inline for one worker, else parsl)",
    )


def _batch_value(text: str) -> int:
    """``--batch``'s value: an integer of at least 1 (argparse's one-line error, exit 2,
    otherwise)."""
    try:
        k = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not an integer: {text!r} (at least 1; 1 judges every candidate alone)"
        ) from None
    if k < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1 (got {k}; 1 judges every candidate alone)")
    return k


def add_batch_argument(p: argparse.ArgumentParser, what: str) -> None:
    """``--batch K`` (``run``, ``score``): at most K of ``what`` (e.g. "samples of a
    problem") judged together in one batch (harness.measure.evaluate.evaluate_batch);
    default None (the options' default, BATCH)."""
    p.add_argument(
        "--batch",
        type=_batch_value,
        default=None,
        metavar="K",
        help=f"judge up to K {what} together, against one baseline timed once per pair "
        f"(their speedup intervals share the baseline's times; each verdict is the "
        f"candidate's own); 1 judges every candidate alone (default: {BATCH})",
    )


def add_eval_options(p: argparse.ArgumentParser) -> None:
    """The options of one evaluation's EvalConfig (``eval``, ``selftest``); see
    :func:`eval_config`."""
    p.add_argument("--mode", default="omp", help="serial or omp (default: omp)")
    p.add_argument(
        "--threads",
        type=int,
        default=None,
        help="CPUs given to both sides in omp mode (default: all this process may use)",
    )
    p.add_argument(
        "--size",
        default=None,
        help="timed problem size S (default: the problem's); PolyBench: a dataset name, e.g. LARGE",
    )
    p.add_argument("--quick", action="store_true", help="use the problem's quick size")
    p.add_argument("--seed", type=int, default=20240521, help="first input seed (default: 20240521)")
    p.add_argument(
        "--march",
        default="native",
        help="-march for every object (default: native; pin e.g. x86-64-v3 to compare machines)",
    )
    p.add_argument("--no-cache", action="store_true", help="measure again even if a stored verdict exists")
    p.add_argument(
        "--unsafe-no-sandbox",
        action="store_true",
        help="run candidates without bubblewrap (only if you trust the code)",
    )
    p.add_argument(
        "--race-check",
        default="default",
        choices=RACE_CHECKS,
        help='default: a candidate whose omp race check could not cover the timed size (evidence race_check "partial: ...") is judged on its outputs and counted apart; strict: it is rejected (default: default)',
    )


def eval_config(args: argparse.Namespace, problem) -> EvalConfig:
    """The EvalConfig of :func:`add_eval_options`' options for ``problem`` (a
    harness.measure.suite.Problem). Raises HarnessError for a seed outside 0 .. 2^63 - 1,
    --threads in serial mode or a size the problem does not know."""
    size = problem.parse_size(args.size) if args.size is not None else None
    if not 0 <= args.seed < 2**63:
        raise HarnessError(f"--seed must be in 0 .. 2^63 - 1 (got {args.seed})")
    if args.threads is not None and args.mode == "serial":
        raise HarnessError("--threads applies to omp mode; serial mode runs both sides on one CPU")
    return EvalConfig(
        threads=args.threads,
        size=size,
        quick=args.quick,
        seed=args.seed,
        march=args.march,
        use_cache=not args.no_cache,
        unsafe=args.unsafe_no_sandbox,
        race_check=args.race_check,
    )
