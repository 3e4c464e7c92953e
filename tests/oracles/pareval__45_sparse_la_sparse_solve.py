"""pareval/45_sparse_la_sparse_solve: x solving A x = b, A sparse (COO), N x N.

Checked: all of x, against scipy.sparse.linalg.spsolve (SuperLU on the CSC matrix
built from the COO triplets), whose residual is asserted first. A is strictly
diagonally dominant by rows (condition number below ~1e4 per the driver), so x is
unique and any backward-stable solver agrees with it to ~1e-12. The driver itself
accepts any x with a small residual; comparing x directly is stricter and still
uniquely defined. Seeds: 1 (M-matrix, slow for iterative solvers), 3 (general signs).
"""

import numpy as np
import scipy.sparse
import scipy.sparse.linalg

SEEDS = (1, 3)
# |x| is O(1) here; solver rounding differs by ~1e-13 (condition <= 1e4 times eps),
# wrong answers by O(1e-3) or more.
RTOL = 1e-9
ATOL = 1e-9


def expected(inp):
    n = int(inp["N"][0])
    r, c, v = inp["A_row"].astype(np.int64), inp["A_col"].astype(np.int64), inp["A_val"]
    a = scipy.sparse.coo_matrix((v, (r, c)), shape=(n, n)).tocsc()
    assert a.nnz == v.size, "A has repeated (row, column) pairs"
    b = inp["b"]
    x = scipy.sparse.linalg.spsolve(a, b)
    assert np.linalg.norm(a @ x - b) <= 1e-12 * np.linalg.norm(b)
    return {"x": x}
