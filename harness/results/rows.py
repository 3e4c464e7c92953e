"""The per-problem row: one typed record of what a run reports for a problem.

One :class:`ProblemRow` per problem and replicate (``run --repeats``) of a run.
:meth:`harness.strategies.base.ProblemOutcome.row` builds it; the run stores it as a
plain dict (:meth:`ProblemRow.to_dict`, the fields in the record's order) in the
"problem_done" event of events.jsonl and as a line of problems.csv / problems.json. The
readers (harness.results.runstore.read_run, harness.results.report, harness.results.compare) read those dicts
back. Rows written by older versions of the harness lack the fields added since
(null_speedup, null_ci_low and null_ci_high; model_calls and evaluations;
infrastructure_errors; the roofline percentages): a reader treats a missing field as not
recorded.

Each field's metadata (:data:`ROW_FIELDS`) says what kind of value it is, its unit and the
column of the report's per-problem table (harness.results.tables.problem_details) that shows
it. Kinds, and the values the results reader accepts (:func:`valid`; None, "not
measured", is accepted for every kind):

* ``speedup`` (unit ``x``): T(baseline) / T(candidate), a finite number with
  0 < s <= MAX_SPEEDUP (a call lasts at least the clock's ~20 ns and at most the
  evaluation's limit, so larger values are not measurements);
* ``amount`` (units ``s``, ``USD``): a finite number with 0 <= v <= MAX_AMOUNT;
* ``index``: an amount that is a whole number: the replicate index, and the counts
  (candidates, lessons, calls, evaluations; ``tokens``);
* ``flag`` (bool) and ``text`` (str): not range-checked.

The report's tables (harness.results.tables) show these fields and values computed from
them; :func:`column_kind` gives the kind and unit of every column a table may have, and
the one renderer (harness.results.render) formats a cell by them: a speedup as ``1.23x``, a
``fraction`` (a probability or ratio in [0, 1]: pass@k, build@k, efficiency_n@k) with
three decimals, a percentage (unit ``%``) as ``45%``, USD with four decimals, seconds
with one, an index as a whole number.
"""

from __future__ import annotations

import dataclasses
import math
import re
import typing
from dataclasses import dataclass

SPEEDUP, AMOUNT, INDEX, FLAG, TEXT = "speedup", "amount", "index", "flag", "text"
FRACTION = "fraction"  # a report column only (pass@k, build@k, efficiency_n@k): a value in [0, 1]
MAX_SPEEDUP = 1e9
MAX_AMOUNT = 1e15


def _field(kind: str, unit: str = "", column: str | None = None):
    """A ProblemRow field with its kind, unit ("" when it has none) and per-problem
    table column (None: not shown there)."""
    return dataclasses.field(metadata={"kind": kind, "unit": unit, "column": column})


@dataclass(frozen=True)
class ProblemRow:
    """The result of one problem and replicate of a run (LessonL's per-problem outcome,
    Liu et al., arXiv 2505.23946, Table 1: its % compiled, % correct, geomean, mean and
    % >= 2x columns are computed over these rows by harness.results.summary.summarize).

    Identity: ``problem`` (problem id), ``category``, ``strategy``, ``mode`` ("serial" or
    "omp"), ``repeat`` (replicate index, 0-based).

    Outcome: ``status`` ("correct", "no correct candidate", "failed re-measurement" or
    "re-measurement lost"); ``compiled``: some candidate compiled and linked; ``correct``:
    the reported (re-measured) best is correct; ``speedup`` with its 95 % CI ``ci_low``
    -``ci_high`` (x): the best candidate's re-measurement on fresh seeds, None unless
    correct; ``first_speedup`` (x): the first measurement the best was chosen on;
    ``best_id``: the chosen candidate's id (None when none was correct); ``flags``: the
    re-measurement's flags, comma-joined ("" when none; "impossible" when the
    re-measurement was rejected as faster than the roofline allows).

    Roofline (harness.measure.roofline; %, None without a bound or not measured):
    ``roofline_pct``, the share of the roofline the reported best reaches (bound / its
    re-measured time); ``reference_roofline_pct``, the expert reference's;
    ``baseline_roofline_pct``, the baseline's (in the best's re-measurement, else the
    reference's or the noise floor's evaluation).

    Beside it (x, None when not measured): ``reference_speedup``, the expert reference;
    ``null_speedup`` with its CI ``null_ci_low``-``null_ci_high``, the noise floor (the
    baseline's own source measured as a candidate; None in a null-strategy run, which is
    the noise floor itself).

    Effort: ``candidates`` (all), ``candidates_compiled``, ``candidates_correct`` (among
    those with a verdict), ``lessons`` (in the bank at the end), ``infrastructure_errors``
    (evaluations lost with their worker twice: the problem is run again on --resume),
    ``model_calls``, ``evaluations`` (first measurements); ``prompt_tokens`` and
    ``completion_tokens`` (tokens), ``cost_usd`` (USD), ``model_s`` (s, uncached calls),
    ``eval_s`` (s, candidate evaluations), ``wall_s`` (s, the whole problem).

    Construction raises TypeError for a missing or unknown field (no defaults: every
    row names every field); values are not checked here (:func:`valid` is the reader's
    check).
    """

    problem: str = _field(TEXT)
    category: str = _field(TEXT)
    strategy: str = _field(TEXT)
    mode: str = _field(TEXT)
    repeat: int = _field(INDEX)
    status: str = _field(TEXT, column="status")
    compiled: bool = _field(FLAG)
    correct: bool = _field(FLAG)
    speedup: float | None = _field(SPEEDUP, "x", "speedup")
    ci_low: float | None = _field(SPEEDUP, "x", "ci_low")
    ci_high: float | None = _field(SPEEDUP, "x", "ci_high")
    first_speedup: float | None = _field(SPEEDUP, "x", "first_speedup")
    best_id: str | None = _field(TEXT, column="best_id")
    reference_speedup: float | None = _field(SPEEDUP, "x", "reference")
    roofline_pct: float | None = _field(AMOUNT, "%", "% roofline")
    reference_roofline_pct: float | None = _field(AMOUNT, "%", "ref % roofline")
    baseline_roofline_pct: float | None = _field(AMOUNT, "%")
    null_speedup: float | None = _field(SPEEDUP, "x", "null")
    null_ci_low: float | None = _field(SPEEDUP, "x")
    null_ci_high: float | None = _field(SPEEDUP, "x")
    candidates: int = _field(INDEX, column="candidates")
    candidates_compiled: int = _field(INDEX, column="compiled")
    candidates_correct: int = _field(INDEX, column="correct")
    lessons: int = _field(INDEX)
    infrastructure_errors: int = _field(INDEX)
    model_calls: int = _field(INDEX)
    evaluations: int = _field(INDEX)
    prompt_tokens: int = _field(INDEX, "tokens")
    completion_tokens: int = _field(INDEX, "tokens")
    cost_usd: float = _field(AMOUNT, "USD", "cost $")
    model_s: float = _field(AMOUNT, "s")
    eval_s: float = _field(AMOUNT, "s")
    wall_s: float = _field(AMOUNT, "s")
    flags: str = _field(TEXT, column="flags")

    def to_dict(self) -> dict:
        """{field: value} in the record's order: the stored form of the row."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}


@dataclass(frozen=True)
class RowField:
    """One field of :class:`ProblemRow`: its name, type (int, float, bool, str or one of
    them or None), kind, unit ("" when it has none) and per-problem table column (None
    when that table does not show it)."""

    name: str
    type: typing.Any
    kind: str
    unit: str
    column: str | None


_HINTS = typing.get_type_hints(ProblemRow)
ROW_FIELDS: tuple[RowField, ...] = tuple(
    RowField(f.name, _HINTS[f.name], f.metadata["kind"], f.metadata["unit"], f.metadata["column"])
    for f in dataclasses.fields(ProblemRow)
)
ROW_NAMES: tuple[str, ...] = tuple(f.name for f in ROW_FIELDS)


def valid(kind: str, value) -> bool:
    """Whether ``value`` (not None) is a plausible value of ``kind`` (SPEEDUP, AMOUNT or
    INDEX; the ranges in the module docstring). Booleans and non-finite numbers are not
    numbers here."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    if isinstance(value, float) and not math.isfinite(value):  # an int of any size is finite
        return False
    if kind == SPEEDUP:
        return 0 < value <= MAX_SPEEDUP
    return 0 <= value <= MAX_AMOUNT and (kind != INDEX or value == int(value))


#: Kind and unit of the report's columns that are not a ProblemRow field's column: the
#: per-category summary (harness.results.summary.COLUMNS), its bootstrap interval, the
#: per-round, per-agent and ParEval tables. A table with columns of its own declares
#: them (harness.results.tables.Table.columns).
REPORT_COLUMNS: dict[str, tuple[str, str]] = {
    **{f.column: (f.kind, f.unit) for f in ROW_FIELDS if f.column},
    **{
        c: (SPEEDUP, "x")
        for c in (
            "geomean",
            "mean",
            "geomean CI>1",
            "null geomean",
            "reference",
            "geomean 95% CI low",
            "geomean 95% CI high",
            "round geomean",
            "best-so-far geomean",
            "speedup_n@k",
        )
    },
    **{c: (FRACTION, "") for c in ("pass@k", "build@k", "efficiency_n@k")},
    **{
        c: (INDEX, "")
        for c in (
            "n",
            "k",
            "problems",
            "repeat",
            "round",
            "tokens",
            "bests",
            "lessons",
            "lessons read by bests",
            "samples",
        )
    },
    **{c: (AMOUNT, "s") for c in ("wall s", "model s")},
    "cost $": (AMOUNT, "USD"),
}
_AT_K = re.compile(r"(pass|build|efficiency_n|speedup_n)@\d+")


def column_kind(name: str) -> tuple[str, str]:
    """(kind, unit) of the report column ``name``: :data:`REPORT_COLUMNS`; a name
    starting with "%" is a percentage (AMOUNT, "%"); ``pass@5``, ``build@5``,
    ``efficiency_n@5`` are fractions and ``speedup_n@5`` a speedup, for every k;
    anything else is TEXT."""
    if name in REPORT_COLUMNS:
        return REPORT_COLUMNS[name]
    if name.startswith("%"):
        return AMOUNT, "%"
    m = _AT_K.fullmatch(name)
    if m:
        return (SPEEDUP, "x") if m.group(1) == "speedup_n" else (FRACTION, "")
    return TEXT, ""
