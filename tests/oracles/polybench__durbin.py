"""polybench/durbin: y solves the Yule-Walker system T y = -r, T the symmetric Toeplitz
matrix with unit diagonal and off-diagonals r[0], r[1], ... (a dense solve, not the
recursion)."""

import numpy as np
import scipy.linalg

RTOL = 1e-8
ATOL = 1e-14


def expected(inp):
    n = int(inp["n"][0])
    r = inp["r"].astype(float)
    assert r.size == n
    t = scipy.linalg.toeplitz(np.concatenate(([1.0], r[:-1])))
    return {"y": np.linalg.solve(t, -r)}
