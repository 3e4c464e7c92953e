"""The package's layers (harness.LAYERS): every module of harness/ belongs to one layer,
imports only from its own layer and the layers below it, and no modules import each
other in a cycle. Read from the source with ast (nothing is imported), counting every
import: at the top of a module, inside a function, or under ``if TYPE_CHECKING``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "harness"
ALWAYS_ALLOWED = {"harness._bench"}  # the compiled judge (cpp/judge.cpp): no Python imports


def _layers() -> tuple[str, ...]:
    """harness.LAYERS, read from harness/__init__.py without importing it."""
    tree = ast.parse((PACKAGE / "__init__.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "LAYERS" for t in node.targets):
            return tuple(ast.literal_eval(node.value))
    raise AssertionError("harness/__init__.py defines no LAYERS")


def _modules() -> dict[str, Path]:
    """{dotted module name: file} of every Python module under harness/."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _imports(name: str, path: Path, modules: dict[str, Path]) -> list[tuple[str, int]]:
    """[(imported harness module, line)] of module ``name``: a ``from X import y`` names
    the module X.y when that is a module, else X."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            targets = [
                f"{mod}.{a.name}" if f"{mod}.{a.name}" in modules or f"{mod}.{a.name}" in ALWAYS_ALLOWED else mod
                for a in node.names
            ]
        else:
            continue
        found += [(t, node.lineno) for t in dict.fromkeys(targets) if t == "harness" or t.startswith("harness.")]
    return found


def _layer_of(name: str, layers: tuple[str, ...]) -> int | None:
    """The index in ``layers`` of module ``name`` (its first name below harness), the top
    for harness/__main__.py, None for a module of no layer. The package itself
    (harness/__init__.py) is exempt: -1."""
    if name == "harness":
        return -1
    first = name.split(".")[1]
    if first == "__main__":
        return len(layers)
    return layers.index(first) if first in layers else None


def _graph():
    modules = _modules()
    return modules, {m: _imports(m, p, modules) for m, p in modules.items()}


def test_every_module_is_in_a_layer():
    layers = _layers()
    modules = _modules()
    outside = [m for m in modules if _layer_of(m, layers) is None]
    assert not outside, f"modules in no layer of harness.LAYERS {layers}: {outside}"


def test_no_import_from_a_higher_layer():
    layers = _layers()
    modules, graph = _graph()
    bad = []
    for m, imports in graph.items():
        mine = _layer_of(m, layers)
        for target, line in imports:
            if target in ALWAYS_ALLOWED or target == "harness":
                continue
            theirs = _layer_of(target, layers)
            if mine is not None and (theirs is None or theirs > mine):
                bad.append(
                    f"{modules[m].relative_to(PACKAGE.parent)}:{line} imports {target} "
                    f"({layers[mine] if mine < len(layers) else '__main__'} -> "
                    f"{layers[theirs] if theirs is not None and theirs < len(layers) else theirs})"
                )
    assert not bad, "imports from a higher layer (order: " + " < ".join(layers) + "):\n" + "\n".join(bad)


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node, or of one node that
    imports itself (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in edges.get(v, ()):
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle():
    modules, graph = _graph()
    edges = {m: {t for t, _ in imports if t in modules and t != "harness"} for m, imports in graph.items()}
    cycles = _cycles(edges)
    assert not cycles, "modules that import each other: " + "; ".join(" <-> ".join(c) for c in cycles)


@pytest.mark.parametrize(
    "edges, expected",
    [
        ({"a": {"b"}, "b": {"a"}, "c": {"a"}}, [["a", "b"]]),
        ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
        ({"a": {"a"}}, [["a"]]),
    ],
)
def test_the_cycle_finder(edges, expected):
    assert _cycles(edges) == expected


def test_only_the_commands_parse_command_lines():
    """argparse is imported by harness/cli/ alone (one module per command): the library
    takes options as values, not as argument vectors."""
    found = []
    for name, path in _modules().items():
        if name.startswith("harness.cli"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import) and any(a.name == "argparse" for a in node.names):
                found.append(f"{name}:{node.lineno}")
            elif isinstance(node, ast.ImportFrom) and node.module == "argparse":
                found.append(f"{name}:{node.lineno}")
    assert not found, f"argparse outside harness/cli: {found}"
