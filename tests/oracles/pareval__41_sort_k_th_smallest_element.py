"""pareval/41_sort_k-th_smallest_element: the k-th smallest element of x (1-based,
duplicates counted separately).

Checked: the result, exactly, as sorted(x)[k - 1] (Python's sort on Python ints).
Seeds cover the driver's four value distributions and the k choices: seed 2 (all ints,
random k), 3 (one repeated value, random k), 6 (narrow range, k = n), 8 (clusters,
k = 1), 9 (clusters, k = n/2 or n/2 + 1).
"""

import numpy as np

SEEDS = (2, 3, 6, 8, 9)
# An element of x: exact.
RTOL = 0.0
ATOL = 0.0


def expected(inp):
    x = [int(v) for v in inp["x"]]
    k = int(inp["k"][0])
    assert 1 <= k <= len(x)
    return {"result": np.array([sorted(x)[k - 1]])}
