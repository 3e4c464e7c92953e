"""polybench/ludcmp: LU without pivoting by rank-1 updates (Doolittle), then y from
L y = b and x from U x = y with triangular solves; x is also checked against a dense
solve of the original A x = b."""

import numpy as np
import scipy.linalg


def expected(inp):
    n = int(inp["n"][0])
    a0 = inp["A"].astype(float).reshape(n, n)
    b = inp["b"].astype(float)
    a = a0.copy()
    for k in range(n):
        a[k + 1 :, k] /= a[k, k]
        a[k + 1 :, k + 1 :] -= np.outer(a[k + 1 :, k], a[k, k + 1 :])
    y = scipy.linalg.solve_triangular(a, b, lower=True, unit_diagonal=True)
    x = scipy.linalg.solve_triangular(a, y, lower=False)
    np.testing.assert_allclose(x, np.linalg.solve(a0, b), rtol=1e-9, atol=1e-12)
    return {"A": a, "x": x, "y": y}
