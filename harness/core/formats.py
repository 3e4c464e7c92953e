"""The two serialisations more than one layer writes: canonical JSON (hash input) and a
CSV table of records."""

from __future__ import annotations

import csv
import io
import json
from typing import Any, Iterable, Mapping, Sequence


def canonical_json(obj: Any, *, ensure_ascii: bool = False) -> str:
    """Canonical JSON of ``obj``: sorted keys, no whitespace, a value JSON cannot hold as
    its ``str``; the same text in every process, for hashing (cache keys, seeds, ids).
    ``ensure_ascii`` escapes non-ASCII characters (the memory store's item ids were
    always hashed that way; keep it there so stored ids stay valid)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=ensure_ascii, default=str)


def csv_text(rows: Iterable[Mapping[str, Any]], columns: Sequence[str] = ()) -> str:
    """``rows`` as CSV text ("\\n" line ends) with a header: ``columns`` first, then every
    other key of the rows in order of first appearance; a missing key or None is an
    empty cell."""
    rows = list(rows)
    cols = list(columns)
    for r in rows:
        cols += [k for k in r if k not in cols]
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=cols, lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({k: "" if r.get(k) is None else r.get(k) for k in cols})
    return buf.getvalue()
