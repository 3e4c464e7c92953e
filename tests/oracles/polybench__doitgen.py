"""polybench/doitgen: every row A[r][q][:] becomes A[r][q][:] * C4; sum (the scratch row)
ends holding the last row computed, the new A[nr-1][nq-1][:]."""


def expected(inp):
    nr, nq, np_ = (int(inp[k][0]) for k in ("nr", "nq", "np"))
    a = inp["A"].reshape(nr, nq, np_) @ inp["C4"].reshape(np_, np_)
    return {"A": a, "sum": a[nr - 1, nq - 1]}
