"""polybench/syrk: on the lower triangle (diagonal included) C = alpha*A*A^T + beta*C;
the strict upper triangle of C is unchanged."""

import numpy as np


def expected(inp):
    n, m = int(inp["n"][0]), int(inp["m"][0])
    alpha, beta = float(inp["alpha"][0]), float(inp["beta"][0])
    a, c = inp["A"].reshape(n, m), inp["C"].reshape(n, n)
    full = alpha * (a @ a.T) + beta * c
    return {"C": np.tril(full) + np.triu(c, 1)}
