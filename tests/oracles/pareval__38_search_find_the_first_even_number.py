"""pareval/38_search_find_the_first_even_number: the index of the first even value, or
n if there is none.

Checked: the index, exactly, from numpy.flatnonzero on the lowest bit (x & 1 == 0,
which is right for negative values too). Seed 1 has one, seed 2 has no even value
(answer n).
"""

import numpy as np

SEEDS = (1, 2)
# An index: exact.
RTOL = 0.0
ATOL = 0.0


def expected(inp):
    x = inp["x"].astype(np.int64)
    hits = np.flatnonzero((x & 1) == 0)
    return {"result": np.array([hits[0] if hits.size else x.size])}
