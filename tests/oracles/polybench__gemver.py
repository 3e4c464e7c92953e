"""polybench/gemver: A += u1*v1^T + u2*v2^T; x += beta*A^T*y + z; w += alpha*A*x (each
step with the results of the previous ones)."""

import numpy as np


def expected(inp):
    n = int(inp["n"][0])
    alpha, beta = float(inp["alpha"][0]), float(inp["beta"][0])
    a = inp["A"].reshape(n, n) + np.outer(inp["u1"], inp["v1"]) + np.outer(inp["u2"], inp["v2"])
    x = inp["x"] + beta * (a.T @ inp["y"]) + inp["z"]
    w = inp["w"] + alpha * (a @ x)
    return {"A": a, "x": x, "w": w}
