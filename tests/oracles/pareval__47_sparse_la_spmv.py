"""pareval/47_sparse_la_spmv: y = alpha A x + beta y with A sparse (COO), M x N.

Checked: all of y, as alpha * (scipy.sparse CSR @ x) + beta * y (rows without entries
get beta * y only).
"""

import numpy as np
import scipy.sparse

# The problem's tolerance (problem.toml): sums of up to 200 products in another order.
RTOL = 1e-9
ATOL = 1e-9


def expected(inp):
    m, n = int(inp["M"][0]), int(inp["N"][0])
    r, c = inp["A_row"].astype(np.int64), inp["A_col"].astype(np.int64)
    a = scipy.sparse.csr_matrix((inp["A_val"], (r, c)), shape=(m, n))
    return {"y": inp["alpha"][0] * (a @ inp["x"]) + inp["beta"][0] * inp["y"]}
