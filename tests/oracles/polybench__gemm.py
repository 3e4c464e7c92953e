"""polybench/gemm: C = alpha*A*B + beta*C."""


def expected(inp):
    ni, nj, nk = (int(inp[k][0]) for k in ("ni", "nj", "nk"))
    alpha, beta = float(inp["alpha"][0]), float(inp["beta"][0])
    a, b = inp["A"].reshape(ni, nk), inp["B"].reshape(nk, nj)
    return {"C": alpha * (a @ b) + beta * inp["C"].reshape(ni, nj)}
