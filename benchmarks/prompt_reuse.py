"""What does the model process's prompt reuse save? (prints figures; not a test)

Replays the prompts of a run's model calls (its ``llm_call`` events, grouped into the
phases the run sent them in: a problem's round and purpose, in order) to the embedded
model, each call with ``max_tokens`` 1, so only prompt processing is timed, the part that
prompt reuse changes (the replies, and so the decoding, are bit-identical either way). A
fresh engine per leg, legs alternating off, on, off, on, ... (``--repeats`` of each), so a
drift of the machine's speed falls on both. Prints each leg's wall seconds, then side by
side the median wall seconds, prompt tokens processed and reused, and last the line
``prompt reuse: time ratio R`` (median on over median off; below 1 is a saving). The
engines stay loaded until the end (about 1 GB each).

usage: python benchmarks/prompt_reuse.py RUN_DIR [--phases N] [--repeats 2]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from harness.models import local_model, model_server
from harness.strategies import prompting


def _fail(message: str) -> None:
    """One line on stderr, exit code 2 (bad input)."""
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def phases(run_dir: Path) -> list[list[dict]]:
    """The run's local calls as phases: lists of (messages, seed) request bodies, in
    the order the run sent them. Exits with code 2 for a folder without such calls."""
    events = run_dir / "events.jsonl"
    if not events.is_file():
        _fail(f"{events} not found (give a run's results folder)")
    out: dict[tuple, list[dict]] = {}
    for line in events.read_text().splitlines():
        e = json.loads(line)
        if e.get("kind") != "llm_call" or not str(e.get("model", "")).startswith("local/") or not e.get("prompt"):
            continue
        key = (e.get("problem"), e.get("repeat"), e.get("round"), e.get("purpose"))
        out.setdefault(key, []).append(
            {
                "messages": prompting.messages(e["prompt"]),
                "seed": e.get("seed") or 0,
                "max_tokens": 1,
                "temperature": 0.0,
            }
        )
    if not out:
        _fail(f"{events} has no calls to a local model with their prompts")
    return list(out.values())


def replay(work: list[list[dict]], *, reuse: bool) -> tuple[float, int, int]:
    """(wall s, prompt tokens admitted, of them reused) of every phase, calls of a
    phase sent at once, on a fresh engine."""
    engine = model_server.Engine(
        local_model.embedded_model_path(),
        slots=model_server.DEFAULT_SLOTS,
        n_ctx=local_model.n_ctx(),
        threads=local_model.n_threads(),
        fixed_threads=local_model.threads_fixed(),
        prompt_reuse=reuse,
    )
    t0 = time.perf_counter()
    with ThreadPoolExecutor(max_workers=model_server.DEFAULT_SLOTS) as ex:
        for phase in work:
            list(ex.map(engine.submit, phase))
    wall = time.perf_counter() - t0
    load = engine.load()
    return wall, load["prompt_tokens"], load["prompt_tokens_reused"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run_dir", type=Path, help="a run's results folder (with events.jsonl)")
    ap.add_argument("--phases", type=int, default=0, help="only the first N phases (default: all)")
    ap.add_argument("--repeats", type=int, default=2, help="legs each way, alternating (default 2)")
    args = ap.parse_args()
    if args.repeats < 1 or args.phases < 0:
        ap.error("--repeats must be >= 1 and --phases >= 0")
    work = phases(args.run_dir)[: args.phases or None]
    print(f"{len(work)} phases, {sum(map(len, work))} calls; load average {os.getloadavg()[0]:.2f}")
    legs: dict[bool, list[tuple[float, int, int]]] = {False: [], True: []}
    for i in range(2 * args.repeats):
        reuse = bool(i % 2)
        legs[reuse].append(replay(work, reuse=reuse))
        print(f"leg {i + 1}: reuse {'on ' if reuse else 'off'} {legs[reuse][-1][0]:.1f} s", flush=True)
    off, on = ((statistics.median(w for w, _, _ in legs[r]), *legs[r][0][1:]) for r in (False, True))
    print(f"{'':32}{'reuse off':>12}{'reuse on':>12}   (median wall of the legs)")
    for i, name in enumerate(("wall (s)", "prompt tokens admitted", "of them not processed again")):
        print(f"{name:32}{off[i]:>12.1f}{on[i]:>12.1f}" if i == 0 else f"{name:32}{off[i]:>12}{on[i]:>12}")
    print(f"prompt tokens/s processed        {(off[1] - off[2]) / off[0]:>12.1f}{(on[1] - on[2]) / on[0]:>12.1f}")
    print(f"load average now: {os.getloadavg()[0]:.2f}")
    print(f"prompt reuse: time ratio {on[0] / off[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
