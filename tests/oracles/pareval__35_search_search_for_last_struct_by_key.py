"""pareval/35_search_search_for_last_struct_by_key: the index of the last book with
pages < 100, or n if there is none.

Checked: the index, exactly, from numpy.flatnonzero(pages < 100) (last hit, else n).
The titles play no part in the answer (the driver exposes only the page counts).
Seed 1 has short books, seed 2 has none (answer n).
"""

import numpy as np

SEEDS = (1, 2)
# An index: exact.
RTOL = 0.0
ATOL = 0.0


def expected(inp):
    pages = inp["pages"].astype(np.int64)
    hits = np.flatnonzero(pages < 100)
    return {"result": np.array([hits[-1] if hits.size else pages.size])}
