"""The one renderer of the report's tables: a cell by its column's kind, a table as
markdown, HTML or a rich console table, the per-category table compact enough for the
console it is printed on (:func:`print_category_summary`: what ``run``, ``score`` and
``report`` print), and a run's whole report (harness.results.report.RunReport) as
report.md or one self-contained HTML page.

A cell is formatted by its column's kind and unit (harness.results.rows.column_kind, or
the table's own ``columns``): a speedup ``1.23x``, a fraction ``0.333``, a percentage
``45%`` (``4.5%`` under 10 %), USD ``0.0123``, seconds ``12.3``, an index ``12``, a
missing value ``-``. A table's ``display`` (harness.results.tables.Table) decides which
columns people read; the csv and json files hold the raw rows.
"""

from __future__ import annotations

import base64
import html
from typing import Mapping, Sequence

from .rows import FRACTION, INDEX, SPEEDUP, column_kind
from .tables import Cells, Table, get_table


def cell(col: str, v, columns: Mapping[str, tuple[str, str]] | None = None) -> str:
    """``v``, a value of column ``col``, as text (module docstring); ``columns``: the
    table's own {column: (kind, unit)}, looked up before harness.results.rows.column_kind.
    Text and flags are written as they are."""
    if v is None or v == "":
        return "-"
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return str(v)
    kind, unit = (columns or {}).get(col) or column_kind(col)
    if kind == SPEEDUP:
        return f"{v:.2f}x"
    if kind == FRACTION:
        return f"{v:.3f}"
    if unit == "%":  # a share under 10 % keeps a decimal (a roofline share of 0.7 % is not 1 %)
        return f"{v:.1f}%" if abs(v) < 10 and v != int(v) else f"{v:.0f}%"
    if unit == "USD":
        return f"{v:.4f}"
    if unit == "s":
        return f"{v:.1f}"
    if kind == INDEX:
        return str(int(v))
    return f"{v:.2f}" if isinstance(v, float) else str(v)


def table_cells(table: Table, rows: Sequence[Mapping]) -> Cells:
    """(columns, cells) of ``rows`` of ``table`` for people: its ``display``, else every
    key any row has (in first-seen order; "-" where a row lacks it), each cell by
    :func:`cell` with the table's own column kinds."""

    def fmt(col, v):
        return cell(col, v, table.columns)

    if table.display is not None:
        return table.display(rows, fmt)
    cols = list(dict.fromkeys(k for r in rows for k in r))
    return cols, [[fmt(c, r.get(c)) for c in cols] for r in rows]


def md_table(cols: Sequence[str], cells: Sequence[Sequence[str]]) -> str:
    """A GitHub markdown table ("|" in a cell escaped)."""
    esc = [[str(c).replace("|", "\\|") for c in row] for row in cells]
    lines = ["| " + " | ".join(cols) + " |", "|" + "|".join("---" for _ in cols) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in esc]
    return "\n".join(lines) + "\n"


def html_head(title: str) -> str:
    """The start of a self-contained HTML page up to its <body>."""
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title><style>body{{font-family:sans-serif;margin:2em}}"
        "table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #bbb;padding:2px 6px;"
        "text-align:right}td:first-child,th:first-child{text-align:left}p.note{color:#555;font-size:12px;"
        "max-width:60em}</style></head><body>"
    )


def html_table(cols: Sequence[str], cells: Sequence[Sequence[str]]) -> str:
    """An HTML table, every cell escaped."""
    e = html.escape
    return (
        "<table><tr>"
        + "".join(f"<th>{e(c)}</th>" for c in cols)
        + "</tr>"
        + "".join("<tr>" + "".join(f"<td>{e(str(c))}</td>" for c in row) + "</tr>" for row in cells)
        + "</table>"
    )


def html_img(name: str, png: bytes) -> str:
    """A PNG embedded in HTML (base64) under a heading of its file name."""
    e = html.escape
    return f"<h3>{e(name)}</h3><img alt='{e(name)}' src='data:image/png;base64,{base64.b64encode(png).decode()}'>"


def print_cells(
    cols: Sequence[str],
    cells: Sequence[Sequence[str]],
    console=None,
    title: str = "",
    bold: Sequence[bool] = (),
    left: int = 1,
    width: int = 150,
) -> None:
    """Print a table with rich: the first ``left`` columns left-aligned, rows whose
    ``bold`` entry is True in bold; at least ``width`` characters wide when the console
    is not a terminal (a pipe or file: do not squeeze)."""
    from rich.console import Console
    from rich.table import Table as RichTable

    console = console or Console()
    if not console.is_terminal and console.width < width:
        console = Console(file=console.file, width=width, highlight=False)
    t = RichTable(title=title)
    for i, c in enumerate(cols):  # long text folds onto more lines rather than being cut
        t.add_column(c, justify="left" if i < left else "right", overflow="fold")
    for i, row in enumerate(cells):
        t.add_row(*row, style="bold" if i < len(bold) and bold[i] else None)
    console.print(t)


# The per-category table as printed where a run ends: (header, summary column, priority).
# A lower priority is dropped first when the table is wider than the console; the first
# four are always shown. The full table (every column) is in report.md.
_COMPACT = (
    ("category", "category", 99),
    ("n", "n", 99),
    ("compiled", "% compiled", 8),
    ("correct", "% correct", 99),
    ("geomean (95% CI)", "geomean", 99),
    ("mean", "mean", 6),
    (">=2x", "% >=2x", 6),
    ("CI>1", "geomean CI>1", 7),
    ("null", "null geomean", 5),
    ("ref", "reference", 5),
    ("% of ref", "% of ref", 2),
    ("roofline", "% roofline", 4),
    ("ref roofline", "ref % roofline", 0),
    ("tokens", "tokens", 3),
    ("cost $", "cost $", 1),
    ("wall s", "wall s", 2),
)
# what a run without model calls (a score run, the null strategy) has no use for
MODEL_COLUMNS = ("tokens", "cost $")


def compact_category_cells(rows: Sequence[Mapping], model_columns: bool = True) -> Cells:
    """The per-category ``rows`` (harness.results.tables' per_category table) with short
    headers, the geomean and its 95 % interval in one cell; without the token and cost
    columns when ``model_columns`` is False. Every column, in print order."""

    def value(r, col):
        if col == "geomean":
            lo, hi = r.get("geomean 95% CI low"), r.get("geomean 95% CI high")
            ci = f" ({lo:.2f}-{hi:.2f})" if lo is not None and hi is not None else ""
            return cell("geomean", r.get("geomean")) + ci
        return cell(col, r.get(col))

    spec = [(h, c) for h, c, _ in _COMPACT if model_columns or c not in MODEL_COLUMNS]
    return [h for h, _ in spec], [[value(r, c) for _, c in spec] for r in rows]


def _rich_table(cols, cells, title, bold, left):
    from rich import box
    from rich.table import Table as RichTable

    t = RichTable(title=title, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    for i, c in enumerate(cols):  # a cell is cut, never folded onto a second line
        t.add_column(c, justify="left" if i < left else "right", no_wrap=True, overflow="ellipsis")
    for i, row in enumerate(cells):
        t.add_row(*row, style="bold" if i < len(bold) and bold[i] else None)
    return t


def print_category_summary(rows: Sequence[Mapping], console=None, title: str = "", model_columns: bool = True) -> None:
    """Print the per-category ``rows`` as a table that fits the console's width (its
    terminal's, else $COLUMNS or 80): the columns of :func:`compact_category_cells`, the
    least read ones left out until the rest fit on one line each; the "all" row in bold.
    The full table is report.md's."""
    from rich.console import Console

    console = console or Console()
    cols, cells = compact_category_cells(rows, model_columns)
    prio = {h: p for h, _, p in _COMPACT}
    keep = list(range(len(cols)))
    bold = [r.get("category") == "all" for r in rows]

    def table():
        return _rich_table([cols[i] for i in keep], [[row[i] for i in keep] for row in cells], title, bold, 1)

    unbounded = console.options.update_width(1 << 16)  # the width the table wants, not what it gets
    for drop in sorted(keep, key=lambda i: prio[cols[i]]):
        if console.measure(table(), options=unbounded).maximum <= console.width or prio[cols[drop]] >= 99:
            break
        keep.remove(drop)
    console.print(table())


def _tables(rep) -> list[tuple[Table, list]]:
    return [(get_table(name), rows) for name, rows in rep.tables.items()]


def to_markdown(rep, plot_dir: str = ".") -> str:
    """``rep`` (harness.results.report.RunReport) as markdown: its header, every table
    with its note ("(none)" for a table without rows), the session's figures ("Where the
    time went") and the plots as image links relative to ``plot_dir``."""
    out = [f"# Run {rep.run.run_id}\n\n"]
    out += [f"- {k}: {v}\n" for k, v in rep.header.items() if k != "run"]
    for table, rows in _tables(rep):
        cols, cells = table_cells(table, rows)
        out.append(f"\n## {table.title}\n\n" + (md_table(cols, cells) if cells else "(none)\n") + f"\n{table.note}\n")
    if rep.session:
        out.append("\n## Where the time went\n\n" + "".join(f"- {k}: {v}\n" for k, v in rep.session.items()))
    if rep.plots:
        out.append("\n## Plots\n\n" + "".join(f"![{n}]({plot_dir.rstrip('/')}/{n})\n" for n in rep.plots))
    return "".join(out)


def to_html(rep) -> str:
    """``rep`` as one self-contained HTML page (the content of :func:`to_markdown`, plots
    embedded as base64 PNG)."""
    e = html.escape
    parts = [html_head(f"Run {rep.run.run_id}"), f"<h1>Run {e(rep.run.run_id)}</h1><ul>"]
    parts += [f"<li>{e(k)}: {e(str(v))}</li>" for k, v in rep.header.items() if k != "run"]
    parts.append("</ul>")
    for table, rows in _tables(rep):
        parts.append(
            f"<h2>{e(table.title)}</h2>"
            + html_table(*table_cells(table, rows))
            + f"<p class='note'>{e(table.note)}</p>"
        )
    if rep.session:
        parts.append(
            "<h2>Where the time went</h2><ul>"
            + "".join(f"<li>{e(k)}: {e(str(v))}</li>" for k, v in rep.session.items())
            + "</ul>"
        )
    parts += [html_img(n, png) for n, png in rep.plots.items()]
    parts.append("</body></html>\n")
    return "".join(parts)
