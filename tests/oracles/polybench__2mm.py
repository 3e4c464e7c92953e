"""polybench/2mm: tmp = alpha*A*B, then D = beta*D + tmp*C."""


def expected(inp):
    ni, nj, nk, nl = (int(inp[k][0]) for k in ("ni", "nj", "nk", "nl"))
    alpha, beta = float(inp["alpha"][0]), float(inp["beta"][0])
    a = inp["A"].reshape(ni, nk)
    b = inp["B"].reshape(nk, nj)
    c = inp["C"].reshape(nj, nl)
    d = inp["D"].reshape(ni, nl)
    tmp = alpha * (a @ b)
    return {"tmp": tmp, "D": beta * d + tmp @ c}
