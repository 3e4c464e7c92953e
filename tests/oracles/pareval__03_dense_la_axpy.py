"""pareval/03_dense_la_axpy: z = alpha*x + y elementwise in numpy, all of z."""


def expected(inp):
    return {"z": inp["alpha"][0] * inp["x"] + inp["y"]}
