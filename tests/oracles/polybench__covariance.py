"""polybench/covariance, as PolyBench defines it: column means (divided by n), data
centered in place, cov = data^T * data / (n - 1) (the sample covariance)."""


def expected(inp):
    m, n = int(inp["m"][0]), int(inp["n"][0])
    data = inp["data"].reshape(n, m)
    mean = data.mean(axis=0)
    centered = data - mean
    return {"mean": mean, "data": centered, "cov": centered.T @ centered / (n - 1)}
