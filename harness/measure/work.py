"""The work model of a problem (issue 19, part 1): the ``[work]`` table of problem.toml.

Every problem declares, as functions of its size, its compulsory memory traffic (bytes:
every input read once, every output written once, with the element types as the driver
stores them; scalar arguments are not counted) and the floating-point operations of its
baseline's algorithm (FLOP: + - * / and sqrt count 1 each, an FMA-able a*b+c counts 2, a
call of an elementary function such as exp, sin, cos, pow or the magnitude of a complex
number counts 1; comparisons, min/max, negation and absolute value count 0)::

    [work]
    # S = the size given to the driver; M, K, N as the driver names them
    params = { M = "S", K = "S // 4", N = "S // 2" }
    bytes = "8 * (M*K + K*N + 2*M*N)"     # reads A, B, C; writes C
    flops = "2*M*N*K + M*N"
    bytes_order = "S**2"                  # leading terms, for scaling checks
    flops_order = "S**3"
    algorithm_fixed = true                # no asymptotically cheaper algorithm exists

Names: ``S`` is the size the driver gets (ParEval: the problem's size; PolyBench: the
dataset index, 0 = MINI .. 4 = EXTRALARGE). ``params`` binds further names in order, each
to an expression over S and the names before it, or to a list of numbers indexed by S (the
per-dataset dimensions of a PolyBench driver). ``counts`` binds names to the element count
of one of the driver's input or output views at the instance (``{ nnz = "A_val" }``): work
that depends on generated data (a sparse matrix's nonzeros) is expressed with the
instance's actual numbers, which the caller supplies. ``bound_note`` says how the bound is
taken where the work depends on the data (early exits, traversals, generated nonzeros),
``flops_note`` why flops is 0 (integer kernels, comparisons only).

Further keys: ``algorithm_fixed`` (default false) is true only where no asymptotically
cheaper algorithm exists, so that flops may bound a candidate's time; ``flops_min`` (FLOP;
default: flops) is the baseline's count without its redundant operations (a loop-invariant
alpha*A[i][k] recomputed per term), the figure a bound should use; ``bytes_min``
(bytes; default: bytes) is the traffic a correct implementation cannot avoid where the
baseline's arrays hold more than the result depends on: one triangle of a symmetric or
triangular matrix (an undirected graph's adjacency matrix, PolyBench's cholesky, trisolv,
trmm, syrk, syr2k, symm), the triangle of an output the baseline writes; the bound uses
it; ``has_bound = false``
marks work with no data-independent lower bound (a search that may stop at the first
element): bytes is then the traffic of a search that reads everything, not a bound;
``flops_exact = false`` marks a flops expression that is an upper bound on the baseline's
data-dependent count rather than the count; ``bytes_order`` and ``flops_order`` give the
leading terms (checked by the tests as the growth between two sizes).

Expressions are evaluated by a small whitelist evaluator (``evaluate``): numbers, names,
+ - * / // % ** (exponent at most 64), unary minus and the functions min, max, log2,
floor and ceil; no intermediate value may exceed 1e30. Anything else raises ValueError
with a one-line message.
"""

from __future__ import annotations

import ast
import math
import operator
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

MAX_EXPR_CHARS = 400
MAX_POWER = 64
MAX_VALUE = 1e30  # bytes or FLOP: far beyond any machine

_BINOPS = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
}
_FUNCS = {
    "min": (min, None),
    "max": (max, None),
    "log2": (math.log2, 1),
    "floor": (math.floor, 1),
    "ceil": (math.ceil, 1),
}
_KEYS = {
    "params",
    "counts",
    "bytes",
    "bytes_min",
    "flops",
    "flops_min",
    "bytes_order",
    "flops_order",
    "algorithm_fixed",
    "has_bound",
    "flops_exact",
    "bound_note",
    "flops_note",
}


def _parse(expr: object) -> ast.Expression:
    if not isinstance(expr, str):
        raise ValueError(f"work expression must be a string, not {type(expr).__name__}")
    if len(expr) > MAX_EXPR_CHARS:
        raise ValueError(f"work expression longer than {MAX_EXPR_CHARS} characters")
    try:
        tree = ast.parse(expr.strip(), mode="eval")
    except SyntaxError as e:
        raise ValueError(f"work expression {expr!r}: syntax error ({e.msg})") from None
    for node in ast.walk(tree):
        ok = isinstance(
            node, (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Name, ast.Load, ast.Call, ast.USub, ast.UAdd, *_BINOPS)
        )
        if isinstance(node, ast.Constant):
            ok = type(node.value) in (int, float)
        if isinstance(node, ast.Call):
            ok = (
                isinstance(node.func, ast.Name) and node.func.id in _FUNCS and not node.keywords and len(node.args) >= 1
            )
        if not ok:
            raise ValueError(f"work expression {expr!r}: {type(node).__name__} not allowed")
    return tree


def names(expr: str) -> set[str]:
    """The free names of ``expr`` (function names excluded). Raises ValueError if it does
    not parse or uses anything outside the whitelist."""
    tree = _parse(expr)
    funcs = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and id(n) not in funcs}


def evaluate(expr: str | int | float, env: Mapping[str, int | float]) -> int | float:
    """The value of the work expression ``expr`` with the names of ``env`` (a plain number
    is returned as is). Integer arithmetic stays exact (Python ints); ``/`` gives a float.
    Raises ValueError (one line) on a bad expression, an unknown name, a power above
    MAX_POWER, a division by zero or a math domain error."""
    if type(expr) is int or type(expr) is float:
        return expr
    tree = _parse(expr)

    def ev(node):
        if isinstance(node, ast.Expression):
            return ev(node.body)
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            if node.id not in env:
                raise ValueError(f"work expression {expr!r}: unknown name {node.id!r}")
            return env[node.id]
        if isinstance(node, ast.UnaryOp):
            v = ev(node.operand)
            return -v if isinstance(node.op, ast.USub) else +v
        if isinstance(node, ast.BinOp):
            a, b = ev(node.left), ev(node.right)
            if isinstance(node.op, ast.Pow) and abs(b) > MAX_POWER:
                raise ValueError(f"work expression {expr!r}: exponent {b} above {MAX_POWER}")
            try:
                v = _BINOPS[type(node.op)](a, b)
            except ZeroDivisionError:
                raise ValueError(f"work expression {expr!r}: division by zero") from None
            if isinstance(v, complex):
                raise ValueError(f"work expression {expr!r}: a complex value")
            if abs(v) > MAX_VALUE:  # also stops nested powers from running away
                raise ValueError(f"work expression {expr!r}: a value beyond {MAX_VALUE:.0e}")
            return v
        if isinstance(node, ast.Call):
            fn, arity = _FUNCS[node.func.id]
            args = [ev(a) for a in node.args]
            if arity is not None and len(args) != arity:
                raise ValueError(f"work expression {expr!r}: {node.func.id} takes {arity} argument")
            try:
                return fn(*args)
            except (ValueError, OverflowError) as e:
                raise ValueError(f"work expression {expr!r}: {node.func.id}: {e}") from None
        raise ValueError(f"work expression {expr!r}: {type(node).__name__} not allowed")

    return ev(tree)


@dataclass(frozen=True)
class WorkModel:
    """A problem's ``[work]`` table, checked. Units: ``bytes`` in bytes, ``flops`` in FLOP."""

    params: dict = field(default_factory=dict)  # name -> expression or per-size list
    counts: dict = field(default_factory=dict)  # name -> driver view whose count it is
    bytes: str | int = 0
    flops: str | int = 0
    bytes_order: str | int = 1
    flops_order: str | int = 1
    algorithm_fixed: bool = False
    has_bound: bool = True
    flops_exact: bool = True
    flops_min: str | int | None = None
    bytes_min: str | int | None = None
    bound_note: str = ""
    flops_note: str = ""

    def env(self, size: int, counts: Mapping[str, int] | None = None) -> dict:
        """The names at driver size ``size``: S, every param, and the instance ``counts``
        (required when the model declares counts). Raises ValueError."""
        env: dict = {"S": int(size)}
        for name in self.counts:
            if counts is None or name not in counts:
                raise ValueError(
                    f"work model needs the instance count {name!r} (the driver view {self.counts[name]!r})"
                )
            env[name] = int(counts[name])
        for name, v in self.params.items():
            if isinstance(v, list):
                if not 0 <= size < len(v):
                    raise ValueError(f"work param {name!r} has no value for size {size}")
                env[name] = v[size]
            else:
                env[name] = evaluate(v, env)
        return env

    def bytes_at(self, size: int, counts: Mapping[str, int] | None = None) -> float:
        """Compulsory memory traffic at ``size`` (bytes)."""
        return evaluate(self.bytes, self.env(size, counts))

    def flops_at(self, size: int, counts: Mapping[str, int] | None = None) -> float:
        """Floating-point operations of the baseline's algorithm at ``size`` (FLOP)."""
        return evaluate(self.flops, self.env(size, counts))

    def flops_min_at(self, size: int, counts: Mapping[str, int] | None = None) -> float:
        """The fewest floating-point operations an implementation of the same algorithm
        needs at ``size`` (FLOP): the baseline's count without its redundant operations
        (loop-invariant products recomputed, additions of 0.0); ``flops`` when the table
        gives no ``flops_min``. The roofline uses this one where ``algorithm_fixed``."""
        return evaluate(self.flops if self.flops_min is None else self.flops_min, self.env(size, counts))

    def bytes_min_at(self, size: int, counts: Mapping[str, int] | None = None) -> float:
        """The fewest bytes a correct implementation must move at ``size`` (bytes): the
        compulsory traffic without the parts of the baseline's arrays the result does not
        depend on (a symmetric matrix's second triangle); ``bytes`` when the table gives no
        ``bytes_min``. The roofline's memory bound uses this one."""
        return evaluate(self.bytes if self.bytes_min is None else self.bytes_min, self.env(size, counts))

    def order_at(self, which: str, size: int, counts: Mapping[str, int] | None = None) -> float:
        """The declared leading term of ``which`` ("bytes" or "flops") at ``size``
        (same unit as that quantity, up to a constant factor)."""
        return evaluate(getattr(self, f"{which}_order"), self.env(size, counts))


def parse_work(table: dict, where: str = "[work]") -> WorkModel:
    """The WorkModel of a ``[work]`` table. Every expression is parsed and its names
    checked against S, the counts and the params before it. Raises ValueError (one line,
    starting with ``where``) for a malformed table."""
    if not isinstance(table, dict):
        raise ValueError(f"{where}: not a table")
    unknown = sorted(set(table) - _KEYS)
    if unknown:
        raise ValueError(f"{where}: unknown key {unknown[0]!r}")
    for key in ("bytes", "flops"):
        if key not in table:
            raise ValueError(f"{where}: missing key {key!r}")
    params = table.get("params", {})
    counts = table.get("counts", {})
    if not isinstance(params, dict) or not isinstance(counts, dict):
        raise ValueError(f"{where}: params and counts must be tables")
    known = {"S"}
    for name, view in counts.items():
        if not isinstance(view, str) or not name.isidentifier():
            raise ValueError(f"{where}: counts.{name} must name a driver view")
        known.add(name)
    for name, v in params.items():
        if not name.isidentifier() or name in known:
            raise ValueError(f"{where}: params.{name}: bad or repeated name")
        if isinstance(v, list):
            if not v or any(type(x) not in (int, float) for x in v):
                raise ValueError(f"{where}: params.{name}: a list must hold numbers")
        else:
            _check_names(v, known, f"{where}: params.{name}")
        known.add(name)
    for key in ("bytes", "bytes_min", "flops", "flops_min", "bytes_order", "flops_order"):
        if key in table and type(table[key]) not in (int, float):
            _check_names(table[key], known, f"{where}: {key}")
    fixed = table.get("algorithm_fixed", False)
    has_bound = table.get("has_bound", True)
    exact = table.get("flops_exact", True)
    if not all(isinstance(v, bool) for v in (fixed, has_bound, exact)):
        raise ValueError(f"{where}: algorithm_fixed, has_bound and flops_exact must be true or false")
    notes = {k: table.get(k, "") for k in ("bound_note", "flops_note")}
    if any(not isinstance(v, str) for v in notes.values()):
        raise ValueError(f"{where}: bound_note and flops_note must be strings")
    if table["flops"] in (0, "0") and not notes["flops_note"]:
        raise ValueError(f"{where}: flops is 0 without a flops_note saying why")
    if (not has_bound or not exact or counts) and not notes["bound_note"]:
        raise ValueError(
            f"{where}: data-dependent work (has_bound or flops_exact false, or counts) without a bound_note"
        )
    return WorkModel(
        params=dict(params),
        counts=dict(counts),
        bytes=table["bytes"],
        flops=table["flops"],
        flops_min=table.get("flops_min"),
        bytes_min=table.get("bytes_min"),
        bytes_order=table.get("bytes_order", 1),
        flops_order=table.get("flops_order", 1),
        algorithm_fixed=fixed,
        has_bound=has_bound,
        flops_exact=exact,
        **notes,
    )


def _check_names(expr, known: set, where: str) -> None:
    if type(expr) in (int, float):
        return
    try:
        free = names(expr)
    except ValueError as e:
        raise ValueError(f"{where}: {e}") from None
    missing = sorted(free - known)
    if missing:
        raise ValueError(f"{where}: unknown name {missing[0]!r}")


def load_work(problem_dir: str | Path) -> WorkModel | None:
    """The WorkModel of the problem folder's problem.toml; None without a [work] table.
    Raises ValueError for a malformed table (OSError/TOMLDecodeError for a bad file)."""
    path = Path(problem_dir) / "problem.toml"
    spec = tomllib.loads(path.read_text())
    if "work" not in spec:
        return None
    return parse_work(spec["work"], f"{path}: [work]")
