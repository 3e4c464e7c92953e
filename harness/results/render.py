"""The one renderer of the report's tables: a cell by its column's kind, a table as
markdown, HTML or a rich console table, and a run's whole report (harness.results.report.
RunReport) as report.md or one self-contained HTML page.

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
    return ("<!doctype html><html><head><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title><style>body{{font-family:sans-serif;margin:2em}}"
            "table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #bbb;padding:2px 6px;"
            "text-align:right}td:first-child,th:first-child{text-align:left}p.note{color:#555;font-size:12px;"
            "max-width:60em}</style></head><body>")


def html_table(cols: Sequence[str], cells: Sequence[Sequence[str]]) -> str:
    """An HTML table, every cell escaped."""
    e = html.escape
    return ("<table><tr>" + "".join(f"<th>{e(c)}</th>" for c in cols) + "</tr>"
            + "".join("<tr>" + "".join(f"<td>{e(str(c))}</td>" for c in row) + "</tr>" for row in cells)
            + "</table>")


def html_img(name: str, png: bytes) -> str:
    """A PNG embedded in HTML (base64) under a heading of its file name."""
    e = html.escape
    return f"<h3>{e(name)}</h3><img alt='{e(name)}' src='data:image/png;base64,{base64.b64encode(png).decode()}'>"


def print_cells(cols: Sequence[str], cells: Sequence[Sequence[str]], console=None, title: str = "",
                bold: Sequence[bool] = (), left: int = 1, width: int = 150) -> None:
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


def print_table(name: str, rows: Sequence[Mapping], console=None, title: str = "") -> None:
    """Print the registered table ``name``'s ``rows`` as :func:`table_cells` shows them
    (title: the table's own unless given), an "all" row in bold."""
    table = get_table(name)
    cols, cells = table_cells(table, rows)
    print_cells(cols, cells, console, title or table.title, bold=[r.get("category") == "all" for r in rows],
                width=180)


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
        parts.append(f"<h2>{e(table.title)}</h2>" + html_table(*table_cells(table, rows))
                     + f"<p class='note'>{e(table.note)}</p>")
    if rep.session:
        parts.append("<h2>Where the time went</h2><ul>"
                     + "".join(f"<li>{e(k)}: {e(str(v))}</li>" for k, v in rep.session.items()) + "</ul>")
    parts += [html_img(n, png) for n, png in rep.plots.items()]
    parts.append("</body></html>\n")
    return "".join(parts)
