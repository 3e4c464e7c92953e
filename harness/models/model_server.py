"""The embedded model in its own process: an OpenAI-compatible HTTP server on loopback
that decodes concurrent chat completions together, in one llama.cpp batch.

``python -m harness serve-model [--port P] [--model local/...] [--slots N]`` runs it; a
run that has ``local/...`` agents starts one by itself (:mod:`harness.models.model_process`)
unless ``$HARNESS_MODEL_SERVER`` names one started by hand. Endpoints:

* ``POST /v1/chat/completions``: OpenAI chat request (``messages``, ``temperature``,
  ``top_p``, ``frequency_penalty``, ``max_tokens`` in tokens, ``seed``, ``stop``; no
  streaming). Errors are
  OpenAI-shaped JSON: 400 for a bad request or a prompt that does not fit the context
  window (``code: context_length_exceeded``), 500 for a failed decode.
* ``GET /v1/models``: the model served and how (``harness`` record: file, SHA-256,
  llama-cpp-python version, threads, slots, context tokens per sequence, load seconds).
* ``GET /health``: ``{"active": n, "queued": m, "threads": t, "thread_switches": k,
  "prompt_tokens": p, "prompt_tokens_reused": r, "moves": v, "drafted": d, "accepted": a}``:
  requests decoding and waiting, the thread count now and how often it changed, prompt
  tokens admitted since the start and how many of them were not processed again (see
  Prompt reuse), how many sequences were moved to another slot (see Batching), and the
  draft tokens verified and accepted (see Speculative decoding).

Batching
--------
One engine thread owns the llama.cpp context (``n_seq_max`` = slots, a KV-cache stream
per sequence: ``kv_unified`` off, so each sequence has ``n_ctx`` tokens of its own and
attends only to its own cells). A request waits for a free slot (FIFO; an idle engine
waits GATHER_S s for the requests sent with the first). Its prompt is processed alone,
in chunks of ``n_batch`` tokens (from where a kept prompt's cells end, see Prompt
reuse); requests admitted together with the same prompt (a round's agents) share that
work: the prompt is processed once and its KV cells copied
to the other sequences' streams, and each samples its first token from the same
logits. After that every step decodes one token of every active sequence in one
``llama_batch`` (one seq_id per sequence; at most STEP_TOKENS per batch, more make a
second batch), so the weights are read once per batch for all of them. The sequences
of a batch must sit in consecutive slots: with a stream per sequence, llama.cpp splits
a batch into micro-batches of streams that ascend by one in batch order
(``split_equal`` with ``sequential``), so slots 0, 1 and 3 cost two passes over the
weights, not one (measured on a 2-core AMX Xeon, 3 sequences at 1,566 prompt tokens,
2 threads: 99-101 ms a step against 69-73 ms in slots 0-2). So a step's batches list
their sequences in slot order, and a request's first job takes, among the free slots
that reuse the most of its prompt, one that keeps the slots taken consecutive where
one can (else the one given a job longest ago). Gaps still arise: a sequence ends
before the others, reuse sends a prompt to a slot away from those in use, a job ends
at its first token. Before each step with at most STEP_TOKENS sequences in flight, a
gap is closed: the window of as many slots that holds most of them (the lowest on
ties) takes each sequence outside it (``llama_memory_seq_cp`` of its whole stream,
~96 MiB for the default model, applied by llama.cpp before the next decode, after any
copy queued earlier: the same cells at the same indices, so its reply is unchanged;
the slot it left keeps its prompt for reuse; the copy's time counts in that step's
time for the thread tuner). With more in flight than STEP_TOKENS (only with
``--slots`` above 4) nothing is moved. Models whose cells cannot be cut (below) are
never moved either: their memory is not a stream per sequence. Each sequence samples from its own
logits with its own sampler chain (top-k 40, top-p, min-p 0.05, temperature, then
``llama_sampler_init_dist(seed)``; temperature 0 is greedy), the chain llama-cpp-python's
``create_chat_completion`` uses by default; a request with a non-zero
``frequency_penalty`` puts llama.cpp's penalties sampler first (as llama-cpp-python
does), over every token the sequence generated so far (OpenAI's and vLLM's rule: the
completion's tokens, not the prompt's; llama-cpp-python looks back 64 tokens). A sequence stops at an end-of-generation
token, a stop string, ``max_tokens`` (clamped to what fits in its context) or a loop (see
Repetition cut); its slot is then free for the next request and keeps the prompt's cells. The prompt is the
GGUF's own chat template (jinja2, as llama-cpp-python renders it).

Prompt reuse
------------
A free slot keeps the KV cells of the prompt it last held, and a new prompt goes to the
free slot whose kept prompt shares the longest start with it: only the rest is processed
(a round's second prompt repeats the first's instructions, problem and code; the
response's ``usage.prompt_tokens_details.cached_tokens`` counts the tokens not processed
again). Only whole ``n_batch`` chunks are kept and reused, so a reused prompt is
computed in the very chunks, from the very cells, it would be from its start, and its
reply is bit-identical. Anything finer is not: llama.cpp's CPU kernels compute a token's
cells in ways that depend on the chunk around it (its 4-token tiles, for one). Measured
on a 2-core AMX Xeon: ending the reuse on a multiple of 4 tokens inside a chunk changed
the logits when fewer than 8 tokens followed it, and ending it one token past such a
multiple changed them in 16 of 23 of the quick preset's prompt pairs. Generated tokens
are never reused: they were decoded 1-3 at a time. Models whose cells cannot be cut at
any position (sliding-window attention, recurrent or hybrid models, which a GGUF path
may name) do not reuse: their prompts are processed from the start. N_BATCH is 128 for
this: prompt processing ran as fast in 128-token chunks as in 512 (166 and 155 tokens/s,
1,507 tokens, 2 threads), and a smaller chunk reuses more of a shared start.

Speculative decoding
--------------------
Prompt lookup (no second model): before each step a sequence drafts up to DRAFT_TOKENS
tokens, those that followed the latest earlier occurrence of its last NGRAM tokens in
its prompt and its output so far (a reply that rewrites the prompt's code copies long
runs of it). Its rows in the step's batch are its last token and its draft, all with
logits, beside the other sequences' rows: one llama_decode verifies every draft.
llama.cpp splits a batch with a KV stream per sequence into micro-batches with as many
rows of each sequence, so the drafts of a batch are padded to the longest with rows
whose logits are never read. The draft is checked row by row with the sampler chain of
the sequence: at temperature 0 a drafted token is accepted iff it is the chain's
argmax (so greedy replies are the plain decoding's); above it, the chain without its
final draw (penalties, top-k, top-p, min-p, temperature) gives the distribution p over
the candidates it keeps, the drafted token t is accepted with probability p(t), and on
rejection the token is drawn from p without t, renormalised (:func:`verify`): the
sampling rule of speculative decoding for a draft that puts all its mass on one token,
so each token has exactly the chain's distribution. The first rejection (or the row
after the whole draft) gives the step's last token; the KV cells of the rows after the
last accepted one are cut (``llama_memory_seq_rm``). The uniforms come from a numpy
PCG64 generator seeded with the request's seed, one per acceptance test and one per
draw, so a seed's reply is deterministic; pad rows draw none, so it does not depend on
the other sequences of the batch. It is another sample than the plain decoding's for
the same seed (llama.cpp's ``dist`` draws otherwise), hence :func:`server_id` names the
decoding with D and n, and the response cache keys local calls with it. Models whose
cells cannot be cut do not speculate. Speculation is off unless
``$HARNESS_LOCAL_DRAFT`` gives D (:func:`harness.models.local_model.draft_tokens`; 8 is
DRAFT_TOKENS, the value measured), read by the server and by the run alike, so both
name the same decoding; ``Engine(draft=0)`` is the plain decoding
(benchmarks/local_batching.py compares the two).

What it gains depends on what a step of several rows costs against a step of one.
Measured on a 2-core AMD EPYC (Zen 4) that four other sessions shared (load 5-9), one
thread: a decode of 1, 2, 4, 8, 16 rows took 62, 138, 182, 386, 562 ms, so a drafted
row costs a third to a whole single step, more than the 71 % of draft tokens accepted
on the quick preset's prompts (D 8, n 4) gain back: 0.86 times the plain decoding's
tokens/s, one call at a time (docs/measurements/2026-12-06-speculative-decoding.md).
Hence it is off by default. Nor is a row of a several-row decode computed bit for bit
as the same token decoded alone (logits differed by up to 0.5, argmax the same, in
that measurement): greedy replies are the plain decoding's unless two top logits come
that close, which the tests did not meet but nothing excludes.

Repetition cut
--------------
A small model at temperature 0.7 falls into verbatim loops: the same paragraph or code
block again and again, often with a counter in it ("25. **OpenMP Settings**: ...",
"[16] outcome: did not compile ..."), until ``max_tokens``. In the first problem of a
default run (02_dense_la_gemm, 4 rounds, 2,048 tokens at most) 4 of 24 replies did so,
56 % of its completion tokens, and none of them gave a candidate that compiled. So a
sequence ends, with finish reason ``length`` and fewer than ``max_tokens`` tokens, when
its last max(LOOP_SPAN, 3 P) tokens equal the P tokens before each of them, for a period
P of at most LOOP_PERIOD tokens, every token that is a number counting as the same token
(:func:`looping`; checked every LOOP_EVERY tokens): at least four consecutive copies, so a
reply that repeats its code once is never cut. A period with fewer than LOOP_WORDS tokens
other than numbers is a table (``0.25, 0.50, 0.75, ...``: Qwen's tokenizer writes a
number digit by digit), never cut. A reply cut so is its uncut self up to the cut: the
same tokens, for the same seed, whatever ran beside it. Loops whose copies differ in more
than numbers, or with a longer period, run on to ``max_tokens``; code that repeats itself
that long (an unrolled loop of LOOP_SPAN tokens or more, copies identical but for their
numbers) would be cut too. :data:`PLAIN_ID` names the rule, so the response cache keeps
replies made with it apart from earlier ones. What it cut in a run:
docs/measurements/2026-12-07-ice-lake-main-job.md.

Threads and flash attention
---------------------------
Flash attention is off. llama.cpp's CPU flash-attention kernel splits a decode step's
attention over the threads and sums the parts in an order that depends on their number,
and it is slow at long contexts: on a 2-core Xeon with AMX (llama-cpp-python 0.3.36),
3 sequences at about 1,600 tokens of context took 227 ms per step with it and 116 ms
without (1 thread; 129 against 69 ms on 2). Without it, replies were the same on 1 and 2
threads, alone and batched (3 of 3 seeds, 128 tokens, both ways twice), so the thread
count is free to follow the machine's load: :class:`ThreadTuner` picks it per step from
measured step times, between :func:`harness.models.local_model.n_threads` and fewer
(``$HARNESS_LOCAL_THREADS`` fixes it). What changes a reply: the seed, the prompt, the
sampling parameters, the model file, the llama.cpp build and CPU (its kernels), the
batch composition beyond STEP_TOKENS, and the decoding (speculation on or off, its D and
n: :func:`server_id`); not the thread count or which calls ran beside it (up to
STEP_TOKENS together; with speculation, no guarantee of bit-identical logits either way,
see Speculative decoding).
"""

from __future__ import annotations

import ctypes
import json
import math
import os
import queue
import statistics
import sys
import threading
import time
import uuid
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import numpy as np

from harness.models import local_model

#: names the plain decoding (no speculation); change it when a change of the decoding changes replies
PLAIN_ID = "harness-batched-4"  # 2: flash attention off, 3: 128-token prompt chunks, 4: the repetition cut
LOOP_SPAN = 512  # tokens: a repeating tail at least this long ends a sequence (see Repetition cut)
LOOP_PERIOD = 512  # tokens: the longest period looked for
LOOP_WORDS = 8  # tokens other than numbers a period needs (fewer: a table of numbers, never cut)
LOOP_EVERY = 16  # tokens between two looks
DRAFT_TOKENS = 8  # tokens drafted per sequence and step, at most, when speculation is on (see Speculative decoding)
NGRAM = 4  # the suffix of a sequence looked up in its prompt and output, in tokens (tuned)


def server_id(draft: int, ngram: int) -> str:
    """The name of a decoding: :data:`PLAIN_ID` without speculation (``draft`` 0), else
    it with the lookup's parameters (``draft`` tokens at most, a suffix of ``ngram``
    tokens looked up). Speculation draws its random numbers otherwise than the plain
    sampler, so a seed's sampled reply differs between the two (each is a sample of the
    same distribution): a server of one must not answer into the other's cache key."""
    return PLAIN_ID if draft == 0 else f"{PLAIN_ID}+lookup-d{draft}-n{ngram}"


#: names the default decoding (speculation off unless $HARNESS_LOCAL_DRAFT says otherwise)
SERVER_ID = PLAIN_ID


def decoding_id() -> str:
    """The name of the decoding a server started now serves (``$HARNESS_LOCAL_DRAFT``,
    harness.models.local_model.draft_tokens): the response-cache key of local calls
    (harness.models.llm) and the check of a server started by hand use it."""
    return server_id(local_model.draft_tokens(), NGRAM)


HOST = "127.0.0.1"  # loopback only
DEFAULT_SLOTS = 4  # sequences decoded together (a team of 3, MoA's proposers, + 1)
N_BATCH = 128  # tokens per prompt-processing chunk, the unit of prompt reuse
# Tokens decoded together per step, at most. From 4 tokens on, llama.cpp's CPU matrix
# kernels (its repacked Q4_K weights) switch to 4-column tiles whose floating-point
# reduction order differs from the one-column path, and replies change (measured: 4 of 4
# replies differed at 4 together, 0 of 3 at 3); up to 3, each sequence's logits are
# bit-identical to decoding it alone.
STEP_TOKENS = 3
GATHER_S = 0.05  # seconds an idle engine waits for the calls sent together with the first
TOP_K = 40
MIN_P = 0.05
PROBE_EVERY = 16  # steps between tries of another thread count, at first
PROBE_MAX = 128  # ... at most (a try that lost doubles the gap)
SWITCH_GAIN = 0.9  # a try switches when its step took at most this fraction of the recent median
JUMP = 1.5  # two steps in a row this many times the recent median: try another count soon


def looping(classes: Any, span: int = LOOP_SPAN, most: int = LOOP_PERIOD, words: int = LOOP_WORDS) -> int:
    """The period (tokens) with which the end of ``classes`` repeats, 0 if none: the
    smallest P <= ``most`` such that the last max(``span``, 3 P) entries equal the entries
    P before them, provided that period holds at least ``words`` entries other than -1
    (else 0: a table of numbers, such as a lookup table's entries). ``classes``: a 1-d
    numpy integer array, a sequence's tokens with every number token as -1 (see
    Repetition cut); ``span`` >= 1."""
    n = len(classes)
    periods = np.arange(1, most + 1)
    periods = periods[np.maximum(span, 3 * periods) + periods <= n]  # room for the tail and P before it
    if not len(periods):
        return 0
    # the candidates: periods with which the last few entries already repeat
    m = min(8, span)
    ok = np.ones(len(periods), dtype=bool)
    for k in range(n - m, n):
        ok &= classes[k - periods] == classes[k]
    for p in periods[ok]:
        length = max(span, 3 * int(p))
        if np.array_equal(classes[n - length :], classes[n - length - p : n - p]):
            return int(p) if np.count_nonzero(classes[n - p :] != -1) >= words else 0
    return 0


def verify(rng: Any, ids: Any, p: Any, guess: int | None) -> tuple[int, bool]:
    """One token from the distribution ``p`` over the tokens ``ids`` (numpy arrays; p
    sums to 1), given a deterministic draft ``guess`` (None: no draft): (token, whether
    it is ``guess``). The guess is accepted with probability p(guess); otherwise the
    token is drawn from p without the guess, renormalised. So the token has exactly the
    distribution p, whatever the guess (speculative sampling's rule for a draft that
    puts all its mass on one token). ``rng`` (a numpy Generator) gives one uniform per
    acceptance test and one per draw."""
    if guess is not None:
        hit = ids == guess
        if rng.random() < p[hit].sum():
            return guess, True
        p = np.where(hit, 0.0, p)
    cdf = np.cumsum(p)
    at = int(np.searchsorted(cdf, rng.random() * cdf[-1], side="right"))
    return int(ids[min(at, len(ids) - 1)]), False


class ThreadTuner:
    """Picks llama.cpp's thread count per decode from measured step times.

    llama.cpp's CPU threads wait for each other at every operation, so the fastest count
    depends on what else runs on the machine: on a 2-core Xeon with AMX, quiet, 2 threads
    decoded a step of 3 sequences in 69 ms against 116 ms on 1; with the other core busy,
    456 against 130 ms. The tuner decodes at ``current`` threads and, every ``gap`` steps,
    tries one step at an alternative (half or double ``current`` within 1..``most``, in
    turn), compared with the median of the last steps at ``current`` of the same shape
    (number of sequences decoded together: a step's cost depends on it). A try that
    took at most SWITCH_GAIN of that median is confirmed by a second try at the next
    step; two wins in a row switch and reset the gap to PROBE_EVERY steps, a loss doubles
    it, up to PROBE_MAX. Two steps in a row at ``current`` that took more than JUMP times
    the recent median (load came) start the comparison afresh, with a try after 3 steps;
    one slow step (a preemption) does not. A "step" is one llama_decode: 4 sequences
    make two a token (3 + 1). Sound only because replies do
    not depend on the thread count (see the module docstring).

    Args:
        most: the largest thread count, and the first used.
        fixed: always ``most`` (``$HARNESS_LOCAL_THREADS`` given).
    """

    def __init__(self, most: int, *, fixed: bool = False):
        self.most, self.fixed = max(1, most), fixed
        self.current = self.most
        self.switches = 0
        self._recent: dict[int, deque[float]] = {}  # shape -> the last step times at ``current``
        self._gap = PROBE_EVERY
        self._since = 0
        self._turn = 0
        self._slow = 0  # steps in a row at ``current`` slower than JUMP x the median
        self._won = 0  # the count whose last try won (confirmed by the next), 0 if none

    def _alternatives(self) -> list[int]:
        return sorted({n for n in (self.current // 2, min(self.most, self.current * 2)) if 1 <= n != self.current})

    def pick(self, shape: int) -> int:
        """Threads for the next decode of ``shape`` sequences: ``current``, or an
        alternative when a try is due."""
        alts = self._alternatives()
        if self._won and len(self._recent.get(shape, ())) >= 3:
            return self._won
        if self.fixed or not alts or len(self._recent.get(shape, ())) < 3 or self._since < self._gap:
            return self.current
        return alts[self._turn % len(alts)]

    def record(self, shape: int, threads: int, seconds: float) -> None:
        """Takes the wall ``seconds`` a decode of ``shape`` sequences on ``threads`` took."""
        if self.fixed:
            return
        recent = self._recent.setdefault(shape, deque(maxlen=5))
        if threads == self.current:
            slow = len(recent) >= 3 and seconds > JUMP * statistics.median(recent)
            self._slow = self._slow + 1 if slow else 0
            if self._slow >= 2:  # the machine changed (load came): compare afresh, try soon
                self._recent.clear()
                self._since, self._gap, self._slow = 0, 3, 0
                recent = self._recent.setdefault(shape, deque(maxlen=5))
            recent.append(seconds)
            self._since += 1
            return
        self._since = 0
        if recent and seconds <= SWITCH_GAIN * statistics.median(recent):
            if self._won != threads:  # a first win: confirm it at the next step
                self._won = threads
                return
            self.current, self._gap, self.switches = threads, PROBE_EVERY, self.switches + 1
            self._recent = {shape: deque([seconds], maxlen=5)}
        else:
            self._gap = min(PROBE_MAX, 2 * self._gap)
        self._won, self._turn, self._slow = 0, self._turn + 1, 0


class RequestError(ValueError):
    """A request the server refuses (HTTP 400); ``code`` is the OpenAI error code."""

    def __init__(self, message: str, code: str = "invalid_request"):
        super().__init__(message)
        self.code = code


@dataclass(eq=False)
class _Job:
    """One chat completion in the engine: its prompt tokens, limits, sampler, output."""

    prompt: list[int]
    max_tokens: int
    stop: list[str]
    temperature: float
    top_p: float
    seed: int
    frequency_penalty: float = 0.0
    done: threading.Event = field(default_factory=threading.Event)
    out: list[int] = field(default_factory=list)
    raw: bytes = b""
    text: str = ""
    finish_reason: str = "length"
    error: str | None = None
    slot: int = -1
    sampler: Any = None
    reused: int = 0  # prompt tokens whose KV cells were not computed for this job
    # speculation only (see Speculative decoding):
    history: list[int] = field(default_factory=list)  # prompt + out
    lookup: dict[tuple[int, ...], int] = field(default_factory=dict)  # ngram tokens -> where the token after them is
    indexed: int = 0  # the positions of history before this one are entered in lookup
    classes: list[int] = field(default_factory=list)  # out with every number token as -1 (Repetition cut)
    chain: Any = None  # the sampler chain without its final draw (temperature > 0)
    rng: Any = None  # numpy Generator seeded with seed: acceptance and draws (temperature > 0)


class Engine:
    """The model, its context with ``slots`` sequences, and the decode loop (a thread).

    Args:
        path: GGUF file.
        slots: sequences decoded together (``n_seq_max``).
        n_ctx: context tokens per sequence.
        threads: most llama.cpp threads (decoding and prompt processing).
        fixed_threads: always ``threads``; otherwise a :class:`ThreadTuner` picks 1..threads.
        prompt_reuse: reuse kept prompts' KV cells (see Prompt reuse); off only to
            measure what it saves (benchmarks/prompt_reuse.py): replies are the same.
            Always off for a sliding-window, recurrent or hybrid model.
        draft: tokens drafted per sequence and step, at most (see Speculative decoding);
            0: no speculation (the plain decoding, :data:`PLAIN_ID`). Always 0 for a model
            whose cells cannot be cut.
        ngram: the suffix looked up for a draft, in tokens.
    Raises:
        RuntimeError: llama.cpp cannot load the file or create the context.
    """

    def __init__(
        self,
        path: Path,
        *,
        slots: int,
        n_ctx: int,
        threads: int,
        fixed_threads: bool = False,
        prompt_reuse: bool = True,
        draft: int = 0,
        ngram: int = NGRAM,
    ):
        import llama_cpp
        from llama_cpp import _internals as internals
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        from llama_cpp._logger import set_verbose

        set_verbose(False)  # llama.cpp's log: errors only
        self._ll = llama_cpp
        self._internals = internals
        self._buf = ctypes.create_string_buffer(64)
        self._numbers: dict[int, bool] = {}  # token -> is a number (_is_number)
        self.slots, self.n_ctx = slots, n_ctx
        self.tuner = ThreadTuner(threads, fixed=fixed_threads)
        t0 = time.perf_counter()
        params, self.loaded_with = local_model.model_params()
        try:
            self.model = internals.LlamaModel(path_model=str(path), params=params, verbose=False)
        except ValueError as e:
            raise RuntimeError(f"llama.cpp could not load {path}: {e}") from None
        cp = llama_cpp.llama_context_default_params()
        cp.n_ctx = n_ctx * slots
        cp.n_batch = cp.n_ubatch = N_BATCH
        cp.n_seq_max = slots
        cp.kv_unified = False
        cp.flash_attn_type = llama_cpp.LLAMA_FLASH_ATTN_TYPE_DISABLED  # see the module docstring
        self.flash_attention = cp.flash_attn_type != llama_cpp.LLAMA_FLASH_ATTN_TYPE_DISABLED
        cp.n_threads = cp.n_threads_batch = threads
        try:
            self.ctx = internals.LlamaContext(model=self.model, params=cp, verbose=False)
        except ValueError as e:
            raise RuntimeError(f"llama.cpp could not create a context for {path}: {e}") from None
        self.batch = internals.LlamaBatch(
            n_tokens=max(N_BATCH, slots * (1 + draft)), embd=0, n_seq_max=1, verbose=False
        )
        meta = self.model.metadata()
        template = meta.get("tokenizer.chat_template")
        if not template:
            raise RuntimeError(f"{path} has no chat template (tokenizer.chat_template)")
        eos = self.model.token_eos()
        bos = self.model.token_bos()
        self.formatter = Jinja2ChatFormatter(
            template=template,
            eos_token=self.model.token_get_text(eos) if eos >= 0 else "",
            bos_token=self.model.token_get_text(bos) if bos >= 0 else "",
        )
        m = self.model.model
        cuttable = not (
            llama_cpp.llama_model_n_swa(m) > 0
            or llama_cpp.llama_model_is_recurrent(m)
            or llama_cpp.llama_model_is_hybrid(m)
        )
        self.cuttable = cuttable  # attention cells in a stream per sequence: cut, reused and moved at will
        self.prompt_reuse = prompt_reuse and cuttable
        self.draft, self.ngram = (draft, ngram) if cuttable else (0, ngram)  # rejected drafts' cells are cut
        self.server_id = server_id(self.draft, self.ngram)
        self._cands = internals.LlamaTokenDataArray(n_vocab=self.model.n_vocab())  # one row's candidates
        self.drafted = self.accepted = 0  # draft tokens verified, of them accepted
        self.load_s = time.perf_counter() - t0
        self._queue: queue.Queue[_Job] = queue.Queue()
        self._pending: list[_Job] = []  # taken from the queue, waiting for a slot
        self._active: list[_Job] = []
        self._free = list(range(slots))
        self._kept: list[list[int]] = [[] for _ in range(slots)]  # per slot: prompt tokens its KV cells hold, reusable
        self._last_use = [0] * slots  # per slot: admission count when it was last given a job
        self._admissions = 0
        self._prompt_counts = (0, 0)  # prompt tokens admitted, of them reused (one tuple: read whole)
        self.moves = 0  # sequences moved to another slot (_close_gaps)
        self._thread = threading.Thread(target=self._loop, name="decode", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------------ requests
    def describe(self) -> dict[str, Any]:
        """How the model is served (the run's config.json ``local_model``): this server,
        the load plan (harness.models.local_model.load_plan: llama-cpp-python version, AMX,
        extra buffer types), threads, slots, prompt chunk tokens and reuse, context tokens
        per sequence, load seconds."""
        return {
            "server": "harness.model_server (batched llama.cpp)",
            "server_id": self.server_id,
            **self.loaded_with,
            "threads": self.tuner.most,
            "threads_rule": "fixed" if self.tuner.fixed else "tuned per step",
            "flash_attention": self.flash_attention,
            "slots": self.slots,
            "step_tokens": STEP_TOKENS,
            "n_batch": N_BATCH,
            "prompt_reuse": "whole n_batch chunks" if self.prompt_reuse else "off",
            "n_ctx": self.n_ctx,
            "speculative": (
                {"method": "prompt lookup", "draft_tokens": self.draft, "ngram": self.ngram} if self.draft else "off"
            ),
            "load_s": round(self.load_s, 3),
        }

    def load(self) -> dict[str, int]:
        """{"active": decoding sequences, "queued": requests waiting for a slot,
        "threads": the thread count now, "thread_switches": how often the tuner switched,
        "prompt_tokens": prompt tokens admitted, "prompt_tokens_reused": of them, not
        processed again (kept cells or a group's shared prompt), "moves": sequences moved
        to another slot to close a gap (see Batching), "drafted": draft tokens verified,
        "accepted": of them, accepted (see Speculative decoding)}."""
        admitted, reused = self._prompt_counts
        return {
            "active": len(self._active),
            "queued": self._queue.qsize() + len(self._pending),
            "threads": self.tuner.current,
            "thread_switches": self.tuner.switches,
            "prompt_tokens": admitted,
            "prompt_tokens_reused": reused,
            "moves": self.moves,
            "drafted": self.drafted,
            "accepted": self.accepted,
        }

    def submit(self, body: dict[str, Any]) -> dict[str, Any]:
        """Decode one OpenAI chat request (waits for the reply); returns the response dict.

        Raises:
            RequestError: malformed request, or the prompt does not fit in ``n_ctx``.
            RuntimeError: llama.cpp failed while decoding (message is one line).
        """
        messages = body.get("messages")
        if not isinstance(messages, list) or not messages:
            raise RequestError("'messages' must be a non-empty list")
        if body.get("stream"):
            raise RequestError("streaming is not supported")

        def given(key: str, default: Any) -> Any:
            return default if body.get(key) is None else body[key]

        try:  # defaults: llama-cpp-python's create_chat_completion
            temperature, top_p = float(given("temperature", 0.8)), float(given("top_p", 0.95))
            frequency_penalty = float(given("frequency_penalty", 0.0))
            seed = int(given("seed", 0xFFFFFFFF)) & 0xFFFFFFFF
            max_tokens = int(given("max_tokens", given("max_completion_tokens", 0)))
        except (TypeError, ValueError) as e:
            raise RequestError(f"bad sampling parameter: {e}") from None
        if not math.isfinite(frequency_penalty):
            raise RequestError(f"bad sampling parameter: frequency_penalty {frequency_penalty}")
        stop = body.get("stop") or []
        stop = [stop] if isinstance(stop, str) else [str(s) for s in stop]
        try:
            fmt = self.formatter(messages=messages)
        except Exception as e:  # jinja2 errors on malformed messages
            raise RequestError(f"cannot apply the chat template: {e}") from None
        prompt = self.model.tokenize(fmt.prompt.encode("utf-8"), add_bos=not fmt.added_special, special=True)
        if len(prompt) >= self.n_ctx:
            raise RequestError(
                f"This model's maximum context length is {self.n_ctx} tokens; the prompt has "
                f"{len(prompt)} tokens (HARNESS_LOCAL_N_CTX)",
                code="context_length_exceeded",
            )
        if max_tokens <= 0 or len(prompt) + max_tokens > self.n_ctx:
            max_tokens = self.n_ctx - len(prompt)
        stops = [s for s in [*stop, *([fmt.stop] if isinstance(fmt.stop, str) else (fmt.stop or []))] if s]
        job = _Job(
            prompt=prompt,
            max_tokens=max_tokens,
            stop=stops,
            temperature=temperature,
            top_p=top_p,
            seed=seed,
            frequency_penalty=frequency_penalty,
        )
        self._queue.put(job)
        job.done.wait()
        if job.error:
            raise RuntimeError(job.error)
        return {
            "id": f"chatcmpl-{uuid.uuid4().hex}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", ""),
            "choices": [
                {"index": 0, "message": {"role": "assistant", "content": job.text}, "finish_reason": job.finish_reason}
            ],
            "usage": {
                "prompt_tokens": len(prompt),
                "completion_tokens": len(job.out),
                "total_tokens": len(prompt) + len(job.out),
                "prompt_tokens_details": {"cached_tokens": job.reused},
            },
        }

    # ------------------------------------------------------------------ decoding
    def _sampler(self, job: _Job, *, draw: bool = True) -> Any:
        """The job's sampler chain (see the module docstring); ``draw`` False: without
        its last step (greedy or ``dist``), which speculation replaces."""
        s = self._internals.LlamaSampler()
        if job.frequency_penalty:  # over the whole completion; no repeat or presence penalty
            s.add_penalties(self.model.n_vocab(), job.max_tokens, 1.0, job.frequency_penalty, 0.0)
        if job.temperature <= 0:
            if draw:
                s.add_greedy()
        else:
            s.add_top_k(TOP_K)
            s.add_top_p(job.top_p, 1)
            s.add_min_p(MIN_P, 1)
            s.add_temp(job.temperature)
            if draw:
                s.add_dist(job.seed)
        return s

    def _sample(self, job: _Job, row: int, guess: int | None = None) -> tuple[int, bool]:
        """(token, whether it is ``guess``) for ``job`` from the logits of batch row ``row``.

        Plain decoding, or temperature 0: the job's own chain draws it (greedy: the
        argmax, so a guess is accepted iff it is the argmax). With speculation at
        temperature > 0: the chain without its draw keeps the candidates and their
        final logits, p is their softmax (as ``dist`` takes it) and :func:`verify`
        chooses with the job's random numbers. The token is accepted into the chain
        (its penalties' history)."""
        if job.chain is None:
            tok = job.sampler.sample(self.ctx, row)
            return tok, tok == guess
        cands = self._cands
        logits = np.ctypeslib.as_array(self._ll.llama_get_logits_ith(self.ctx.ctx, row), shape=(cands.n_vocab,))
        cands.copy_logits(logits)
        self._ll.llama_sampler_apply(job.chain.sampler, ctypes.byref(cands.candidates))
        n = cands.candidates.size
        kept = np.ctypeslib.as_array(
            ctypes.cast(cands.candidates.data, ctypes.POINTER(ctypes.c_byte)),
            shape=(n * cands.candidates_data.itemsize,),
        ).view(cands.candidates_data.dtype)
        p = np.exp(kept["logit"].astype(np.float64) - float(kept["logit"].max()))
        tok, hit = verify(job.rng, kept["id"].astype(np.int64), p / p.sum(), guess)
        job.chain.accept(tok)
        return tok, hit

    def _reusable(self, slot: int, prompt: list[int]) -> int:
        """Tokens at the start of ``prompt`` whose KV cells ``slot`` keeps and that can
        be reused bit-exactly: the common start in whole N_BATCH chunks, short of the
        prompt's last token (it is processed for its logits)."""
        kept, n = (self._kept[slot] if self.prompt_reuse else []), 0
        for a, b in zip(kept, prompt):
            if a != b:
                break
            n += 1
        return min(n, len(prompt) - 1) // N_BATCH * N_BATCH

    def _take_slot(self, prompt: list[int] | None) -> tuple[int, int]:
        """A free slot for a job: (slot, reusable prompt tokens). With ``prompt``, the
        free slot that keeps the longest reusable start of it; otherwise, and on ties, one
        that leaves the slots in use consecutive (see Batching), then the one given a job
        longest ago (its kept prompt is the least likely to recur)."""
        taken = set(range(self.slots)) - set(self._free)  # in flight, or given in this admission

        def score(s: int) -> tuple[int, bool, int]:
            span = taken | {s}
            return (
                self._reusable(s, prompt) if prompt is not None else 0,
                max(span) - min(span) < len(span),
                -self._last_use[s],
            )

        scores = {s: score(s) for s in self._free}
        slot = max(self._free, key=scores.__getitem__)
        self._free.remove(slot)
        self._last_use[slot] = self._admissions
        return slot, scores[slot][0]

    def _admit(self, group: list[_Job]) -> None:
        """Gives every job of ``group`` (one prompt) a slot, processes the prompt once
        for the first (from the start its slot keeps, see Prompt reuse), copies its KV
        cells to the others' streams and samples each job's first token from the same
        logits with its own sampler."""
        first = group[0]
        self._admissions += 1
        first.slot, first.reused = self._take_slot(first.prompt)
        for job in group[1:]:
            job.slot, job.reused = self._take_slot(None)[0], len(job.prompt)
        for job in group:
            job.sampler = self._sampler(job)
            self._kept[job.slot] = []  # until the prompt is in
            if self.draft:
                self._start_lookup(job)
        if not self._ll.llama_memory_seq_rm(self.ctx.memory, first.slot, first.reused, -1):
            self._ll.llama_memory_seq_rm(self.ctx.memory, first.slot, -1, -1)  # cannot cut there: from the start
            first.reused = 0
        admitted, reused = self._prompt_counts
        self._prompt_counts = (admitted + len(first.prompt) * len(group), reused + sum(job.reused for job in group))
        b = self.batch.batch
        self.ctx.set_n_threads(self.tuner.current, self.tuner.current)
        for start in range(first.reused, len(first.prompt), N_BATCH):
            chunk = first.prompt[start : start + N_BATCH]
            b.n_tokens = len(chunk)
            for i, tok in enumerate(chunk):
                b.token[i], b.pos[i], b.n_seq_id[i], b.logits[i] = tok, start + i, 1, False
                b.seq_id[i][0] = first.slot
            b.logits[len(chunk) - 1] = True
            self.ctx.decode(self.batch)
        kept = first.prompt[: len(first.prompt) // N_BATCH * N_BATCH]  # its whole chunks
        self._kept[first.slot] = kept
        for job in group[1:]:  # copied before the next decode (a whole stream: only the prompt is in it)
            self._ll.llama_memory_seq_cp(self.ctx.memory, first.slot, job.slot, -1, -1)
            self._kept[job.slot] = kept
        self._active.extend(group)
        for job in group:
            self._take(job, self._sample(job, b.n_tokens - 1)[0])  # after the prompt's last token

    def _start_lookup(self, job: _Job) -> None:
        """Readies ``job`` for speculation: its history (the prompt), its lookup table
        and, at temperature > 0, its chain without the draw and its random numbers."""
        job.history = list(job.prompt)
        job.lookup = {}
        if job.temperature > 0:
            job.chain = self._sampler(job, draw=False)
            job.rng = np.random.Generator(np.random.PCG64(job.seed))

    def _draft(self, job: _Job, most: int) -> list[int]:
        """Up to ``most`` tokens guessed to follow ``job``'s history: the tokens that
        followed the latest earlier occurrence of its last ``ngram`` tokens (in its
        prompt or its output); [] if they do not occur before."""
        h, n = job.history, self.ngram
        for i in range(max(job.indexed, n), len(h)):  # h[i] follows the n tokens before it
            job.lookup[tuple(h[i - n : i])] = i
        job.indexed = len(h)
        at = job.lookup.get(tuple(h[len(h) - n :]))
        return [] if at is None else h[at : at + most]

    def _take(self, job: _Job, tok: int) -> None:
        """Accepts sampled token ``tok`` for ``job``; finishes the job when it stops."""
        if self._ll.llama_vocab_is_eog(self.model.vocab, tok):
            self._finish(job, "stop")
            return
        job.out.append(tok)
        if self.draft:
            job.history.append(tok)
        job.raw += self._piece(tok)
        seen = len(job.text)
        job.text = job.raw.decode("utf-8", errors="ignore")
        for s in job.stop:  # only where the new piece could complete it
            at = job.text.find(s, max(0, seen - len(s)))
            if at >= 0:
                job.text = job.text[:at]
                self._finish(job, "stop")
                return
        job.classes.append(-1 if self._is_number(tok) else tok)
        if len(job.out) >= job.max_tokens or (
            len(job.out) % LOOP_EVERY == 0 and looping(np.asarray(job.classes, dtype=np.int64))
        ):
            self._finish(job, "length")

    def _is_number(self, tok: int) -> bool:
        """Whether token ``tok`` is a number (its text, spaces aside, all digits)."""
        known = self._numbers.get(tok)
        if known is None:
            text = self._piece(tok).decode("utf-8", errors="ignore").strip()
            known = self._numbers[tok] = text.isdigit()
        return known

    def _piece(self, tok: int) -> bytes:
        """The bytes token ``tok`` stands for (special tokens render as nothing)."""
        n = self._ll.llama_token_to_piece(self.model.vocab, tok, self._buf, len(self._buf), 0, False)
        if n < 0:  # longer than the buffer: -n bytes are needed
            self._buf = ctypes.create_string_buffer(-n)
            n = self._ll.llama_token_to_piece(self.model.vocab, tok, self._buf, len(self._buf), 0, False)
        return self._buf.raw[:n]

    def _finish(self, job: _Job, reason: str, *, error: str | None = None) -> None:
        """Ends ``job`` (once); its slot is free again and keeps its prompt's cells (Prompt reuse)."""
        if job.done.is_set():
            return
        job.finish_reason, job.error = reason, error
        if job in self._active:
            self._active.remove(job)
        if job.slot >= 0:
            self._free.append(job.slot)
        job.sampler = job.chain = job.rng = None
        job.history, job.lookup, job.classes = [], {}, []
        job.done.set()

    def _step(self) -> None:
        """One token for every active sequence, and with speculation its draft: one
        batch of up to STEP_TOKENS sequences per decode (more make two or more
        decodes), in slot order, after closing a gap between their slots (see
        Batching). A sequence's rows are its last token and its draft, padded to the
        longest draft of the batch (see Speculative decoding); the cells of the rows
        not accepted are cut."""
        self._close_gaps()
        b = self.batch.batch
        everyone = sorted(self._active, key=lambda job: job.slot)  # batches of consecutive slots
        for at in range(0, len(everyone), STEP_TOKENS):
            jobs = everyone[at : at + STEP_TOKENS]
            drafts = [
                self._draft(job, min(self.draft, job.max_tokens - len(job.out) - 1)) if self.draft else []
                for job in jobs
            ]
            width = max(map(len, drafts))
            rows, real = 0, [len(d) for d in drafts]
            self.drafted += sum(real)
            for job, draft in zip(jobs, drafts):
                start = len(job.prompt) + len(job.out) - 1  # the position of its last token
                pad = min(width, self.n_ctx - 1 - start) - len(draft)  # rows beyond the context: none
                for i, tok in enumerate([job.out[-1], *draft, *[job.out[-1]] * pad]):
                    b.token[rows], b.pos[rows], b.n_seq_id[rows], b.logits[rows] = tok, start + i, 1, True
                    b.seq_id[rows][0] = job.slot
                    rows += 1
                draft.extend([job.out[-1]] * pad)  # decoded, never verified: its rows' logits go unread
            b.n_tokens = rows
            threads = self.tuner.pick(rows)
            self.ctx.set_n_threads(threads, threads)
            t0 = time.perf_counter()
            self.ctx.decode(self.batch)
            self.tuner.record(rows, threads, time.perf_counter() - t0)
            row = 0
            for job, draft, n_real in zip(jobs, drafts, real):
                for i in range(n_real + 1):
                    tok, hit = self._sample(job, row + i, draft[i] if i < n_real else None)
                    self._take(job, tok)
                    self.accepted += hit
                    if not hit or job.done.is_set():
                        break
                row += len(draft) + 1
                if draft and not job.done.is_set():  # cut the cells of the rejected rows
                    self._ll.llama_memory_seq_rm(self.ctx.memory, job.slot, len(job.prompt) + len(job.out) - 1, -1)

    def _close_gaps(self) -> None:
        """Moves sequences in flight so that they sit in consecutive slots (see Batching):
        with 2..STEP_TOKENS in flight (one batch) and a gap between their slots, the
        window of as many slots that holds most of them (the lowest on ties) takes each
        one outside it, in a free slot of the window, its whole stream copied
        (``llama_memory_seq_cp``, applied by llama.cpp before the next decode, after any
        copy queued before it). The slot a sequence left is free and keeps its prompt."""
        used = {job.slot for job in self._active}
        n = len(used)
        if not self.cuttable or not 2 <= n <= STEP_TOKENS or max(used) - min(used) < n:
            return
        start = max(range(self.slots - n + 1), key=lambda w: (len(used & set(range(w, w + n))), -w))
        window = set(range(start, start + n))
        outside = sorted((job for job in self._active if job.slot not in window), key=lambda job: job.slot)
        for job, dst in zip(outside, sorted(window - used)):
            self._ll.llama_memory_seq_cp(self.ctx.memory, job.slot, dst, -1, -1)
            self._free.remove(dst)
            self._free.append(job.slot)
            self._kept[dst] = self._kept[job.slot]
            self._last_use[dst] = self._admissions
            job.slot = dst
            self.moves += 1

    def _next_group(self) -> list[_Job]:
        """Waiting jobs to admit now: the first in line and every other waiting job with
        the same prompt, as many as there are free slots ([] if none waits or no slot
        is free). When nothing decodes, a request is given GATHER_S s for the calls
        sent with it to arrive."""
        if not self._active and not self._pending:
            self._pending.append(self._queue.get())
            time.sleep(GATHER_S)
        while True:
            try:
                self._pending.append(self._queue.get_nowait())
            except queue.Empty:
                break
        if not self._pending or not self._free:
            return []
        head = self._pending[0]
        group = [j for j in self._pending if j.prompt == head.prompt][: len(self._free)]
        self._pending = [j for j in self._pending if j not in group]
        return group

    def _loop(self) -> None:
        while True:
            group = self._next_group()
            try:
                if group:
                    self._admit(group)
                    continue  # admit every waiting request before the next step
                self._step()
            except Exception as e:  # llama_decode failed: fail what is in flight, keep nothing, go on
                why = f"llama.cpp decode failed: {str(e).splitlines()[0] if str(e) else type(e).__name__}"
                for j in [*self._active, *[j for j in group if j not in self._active]]:
                    self._finish(j, "error", error=why)
                self._ll.llama_memory_clear(self.ctx.memory, True)
                self._kept = [[] for _ in range(self.slots)]


class _Handler(BaseHTTPRequestHandler):
    engine: Engine
    model_name: str
    info: dict[str, Any]
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet access log
        pass

    def _send(self, status: int, obj: dict[str, Any]) -> None:
        data = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _error(self, status: int, message: str, code: str) -> None:
        kind = "invalid_request_error" if status == 400 else "server_error"
        self._send(status, {"error": {"message": message, "type": kind, "code": code, "param": None}})

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        if self.path.rstrip("/") in ("/v1/models", "/models"):
            self._send(
                200,
                {
                    "object": "list",
                    "data": [{"id": self.model_name, "object": "model", "owned_by": "harness", "harness": self.info}],
                },
            )
        elif self.path.rstrip("/") == "/health":
            self._send(200, {"status": "ok", **self.engine.load()})
        else:
            self._error(404, f"no such endpoint: {self.path}", "not_found")

    def do_POST(self) -> None:  # noqa: N802
        if self.path.rstrip("/") not in ("/v1/chat/completions", "/chat/completions"):
            self._error(404, f"no such endpoint: {self.path}", "not_found")
            return
        try:
            n = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(n) or b"{}")
            if not isinstance(body, dict):
                raise ValueError("the body must be a JSON object")
        except ValueError as e:
            self._error(400, f"bad JSON body: {e}", "invalid_json")
            return
        try:
            self._send(200, self.engine.submit(body))
        except RequestError as e:
            self._error(400, str(e), e.code)
        except RuntimeError as e:
            self._error(500, str(e), "decode_failed")


def serve(model: str, *, port: int = 0, slots: int = DEFAULT_SLOTS, watch_stdin: bool = False) -> None:
    """Load ``model`` (``local/<alias or path.gguf>``) and serve it on 127.0.0.1:``port``
    (0: a free port) until SIGTERM or SIGINT (the CLI turns both into KeyboardInterrupt).
    When the model is loaded and the socket listens, one line ``serving <model> at
    http://127.0.0.1:<port>/v1 ...`` goes to stdout, flushed: the run that started the
    process waits for it. watch_stdin: exit as soon as stdin reaches its end (the
    process that started us has gone).

    Raises:
        harness.models.local_model.LocalModelError: the model cannot be resolved or loaded.
        OSError: the port cannot be bound.
    """
    resolved = local_model.resolve(model)
    if not local_model.llama_available():
        raise local_model.LocalModelError(f"llama-cpp-python is not installed; run {local_model.INSTALL_HINT}")
    try:
        engine = Engine(
            resolved.path,
            slots=slots,
            n_ctx=local_model.n_ctx(),
            threads=local_model.n_threads(),
            fixed_threads=local_model.threads_fixed(),
            draft=local_model.draft_tokens(),
        )
    except RuntimeError as e:
        raise local_model.LocalModelError(str(e).splitlines()[0]) from None
    info = {"model": model, "path": str(resolved.path), "sha256": resolved.sha256, **engine.describe()}
    handler = type("Handler", (_Handler,), {"engine": engine, "model_name": model, "info": info})
    httpd = ThreadingHTTPServer((HOST, port), handler)
    httpd.daemon_threads = True
    url = f"http://{HOST}:{httpd.server_address[1]}/v1"
    if watch_stdin:

        def orphaned() -> None:
            sys.stdin.buffer.read()
            os._exit(0)

        threading.Thread(target=orphaned, name="watch-stdin", daemon=True).start()
    print(
        f"serving {model} at {url} ({slots} slots, {engine.n_ctx} context tokens each, "
        f"{engine.tuner.most} thread(s) at most, loaded in {engine.load_s:.1f} s)",
        flush=True,
    )
    try:
        httpd.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
