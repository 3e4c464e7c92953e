"""pareval/49_sparse_la_sparse_lu_decomp: A = L U without pivoting (L unit lower).

Checked: all of L and U (N*N each, zeros included). A is strictly diagonally dominant
by ROWS, so A^T is strictly diagonally dominant by columns and LAPACK's partial-pivoting
LU of A^T (scipy.linalg.lu_factor) never swaps rows (asserted through the pivot
vector): A^T = L' U'. Transposing, A = U'^T L'^T; with D = diag(U'), the unique
no-pivoting factors are L = U'^T D^-1 (unit lower) and U = D L'^T (upper). A blocked
LAPACK factorisation of the transpose shares nothing with the baseline's Doolittle
loops. L U = A is also asserted. Seeds 1-3 give different bandwidths and densities.
"""

import numpy as np
import scipy.linalg

SEEDS = (1, 2, 3)
# The problem's tolerance (problem.toml): bounded growth, U entries up to ~60, sums of up
# to N products in another order; fill entries that cancel to ~0 need the absolute term.
RTOL = 1e-9
ATOL = 1e-10


def expected(inp):
    n = int(inp["N"][0])
    a = np.zeros((n, n))
    r, c = inp["A_row"].astype(np.int64), inp["A_col"].astype(np.int64)
    a[r, c] = inp["A_val"]
    lu, piv = scipy.linalg.lu_factor(a.T)
    assert np.array_equal(piv, np.arange(n)), "partial pivoting swapped rows"
    lt = np.tril(lu, -1) + np.eye(n)  # L'
    ut = np.triu(lu)  # U'
    d = np.diag(ut)
    low = ut.T / d  # column j divided by d[j]
    up = d[:, None] * lt.T  # row i multiplied by d[i]
    assert np.allclose(low @ up, a, rtol=0, atol=1e-10 * max(1, n))
    return {"L": low, "U": up}
