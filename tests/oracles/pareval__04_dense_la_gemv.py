"""pareval/04_dense_la_gemv: y = A @ x (numpy / BLAS dgemv), all of y."""


def expected(inp):
    m, n = int(inp["M"][0]), int(inp["N"][0])
    return {"y": inp["A"].reshape(m, n) @ inp["x"]}
