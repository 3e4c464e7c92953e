"""pareval/34_scan_largest_contiguous_subarray_sum: the largest sum of a non-empty
contiguous subarray.

Checked: the result, by brute force over ALL n(n+1)/2 subarrays x[i:j] (j > i) at the
quick size, each sum taken as a difference of exact int64 prefix sums (vectorised with
numpy). Upstream's baseline never reset its running sum, hence a full brute force here.
Seeds cover all four input kinds (Stream(seed, 1).u64(0) % 4: seed 1 -> 1, 2 -> 0 (all
negative), 3 -> 3, 12 -> 2).
"""

import numpy as np

SEEDS = (1, 2, 3, 12)
# An integer: exact.
RTOL = 0.0
ATOL = 0.0


def expected(inp):
    x = inp["x"].astype(np.int64)
    n = x.size
    p = np.concatenate(([0], np.cumsum(x)))
    sums = p[None, :] - p[:, None]  # sums[i, j] = sum(x[i:j])
    i, j = np.triu_indices(n + 1, k=1)  # every non-empty subarray
    return {"result": np.array([sums[i, j].max()])}
