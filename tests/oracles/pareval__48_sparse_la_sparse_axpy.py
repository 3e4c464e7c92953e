"""pareval/48_sparse_la_sparse_axpy: z <- z + alpha x + y, x and y sparse (index, value).

Checked: all of z, as z + alpha * dense(x) + dense(y) with the sparse vectors scattered
into dense numpy arrays (indices asserted distinct), so every index in x only, y only,
both or neither is covered.
"""

import numpy as np

# The problem's tolerance (problem.toml): a different association / FMA differs by a few
# ulps of values <= ~4; cancellation can make z small.
RTOL = 1e-12
ATOL = 1e-12


def dense(idx, val, n):
    idx = idx.astype(np.int64)
    assert np.unique(idx).size == idx.size and (idx.size == 0 or idx.max() < n)
    d = np.zeros(n)
    d[idx] = val
    return d


def expected(inp):
    z = inp["z"]
    n = z.size
    x = dense(inp["x_index"], inp["x_value"], n)
    y = dense(inp["y_index"], inp["y_value"], n)
    return {"z": z + inp["alpha"][0] * x + y}
