"""polybench/seidel_2d: tsteps lexicographic Gauss-Seidel sweeps of the 9-point mean,
written as the matrix splitting of one sweep rather than as loops. With the interior
unknowns in row-major order, a sweep solves (9 I - L) x_new = (I + U) x_old + b, where
L holds the 4 neighbours that precede a point (up-left, up, up-right, left: already
updated in this sweep), U the 4 that follow it, and b the fixed boundary neighbours'
sum. The triangular matrix is factored once (scipy.sparse.linalg.splu)."""

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import splu

PRECEDING = [(-1, -1), (-1, 0), (-1, 1), (0, -1)]
FOLLOWING = [(0, 1), (1, -1), (1, 0), (1, 1)]


def _adjacency(m, offsets):
    """Sparse (m*m) x (m*m) matrix with a 1 where interior point q is the (di, dj)
    neighbour of interior point p, for each offset."""
    ii, jj = np.meshgrid(np.arange(m), np.arange(m), indexing="ij")
    rows, cols = [], []
    for di, dj in offsets:
        ni, nj = ii + di, jj + dj
        ok = (ni >= 0) & (ni < m) & (nj >= 0) & (nj < m)
        rows.append((ii * m + jj)[ok])
        cols.append((ni * m + nj)[ok])
    r, c = np.concatenate(rows), np.concatenate(cols)
    return sp.csr_matrix((np.ones(r.size), (r, c)), shape=(m * m, m * m))


def expected(inp):
    t, n = int(inp["tsteps"][0]), int(inp["n"][0])
    a = inp["A"].astype(float).reshape(n, n)
    m = n - 2
    lower = _adjacency(m, PRECEDING)
    upper = _adjacency(m, FOLLOWING) + sp.identity(m * m)
    solve = splu(sp.csc_matrix(9.0 * sp.identity(m * m) - lower), permc_spec="NATURAL").solve
    # b: sum of each interior point's 3x3 neighbours that lie on the fixed boundary
    ring = a.copy()
    ring[1:-1, 1:-1] = 0.0
    b = sum(ring[1 + di : n - 1 + di, 1 + dj : n - 1 + dj] for di in (-1, 0, 1) for dj in (-1, 0, 1)).ravel()
    x = a[1:-1, 1:-1].ravel()
    for _ in range(t):
        x = solve(upper @ x + b)
    a[1:-1, 1:-1] = x.reshape(m, m)
    return {"A": a}
