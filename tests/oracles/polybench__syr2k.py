"""polybench/syr2k: on the lower triangle (diagonal included) C = alpha*(A*B^T + B*A^T)
+ beta*C; the strict upper triangle of C is unchanged."""

import numpy as np


def expected(inp):
    n, m = int(inp["n"][0]), int(inp["m"][0])
    alpha, beta = float(inp["alpha"][0]), float(inp["beta"][0])
    a, b, c = inp["A"].reshape(n, m), inp["B"].reshape(n, m), inp["C"].reshape(n, n)
    full = alpha * (a @ b.T + b @ a.T) + beta * c
    return {"C": np.tril(full) + np.triu(c, 1)}
