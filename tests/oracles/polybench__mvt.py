"""polybench/mvt: x1 += A*y_1, x2 += A^T*y_2."""


def expected(inp):
    n = int(inp["n"][0])
    a = inp["A"].reshape(n, n)
    return {"x1": inp["x1"] + a @ inp["y_1"], "x2": inp["x2"] + a.T @ inp["y_2"]}
