"""polybench/lu: Doolittle elimination without pivoting, one rank-1 update per column."""
import numpy as np


def expected(inp):
    a = inp["A"].astype(float)
    n = int(round(np.sqrt(a.size)))
    a = a.reshape(n, n)
    for k in range(n):
        a[k + 1:, k] /= a[k, k]
        a[k + 1:, k + 1:] -= np.outer(a[k + 1:, k], a[k, k + 1:])
    return {"A": a}
