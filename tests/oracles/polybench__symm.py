"""polybench/symm: C = alpha*S*B + beta*C, where S is the symmetric matrix whose lower
triangle (diagonal included) is stored in A; A's upper triangle is garbage (-999)."""

import numpy as np


def expected(inp):
    m, n = int(inp["m"][0]), int(inp["n"][0])
    alpha, beta = float(inp["alpha"][0]), float(inp["beta"][0])
    low = np.tril(inp["A"].reshape(m, m))
    s = low + np.tril(low, -1).T
    return {"C": alpha * (s @ inp["B"].reshape(m, n)) + beta * inp["C"].reshape(m, n)}
