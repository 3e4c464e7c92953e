"""The strategy registry: every collaboration strategy registers itself here.

A strategy is one module under ``harness/strategies/`` whose class carries the
:func:`register` decorator: its name, a one-line description, its parameters
(:class:`Param`: type, default, help), what team it needs, its per-problem budget of
model calls and candidate evaluations as a function of its parameters and the team size
(:class:`Budget`), and the values the ``quick`` preset scales it down to. The runner and
the CLI learn everything from here (``python -m harness strategies`` prints it); nothing
else tests strategy names: the runner asks the registry.

Adding a strategy = adding one file: :data:`REGISTRY` (a harness.core.registry.Registry)
imports every module of this package on its first lookup, so the decorator runs, and then
the modules that outside packages name in the ``harness.strategies`` entry-point group.
"""

from __future__ import annotations

import math
import pkgutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from ..core.errors import HarnessError
from ..core.registry import Registry

# what a strategy needs of the team; each strategy names its kind through this module
from ..models.llm import TEAM_KINDS, TEAM_MANY, TEAM_NONE, TEAM_ONE  # noqa: F401
from .memory import DEFAULT_THRESHOLD


@dataclass(frozen=True)
class Param:
    """One strategy parameter.

    name: a Python identifier, the keyword the strategy's constructor takes; flag: the
    ``run`` option (default ``--`` + name with dashes); type: int, float, bool or str;
    default: its value when not given (None allowed for str); minimum: the smallest
    allowed number and maximum the largest (int/float; a float must also be finite);
    choices: the allowed strings (str); legacy: the value
    that runs recorded before the parameter existed behaved as (``--resume`` of such a
    run keeps it; None: those runs behaved as the default).
    """

    name: str
    type: type
    default: Any
    help: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple = ()
    flag: str | None = None
    legacy: Any = None

    @property
    def cli_flag(self) -> str:
        return self.flag or "--" + self.name.replace("_", "-")

    def check(self, value: Any) -> Any:
        """``value`` converted to the parameter's type. Raises HarnessError (one line,
        naming the flag) for a value of the wrong type, below the minimum or not among
        the choices."""
        if value is None:
            if self.default is None:
                return None
            raise HarnessError(f"{self.cli_flag} needs a value")
        try:
            if self.type is bool:
                if not isinstance(value, bool):
                    raise ValueError(value)
                v = value
            elif self.type is int:
                if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                    raise ValueError(value)
                v = int(value)
            else:
                v = self.type(value)
        except (TypeError, ValueError):
            raise HarnessError(f"{self.cli_flag} takes a {self.type.__name__} (got {value!r})") from None
        if self.type is float and not math.isfinite(v):
            raise HarnessError(f"{self.cli_flag} must be a finite number (got {v})")
        if self.minimum is not None and v < self.minimum:
            raise HarnessError(f"{self.cli_flag} must be >= {self.minimum:g} (got {v})")
        if self.maximum is not None and v > self.maximum:
            raise HarnessError(f"{self.cli_flag} must be <= {self.maximum:g} (got {v})")
        if self.choices and v not in self.choices:
            raise HarnessError(f"{self.cli_flag} must be one of {', '.join(self.choices)} (got {v!r})")
        return v


@dataclass(frozen=True)
class Budget:
    """Per-problem budget of a strategy: model calls and candidate evaluations (first
    measurements; the reference, the noise floor and the one re-measurement of the chosen
    candidate come on top).

    calls: the most model calls a problem can spend, every retry included: a request
    that did not fit the model's context window and is sent again shorter
    (:meth:`harness.strategies.base.RunContext.generate`'s ``fallbacks``) counts as
    one more call. retries: how many of those calls are such retries at most, so
    ``calls - retries`` (:attr:`first_calls`) is what a problem spends when no request
    overflows. evaluations: candidate evaluations. exact=True: without context
    overflows a problem spends exactly ``first_calls`` calls and ``evaluations``
    evaluations; exact=False: upper bounds (the strategy may stop early). Not
    budgeted: a request sent again because the local model process died during it and
    was restarted (an infrastructure failure, like an evaluation lost with its worker).
    """

    calls: int
    evaluations: int
    exact: bool = True
    retries: int = 0

    @property
    def first_calls(self) -> int:
        """Model calls when no request overflows the context window."""
        return self.calls - self.retries

    def __str__(self) -> str:
        le = "" if self.exact else "<= "

        def many(n: int, what: str) -> str:
            return f"{n} {what}" + ("" if n == 1 else "s")

        calls = le + many(self.first_calls, "call")
        if self.retries:
            calls += f" (<= {many(self.calls, 'call')} with context-overflow retries)"
        return f"{calls}, {le}{many(self.evaluations, 'evaluation')}"


@dataclass(frozen=True)
class StrategyInfo:
    """A registered strategy: name, class, description, params, team kind (TEAM_KINDS),
    budget(options, team_size) -> Budget, quick (the quick preset's parameter values),
    profile (its prompts show profiler evidence, so evaluations collect it), roles (the
    team-file roles it reads, see harness.models.llm.Team.role)."""

    name: str
    cls: type
    description: str
    params: tuple = ()
    team: str = TEAM_ONE
    budget_fn: Callable[[Mapping[str, Any], int], Budget] = field(default=lambda o, n: Budget(1, 1))
    quick: Mapping[str, Any] = field(default_factory=dict)
    profile: bool = False
    roles: tuple = ()

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)

    def defaults(self) -> dict:
        return {p.name: p.default for p in self.params}

    def resolve(self, given: Mapping[str, Any], preset: str | None = None) -> dict:
        """The full parameter dict: defaults, then the quick preset's values (preset ==
        "quick"), then ``given``. Raises HarnessError naming an option this strategy
        does not take, or a bad value."""
        for name in given:
            if self.param(name) is None:
                raise HarnessError(self.not_taken(name))
        out = self.defaults()
        if preset == "quick":
            out.update(self.quick)
        out.update({k: v for k, v in given.items() if v is not None})
        return {p.name: p.check(out[p.name]) for p in self.params}

    def not_taken(self, name: str) -> str:
        """The one-line error for an option ``name`` this strategy does not take."""
        flag = flag_of(name)
        takes = ", ".join(p.cli_flag for p in self.params) or "no options"
        return f"strategy '{self.name}' does not take {flag} (it takes: {takes})"

    def budget(self, options: Mapping[str, Any], team_size: int) -> Budget:
        """The per-problem budget with ``options`` (resolved) and ``team_size`` agents."""
        return self.budget_fn(options, team_size)

    def build(self, options: Mapping[str, Any]):
        """The strategy object with ``options`` (resolved by :meth:`resolve`)."""
        return self.cls(**options)


# the memory store's retrieval options (harness.strategies.memory), one definition for every
# strategy that reads a store (cogito, lessonl)
MEMORY_RETRIEVAL_PARAMS = (
    Param(
        "memory_threshold",
        float,
        DEFAULT_THRESHOLD,
        "similarity in [0, 1] a stored problem needs to be retrieved",
        minimum=0.0,
        maximum=1.0,
    ),
    Param("memory_same_problem", bool, False, "also retrieve what the store holds for the problem being solved"),
    Param(
        "memory_across_replicates",
        bool,
        False,
        "a replicate also reads what earlier "
        "replicates of the run wrote (off: each replicate reads only its own earlier problems "
        "and other runs')",
        legacy=True,
    ),
)

#: the modules of harness.strategies that are no strategy (the registry does not import them)
HELPER_MODULES = ("base", "registry", "prompting", "lessons", "memory")


def _strategy_modules() -> list[str]:
    """Every module of this package that defines a strategy."""
    return [
        f"{__package__}.{m.name}"
        for m in pkgutil.iter_modules([str(Path(__file__).parent)])
        if m.name not in HELPER_MODULES
    ]


#: every strategy by name: this package's modules, then the entry points of harness.strategies
REGISTRY: Registry[StrategyInfo] = Registry("strategy", group="harness.strategies", modules=_strategy_modules)


def register(
    name: str,
    *,
    description: str,
    params: tuple = (),
    team: str = TEAM_ONE,
    budget: Callable[[Mapping[str, Any], int], Budget],
    quick: Mapping[str, Any] | None = None,
    profile: bool = False,
    roles: tuple = (),
):
    """Class decorator: registers the strategy class under ``name`` (see StrategyInfo)
    and sets its ``name`` attribute. Raises ValueError for a name another class has
    taken, an unknown team kind or a quick value for an unknown parameter."""
    if team not in TEAM_KINDS:
        raise ValueError(f"team must be one of {TEAM_KINDS}")

    def deco(cls):
        old = REGISTRY.peek(name)
        if old is not None and old.cls is cls:  # the same class decorated again: keep the first
            return cls
        names = {p.name for p in params}
        bad = set(quick or {}) - names
        if bad:
            raise ValueError(f"quick values for unknown parameters of '{name}': {sorted(bad)}")
        REGISTRY.add(
            name,
            StrategyInfo(
                name=name,
                cls=cls,
                description=description,
                params=tuple(params),
                team=team,
                budget_fn=budget,
                quick=dict(quick or {}),
                profile=profile,
                roles=tuple(roles),
            ),
        )
        cls.name = name
        return cls

    return deco


def load_all() -> Registry[StrategyInfo]:
    """The registry, every strategy loaded (this package's and the entry points'). Raises
    HarnessError when an entry point of harness.strategies does not load."""
    return REGISTRY.load()


def get(name: str) -> StrategyInfo:
    """The registered strategy ``name``. Raises HarnessError (UnknownName) with the known
    names (and a close match) for an unknown one."""
    return REGISTRY.get(name)


def find(name: str) -> StrategyInfo | None:
    """The registered strategy ``name``, None when this version does not know it (a run
    made by another version of the harness): the lookup that reports of old runs use."""
    return REGISTRY.find(name)


def flag_of(name: str) -> str:
    """The ``run`` flag of parameter ``name`` (whichever strategy declares it)."""
    for info in load_all().values():
        p = info.param(name)
        if p is not None:
            return p.cli_flag
    return "--" + name.replace("_", "-")


def all_params() -> dict[str, tuple[Param, list[str]]]:
    """Every parameter name of every strategy: {name: (Param, [strategy names])}.
    Raises ValueError when two strategies declare one name with different types or
    flags (a ``run`` option must mean one thing)."""
    out: dict[str, tuple[Param, list[str]]] = {}
    for sname, info in sorted(load_all().items()):
        for p in info.params:
            if p.name in out:
                q, users = out[p.name]
                if (q.type, q.cli_flag) != (p.type, p.cli_flag):
                    raise ValueError(f"parameter '{p.name}' of '{sname}' clashes with '{users[0]}'")
                users.append(sname)
            else:
                out[p.name] = (p, [sname])
    return out


def known_roles() -> set[str]:
    """Every team-file role some registered strategy reads."""
    return {r for info in load_all().values() for r in info.roles}
