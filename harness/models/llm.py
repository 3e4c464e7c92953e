"""Model layer: teams of agents, model calls through litellm, response cache, cost.

Every model call of the harness goes through :func:`complete`, which calls
``litellm.completion``.  litellm is imported lazily, only inside functions that talk to a
model (its import takes seconds, and commands such as ``list``/``eval``/``report`` must
not pay for it).  Before that import ``LITELLM_LOCAL_MODEL_COST_MAP=True`` is set unless
the user set it: otherwise litellm tries to fetch its cost map from the internet.

Teams
-----
A :class:`Team` is a list of :class:`Agent` s, built from ``--models a,b,c``
(:meth:`Team.from_models`) or from a TOML team file (:meth:`Team.from_toml`)::

    # team.toml
    [defaults]                 # optional; applied to every agent below
    temperature = 0.7
    max_tokens = 2048

    [[agents]]
    model = "openai/gpt-4o-mini"
    name = "mini"              # optional; default agent-<i>
    temperature = 0.2          # optional
    top_p = 0.95               # optional
    max_tokens = 4096          # optional, tokens
    seed = 7                   # optional sampling seed; default <i> (1-based)

    [[agents]]
    model = "hosted_vllm/Qwen/Qwen2.5-Coder-7B-Instruct"
    api_base = "http://127.0.0.1:8000/v1"

    [roles]                    # optional: role name -> agent name, read by strategies
    aggregator = "mini"        # (e.g. moa's aggregator; `python -m harness strategies`)

Model names are litellm's (``openai/...``, ``anthropic/...``, ``ollama/...``,
``hosted_vllm/...`` with ``api_base``) plus ``local/...``, a GGUF file served by the
harness's own model process (see :mod:`harness.models.local_model` for its naming rule and
:mod:`harness.models.model_process` for the process); litellm reaches it as ``openai/<name>``
with that process's ``api_base``, like any self-hosted endpoint.  :func:`validate_team` checks, before
any work starts, that every provider is known, that remote models have their API key in
the environment, that local endpoints (``api_base``) accept connections, and that local
GGUF files exist and verify; it raises :class:`ModelConfigError` with a one-line message.

Response cache
--------------
With ``cache_dir`` set, :func:`complete` stores each reply as one JSON file
``<cache_dir>/<k[:2]>/<k>.json`` where ``k`` is the SHA-256 (hex) of the canonical JSON
(sorted keys, no whitespace, UTF-8) of the *request key*::

    {"v": 1, "model": ..., "api_base": ..., "messages": [...], "temperature": ...,
     "top_p": ..., "max_tokens": ..., "seed": ..., "model_sha256": <local GGUF hash or null>,
     "mock_response": <scripted reply or null>}

plus ``"frequency_penalty"`` when the agent asks for one (a request without it keeps the
key it always had, so earlier cache entries still answer it);

plus, for a ``local/...`` model, ``"local_server": <harness.models.model_server.decoding_id()>``: the
server's decoding (the earlier in-process path gave other replies for the same seed, and
so does speculative decoding against the plain one: the name says which, with its draft
length and lookup n-gram, so neither's cached replies answer the other's calls).

The file holds ``{"key": <request key>, "record": <CallRecord fields>}`` and is written
atomically (temporary file + rename), so a killed run never leaves a half-written entry.
A hit returns the stored record with ``cache_hit=True``: same text, tokens, cost and the
latency measured when the call was made.  Unreadable or mismatching files are misses.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import random
import socket
import threading
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence
from urllib.parse import urlparse

from harness.core.formats import canonical_json
from harness.core.fsutil import atomic_write
from harness.models import local_model, model_process
from harness.models.errors import ContextWindowExceeded, ModelCallError, ModelConfigError
from harness.models.model_server import decoding_id

CACHE_FORMAT = 1

DEFAULT_TEMPERATURE = 0.7
DEFAULT_TOP_P = 0.8
#: ``run --sampling``: "paper" (the default) samples as the LessonL authors ran their code
#: calls, "model" with each agent's own values (the team file's, else the defaults above)
SAMPLING_CHOICES = ("paper", "model")
DEFAULT_SAMPLING = "paper"
LEGACY_SAMPLING = "model"  # runs recorded before --sampling existed sampled this way
PAPER_SAMPLING = {"temperature": 0.2, "top_p": 0.95}
PAPER_FREQUENCY_PENALTY = 0.5
#: call purposes that write prose about an attempt: "paper" adds the frequency penalty
PENALIZED_PURPOSES = ("lesson", "reflection")
#: the sampling values a team file may pin for an agent (--sampling never replaces them)
PINNABLE = ("temperature", "top_p")
DEFAULT_MAX_TOKENS = 2048  # tokens
DEFAULT_TEAM_SIZE = 3

#: exceptions (by litellm class name) that are retried with exponential backoff
RETRYABLE = ("RateLimitError", "APIConnectionError", "Timeout", "ServiceUnavailableError", "InternalServerError")
DEFAULT_RETRIES = 5
LOCAL_TIMEOUT_S = 3600.0  # seconds a local model call may take (its queue and decoding)
BACKOFF_BASE_S = 1.0  # seconds; doubles per attempt
BACKOFF_MAX_S = 60.0  # seconds

TEAM_FILE_KEYS = {  # what an agent of a team file may set
    "name",
    "model",
    "temperature",
    "top_p",
    "max_tokens",
    "api_base",
    "seed",
}


# --------------------------------------------------------------------------- agents


@dataclass(frozen=True)
class Agent:
    """One agent of a team.

    Attributes:
        name: label used in logs and results (unique in a team).
        model: litellm model name (``provider/model``), e.g. ``local/qwen2.5-coder-0.5b``.
        temperature: sampling temperature (0 = greedy).
        top_p: nucleus sampling mass in (0, 1].
        max_tokens: maximum completion length in tokens.
        api_base: endpoint URL for self-hosted providers (``ollama``, ``hosted_vllm``…), or None.
        seed: base sampling seed; :func:`complete` uses it unless given another.
        frequency_penalty: OpenAI's frequency penalty (sent only when not None).
        pinned: the sampling values (of PINNABLE) the team file set for this agent;
            :func:`sampled_agent` keeps them whatever ``--sampling`` says.
    """

    name: str
    model: str
    temperature: float = DEFAULT_TEMPERATURE
    top_p: float = DEFAULT_TOP_P
    max_tokens: int = DEFAULT_MAX_TOKENS
    api_base: str | None = None
    seed: int = 1
    frequency_penalty: float | None = None
    pinned: tuple = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "pinned", tuple(self.pinned))  # a list from config.json (resume)

    @property
    def provider(self) -> str:
        """The provider prefix of :attr:`model` (``local``, ``openai``…), or ``""``."""
        return self.model.split("/", 1)[0] if "/" in self.model else ""

    @property
    def is_local(self) -> bool:
        """True for ``local/...`` models: served by the harness's model process on this
        machine (so never beside a timed evaluation)."""
        return self.provider == "local"

    def to_dict(self) -> dict[str, Any]:
        """Plain dict (for the run's config file)."""
        return dataclasses.asdict(self)


def _agent_from_mapping(raw: Mapping[str, Any], index: int, defaults: Mapping[str, Any], where: str) -> Agent:
    unknown = set(raw) - TEAM_FILE_KEYS
    if unknown:
        raise ModelConfigError(f"{where}: unknown key(s) {sorted(unknown)} (allowed: {sorted(TEAM_FILE_KEYS)})")
    merged = {**defaults, **raw}
    model = merged.get("model")
    if not isinstance(model, str) or not model.strip():
        raise ModelConfigError(f"{where}: 'model' must be a non-empty string")

    def num(key: str, default: float, lo: float, hi: float, lo_open: bool = False) -> float:
        v = merged.get(key, default)
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise ModelConfigError(f"{where}: {key!r} must be a number, got {v!r}")
        if (v <= lo if lo_open else v < lo) or v > hi:
            raise ModelConfigError(f"{where}: {key!r} = {v} is outside {'(' if lo_open else '['}{lo}, {hi}]")
        return float(v)

    def integer(key: str, default: int, lo: int) -> int:
        v = merged.get(key, default)
        if isinstance(v, bool) or not isinstance(v, int) or v < lo:
            raise ModelConfigError(f"{where}: {key!r} must be an integer >= {lo}, got {v!r}")
        return int(v)

    api_base = merged.get("api_base")
    if api_base is not None and (not isinstance(api_base, str) or not urlparse(api_base).scheme):
        raise ModelConfigError(f"{where}: 'api_base' must be a URL such as http://127.0.0.1:8000/v1, got {api_base!r}")
    name = merged.get("name", f"agent-{index + 1}")
    if not isinstance(name, str) or not name.strip():
        raise ModelConfigError(f"{where}: 'name' must be a non-empty string")
    return Agent(
        name=name.strip(),
        model=model.strip(),
        temperature=num("temperature", DEFAULT_TEMPERATURE, 0.0, 2.0),
        top_p=num("top_p", DEFAULT_TOP_P, 0.0, 1.0, lo_open=True),
        max_tokens=integer("max_tokens", DEFAULT_MAX_TOKENS, 1),
        api_base=api_base,
        seed=integer("seed", index + 1, 0),
        pinned=tuple(k for k in PINNABLE if k in merged),
    )


def sampled_agent(agent: Agent, purpose: str, sampling: str) -> Agent:
    """``agent`` with the sampling values of one call of ``purpose`` under ``sampling``.

    "model": the agent as it is (its team-file values, else DEFAULT_TEMPERATURE and
    DEFAULT_TOP_P). "paper" (the LessonL authors' values, which they used for every call
    of every strategy they ran): temperature 0.2 and top_p 0.95 except where the team
    file pinned them (:attr:`Agent.pinned`), plus frequency penalty 0.5 for the calls of
    PENALIZED_PURPOSES (lessons, reflections) unless the agent has its own.

    Raises:
        ValueError: ``sampling`` is not one of SAMPLING_CHOICES.
    """
    if sampling not in SAMPLING_CHOICES:
        raise ValueError(f"sampling must be one of {SAMPLING_CHOICES} (got {sampling!r})")
    if sampling == "model":
        return agent
    changes: dict[str, Any] = {k: v for k, v in PAPER_SAMPLING.items() if k not in agent.pinned}
    if purpose in PENALIZED_PURPOSES and agent.frequency_penalty is None:
        changes["frequency_penalty"] = PAPER_FREQUENCY_PENALTY
    return dataclasses.replace(agent, **changes)


def sampling_record(sampling: str) -> dict[str, Any]:
    """config.json's ``sampling``: the setting and the rule it follows (see
    :func:`sampled_agent`). Raises ValueError for an unknown setting."""
    if sampling not in SAMPLING_CHOICES:
        raise ValueError(f"sampling must be one of {SAMPLING_CHOICES} (got {sampling!r})")
    if sampling == "model":
        return {
            "setting": sampling,
            "rule": "each agent's own temperature and top_p (team file, else "
            f"{DEFAULT_TEMPERATURE}/{DEFAULT_TOP_P}), no frequency penalty",
        }
    return {
        "setting": sampling,
        **PAPER_SAMPLING,
        "frequency_penalty": PAPER_FREQUENCY_PENALTY,
        "penalized_purposes": list(PENALIZED_PURPOSES),
        "rule": "every call at the temperature and top_p above unless the team file sets the agent's "
        "own; calls of the penalized purposes also with the frequency penalty (sent where the "
        "provider takes it)",
    }


# how much of a team a strategy calls (its registry entry's ``team``)
TEAM_NONE = "none"  # calls no model (the null strategy: the noise floor)
TEAM_ONE = "one"  # the team's first agent
TEAM_MANY = "team"  # every agent of the team (and roles assigned among them)
TEAM_KINDS = (TEAM_NONE, TEAM_ONE, TEAM_MANY)


def agents_called(kind: str, agents: Sequence) -> list:
    """The agents (any items, in team order) that a strategy of team kind ``kind``
    (:data:`TEAM_KINDS`) calls: none, the first, or all. Raises ValueError for another
    kind."""
    if kind not in TEAM_KINDS:
        raise ValueError(f"team kind must be one of {TEAM_KINDS} (got {kind!r})")
    return [] if kind == TEAM_NONE else list(agents[:1]) if kind == TEAM_ONE else list(agents)


@dataclass(frozen=True)
class Team:
    """An ordered list of agents (see the module docstring for the TOML format) and the
    roles the team file assigns ({role name: agent name}; strategies read the roles
    they document, e.g. moa's ``aggregator``)."""

    agents: tuple[Agent, ...]
    source: str = "default"
    roles: Mapping[str, str] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.agents:
            raise ModelConfigError(f"{self.source}: a team needs at least one agent")
        names = [a.name for a in self.agents]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise ModelConfigError(f"{self.source}: agent names must be unique, repeated: {dup}")
        for role, name in self.roles.items():
            if not isinstance(name, str) or name not in names:
                raise ModelConfigError(
                    f"{self.source}: [roles] {role} = {name!r} names no agent (agents: {', '.join(names)})"
                )

    def role(self, role: str, default: Agent | None = None) -> Agent | None:
        """The agent the team file assigns to ``role``, else ``default``."""
        name = self.roles.get(role)
        return next(a for a in self.agents if a.name == name) if name else default

    def __len__(self) -> int:
        return len(self.agents)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.agents)

    def to_dict(self) -> dict[str, Any]:
        """Plain dict (for the run's config file)."""
        return {"source": self.source, "agents": [a.to_dict() for a in self.agents], "roles": dict(self.roles)}

    @classmethod
    def default(cls, n: int = DEFAULT_TEAM_SIZE, *, max_tokens: int | None = None) -> "Team":
        """``n`` agents on the embedded model, sampling seeds 1..n (``max_tokens`` in tokens)."""
        agents = tuple(
            Agent(
                name=f"agent-{i + 1}",
                model=local_model.EMBEDDED_MODEL,
                seed=i + 1,
                max_tokens=max_tokens or DEFAULT_MAX_TOKENS,
            )
            for i in range(n)
        )
        return cls(agents=agents, source="default")

    @classmethod
    def from_models(cls, spec: str | Sequence[str], **overrides: Any) -> "Team":
        """Team from ``--models a,b,c``: one agent per name, seeds 1..n, default sampling.

        ``overrides`` (e.g. ``max_tokens=512``) apply to every agent.

        Raises:
            ModelConfigError: empty list, empty name, or bad override.
        """
        names = [m.strip() for m in (spec.split(",") if isinstance(spec, str) else spec)]
        if not names or any(not m for m in names):
            raise ModelConfigError(f"--models: expected a comma-separated list of model names, got {spec!r}")
        agents = tuple(
            _agent_from_mapping({"model": m}, i, overrides, f"--models entry {i + 1} ({m})")
            for i, m in enumerate(names)
        )
        return cls(agents=agents, source="--models")

    @classmethod
    def from_toml(cls, path: str | os.PathLike[str], **overrides: Any) -> "Team":
        """Team from a TOML file with ``[[agents]]`` tables and optional ``[defaults]``.

        ``overrides`` apply to every agent, after the file's own values.

        Raises:
            ModelConfigError: unreadable file, TOML syntax error, no ``[[agents]]``,
                unknown key, value of the wrong type or out of range, duplicate names.
        """
        try:
            import tomllib  # type: ignore[import-not-found]
        except ModuleNotFoundError:  # Python < 3.11
            import tomli as tomllib  # type: ignore[no-redef]
        p = Path(path)
        try:
            data = tomllib.loads(p.read_text(encoding="utf-8"))
        except OSError as e:
            raise ModelConfigError(f"cannot read team file {p}: {e.strerror or e}") from None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
            raise ModelConfigError(f"team file {p} is not valid TOML: {str(e).splitlines()[0]}") from None
        unknown = set(data) - {"agents", "defaults", "roles"}
        if unknown:
            raise ModelConfigError(
                f"team file {p}: unknown top-level key(s) {sorted(unknown)} "
                "(expected [[agents]], optional [defaults] and [roles])"
            )
        roles = data.get("roles", {})
        if not isinstance(roles, dict) or not all(isinstance(v, str) for v in roles.values()):
            raise ModelConfigError(f"team file {p}: [roles] maps role names to agent names (strings)")
        agents_raw = data.get("agents")
        if not isinstance(agents_raw, list) or not agents_raw or not all(isinstance(a, dict) for a in agents_raw):
            raise ModelConfigError(f"team file {p}: needs one or more [[agents]] tables")
        defaults = data.get("defaults", {})
        if not isinstance(defaults, dict) or set(defaults) - (TEAM_FILE_KEYS - {"name", "model"}):
            raise ModelConfigError(
                f"team file {p}: [defaults] may only set {sorted(TEAM_FILE_KEYS - {'name', 'model'})}"
            )
        agents = tuple(
            _agent_from_mapping({**a, **overrides}, i, defaults, f"team file {p}, agent {i + 1}")
            for i, a in enumerate(agents_raw)
        )
        return cls(agents=agents, source=str(p), roles=roles)

    @classmethod
    def load(
        cls, *, models: str | None = None, team_file: str | os.PathLike[str] | None = None, **overrides: Any
    ) -> "Team":
        """The CLI's rule: ``--team FILE`` or ``--models a,b,c`` (not both), else the default team.

        Raises:
            ModelConfigError: both given, or the chosen source is invalid.
        """
        if models and team_file:
            raise ModelConfigError("give either --models or --team, not both")
        if team_file:
            return cls.from_toml(team_file, **overrides)
        if models:
            return cls.from_models(models, **overrides)
        return cls.default(**({"max_tokens": overrides["max_tokens"]} if "max_tokens" in overrides else {}))


# --------------------------------------------------------------------------- litellm


_litellm_lock = threading.Lock()
_litellm_ready = False


def import_litellm() -> Any:
    """Import and configure litellm (once): offline cost map, quiet.

    Takes seconds the first time; call it only when a model will be called.
    """
    global _litellm_ready
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    # litellm's pydantic types warn about ReadOnly TypedDict items (noise, not actionable)
    warnings.filterwarnings("ignore", message=r".*is using the `ReadOnly` qualifier", category=UserWarning)
    import litellm

    if not _litellm_ready:
        with _litellm_lock:
            if not _litellm_ready:
                litellm.suppress_debug_info = True
                litellm.telemetry = False
                _litellm_ready = True
    return litellm


def _known_providers(litellm: Any) -> set[str]:
    provs = set()
    for p in litellm.provider_list:
        provs.add(getattr(p, "value", p))
    return provs


def check_provider(agent: Agent) -> str:
    """The agent's litellm provider name.

    Raises:
        ModelConfigError: the model name has a provider prefix litellm does not know.
    """
    litellm = import_litellm()
    if agent.is_local:
        return "local"
    prefix = agent.provider
    if prefix and prefix not in _known_providers(litellm):
        raise ModelConfigError(
            f"agent {agent.name}: unknown model provider {prefix!r} in {agent.model!r} (litellm providers: openai, anthropic, ollama, hosted_vllm, … or local)"
        )
    try:
        _, provider, _, _ = litellm.get_llm_provider(model=agent.model, api_base=agent.api_base)
    except Exception:  # litellm raises BadRequestError for names it cannot route
        raise ModelConfigError(
            f"agent {agent.name}: cannot tell the provider of model {agent.model!r}; write provider/model, "
            f"e.g. openai/gpt-4o-mini, anthropic/claude-3-5-haiku-latest, ollama/qwen2.5-coder:7b or local/qwen2.5-coder-0.5b"
        ) from None
    return str(provider)


def _probe(url: str, timeout_s: float = 3.0) -> str | None:
    """None if a TCP connection to ``url``'s host:port succeeds, else the reason."""
    u = urlparse(url)
    if not u.hostname:
        return "no host in URL"
    port = u.port or (443 if u.scheme == "https" else 80)
    try:
        with socket.create_connection((u.hostname, port), timeout=timeout_s):
            return None
    except OSError as e:
        return e.strerror or str(e)


#: providers served from a user-run endpoint: provider -> (env var for the URL, default URL or None)
ENDPOINT_PROVIDERS: dict[str, tuple[str, str | None]] = {
    "ollama": ("OLLAMA_API_BASE", "http://localhost:11434"),
    "ollama_chat": ("OLLAMA_API_BASE", "http://localhost:11434"),
    "hosted_vllm": ("HOSTED_VLLM_API_BASE", None),
    "lm_studio": ("LM_STUDIO_API_BASE", None),
}


#: hosted APIs: provider -> default endpoint (probed before a run, like self-hosted ones)
HOSTED_ENDPOINTS: dict[str, str] = {
    "openai": "https://api.openai.com",
    "anthropic": "https://api.anthropic.com",
    "gemini": "https://generativelanguage.googleapis.com",
    "mistral": "https://api.mistral.ai",
    "groq": "https://api.groq.com",
    "deepseek": "https://api.deepseek.com",
    "together_ai": "https://api.together.xyz",
    "openrouter": "https://openrouter.ai",
}


def endpoint_for(agent: Agent, provider: str) -> str | None:
    """The URL an agent's calls go to when it is a self-hosted endpoint, else None.

    Raises:
        ModelConfigError: the provider needs an ``api_base`` and none is configured.
    """
    if agent.api_base:
        return agent.api_base
    if provider in ENDPOINT_PROVIDERS:
        env, default = ENDPOINT_PROVIDERS[provider]
        url = os.environ.get(env) or default
        if not url:
            raise ModelConfigError(
                f"agent {agent.name}: {agent.model!r} needs api_base (in the team file) or {env} in the environment"
            )
        return url
    return None


def validate_team(team: Team, *, probe_endpoints: bool = True) -> None:
    """Check, before any work starts, that every agent can be called.

    For each agent: the provider is known; a remote model's API key is in the
    environment (``litellm.validate_environment``); its endpoint (``api_base``, the
    provider's default such as ollama's ``http://localhost:11434``, or a hosted API's
    host from HOSTED_ENDPOINTS) accepts TCP connections (3 s timeout) when
    ``probe_endpoints``; a ``local/…`` model resolves to a
    verified GGUF file (this assembles the embedded model on first use, about 2 s) and
    llama-cpp-python is installed, or, with ``$HARNESS_MODEL_SERVER``, that server
    serves that file.  No model is called and nothing is paid.

    Raises:
        ModelConfigError: one line naming the agent and what to fix.
    """
    litellm = import_litellm()
    for agent in team:
        provider = check_provider(agent)
        if provider == "local":
            try:
                local_model.resolve(agent.model)
            except local_model.LocalModelError as e:
                raise local_model.LocalModelError(f"agent {agent.name}: {e}") from None
            server = model_process.server_for(agent.model)
            if server.external:
                try:
                    server.ensure()
                except ModelConfigError as e:
                    raise ModelConfigError(f"agent {agent.name}: {e}") from None
            elif not local_model.llama_available():
                raise ModelConfigError(
                    f"agent {agent.name}: llama-cpp-python is not installed; run {local_model.INSTALL_HINT}"
                )
            continue
        base = endpoint_for(agent, provider)
        try:
            env = litellm.validate_environment(model=agent.model, api_base=base)
        except Exception as e:
            raise ModelConfigError(
                f"agent {agent.name}: cannot check the environment for {agent.model!r}: {_one_line(e)}"
            ) from None
        # a URL variable litellm asks for is satisfied by the endpoint we resolved
        missing = [
            k for k in env.get("missing_keys", []) if k and not (base and k.endswith(("_API_BASE", "_BASE_URL")))
        ]
        if missing:
            raise ModelConfigError(
                f"agent {agent.name}: model {agent.model!r} needs {', '.join(missing)} in the environment"
            )
        target = base or HOSTED_ENDPOINTS.get(provider)
        if probe_endpoints and target:
            why = _probe(target)
            if why:
                raise ModelConfigError(
                    f"agent {agent.name}: endpoint {target} for {agent.model!r} is unreachable: {why}"
                )


def _one_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return f"{type(e).__name__}: {text[0] if text else ''}".rstrip(": ")


# --------------------------------------------------------------------------- records


@dataclass
class CallRecord:
    """One model call.

    Attributes:
        text: the reply's content.
        model: litellm model name that was called.
        prompt_tokens / completion_tokens: usage in tokens (provider-reported).
        cached_prompt_tokens: of the prompt tokens, those the provider did not process
            again (``usage.prompt_tokens_details.cached_tokens``: a provider's prompt
            cache, vLLM's prefix caching, the embedded model's prompt reuse); 0 if not
            reported.
        latency_s: seconds the call took when it was really made, litellm overhead
            included (replayed from the cache on a hit, so tokens/s stays meaningful);
            for a local model it includes waiting for a free slot of its model process.
        cost_usd: cost in USD from litellm's cost table (0 for local and unknown prices).
        cache_hit: served from the response cache (nothing paid, no model time spent now).
        seed: sampling seed sent with the request.
        agent: the agent's name.
        finish_reason: ``stop``, ``length``…
        cost_known: False when litellm had no price for the model (cost_usd is then 0).
        key: the response-cache key (hex SHA-256 of the request key).
        not_sent: sampling parameters the agent asked for that the provider does not
            take (litellm lists them unsupported), so they were not sent; e.g.
            ``["frequency_penalty"]`` for Anthropic.
    """

    text: str
    model: str
    prompt_tokens: int
    completion_tokens: int
    latency_s: float
    cost_usd: float
    cache_hit: bool = False
    seed: int | None = None
    agent: str = ""
    finish_reason: str | None = None
    cost_known: bool = True
    key: str = ""
    not_sent: list = field(default_factory=list)
    cached_prompt_tokens: int = 0

    def to_dict(self) -> dict[str, Any]:
        """Plain dict (for the event log)."""
        return dataclasses.asdict(self)


@dataclass
class CostTracker:
    """Accumulates tokens and cost over a run; :meth:`check` enforces ``--max-cost``.

    ``cost_usd`` counts every recorded call, cache hits included (the run's cost as if
    paid once, so a resumed run counts its earlier calls and the same limit applies to the
    whole run); ``paid_usd`` counts only calls actually made by this process.
    """

    max_cost_usd: float | None = None
    calls: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    cached_prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    paid_usd: float = 0.0
    latency_s: float = 0.0
    unknown_cost_calls: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def add(self, rec: CallRecord) -> None:
        """Account one call (thread-safe)."""
        with self._lock:
            self.calls += 1
            self.prompt_tokens += rec.prompt_tokens
            if not rec.cache_hit:  # a reply from the response cache processed nothing now
                self.cached_prompt_tokens += rec.cached_prompt_tokens
            self.completion_tokens += rec.completion_tokens
            self.cost_usd += rec.cost_usd
            self.latency_s += rec.latency_s
            if rec.cache_hit:
                self.cache_hits += 1
            else:
                self.paid_usd += rec.cost_usd
            if not rec.cost_known:
                self.unknown_cost_calls += 1

    @property
    def exceeded(self) -> bool:
        """True when ``max_cost_usd`` is set and ``cost_usd`` reached it."""
        return self.max_cost_usd is not None and self.cost_usd >= self.max_cost_usd

    def to_dict(self) -> dict[str, Any]:
        """Plain dict of the totals (tokens, USD, seconds)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if not f.name.startswith("_")}


# --------------------------------------------------------------------------- cache


def request_key(
    agent: Agent, messages: Sequence[Mapping[str, Any]], seed: int | None, *, mock_response: str | None = None
) -> dict[str, Any]:
    """The response-cache key for a request (see the module docstring).

    For a ``local/…`` model the GGUF file's SHA-256 is part of the key (resolving it
    may assemble the embedded model).  With ``mock_response`` no model file is needed.

    Raises:
        ModelConfigError: a local model cannot be resolved.
    """
    model_sha = None
    served: dict[str, Any] = {}
    if agent.is_local and mock_response is None:
        model_sha = local_model.resolve(agent.model).sha256
        served = {"local_server": decoding_id()}
    if agent.frequency_penalty is not None:
        served["frequency_penalty"] = agent.frequency_penalty
    return {
        **served,
        "v": CACHE_FORMAT,
        "model": agent.model,
        "api_base": agent.api_base,
        "messages": [dict(m) for m in messages],
        "temperature": agent.temperature,
        "top_p": agent.top_p,
        "max_tokens": agent.max_tokens,
        "seed": seed,
        "model_sha256": model_sha,
        "mock_response": mock_response,
    }


def key_digest(key: Mapping[str, Any]) -> str:
    """Hex SHA-256 of the canonical JSON of ``key`` (the cache file's name)."""
    return hashlib.sha256(canonical_json(key).encode("utf-8")).hexdigest()


def cache_path(cache_dir: str | os.PathLike[str], digest: str) -> Path:
    """``<cache_dir>/<digest[:2]>/<digest>.json``."""
    return Path(cache_dir) / digest[:2] / f"{digest}.json"


def cache_get(cache_dir: str | os.PathLike[str], key: Mapping[str, Any]) -> CallRecord | None:
    """The cached record for ``key`` (with ``cache_hit=True``) or None on a miss.

    Unreadable files, or files whose stored key differs from ``key``, are misses.
    """
    digest = key_digest(key)
    try:
        data = json.loads(cache_path(cache_dir, digest).read_text(encoding="utf-8"))
        if canonical_json(data["key"]) != canonical_json(key):
            return None
        fields = {f.name for f in dataclasses.fields(CallRecord)}
        rec = CallRecord(**{k: v for k, v in data["record"].items() if k in fields})
    except (OSError, ValueError, KeyError, TypeError):
        return None
    rec.cache_hit = True
    rec.key = digest
    return rec


def cache_put(cache_dir: str | os.PathLike[str], key: Mapping[str, Any], rec: CallRecord) -> Path:
    """Store ``rec`` under ``key`` atomically (temporary file + rename); returns the path.

    Raises:
        OSError: the cache folder cannot be written.
    """
    digest = key_digest(key)
    path = cache_path(cache_dir, digest)
    path.parent.mkdir(parents=True, exist_ok=True)
    record = rec.to_dict()
    record["cache_hit"] = False
    atomic_write(path, json.dumps({"key": key, "record": record}, sort_keys=True, ensure_ascii=False, indent=1))
    return path


# --------------------------------------------------------------------------- calls


def derive_seed(base: int, *parts: Any) -> int:
    """A stable 31-bit sampling seed from ``base`` and labels (problem id, round, repeat…).

    Same inputs → same seed in every process (no use of Python's salted ``hash``).
    """
    h = hashlib.sha256(canonical_json([base, *[str(p) for p in parts]]).encode()).digest()
    return int.from_bytes(h[:4], "big") & 0x7FFFFFFF


#: sleep function used between retries (tests replace it)
_sleep = time.sleep


def _backoff_s(attempt: int) -> float:
    """Seconds to wait before retry ``attempt`` (1-based): base·2^(attempt-1), capped, ±10 % jitter."""
    d = min(BACKOFF_MAX_S, BACKOFF_BASE_S * 2 ** (attempt - 1))
    return d * (0.9 + 0.2 * random.random())


def _response_cost(litellm: Any, agent: Agent, resp: Any) -> tuple[float, bool]:
    if agent.is_local:
        return 0.0, True
    hidden = getattr(resp, "_hidden_params", None) or {}
    cost = hidden.get("response_cost")
    if cost is None:
        try:
            cost = litellm.completion_cost(completion_response=resp, model=agent.model)
        except Exception:
            return 0.0, False
    return float(cost or 0.0), True


def _takes(litellm: Any, agent: Agent, param: str) -> bool:
    """True when ``agent``'s provider takes the OpenAI parameter ``param`` (litellm's
    list; a ``local/...`` model's process is OpenAI-compatible and takes
    frequency_penalty; a provider litellm knows no list for is given the parameter)."""
    if agent.is_local:
        return True
    try:
        _, provider, _, _ = litellm.get_llm_provider(model=agent.model, api_base=agent.api_base)
        supported = litellm.get_supported_openai_params(model=agent.model, custom_llm_provider=provider)
    except Exception:  # litellm raises for names it cannot route; validate_team reports those
        return True
    return supported is None or param in supported


def complete(
    agent: Agent,
    messages: Sequence[Mapping[str, Any]],
    *,
    cache_dir: str | os.PathLike[str] | None,
    seed: int | None = None,
    tracker: CostTracker | None = None,
    mock_response: str | None = None,
    retries: int = DEFAULT_RETRIES,
    timeout_s: float | None = 600.0,
) -> CallRecord:
    """Call ``agent``'s model on ``messages`` (OpenAI chat format) through litellm.

    Args:
        agent: model and sampling parameters (temperature, top_p, max_tokens in tokens,
            frequency_penalty: sent when not None and the provider takes it, else listed
            in the record's ``not_sent``).
        messages: ``[{"role": "system"|"user"|"assistant", "content": str}, …]``.
        cache_dir: response-cache folder, or None for no caching.
        seed: sampling seed for this call; default ``agent.seed``.  Sent to the provider
            (litellm drops it silently for providers without seed support) and always
            part of the cache key.
        tracker: cost accumulator to add this call to (cache hits included).
        mock_response: scripted reply (litellm's ``mock_response``; tests) — no network,
            usage still accounted.
        retries: retries after the first attempt for rate limits and transient errors
            (RateLimitError, APIConnectionError, Timeout, ServiceUnavailableError,
            InternalServerError), waiting 1, 2, 4 … s (max 60 s) between attempts.
        timeout_s: per-request timeout in seconds (remote providers).

    A ``local/...`` model is sent to its model process (started on first use, see
    :mod:`harness.models.model_process`), not retried, with no timeout short of an hour.

    Returns:
        A :class:`CallRecord` (tokens, latency in seconds, cost in USD, cache hit).
    Raises:
        ModelCallError: non-retryable failure or retries exhausted (one line);
            :class:`ContextWindowExceeded` (a ModelCallError) when the request does not
            fit the model's context window;
            harness.models.model_process.ModelProcessRestarted (a ModelCallError) when the
            local model process died during the call and was restarted (the call may
            be sent again).
        ModelConfigError: a local model cannot be resolved or loaded.
        harness.models.model_process.ModelProcessLost: the local model process died twice.
    """
    seed = agent.seed if seed is None else int(seed)
    key = request_key(agent, messages, seed, mock_response=mock_response)
    digest = key_digest(key)
    if cache_dir is not None:
        hit = cache_get(cache_dir, key)
        if hit is not None:
            hit.agent = agent.name
            if tracker:
                tracker.add(hit)
            return hit

    litellm = import_litellm()
    kwargs: dict[str, Any] = {
        "model": agent.model,
        "messages": [dict(m) for m in messages],
        "temperature": agent.temperature,
        "top_p": agent.top_p,
        "max_tokens": agent.max_tokens,
        "seed": seed,
        "drop_params": True,
    }
    if agent.api_base:
        kwargs["api_base"] = agent.api_base
    not_sent = []
    if agent.frequency_penalty is not None:
        if _takes(litellm, agent, "frequency_penalty"):
            kwargs["frequency_penalty"] = agent.frequency_penalty
        else:
            not_sent.append("frequency_penalty")
    if timeout_s is not None and not agent.is_local:
        kwargs["timeout"] = timeout_s
    if mock_response is not None:
        kwargs["mock_response"] = mock_response
    retryable = tuple(getattr(litellm, n) for n in RETRYABLE if hasattr(litellm, n))
    server = generation = None
    if agent.is_local:
        retries = 0  # our own process on this machine: nothing transient to wait out
        kwargs["model"] = f"openai/{agent.model}"
        if mock_response is None:
            server = model_process.server_for(agent.model)
            url, generation = server.ensure()
            kwargs.update(api_base=url, api_key="harness-local", timeout=LOCAL_TIMEOUT_S, max_retries=0)

    attempt = 0
    while True:
        t0 = time.perf_counter()
        try:
            resp = litellm.completion(**kwargs)
            break
        except (ModelConfigError, ModelCallError):
            raise
        except retryable as e:
            if server is not None:
                server.recover(generation)  # raises if the model process died
            attempt += 1
            if attempt > retries:
                raise ModelCallError(f"{agent.model}: giving up after {retries + 1} attempts: {_one_line(e)}") from None
            _sleep(_backoff_s(attempt))
        except Exception as e:
            if server is not None:
                server.recover(generation)
            overflow = isinstance(e, getattr(litellm, "ContextWindowExceededError", ()))
            raise (ContextWindowExceeded if overflow else ModelCallError)(f"{agent.model}: {_one_line(e)}") from None
    latency = time.perf_counter() - t0

    choice = resp.choices[0]
    usage = getattr(resp, "usage", None)
    cost, known = _response_cost(litellm, agent, resp)
    cached = getattr(getattr(usage, "prompt_tokens_details", None), "cached_tokens", 0)
    rec = CallRecord(
        text=choice.message.content or "",
        model=agent.model,
        prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
        completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
        latency_s=latency,
        cost_usd=cost,
        cache_hit=False,
        seed=seed,
        agent=agent.name,
        finish_reason=getattr(choice, "finish_reason", None),
        cost_known=known,
        key=digest,
        not_sent=not_sent,
        cached_prompt_tokens=int(cached or 0),
    )
    if cache_dir is not None:
        cache_put(cache_dir, key, rec)
    if tracker:
        tracker.add(rec)
    return rec
