"""``python -m harness serve-model``: the embedded model as a server for several runs
(harness.models.model_server)."""

from __future__ import annotations

import argparse

from ..core.errors import HarnessError
from ..models import local_model, model_server


def add_parser(subparsers) -> argparse.ArgumentParser:
    """``python -m harness serve-model``: the embedded model as a server for several runs."""
    p = subparsers.add_parser(
        "serve-model",
        help="serve the embedded model on loopback for several runs to share",
        description="Serve a local GGUF model as an OpenAI-compatible endpoint on 127.0.0.1, decoding "
        "concurrent requests in one batch. Point runs at it with "
        "HARNESS_MODEL_SERVER=http://127.0.0.1:PORT/v1; they then start no model process of their own.",
    )
    p.add_argument("--port", type=int, default=8077, help="TCP port on 127.0.0.1 (0: any free port; default 8077)")
    p.add_argument(
        "--model",
        default=local_model.EMBEDDED_MODEL,
        help=f"local/<alias or path.gguf> (default {local_model.EMBEDDED_MODEL})",
    )
    p.add_argument(
        "--slots",
        type=int,
        default=model_server.DEFAULT_SLOTS,
        help=f"requests decoded together (default {model_server.DEFAULT_SLOTS})",
    )
    p.add_argument(
        "--watch-stdin",
        action="store_true",
        help="exit when stdin closes (used by a run that starts its own model process)",
    )
    p.set_defaults(fn=command)
    return p


def command(args: argparse.Namespace) -> int:
    """Runs harness.models.model_server.serve; returns 0 after SIGTERM/SIGINT.

    Raises:
        HarnessError: bad --port/--slots, the port is taken, or the model cannot be loaded.
    """
    if not 0 <= args.port <= 65535:
        raise HarnessError(f"--port must be in 0..65535 (got {args.port})")
    if args.slots < 1:
        raise HarnessError(f"--slots must be >= 1 (got {args.slots})")
    try:
        model_server.serve(args.model, port=args.port, slots=args.slots, watch_stdin=args.watch_stdin)
    except OSError as e:
        raise HarnessError(f"cannot listen on 127.0.0.1:{args.port}: {e.strerror or e}") from None
    return 0
