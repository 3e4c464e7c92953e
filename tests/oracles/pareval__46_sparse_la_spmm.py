"""pareval/46_sparse_la_spmm: Y = A X with A (M x K) and X (K x N) sparse (COO), Y dense.

Checked: all of Y (M*N, row-major), as scipy.sparse CSR @ CSR converted to dense
(every entry, zeros included, since Y must be fully written).
"""

import numpy as np
import scipy.sparse

# The problem's tolerance (problem.toml): sums of up to 100 products in another order.
RTOL = 1e-9
ATOL = 1e-9


def coo(inp, name, shape):
    r = inp[f"{name}_row"].astype(np.int64)
    c = inp[f"{name}_col"].astype(np.int64)
    m = scipy.sparse.coo_matrix((inp[f"{name}_val"], (r, c)), shape=shape).tocsr()
    assert m.nnz == r.size, f"{name} has repeated (row, column) pairs"
    return m


def expected(inp):
    m, k, n = (int(inp[s][0]) for s in "MKN")
    y = coo(inp, "A", (m, k)) @ coo(inp, "X", (k, n))
    return {"Y": y.toarray()}
