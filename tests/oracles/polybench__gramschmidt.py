"""polybench/gramschmidt: the thin QR decomposition A = Q R with R's diagonal positive
(numpy's Householder QR, signs normalised), which is unique for full column rank; the
final A of modified Gram-Schmidt holds column k = R[k][k] * Q[:, k]."""

import numpy as np

RTOL = 1e-9
ATOL = 1e-12


def expected(inp):
    m, n = int(inp["m"][0]), int(inp["n"][0])
    a = inp["A"].astype(float).reshape(m, n)
    q, r = np.linalg.qr(a)
    sign = np.sign(np.diag(r))
    q, r = q * sign, r * sign[:, None]
    return {"R": np.triu(r), "Q": q, "A": q * np.diag(r)}
