"""Command line: ``python -m harness COMMAND``, one module of this package per command.

Each command module (``list``, ``eval``, ``selftest``, ``run``, ``score``, ``serve-model``
in serve_model, ``calibrate``, ``strategies``, ``report``, ``memory``, ``compare``) has
``add_parser(subparsers)``, which adds its subcommand and sets ``fn``, the function that
runs it; :func:`build_parser` joins them into the one top-level parser (the CLI reference
of the documentation is generated from it). argparse is used in this package only: the
library modules take plain arguments.

User errors end with one line on stderr and exit code 2 (never a traceback).
"""

from __future__ import annotations

import argparse
import signal
import sys
import traceback

from ..core.errors import HarnessError
from ..measure.suite import add_suite_dirs
from . import calibrate, compare, memory, report, run, score, selftest, serve_model, strategies
from . import eval as eval_command
from . import list as list_command

#: the command modules in the order of ``--help``
COMMANDS = (
    list_command,
    eval_command,
    selftest,
    run,
    score,
    serve_model,
    calibrate,
    strategies,
    report,
    memory,
    compare,
)


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (exit code 2), like every other user error."""

    def error(self, message: str):
        self.exit(2, f"error: {message} (see `{self.prog} --help`)\n")


def build_parser() -> argparse.ArgumentParser:
    """The top-level parser of ``python -m harness``, every command's subparser added.
    Raises HarnessError when an entry point of the strategy or executor registry does
    not load (their names are the choices of ``run``'s options)."""
    ap = _Parser(
        prog="python -m harness",
        description="Benchmark harness for LLM code optimization (ParEval and PolyBench, serial and OpenMP).",
    )
    sub = ap.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for module in COMMANDS:
        module.add_parser(sub)
    return ap


def main(argv: list[str] | None = None) -> int:
    """Entry point. Returns the exit code: 0 ok, 1 `compare` found a regression beyond
    --fail-on-regression, `eval`'s verdict or a `selftest` A/A or reference is not correct,
    2 user error, 3 internal error (a harness fault, not the candidate's: the traceback is
    printed) or the local model process died twice (one line; `run --resume` continues),
    130 interrupted."""
    try:
        ap = build_parser()
    except HarnessError as e:  # a plugin (entry point) that does not load
        print(f"error: {e}", file=sys.stderr)
        return 2
    args = ap.parse_args(argv)
    # `kill` or a CI timeout: unwind like Ctrl-C, so sandboxes and cgroups are cleaned up
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        if getattr(args, "suite_dir", None):
            add_suite_dirs(args.suite_dir)
        return args.fn(args)
    except HarnessError as e:
        print(f"error: {e}", file=sys.stderr)
        return getattr(e, "exit_code", 2)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into `head` and closed: not an error
        sys.stderr.close()
        return 0
    except Exception:  # a harness fault: its own exit code, so no script blames the candidate
        traceback.print_exc()
        return 3


if __name__ == "__main__":
    sys.exit(main())
