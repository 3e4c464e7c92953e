"""pareval/24_histogram_count_quartile: the fractional part x - floor(x) (exact in double
for 0 <= x < 2^31) binned by exact comparison with 0.25, 0.5, 0.75
(numpy.searchsorted, side="right"), so the planted bin edges and the largest doubles
below them land where the definition puts them. All of bins."""

import numpy as np

# The seed picks the range R (first draw % 4); these cover all four: 1 (R = 100),
# 2 (R = 1e6), 3 (R = 1), 6 (R = 1e4).
SEEDS = (1, 2, 3, 6)


def expected(inp):
    x = inp["x"]
    assert (x >= 0).all() and (x < 2.0**31).all()
    frac = x - np.floor(x)
    k = np.searchsorted(np.array([0.25, 0.5, 0.75]), frac, side="right")
    return {"bins": np.bincount(k, minlength=4)}
