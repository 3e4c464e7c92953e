"""polybench/trmm: B = alpha * T^T * B, where T is unit lower triangular: A's strict lower
triangle plus an implied unit diagonal (A's stored diagonal and upper triangle are not
part of it)."""

import numpy as np


def expected(inp):
    m, n = int(inp["m"][0]), int(inp["n"][0])
    alpha = float(inp["alpha"][0])
    t = np.tril(inp["A"].reshape(m, m), -1) + np.eye(m)
    return {"B": alpha * (t.T @ inp["B"].reshape(m, n))}
