"""pareval/02_dense_la_gemm: C = C0 + A @ B (numpy / BLAS dgemm), all of C."""


def expected(inp):
    m, k, n = (int(inp[s][0]) for s in "MKN")
    return {"C": inp["C"].reshape(m, n) + inp["A"].reshape(m, k) @ inp["B"].reshape(k, n)}
