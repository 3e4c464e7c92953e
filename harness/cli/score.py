"""``python -m harness score FILE [FILE ...]``: its options and how they become
harness.score.ScoreOptions; harness.score.execute_score does the work."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..core.errors import HarnessError
from ..measure.evaluate import RACE_CHECKS
from ..results import report
from ..score import GROUP_BY, ScoreOptions, execute_score
from .options import add_batch_argument, add_executor_argument, add_suite_arguments


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``score`` subcommand to ``subparsers`` (an argparse subparsers action)."""
    p = subparsers.add_parser(
        "score",
        help="evaluate replies generated elsewhere (predictions files, JSON lines)",
        description="Evaluate every reply of the input files like a run's candidates (same "
        "extractor, screen, sandbox and judge) and write a results folder that "
        "`report` and `compare` read. Inputs: a JSON object {problem_id: reply} "
        '(the LessonL fork\'s predictions files); JSON lines with "problem", '
        '"reply" or "code", optional "model" and "sample"; the fork\'s '
        '{"submission": {"problem": {"problem_id": ...}, "submitted_code": ...}} '
        "lines. Several files or records of one problem are its samples: the row "
        "reports the first, report.md pass@k, build@k and speedup_n@k over all. A "
        "trainer using the score as a reward should pass a fresh --seed each time: "
        "outputs of a fixed public seed can be memorized.",
    )
    p.add_argument("files", nargs="*", metavar="FILE", help="predictions files (JSON or JSON lines)")
    add_suite_arguments(p, None)
    p.add_argument("--mode", default=None, help="serial or omp (default: omp)")
    p.add_argument("--problems", default=None, help="only these comma-separated problem ids")
    p.add_argument(
        "--group-by",
        default=None,
        choices=GROUP_BY,
        help="one results folder and comparison row per input file or model (a record "
        'without "model" takes its file\'s name)',
    )
    p.add_argument("--label", default=None, metavar="NAME", help="names the run in tables and its folder")
    p.add_argument(
        "--k",
        default=None,
        help="k values of pass@k, build@k, speedup_n@k, comma-separated "
        "(default: 1, 2, 4, ... up to the samples per problem)",
    )
    p.add_argument(
        "--skip-unknown",
        action="store_true",
        default=None,
        help="evaluate the replies to known problems, record the ids the suite lacks",
    )
    p.add_argument(
        "--resume",
        default=None,
        metavar="DIR",
        help="continue the score run in DIR (no FILE or other option: they come from it)",
    )
    p.add_argument(
        "--output", default=None, metavar="DIR", help="where runs are written: DIR/<run-id>/ (default: results)"
    )
    p.add_argument("--threads", type=int, default=None, help="CPUs in omp mode (default: all usable)")
    p.add_argument("--march", default=None, help="-march value (default: native)")
    p.add_argument("--quick", action="store_true", default=None, help="the problems' quick sizes")
    p.add_argument(
        "--no-reference",
        dest="reference",
        action="store_false",
        default=None,
        help="do not measure the expert reference",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="first measurement seed (default: 20240521, as `run`; fixed seeds make runs "
        "comparable and verdicts cacheable)",
    )
    p.add_argument(
        "--eval-workers",
        type=int,
        default=None,
        metavar="N",
        help="evaluations at once, each on its own CPU set, on Parsl workers (default: 1)",
    )
    p.add_argument(
        "--parsl-config",
        default=None,
        metavar="FILE",
        help="a Python file defining `config` (a parsl.config.Config): workers wherever it says",
    )
    add_executor_argument(p)
    add_batch_argument(p, "samples of a problem")
    p.add_argument(
        "--unsafe-no-sandbox",
        dest="unsafe",
        action="store_true",
        default=None,
        help="run candidates without bubblewrap (only if you trust the replies)",
    )
    p.add_argument(
        "--race-check",
        default=None,
        choices=RACE_CHECKS,
        help='default: a candidate whose omp race check could not cover the timed size (evidence race_check "partial: ...") is judged on its outputs and counted apart; strict: it is rejected (default: default)',
    )
    p.set_defaults(fn=command)
    return p


_CLI_FIELDS = (
    "suite",
    "mode",
    "problems",
    "group_by",
    "label",
    "k",
    "skip_unknown",
    "output",
    "threads",
    "march",
    "quick",
    "reference",
    "seed",
    "eval_workers",
    "parsl_config",
    "executor",
    "unsafe",
    "race_check",
    "batch",
)


def _ids(text: str) -> list[str]:
    """The problem ids of ``--problems``; HarnessError when there are none."""
    ids = [s.strip() for s in text.split(",") if s.strip()]
    if not ids:
        raise HarnessError("--problems: no problem ids given")
    return ids


def command(args: argparse.Namespace) -> int:
    """``python -m harness score``. Returns 0; raises HarnessError (exit 2) for the user's
    errors, before any work for bad input files."""
    given = {k: getattr(args, k) for k in _CLI_FIELDS if getattr(args, k, None) is not None}
    if args.resume:
        if args.files or given:
            raise HarnessError(
                "--resume continues the score run as it was configured; drop "
                + ", ".join(
                    (["FILE"] if args.files else [])
                    + [{"reference": "--no-reference"}.get(k, "--" + k.replace("_", "-")) for k in given]
                )
            )
        execute_score(ScoreOptions(), resume=args.resume, command=sys.argv)
        return 0
    if not args.files:
        raise HarnessError("no input files (give FILE ..., or --resume DIR)")
    if "problems" in given:
        given["problems"] = _ids(given["problems"])
    if "k" in given:
        given["ks"] = report.parse_ks(given.pop("k"))
    if given.get("parsl_config"):
        given["parsl_config"] = str(Path(given["parsl_config"]).resolve())
    opts = ScoreOptions(files=[str(Path(f).resolve()) for f in args.files], **given)
    execute_score(opts, command=sys.argv)
    return 0
