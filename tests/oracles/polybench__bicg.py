"""polybench/bicg: s = A^T*r, q = A*p (A is n x m)."""


def expected(inp):
    m, n = int(inp["m"][0]), int(inp["n"][0])
    a = inp["A"].reshape(n, m)
    return {"s": a.T @ inp["r"], "q": a @ inp["p"]}
