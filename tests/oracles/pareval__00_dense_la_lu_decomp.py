"""pareval/00_dense_la_lu_decomp: LAPACK's partial-pivoting LU (scipy.linalg.lu_factor).

A is strictly column diagonally dominant, so partial pivoting never swaps rows (the
diagonal is the largest entry of its column at every step; asserted through the pivot
vector), and the LAPACK factors are the unique no-pivoting L (unit diagonal, stored below)
and U (on and above the diagonal) that the problem asks for, computed by a blocked
right-looking algorithm that shares no code with the baseline. Checks all of A.
"""

import numpy as np
import scipy.linalg


def expected(inp):
    n = int(inp["N"][0])
    a = inp["A"].astype(float).reshape(n, n)
    lu, piv = scipy.linalg.lu_factor(a)
    assert np.array_equal(piv, np.arange(n)), "partial pivoting swapped rows"
    # Reconstruction check of the oracle itself: L*U == A to rounding.
    l = np.tril(lu, -1) + np.eye(n)
    assert np.allclose(l @ np.triu(lu), a, rtol=0, atol=1e-10 * n)
    return {"A": lu}
