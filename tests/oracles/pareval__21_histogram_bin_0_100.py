"""pareval/21_histogram_bin_0-100: bin k of x is the number of edges 10j (j = 0..9) that are
<= x, minus 1 (numpy.searchsorted on the exact edges, side="right"): exact comparisons
with the interval ends, no division, so the planted edges (10k -> bin k) and the largest
doubles below them (-> bin k-1) are binned by the definition itself. All of bins."""

import numpy as np


def expected(inp):
    x = inp["x"]
    assert (x >= 0).all() and (x < 100).all()
    k = np.searchsorted(np.arange(0.0, 100.0, 10.0), x, side="right") - 1
    return {"bins": np.bincount(k, minlength=10)}
