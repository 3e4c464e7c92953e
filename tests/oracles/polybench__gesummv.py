"""polybench/gesummv: tmp = A*x, y = alpha*A*x + beta*B*x."""


def expected(inp):
    n = int(inp["n"][0])
    alpha, beta = float(inp["alpha"][0]), float(inp["beta"][0])
    tmp = inp["A"].reshape(n, n) @ inp["x"]
    return {"tmp": tmp, "y": alpha * tmp + beta * (inp["B"].reshape(n, n) @ inp["x"])}
