"""polybench/atax: tmp = A*x, y = A^T*tmp (A is m x n)."""


def expected(inp):
    m, n = int(inp["m"][0]), int(inp["n"][0])
    a = inp["A"].reshape(m, n)
    tmp = a @ inp["x"]
    return {"tmp": tmp, "y": a.T @ tmp}
