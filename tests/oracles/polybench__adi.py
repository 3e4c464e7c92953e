"""polybench/adi: each sweep as tridiagonal linear systems solved with
scipy.linalg.solve_banded (all columns, then all rows, as one multi-right-hand-side
solve), instead of the kernel's Thomas recurrences. The Thomas algorithm's scratch
values follow from the solution: the multipliers p satisfy the scalar recurrence
p_j = -c / (a p_{j-1} + b), and back substitution x_j = p_j x_{j+1} + q_j gives
q_j = x_j - p_j x_{j+1}. Entries the kernel never writes keep their input values."""

import numpy as np
from scipy.linalg import solve_banded

RTOL = 1e-9
ATOL = 1e-9


def _solve(lo, diag, up, rhs):
    """Solves lo*x[j-1] + diag*x[j] + up*x[j+1] = rhs[j] for j = 1..m (rows of rhs,
    several right-hand sides as columns) with x[0] = x[m+1] = 1; returns x[1..m]."""
    m = rhs.shape[0]
    rhs = rhs.copy()
    rhs[0] -= lo
    rhs[-1] -= up
    ab = np.zeros((3, m))
    ab[0, 1:] = up
    ab[1, :] = diag
    ab[2, :-1] = lo
    return solve_banded((1, 1), ab, rhs)


def _multipliers(lo, diag, up, n):
    p = np.zeros(n - 1)
    for j in range(1, n - 1):
        p[j] = -up / (lo * p[j - 1] + diag)
    return p


def expected(inp):
    tsteps, n = int(inp["tsteps"][0]), int(inp["n"][0])
    u = inp["u"].reshape(n, n).copy()
    v = inp["v"].reshape(n, n).copy()
    dt, dx = 1.0 / tsteps, 1.0 / n
    mul1, mul2 = 2.0 * dt / dx**2, dt / dx**2
    a = c = -mul1 / 2
    b = 1 + mul1
    d = f = -mul2 / 2
    e = 1 + mul2
    s = slice(1, n - 1)
    for _ in range(tsteps):
        # column sweep: v[:, i] from u's columns i-1, i, i+1 (interior rows j)
        rhs = -d * u[s, 0 : n - 2] + (1 + 2 * d) * u[s, s] - f * u[s, 2:n]
        v[s, s] = _solve(a, b, c, rhs)
        v[0, s] = v[n - 1, s] = 1.0
        # row sweep: u[i, :] from v's rows i-1, i, i+1 (interior columns j)
        rhs = -a * v[0 : n - 2, s] + (1 + 2 * a) * v[s, s] - c * v[2:n, s]
        u[s, s] = _solve(d, e, f, rhs.T).T
        u[s, 0] = u[s, n - 1] = 1.0
    pr = _multipliers(d, e, f, n)
    p = inp["p"].reshape(n, n).copy()
    q = inp["q"].reshape(n, n).copy()
    p[s, : n - 1] = pr
    q[s, 0] = 1.0
    q[s, 1 : n - 1] = u[s, 1 : n - 1] - pr[1:] * u[s, 2:n]
    return {"u": u, "v": v, "p": p, "q": q}
