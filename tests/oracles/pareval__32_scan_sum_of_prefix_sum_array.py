"""pareval/32_scan_sum_of_prefix_sum_array: sum of the inclusive prefix sums of x.

Checked: the returned sum, computed exactly. The driver draws x as multiples of 2^-20,
so x * 2^20 are integers: their prefix sums (int64) and the sum of those (Python int)
are exact, and the answer is that integer times 2^-20. Seeds 1 and 2 cover the plain
draw and the draw with a large first element (Stream(seed, 1).u64(0) % 3 == 0).
"""

import numpy as np

SEEDS = (1, 2)
# The baseline's only rounding is in the final double sum of ~1M terms: relative ~1e-14
# against the exact value; the default RTOL (1e-9) keeps room for it, while an
# off-by-one weight changes the answer by a relative ~2/n = 2e-6.


def expected(inp):
    x = inp["x"].astype(np.float64)
    k = np.round(x * 2.0**20).astype(np.int64)
    assert np.array_equal(k.astype(np.float64) * 2.0**-20, x), "x is not on the 2^-20 grid"
    prefix = np.cumsum(k)  # |prefix| < 2^53: exact in int64
    total = sum(int(v) for v in prefix)
    return {"result": np.array([total / 2**20])}
