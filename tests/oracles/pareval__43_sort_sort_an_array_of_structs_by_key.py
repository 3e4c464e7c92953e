"""pareval/43_sort_sort_an_array_of_structs_by_key: sort the Result records by
startTime (records with equal start times in any order).

The order inside a run of equal start times is not defined, so the raw output is not
unique. Checked instead are the two views the driver's outputs() derives from it, which
together fix what its comparison fixes:
  startTime       the start times in output order = sorted(start times of the input);
  results_sorted  the output records sorted by (startTime, duration, bits of value) =
                  the input records in that order (Python sorted() on tuples): the
                  output is a permutation of the input.
Records are n x 3 int32 words {startTime, duration, bits of value}. Seeds cover the
driver's four start-time kinds: 1 (narrow range, many ties), 2 (nearly sorted), 3 (few
ties), 6 (all ints).
"""

import numpy as np

SEEDS = (1, 2, 3, 6)
# Integers and bit patterns: exact.
RTOL = 0.0
ATOL = 0.0


def expected(inp):
    rec = inp["results"].astype(np.int32).reshape(-1, 3)
    st = [int(v) for v in rec[:, 0]]
    dur = [int(v) for v in rec[:, 1]]
    vbits = [int(v) for v in rec[:, 2].view(np.uint32)]
    canon = sorted(zip(st, dur, vbits))
    out = np.array([(s, d, np.uint32(b).view(np.int32)) for s, d, b in canon], dtype=np.int64)
    return {"startTime": np.array(sorted(st)), "results_sorted": out.reshape(-1)}
