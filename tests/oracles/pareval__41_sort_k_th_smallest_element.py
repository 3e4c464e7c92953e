"""pareval/41_sort_k-th_smallest_element: the k-th smallest element of x (1-based,
duplicates counted separately).

Checked: the result, exactly, as sorted(x)[k - 1] (Python's sort on Python ints).
Seeds cover the driver's four value distributions and the k choices: seed 3 (all ints,
k = n/2 + 1), 6 (clusters, random k), 10 (one repeated value, k = 1), 18 (narrow range,
k = n).
"""

import numpy as np

SEEDS = (3, 6, 10, 18)
# An element of x: exact.
RTOL = 0.0
ATOL = 0.0


def expected(inp):
    x = [int(v) for v in inp["x"]]
    k = int(inp["k"][0])
    assert 1 <= k <= len(x)
    return {"result": np.array([sorted(x)[k - 1]])}
