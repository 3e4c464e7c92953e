"""polybench/lu: Doolittle elimination without pivoting, one rank-1 update per column."""

import numpy as np


def expected(inp):
    n = int(inp["n"][0])
    a = inp["A"].astype(float).reshape(n, n)
    for k in range(n):
        a[k + 1 :, k] /= a[k, k]
        a[k + 1 :, k + 1 :] -= np.outer(a[k + 1 :, k], a[k, k + 1 :])
    return {"A": a}
