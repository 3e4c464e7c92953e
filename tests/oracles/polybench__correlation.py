"""polybench/correlation, as PolyBench defines it: column means, population standard
deviations (divided by n) with any deviation <= eps = 0.1 replaced by 1, data normalized
in place by (data - mean) / (sqrt(n) * stddev), corr = data^T * data off the diagonal and
exactly 1 on it (also for the eps-replaced columns, whose own product is not 1)."""

import numpy as np

EPS = 0.1


def expected(inp):
    m, n = int(inp["m"][0]), int(inp["n"][0])
    data = inp["data"].reshape(n, m)
    mean = data.mean(axis=0)
    stddev = np.sqrt(((data - mean) ** 2).sum(axis=0) / n)
    stddev = np.where(stddev <= EPS, 1.0, stddev)
    z = (data - mean) / (np.sqrt(n) * stddev)
    corr = z.T @ z
    np.fill_diagonal(corr, 1.0)
    return {"mean": mean, "stddev": stddev, "data": z, "corr": corr}
