"""Does the local model process decode concurrent calls together? (prints figures; not a test)

Three calls with one prompt and three sampling seeds (a LessonL round of three agents),
sent through litellm to one model process (started here, as a run starts it): first one
after another, each decoded alone, then all three at once, decoded together in one
batch. Prints, side by side, the completion tokens per second of each way (completion
tokens over wall seconds, prompt processing included), whether each seed's reply is the
same alone and batched, and last the line ``batching: throughput ratio R`` (batched over
one at a time). Target: R >= 2 on 2 cores.

usage: python benchmarks/local_batching.py [--max-tokens 256] [--calls 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from harness.models import llm, model_process
from harness.models.llm import Agent
from harness.models.local_model import EMBEDDED_MODEL

PROMPT = ("Rewrite this C++ function to be as fast as possible with OpenMP and explain each change:\n"
          "```cpp\nvoid prefixSum(std::vector<double> const& x, std::vector<double>& out) {\n"
          "    out.resize(x.size());\n    double s = 0;\n"
          "    for (size_t i = 0; i < x.size(); ++i) { s += x[i]; out[i] = s; }\n}\n```")


def run(agents, *, together: bool) -> tuple[float, list]:
    """(wall seconds, CallRecords) of one call per agent, concurrently or one by one."""
    msgs = [{"role": "user", "content": PROMPT}]

    def one(agent):
        return llm.complete(agent, msgs, cache_dir=None)

    t0 = time.perf_counter()
    if together:
        with ThreadPoolExecutor(max_workers=len(agents)) as ex:
            recs = list(ex.map(one, agents))
    else:
        recs = [one(a) for a in agents]
    return time.perf_counter() - t0, recs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-tokens", type=int, default=256, help="completion tokens per call (default 256)")
    ap.add_argument("--calls", type=int, default=3, help="concurrent calls (default 3)")
    ap.add_argument("--model", default=EMBEDDED_MODEL)
    args = ap.parse_args()
    agents = [Agent(name=f"agent-{i + 1}", model=args.model, seed=i + 1, max_tokens=args.max_tokens)
              for i in range(args.calls)]
    server = model_process.server_for(args.model)
    try:
        server.ensure()
        info = server.info
        print(f"model process: {server.url} ({info.get('slots')} slots, at most {info.get('threads')} "
              f"thread(s), {info.get('threads_rule')}, llama-cpp-python {info.get('llama_cpp_python')}, load {os.getloadavg()[0]:.2f})")
        run(agents[:1], together=False)  # warm-up: page the weights in
        t_seq, seq = run(agents, together=False)
        t_bat, bat = run(agents, together=True)
        health = model_process._get_json(str(server.url).removesuffix("/v1") + "/health")
    finally:
        model_process.stop_all()
    tok_seq = sum(r.completion_tokens for r in seq)
    tok_bat = sum(r.completion_tokens for r in bat)
    rate_seq, rate_bat = tok_seq / t_seq, tok_bat / t_bat
    print(f"{'':28s}{'one at a time':>16s}{'batched':>12s}")
    print(f"{'wall (s)':28s}{t_seq:16.2f}{t_bat:12.2f}")
    print(f"{'completion tokens':28s}{tok_seq:16d}{tok_bat:12d}")
    print(f"{'completion tokens/s':28s}{rate_seq:16.1f}{rate_bat:12.1f}")
    print(f"{'prompt tokens per call':28s}{seq[0].prompt_tokens:16d}{bat[0].prompt_tokens:12d}")
    same = sum(a.text == b.text for a, b in zip(seq, bat))
    print(f"same reply alone and batched (same seed): {same}/{len(agents)}")
    print(f"load average now: {os.getloadavg()[0]:.2f}; threads now {health.get('threads')}, "
          f"{health.get('thread_switches')} switch(es) of the thread count")
    print(f"batching: throughput ratio {rate_bat / rate_seq:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
