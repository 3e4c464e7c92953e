"""One registry class for every extension point: strategies, executors, report tables,
event kinds.

A :class:`Registry` maps names to the things of one kind (a strategy's
``StrategyInfo``, an executor class, a report ``Table``, an event class), in the order
they were added. Each kind keeps one instance beside its own decorator
(``harness.strategies.registry.register``, ``harness.measure.executors.register_executor``,
``harness.results.tables.register_table``, ``harness.results.events.register_event``),
which checks what is particular to that kind and then calls :meth:`Registry.add`.

What every kind shares:

- a name is registered once: adding another thing under a taken name raises ValueError
  (adding an equal thing again is a no-op that keeps its place, so a module imported
  twice does no harm);
- looking up an unknown name raises :class:`UnknownName` (a HarnessError: one line
  listing the known names, with the closest one as "did you mean");
- loading is lazy: the first lookup, listing or count imports the kind's built-in
  modules (``modules``) and then every entry point of its group (``group``, e.g.
  ``harness.strategies``), whose import registers its things through the same
  decorator. Nothing is imported while the harness itself is imported.

An outside package adds a strategy, an executor or a table by declaring an entry point
in its ``pyproject.toml``::

    [project.entry-points."harness.strategies"]
    my_strategy = "my_package.my_strategy"

the value names a module (or ``module:object``); the harness imports it on first use.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.metadata
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, TypeVar

from .errors import HarnessError

T = TypeVar("T")


class UnknownName(HarnessError, KeyError):
    """A lookup of a name nobody registered. A HarnessError (the CLI prints its one line
    and exits with code 2) and a KeyError (code that asks a mapping may catch it as one)."""

    def __str__(self) -> str:  # KeyError's own would quote the message
        return str(self.args[0]) if self.args else ""


def entry_points(group: str) -> list[importlib.metadata.EntryPoint]:
    """The installed entry points of ``group``, sorted by name (then value) so every
    process loads them in one order."""
    return sorted(importlib.metadata.entry_points(group=group), key=lambda ep: (ep.name, ep.value))


def entry_point_text(ep: importlib.metadata.EntryPoint) -> str:
    """``the entry point NAME = 'VALUE' (GROUP) of package DIST``: how an error names an
    entry point (the package when the metadata has one)."""
    dist = getattr(ep, "dist", None)
    where = f" of package {dist.name}" if dist is not None else ""
    return f"the entry point {ep.name} = {ep.value!r} ({ep.group}){where}"


def load_entry_point(ep: importlib.metadata.EntryPoint) -> Any:
    """What ``ep`` names, imported. Raises HarnessError naming the entry point, its
    package and the error when the import fails (a broken plugin is the user's
    environment, not a harness fault)."""
    try:
        return ep.load()
    except Exception as e:
        raise HarnessError(f"{entry_point_text(ep)} does not load: {type(e).__name__}: {e}") from e


class Registry(Generic[T]):
    """Named things of one kind (module docstring).

    kind: what a thing is called in messages ("strategy", "executor"); group: the
    entry-point group outside packages register through (None: none); modules: a
    function returning the names of the built-in modules that register things of this
    kind, imported on the first lookup (None: none; everything is registered by the
    time anyone looks)."""

    def __init__(
        self, kind: str, *, group: str | None = None, modules: Callable[[], Iterable[str]] | None = None
    ) -> None:
        self.kind = kind
        self.group = group
        self._modules = modules
        self._items: dict[str, T] = {}
        self._loaded = False

    def add(self, name: str, item: T) -> T:
        """Register ``item`` under ``name`` after those registered before; returns it.
        Adding an equal item again keeps the first and its place. Raises ValueError for
        another item under a name already taken, or a name that is not a non-empty str."""
        if not isinstance(name, str) or not name:
            raise ValueError(f"a {self.kind} needs a non-empty name (got {name!r})")
        old = self._items.get(name)
        if old is not None and old is not item and old != item:
            raise ValueError(
                f"a {self.kind} named {name!r} is already registered ({_origin(old)}); "
                f"{_origin(item)} cannot take the name"
            )
        self._items.setdefault(name, item)
        return item

    def load(self) -> Registry[T]:
        """Import the built-in modules and the entry points of the group, once; returns
        self. Raises HarnessError when an entry point does not load (then the next call
        tries again)."""
        if self._loaded:
            return self
        self._loaded = True  # set first: a module being imported may look things up
        try:
            for module in self._modules() if self._modules else ():
                importlib.import_module(module)
            for ep in entry_points(self.group) if self.group else ():
                load_entry_point(ep)
        except BaseException:
            self._loaded = False
            raise
        return self

    def get(self, name: str) -> T:
        """The thing registered as ``name``. Raises UnknownName with the known names and
        the closest one for a name nobody registered."""
        self.load()
        try:
            return self._items[name]
        except (KeyError, TypeError):
            pass
        known = sorted(self._items)
        close = difflib.get_close_matches(str(name), known, n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise UnknownName(f"unknown {self.kind} '{name}' (known: {', '.join(known) or 'none'}){hint}")

    __getitem__ = get

    def find(self, name: str) -> T | None:
        """The thing registered as ``name``, None when there is none."""
        self.load()
        return self._items.get(name)

    def peek(self, name: str) -> T | None:
        """The thing registered as ``name`` so far, None when there is none; loads
        nothing (for a decorator, which runs while the modules are being loaded)."""
        return self._items.get(name)

    def __contains__(self, name: object) -> bool:
        self.load()
        return name in self._items

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def __len__(self) -> int:
        return len(self.load()._items)

    def names(self) -> list[str]:
        """The registered names, in the order they were added."""
        return list(self.load()._items)

    keys = names  # so that dict(registry) is a plain copy

    def items(self) -> list[tuple[str, T]]:
        """(name, thing) pairs, in the order they were added."""
        return list(self.load()._items.items())

    def values(self) -> list[T]:
        """The registered things, in the order they were added."""
        return list(self.load()._items.values())

    def copy(self) -> Registry[T]:
        """A copy holding what this one holds, which loads again on its first lookup
        (modules already imported are not imported twice; a module new since then is):
        what is added to it stays out of this one. Tests register a thing for one test by
        swapping a kind's registry for a copy."""
        new: Registry[T] = Registry(self.kind, group=self.group, modules=self._modules)
        new._items = dict(self._items)
        return new

    def __repr__(self) -> str:
        return f"Registry({self.kind!r}, {len(self._items)} registered{'' if self._loaded else ', not loaded'})"


def _origin(item: object) -> str:
    """Where a registered thing was defined, for the duplicate's message: the module and
    qualified name of the class it is (an executor, an event kind), of its ``cls`` (a
    strategy's info record) or of its ``build`` function (a report table's: the module
    that registered it); else its type's name."""
    for target in (getattr(item, "cls", None), item if isinstance(item, type) else None, getattr(item, "build", None)):
        module, qual = getattr(target, "__module__", None), getattr(target, "__qualname__", None)
        if module and qual:
            return f"{module}.{qual.rsplit('.<locals>.', 1)[-1]}"  # a function defined inside another: its own name
    return type(item).__name__
