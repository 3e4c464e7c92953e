"""The local model process (harness.models.model_server, harness.models.model_process): a real
`python -m harness serve-model` child, reached through litellm; concurrent calls decoded
together; a server started by hand shared and checked; start failures in one line."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from harness.models import llm, local_model, model_process, model_server
from harness.models.llm import Agent, ContextWindowExceeded, ModelConfigError, Team
from harness.models.local_model import LocalModelError

ROOT = Path(__file__).resolve().parent.parent
MSGS = [{"role": "user", "content": "Write a C++ function that returns the larger of two ints."}]


@pytest.fixture
def no_servers(monkeypatch):
    """No model process of an earlier test is reused, and none outlives the test."""
    monkeypatch.delenv(model_process.SERVER_ENV, raising=False)
    model_process.stop_all()
    yield
    model_process.stop_all()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _fake_gguf(tmp_path: Path) -> Path:
    f = tmp_path / "other.gguf"
    f.write_bytes(b"GGUF" + b"\1" * 64)
    return f


def test_a_process_that_cannot_start_is_one_line(tmp_path, no_servers):
    """A model file that is not there: the child's own one-line reason, no traceback."""
    s = model_process.ModelProcess(f"local/{tmp_path}/missing.gguf")
    with pytest.raises(LocalModelError) as ei:
        s.ensure()
    msg = str(ei.value)
    assert "did not start (exit code 2)" in msg and "GGUF file not found" in msg and "\n" not in msg
    assert s.pid is None and s.url is None


def test_a_server_by_hand_that_does_not_answer_is_a_config_error(tmp_path, monkeypatch, no_servers):
    monkeypatch.setenv(model_process.SERVER_ENV, f"http://127.0.0.1:{_free_port()}/v1")
    agent = Agent(name="a", model=f"local/{_fake_gguf(tmp_path)}")
    with pytest.raises(ModelConfigError, match=r"agent a: HARNESS_MODEL_SERVER=.* no model server answers") as ei:
        llm.validate_team(Team(agents=(agent,)))
    assert "\n" not in str(ei.value)


def test_a_server_by_hand_with_another_decoding_is_a_config_error(tmp_path, monkeypatch, no_servers):
    """A server by hand that serves the right file with an older decoding (another
    SERVER_ID) would fill the response cache with its replies under this harness's key."""
    gguf = _fake_gguf(tmp_path)
    info = {"model": "local/x", "sha256": local_model.resolve(f"local/{gguf}").sha256, "server_id": "harness-batched-1"}

    class Models(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802
            data = json.dumps({"object": "list", "data": [{"id": "local/x", "harness": info}]}).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    httpd = HTTPServer(("127.0.0.1", 0), Models)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        monkeypatch.setenv(model_process.SERVER_ENV, f"http://127.0.0.1:{httpd.server_address[1]}/v1")
        with pytest.raises(
            ModelConfigError,
            match=r"with another decoding \(harness-batched-1; this harness's is " + model_server.SERVER_ID,
        ) as ei:
            llm.validate_team(Team(agents=(Agent(name="a", model=f"local/{gguf}"),)))
        assert "\n" not in str(ei.value)
    finally:
        httpd.shutdown()


def test_serve_model_rejects_bad_options():
    r = subprocess.run(
        [sys.executable, "-m", "harness", "serve-model", "--slots", "0"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2 and r.stderr.strip() == "error: --slots must be >= 1 (got 0)"


def test_a_frequency_penalty_puts_the_penalties_sampler_first():
    """A request's frequency_penalty reaches llama.cpp as a penalties sampler ahead of the
    chain (no model needed: the chain is built on a stand-in engine)."""
    pytest.importorskip("llama_cpp")
    from types import SimpleNamespace

    from llama_cpp import _internals
    from llama_cpp import llama_cpp as ll

    from harness.models import model_server

    engine = model_server.Engine.__new__(model_server.Engine)
    engine._internals, engine.model = _internals, SimpleNamespace(n_vocab=lambda: 1000)

    def chain(penalty, temperature=0.2):
        job = model_server._Job(
            prompt=[1], max_tokens=64, stop=[], temperature=temperature, top_p=0.95, seed=1, frequency_penalty=penalty
        )
        wrapper = engine._sampler(job)  # held: it frees the native chain when collected
        s = wrapper.sampler
        names = [
            ll.llama_sampler_name(ll.llama_sampler_chain_get(s, i)).decode() for i in range(ll.llama_sampler_chain_n(s))
        ]
        return names

    plain = chain(0.0)
    assert "penalties" not in plain and chain(0.5) == ["penalties", *plain]
    assert chain(0.5, temperature=0.0) == ["penalties", *chain(0.0, temperature=0.0)]  # greedy too


def _slot_engine(
    slots: int,
    active: dict[int, list[int]],
    kept: dict[int, list[int]] | None = None,
    last_use: dict[int, int] | None = None,
):
    """A stand-in engine (no model) with jobs in flight in ``active`` {slot: prompt},
    ``kept`` prompts per slot and ``last_use`` admissions; records seq_cp calls."""
    from types import SimpleNamespace

    from harness.models import model_server

    engine = model_server.Engine.__new__(model_server.Engine)
    copies = []
    engine._ll = SimpleNamespace(llama_memory_seq_cp=lambda mem, src, dst, p0, p1: copies.append((src, dst)))
    engine.ctx = SimpleNamespace(memory=None)
    engine.slots, engine.cuttable, engine.prompt_reuse, engine.moves, engine._admissions = slots, True, True, 0, 9
    engine._kept = [list((kept or {}).get(s, [])) for s in range(slots)]
    engine._last_use = [(last_use or {}).get(s, 0) for s in range(slots)]
    engine._active = [
        model_server._Job(prompt=pr, max_tokens=8, stop=[], temperature=0.0, top_p=1.0, seed=0, slot=s)
        for s, pr in active.items()
    ]
    engine._free = [s for s in range(slots) if s not in active]
    return engine, copies


def test_a_new_job_keeps_the_slots_in_use_consecutive():
    """After prompt reuse, a job takes a free slot next to those in use (llama.cpp decodes
    consecutive streams in one pass); among those, the one given a job longest ago."""
    from harness.models import model_server

    n = model_server.N_BATCH
    engine, _ = _slot_engine(4, {1: [7] * 300}, last_use={0: 5, 2: 4, 3: 1})
    assert engine._take_slot([3] * 300) == (2, 0)  # 0 and 2 are next to 1 (2 used longer ago); not 3
    engine, _ = _slot_engine(4, {0: [7] * 300}, kept={3: [3] * 300})
    assert engine._take_slot([3] * 300) == (3, 2 * n)  # reuse first, wherever it is
    assert engine._take_slot(None)[0] in (1, 2)  # ... then a member next to the taken slots
    assert engine._take_slot(None)[0] in (1, 2) and engine._free == []


def test_a_gap_between_slots_in_flight_is_closed():
    """A sequence outside the window that holds most of the sequences in flight moves
    into it (its stream copied); the slot it left is free and keeps its prompt."""
    engine, copies = _slot_engine(4, {0: [1] * 200, 2: [2] * 200, 3: [3] * 200}, kept={3: [3] * 128})
    engine._close_gaps()  # windows 0-2 and 1-3 hold two each: the lowest takes the one in 3
    assert copies == [(3, 1)] and sorted(j.slot for j in engine._active) == [0, 1, 2]
    assert engine._free == [3] and engine._kept[1] == engine._kept[3] == [3] * 128 and engine._last_use[1] == 9
    assert engine.moves == 1
    engine, copies = _slot_engine(4, {0: [1], 3: [3]})
    engine._close_gaps()  # two in flight: window 0-1 (lowest of the ties) takes the one in 3
    assert copies == [(3, 1)] and sorted(engine._free) == [2, 3]
    for active in ({0: [1], 1: [1], 2: [1]}, {1: [1], 2: [1]}, {2: [1]}, {0: [1], 1: [1], 3: [1], 4: [1]}):
        engine, copies = _slot_engine(5, active)  # consecutive, alone, or more than one batch
        engine._close_gaps()
        assert copies == [] and engine.moves == 0
    engine, copies = _slot_engine(4, {0: [1], 2: [2]})
    engine.cuttable = False  # a recurrent or hybrid model: its memory is not a stream per sequence
    engine._close_gaps()
    assert copies == []


def _tune(tuner, cost, steps, shape=3):
    """Runs ``steps`` decodes of ``shape`` sequences through ``tuner`` with step times
    ``cost[threads]``; returns the thread count of each."""
    used = []
    for _ in range(steps):
        n = tuner.pick(shape)
        tuner.record(shape, n, cost[n])
        used.append(n)
    return used


def test_the_thread_tuner_follows_the_load():
    """Step times measured on the 2-core AMX Xeon: quiet, 2 threads win; with the other
    core busy, 1 thread wins by 3.5x. The tuner starts at 2, moves to 1 soon after the
    load comes, tries 2 less and less often while it lasts, and returns when it goes."""
    quiet, busy = {1: 0.116, 2: 0.069}, {1: 0.130, 2: 0.456}
    t = model_server.ThreadTuner(2)
    assert set(_tune(t, quiet, 300)) == {1, 2} and t.current == 2 and t.switches == 0
    loaded = _tune(t, busy, 1000)
    assert t.current == 1 and t.switches == 1
    first = loaded.index(1)  # two slow steps, three to compare with, then a try and its confirmation
    assert first <= 5 and loaded[first : first + model_server.PROBE_EVERY] == [1] * model_server.PROBE_EVERY
    assert loaded.count(2) <= first + 3 + 1000 // model_server.PROBE_MAX  # tries back off
    back = _tune(t, quiet, 2 * model_server.PROBE_MAX)
    assert t.current == 2 and back.index(2) <= model_server.PROBE_MAX
    fixed = model_server.ThreadTuner(2, fixed=True)
    assert set(_tune(fixed, busy, 200)) == {2}
    assert set(_tune(model_server.ThreadTuner(1), quiet, 50)) == {1}


def test_one_odd_step_neither_switches_nor_restarts_the_tries():
    """A lucky try (the busy machine's other process slept for one step) must be
    confirmed by the next before the count changes; a lone slow step (a preemption) does
    not start the comparison afresh, so the tries keep backing off."""
    t = model_server.ThreadTuner(2)
    _tune(t, {1: 0.130, 2: 0.456}, 200)
    assert t.current == 1
    lucky = iter([0.069, 0.456])
    for _ in range(4 * model_server.PROBE_MAX):
        n = t.pick(3)
        t.record(3, n, next(lucky, 0.456) if n == 2 else 0.130)
    assert t.current == 1 and t.switches == 1
    used = []
    for i in range(2000):  # every 50th step at the current count takes twice as long
        n = t.pick(3)
        t.record(3, n, 0.456 if n == 2 else 0.130 * (2 if i % 50 == 0 else 1))
        used.append(n)
    assert used.count(2) <= 2 + 2000 // model_server.PROBE_MAX


def test_the_thread_tuner_compares_steps_of_one_shape():
    """A step of 1 sequence is cheaper than one of 3: a try is compared only with steps
    of its own shape, so steps of two shapes in turn (4 sequences: a decode of 3, then
    one of 1) neither look like a faster count on a quiet machine nor hide a slower one
    on a busy one."""
    quiet = {3: {1: 0.10, 2: 0.08}, 1: {1: 0.05, 2: 0.04}}
    busy = {3: {1: 0.13, 2: 0.46}, 1: {1: 0.05, 2: 0.20}}
    for costs, threads, switches in ((quiet, 2, 0), (busy, 1, 1)):
        t = model_server.ThreadTuner(2)
        for _ in range(200):
            for shape in (3, 1):
                n = t.pick(shape)
                t.record(shape, n, costs[shape][n])
        assert (t.current, t.switches) == (threads, switches)


@pytest.mark.model
@pytest.mark.timeout(600)
def test_replies_do_not_depend_on_the_thread_count(embedded_model, no_servers, monkeypatch):
    """Flash attention off: a seed's reply is the same from a model process fixed at 1
    thread and one fixed at 2, which is what lets the tuner follow the load."""
    agents = [Agent(name=f"a{i}", model=local_model.EMBEDDED_MODEL, seed=i, max_tokens=128) for i in (1, 2)]
    # a long context: flash attention's thread-dependent sums showed at ~1,600 tokens
    msgs = [
        {
            "role": "user",
            "content": "Make this faster and explain why:\n```python\n"
            + (ROOT / "harness" / "models" / "model_server.py").read_text()[:5000]
            + "\n```",
        }
    ]
    texts = {}
    for threads in ("1", "2"):
        monkeypatch.setenv("HARNESS_LOCAL_THREADS", threads)
        model_process.stop_all()
        with ThreadPoolExecutor(max_workers=2) as ex:
            texts[threads] = [r.text for r in ex.map(lambda a: llm.complete(a, msgs, cache_dir=None), agents)]
        # a later call with that prompt reuses its whole chunks (usage.prompt_tokens_details via litellm)
        again = llm.complete(
            Agent(name="a3", model=local_model.EMBEDDED_MODEL, seed=3, max_tokens=1), msgs, cache_dir=None
        )
        assert again.prompt_tokens > 1000
        assert again.cached_prompt_tokens == (again.prompt_tokens - 1) // model_server.N_BATCH * model_server.N_BATCH
        info = model_process.server_for(agents[0].model).info
        assert info["threads"] == int(threads) and info["threads_rule"] == "fixed" and not info["flash_attention"]
    assert texts["1"] == texts["2"] and len(set(texts["1"])) == 2


def _prompt_logits(engine, prompt: list[int], reply_tokens: int = 0) -> tuple[list[float], int]:
    """Admits one greedy job with ``prompt``; returns the logits after its prompt and
    how many prompt tokens it reused; then decodes up to ``reply_tokens`` tokens of its
    reply into its slot, and frees the slot."""
    job = model_server._Job(prompt=prompt, max_tokens=max(1, reply_tokens), stop=[], temperature=0.0, top_p=1.0, seed=0)
    engine._admit([job])
    logits = engine._ll.llama_get_logits_ith(engine.ctx.ctx, engine.batch.batch.n_tokens - 1)[: engine.model.n_vocab()]
    while not job.done.is_set():
        engine._step()
    return logits, job.reused


@pytest.mark.model
@pytest.mark.timeout(600)
def test_a_reused_prompt_start_gives_the_same_logits(embedded_model):
    """A prompt that starts like the one a free slot keeps reuses its KV cells in whole
    N_BATCH chunks, and the logits after it are bit-identical to processing it from the
    start, with another reply's cells in the slot before."""
    engine = model_server.Engine(
        local_model.embedded_model_path(), slots=2, n_ctx=2048, threads=local_model.n_threads(), fixed_threads=True
    )
    code = (ROOT / "harness" / "models" / "model_server.py").read_text()[:2500]
    tok = engine.model.tokenize
    first = tok(f"Review this code:\n{code}\nName its slowest line.".encode(), add_bos=False, special=False)
    second = tok(
        f"Review this code:\n{code}\nName its clearest function and why.".encode(), add_bos=False, special=False
    )
    common = next(i for i, (a, b) in enumerate(zip(first, second)) if a != b)
    assert common > 4 * model_server.N_BATCH and common % model_server.N_BATCH, common

    fresh, reused = _prompt_logits(engine, second)  # nothing kept yet
    assert reused == 0
    _prompt_logits(engine, first, reply_tokens=24)  # takes the slot that keeps `second`'s start
    again, reused = _prompt_logits(engine, second)  # ... and leaves its own, and its reply's cells
    assert reused == common // model_server.N_BATCH * model_server.N_BATCH
    assert again == fresh
    assert engine.load()["prompt_tokens_reused"] == 2 * reused
    assert engine.load()["prompt_tokens"] == len(first) + 2 * len(second)


def _decode(engine, jobs: list) -> None:
    """Admits ``jobs`` (one prompt) together and steps until every one is done."""
    engine._admit(jobs)
    while not all(job.done.is_set() for job in jobs):
        engine._step()


@pytest.mark.model
@pytest.mark.timeout(600)
def test_sequences_in_flight_sit_in_consecutive_slots(embedded_model):
    """When the middle one of three sequences ends first, the last one moves next to the
    first (llama.cpp decodes consecutive streams in one pass), and every reply is the one
    its seed gives alone."""
    engine = model_server.Engine(
        local_model.embedded_model_path(), slots=4, n_ctx=1024, threads=local_model.n_threads(), fixed_threads=True
    )
    prompt = engine.model.tokenize(b"Write a C++ function that sums a vector of doubles.", add_bos=False, special=False)

    def jobs(limits):
        return [
            model_server._Job(prompt=prompt, max_tokens=m, stop=[], temperature=0.8, top_p=0.95, seed=seed)
            for seed, m in zip((1, 2, 3), limits)
        ]

    steps = []  # the slots of each step's sequences, as decoded
    close = engine._close_gaps
    engine._close_gaps = lambda: (close(), steps.append(sorted(job.slot for job in engine._active)))
    together = jobs((40, 6, 40))
    _decode(engine, together)
    assert steps[0] == [0, 1, 2] and [0, 1] in steps and [0, 2] not in steps, steps
    assert engine.load()["moves"] == 1 and together[2].slot == 1
    alone = []
    for job in jobs((40, 6, 40)):
        _decode(engine, [job])
        alone.append(job)
    assert [j.out for j in alone] == [j.out for j in together]
    assert len(together[0].out) == 40 and len(together[1].out) <= 6 and len({tuple(j.out) for j in together}) == 3


@pytest.mark.model
@pytest.mark.timeout(600)
def test_concurrent_calls_are_decoded_together(embedded_model, no_servers):
    """Three calls at once reach the process together (its /health sees them active at
    once); each seed's reply is the one it gets alone, and the same again."""
    agents = [Agent(name=f"a{i}", model=local_model.EMBEDDED_MODEL, seed=i, max_tokens=24) for i in (1, 2, 3)]
    server = model_process.server_for(agents[0].model)
    url, _ = server.ensure()
    peak = []

    def watch(stop_at: float) -> None:
        while time.monotonic() < stop_at:
            peak.append(model_process._get_json(url.removesuffix("/v1") + "/health")["active"])
            time.sleep(0.05)

    with ThreadPoolExecutor(max_workers=4) as ex:
        w = ex.submit(watch, time.monotonic() + 60)
        batched = list(ex.map(lambda a: llm.complete(a, MSGS, cache_dir=None), agents))
        w.cancel()
    assert max(peak) == 3
    alone = [llm.complete(a, MSGS, cache_dir=None) for a in agents]
    assert [r.text for r in alone] == [r.text for r in batched]
    assert all(0 < r.completion_tokens <= 24 for r in alone)
    assert len({r.text for r in alone}) > 1  # the seeds differ, so do the replies


@pytest.mark.model
@pytest.mark.timeout(600)
def test_a_server_started_by_hand_is_shared_and_checked(tmp_path, monkeypatch, embedded_model, no_servers):
    """`serve-model` by hand: a run given its URL starts no process of its own, refuses
    it for another model file, and a prompt beyond the context window is a
    ContextWindowExceeded. It speculates (HARNESS_LOCAL_DRAFT): its record names the
    decoding, and a run that would key its cache with the plain decoding refuses it."""
    p = subprocess.Popen(
        [sys.executable, "-m", "harness", "serve-model", "--port", "0", "--slots", "2"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "HARNESS_LOCAL_N_CTX": "512", "HARNESS_LOCAL_DRAFT": str(model_server.DRAFT_TOKENS)},
    )
    try:
        line = p.stdout.readline()
        assert line.startswith("serving local/qwen2.5-coder-0.5b at http://127.0.0.1:"), p.stderr.read()
        url = line.split(" at ")[1].split()[0]
        monkeypatch.setenv(model_process.SERVER_ENV, url)
        monkeypatch.setenv("HARNESS_LOCAL_DRAFT", str(model_server.DRAFT_TOKENS))
        agent = Agent(name="q", model=local_model.EMBEDDED_MODEL, max_tokens=8, seed=5)
        llm.validate_team(Team(agents=(agent,)))
        rec = llm.complete(agent, MSGS, cache_dir=None)
        assert 0 < rec.completion_tokens <= 8
        server = model_process.server_for(agent.model)
        assert server.external and server.info["slots"] == 2 and server.info["n_ctx"] == 512
        assert server.info["server_id"] == model_server.decoding_id() != model_server.PLAIN_ID  # the decoding, named
        assert server.info["speculative"] == {
            "method": "prompt lookup",
            "draft_tokens": model_server.DRAFT_TOKENS,
            "ngram": model_server.NGRAM,
        }
        with pytest.raises(ContextWindowExceeded, match="maximum context length is 512"):
            llm.complete(agent, [{"role": "user", "content": "int x; " * 600}], cache_dir=None)
        other = Agent(name="o", model=f"local/{_fake_gguf(tmp_path)}")
        with pytest.raises(ModelConfigError, match=r"serves local/qwen2.5-coder-0.5b, not local/"):
            llm.validate_team(Team(agents=(other,)))
        model_process.stop_all()  # leaves a server started by hand running
        assert p.poll() is None
        monkeypatch.delenv("HARNESS_LOCAL_DRAFT")  # this run's cache key names the plain decoding
        spec_id = model_server.server_id(model_server.DRAFT_TOKENS, model_server.NGRAM)
        with pytest.raises(
            ModelConfigError,
            match=re.escape(f"with another decoding ({spec_id}; this harness's is {model_server.PLAIN_ID})"),
        ):
            llm.validate_team(Team(agents=(agent,)))
    finally:
        p.terminate()
        p.wait(timeout=30)


def test_a_verified_draft_leaves_the_distribution_unchanged():
    """Speculative sampling's rule for a deterministic draft: whatever the guess (likely,
    unlikely, or a token the distribution does not hold), the token chosen has exactly
    the distribution p, and the guess is accepted with probability p(guess)."""
    np = pytest.importorskip("numpy")
    from scipy import stats

    ids, p = np.array([11, 12, 13, 14, 15]), np.array([0.4, 0.3, 0.15, 0.1, 0.05])
    for guess in (11, 14, 99, None):
        rng = np.random.Generator(np.random.PCG64(7))
        draws = [model_server.verify(rng, ids, p, guess) for _ in range(20000)]
        counts = np.array([sum(tok == i for tok, _ in draws) for i in ids])
        assert stats.chisquare(counts, 20000 * p).pvalue > 0.001, (guess, counts)
        hits = sum(hit for _, hit in draws)
        assert hits == sum(tok == guess for tok, _ in draws)  # a hit is the guess, and the guess only comes as a hit
        want = p[ids == guess].sum()
        assert abs(hits / 20000 - want) < 4 * (want * (1 - want) / 20000) ** 0.5 + 1e-12, (guess, hits)


def _spec_pair(n_ctx: int = 2048, ngram: int = model_server.NGRAM):
    """A plain engine and a speculative one (DRAFT_TOKENS, ``ngram``) on the embedded model,
    on one thread: replies do not depend on the thread count, and a busy machine slows
    two threads far more (they wait for each other at every operation)."""
    kw = {"slots": 4, "n_ctx": n_ctx, "threads": 1, "fixed_threads": True}
    path = local_model.embedded_model_path()
    return model_server.Engine(path, **kw), model_server.Engine(
        path, draft=model_server.DRAFT_TOKENS, ngram=ngram, **kw
    )


CODE = (
    "void scale(std::vector<double>& x, double a) {\n    for (size_t i = 0; i < x.size(); ++i) {\n"
    "        x[i] = a * x[i];\n    }\n}\n\ndouble dot(std::vector<double> const& x, std::vector<double> const& y) {\n"
    "    double s = 0;\n    for (size_t i = 0; i < x.size(); ++i) {\n        s += x[i] * y[i];\n    }\n"
    "    return s;\n}\n"
)


@pytest.mark.model
@pytest.mark.timeout(900)
def test_speculation_keeps_greedy_replies_token_for_token(embedded_model):
    """Greedy replies that copy their prompt's code, alone and three decoded together:
    token for token the plain engine's, with a tenth of their tokens or more drafted and accepted."""
    plain, spec = _spec_pair()
    asks = [
        "Add OpenMP pragmas to this C++ code and show all of it:",
        "Rename `x` to `v` in this C++ code:",
        "Make every loop index an int in this C++ code:",
    ]
    prompts = [
        plain.model.tokenize(
            plain.formatter(messages=[{"role": "user", "content": f"{ask}\n```cpp\n{CODE}```"}]).prompt.encode(),
            add_bos=False,
            special=True,
        )
        for ask in asks
    ]
    outs = {}
    for name, engine in (("plain", plain), ("spec", spec)):

        def jobs():
            return [
                model_server._Job(prompt=p, max_tokens=64, stop=[], temperature=0.0, top_p=1.0, seed=1) for p in prompts
            ]

        alone = jobs()
        for job in alone:
            _decode(engine, [job])
        together = jobs()
        for job in together:
            engine._admit([job])
        while not all(job.done.is_set() for job in together):
            engine._step()
        outs[name] = ([j.out for j in alone], [j.out for j in together])
    assert outs["spec"][0] == outs["plain"][0]
    assert outs["spec"][1] == outs["plain"][1]
    assert outs["plain"][0] == outs["plain"][1]
    assert spec.accepted > 0.1 * sum(map(len, outs["spec"][0] + outs["spec"][1])), spec.load()


@pytest.mark.model
@pytest.mark.slow  # 100 s on 2 cores; speculation is off by default (the greedy test stays in the default run)
@pytest.mark.timeout(900)
def test_speculation_keeps_the_sampled_distribution(embedded_model):
    """Sampled replies (temperature 1) of 150 seeds, three decoded together: the
    frequencies of their first 1, 2, 3 and 4 tokens from the speculative engine and the
    plain one agree (chi-square test of homogeneity, rare prefixes pooled), while drafts
    were both accepted and rejected (a one-token lookup, to draft often); and a seed
    gives the same reply again."""
    from scipy import stats

    plain, spec = _spec_pair(n_ctx=512, ngram=1)  # drafts on every token: many accepted, many rejected
    text = "Copy this line three times:\nfor (int i = 0; i < n; ++i) sum += a[i] * b[i];"
    prompt = plain.model.tokenize(
        plain.formatter(messages=[{"role": "user", "content": text}]).prompt.encode(), add_bos=False, special=True
    )

    def job(seed):
        return model_server._Job(prompt=prompt, max_tokens=6, stop=[], temperature=1.0, top_p=0.95, seed=seed)

    outs = {}
    for name, engine in (("plain", plain), ("spec", spec)):
        jobs = [job(seed) for seed in range(1, 151)]
        for at in range(0, len(jobs), 3):  # a round's three calls: one prompt, decoded together
            _decode(engine, jobs[at : at + 3])
        outs[name] = [j.out for j in jobs]
    again = job(7)
    _decode(spec, [again])
    assert again.out == outs["spec"][6]
    assert 0 < spec.accepted < spec.drafted, spec.load()
    for at in range(4):  # the distribution of the first at + 1 tokens
        a, b = ([tuple(o[: at + 1]) for o in outs[name] if len(o) > at] for name in ("plain", "spec"))
        common = sorted(k for k in set(a) | set(b) if a.count(k) + b.count(k) >= 10)
        table = [[xs.count(k) for k in common] + [sum(k not in common for k in xs)] for xs in (a, b)]
        table = [[row[i] for i in range(len(row)) if table[0][i] + table[1][i]] for row in table]
        if len(table[0]) > 1:
            assert stats.chi2_contingency(table).pvalue > 0.001, (at, table)


def test_looping_finds_a_tail_that_repeats_and_nothing_else():
    """The repetition cut's rule (model_server.looping): a tail of LOOP_SPAN tokens or
    more that repeats with some period, counters included (number tokens are one class,
    -1); not a shorter repeat, not a tail that varies, not a period too long to look
    for, not a table of numbers (a period with fewer than LOOP_WORDS other tokens)."""
    looping = model_server.looping
    rng = np.random.default_rng(7)
    prose = list(rng.integers(1000, 50000, size=300))
    para = list(rng.integers(1000, 50000, size=40))  # "[k] outcome: did not compile ..." with k as -1
    counted = para[:3] + [-1] + para[3:]
    assert looping(np.array(prose + counted * 16)) == 41  # 656 tokens
    assert looping(np.array(prose + counted * 12)) == 0  # 492: shorter than LOOP_SPAN
    varied = prose + [t for _ in range(16) for t in counted[:-1] + [int(rng.integers(1000, 50000))]]
    assert looping(np.array(varied)) == 0  # each copy ends otherwise
    assert looping(np.array(prose)) == 0 and looping(np.array([5] * 10)) == 0
    assert looping(np.array(prose + list(rng.integers(1000, 50000, size=600)) * 4)) == 0  # beyond LOOP_PERIOD
    line = list(rng.integers(1000, 50000, size=10))  # a line without numbers
    assert looping(np.array(prose + line * 60)) == 10
    table = [-1, 13, -1, -1, 11, 220]  # "0.25, " digit by digit: 3 tokens other than numbers
    assert looping(np.array(prose + table * 150)) == 0
    assert looping(np.array(prose + (table + [17, 18, 19, 20, 21]) * 100)) == 11
    assert looping(np.array([9, 9, 9, 9, 1, 2, 1, 2, 1, 2, 1, 2]), span=4, words=1) == 2


@pytest.mark.model
@pytest.mark.timeout(600)
def test_a_reply_in_a_loop_is_cut_and_is_its_uncut_self_up_to_the_cut(embedded_model, monkeypatch):
    """A greedy reply that counts in a loop ("1. This is line number 1 of the list.", ...)
    ends at the repetition cut (here after 128 repeating tokens, to keep the test short),
    finish reason ``length``, before max_tokens; without the cut the same seed gives the
    same tokens up to there, then more of the loop."""
    rule = model_server.looping
    monkeypatch.setattr(model_server, "looping", lambda classes: rule(classes, span=128))
    engine = model_server.Engine(local_model.embedded_model_path(), slots=2, n_ctx=1024, threads=1, fixed_threads=True)
    text = "List the numbers from 1 to 500, one per line, each as 'N. This is line number N of the list.'"
    prompt = engine.model.tokenize(
        engine.formatter(messages=[{"role": "user", "content": text}]).prompt.encode(), add_bos=False, special=True
    )

    def reply(limit: int):
        job = model_server._Job(prompt=prompt, max_tokens=limit, stop=[], temperature=0.0, top_p=1.0, seed=1)
        _decode(engine, [job])
        return job

    cut = reply(500)
    assert cut.finish_reason == "length" and 128 < len(cut.out) < 500, (len(cut.out), cut.text)
    classes = np.array([-1 if engine._is_number(t) else t for t in cut.out])
    # cut at the first look that found the loop
    period = rule(classes, span=128)
    assert period > 0 and rule(classes[: -model_server.LOOP_EVERY], span=128) == 0, period
    assert np.count_nonzero(classes[-period:] != -1) >= model_server.LOOP_WORDS
    monkeypatch.setattr(model_server, "looping", lambda classes: 0)
    whole = reply(len(cut.out) + 16)
    assert len(whole.out) == len(cut.out) + 16 and whole.out[: len(cut.out)] == cut.out
