"""What does the model process's prompt reuse save? (prints figures; not a test)

Replays the prompts of a run's model calls (its ``llm_call`` events, grouped into the
phases the run sent them in: a problem's round and purpose, in order) to the embedded
model, each call with ``max_tokens`` 1, so only prompt processing is timed, the part that
prompt reuse changes (the replies, and so the decoding, are bit-identical either way). Two
engines in this process, one after the other: prompt reuse off, then on. Prints, side by
side, the wall seconds, prompt tokens processed and reused, and last the line
``prompt reuse: time ratio R`` (on over off; below 1 is a saving).

usage: python benchmarks/prompt_reuse.py RUN_DIR [--phases N]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from harness.models import local_model, model_server
from harness.strategies import prompting


def phases(run_dir: Path) -> list[list[dict]]:
    """The run's local calls as phases: lists of (messages, seed) request bodies, in
    the order the run sent them. Raises SystemExit for a folder without such calls."""
    events = run_dir / "events.jsonl"
    if not events.is_file():
        sys.exit(f"error: {events} not found (give a run's results folder)")
    out: dict[tuple, list[dict]] = {}
    for line in events.read_text().splitlines():
        e = json.loads(line)
        if e.get("kind") != "llm_call" or not str(e.get("model", "")).startswith("local/") or not e.get("prompt"):
            continue
        key = (e.get("problem"), e.get("repeat"), e.get("round"), e.get("purpose"))
        out.setdefault(key, []).append({"messages": prompting.messages(e["prompt"]), "seed": e.get("seed") or 0,
                                        "max_tokens": 1, "temperature": 0.0})
    if not out:
        sys.exit(f"error: {events} has no calls to a local model with their prompts")
    return list(out.values())


def replay(work: list[list[dict]], *, reuse: bool) -> tuple[float, int, int]:
    """(wall s, prompt tokens admitted, of them reused) of every phase, calls of a
    phase sent at once, on a fresh engine."""
    engine = model_server.Engine(local_model.embedded_model_path(), slots=model_server.DEFAULT_SLOTS,
                                 n_ctx=local_model.n_ctx(), threads=local_model.n_threads(),
                                 fixed_threads=local_model.threads_fixed(), prompt_reuse=reuse)
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
    args = ap.parse_args()
    work = phases(args.run_dir)[:args.phases or None]
    print(f"{len(work)} phases, {sum(map(len, work))} calls; load average {os.getloadavg()[0]:.2f}")
    off = replay(work, reuse=False)
    on = replay(work, reuse=True)
    print(f"{'':32}{'reuse off':>12}{'reuse on':>12}")
    for i, name in enumerate(("wall (s)", "prompt tokens admitted", "of them not processed again")):
        print(f"{name:32}{off[i]:>12.1f}{on[i]:>12.1f}" if i == 0 else f"{name:32}{off[i]:>12}{on[i]:>12}")
    print(f"prompt tokens/s processed        {(off[1] - off[2]) / off[0]:>12.1f}{(on[1] - on[2]) / on[0]:>12.1f}")
    print(f"load average now: {os.getloadavg()[0]:.2f}")
    print(f"prompt reuse: time ratio {on[0] / off[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
