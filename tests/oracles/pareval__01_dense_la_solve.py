"""pareval/01_dense_la_solve: x = numpy.linalg.solve(A, b) (LAPACK gesv, partial pivoting).

A is strictly column diagonally dominant, hence nonsingular and well conditioned; the
solution is unique and O(1), so the default tolerances compare all of x.
"""

import numpy as np


def expected(inp):
    n = int(inp["N"][0])
    a = inp["A"].reshape(n, n)
    x = np.linalg.solve(a, inp["b"])
    assert np.allclose(a @ x, inp["b"], rtol=0, atol=1e-10)  # residual of the oracle
    return {"x": x}
