"""polybench/3mm: E = A*B, F = C*D, G = E*F."""


def expected(inp):
    ni, nj, nk, nl, nm = (int(inp[k][0]) for k in ("ni", "nj", "nk", "nl", "nm"))
    e = inp["A"].reshape(ni, nk) @ inp["B"].reshape(nk, nj)
    f = inp["C"].reshape(nj, nm) @ inp["D"].reshape(nm, nl)
    return {"E": e, "F": f, "G": e @ f}
