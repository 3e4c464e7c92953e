"""polybench/fdtd_2d: the Yee update as whole-array numpy slice expressions per step."""

import numpy as np


def expected(inp):
    tmax, nx, ny = (int(inp[k][0]) for k in ("tmax", "nx", "ny"))
    ex = inp["ex"].reshape(nx, ny).copy()
    ey = inp["ey"].reshape(nx, ny).copy()
    hz = inp["hz"].reshape(nx, ny).copy()
    for t in range(tmax):
        ey[0, :] = inp["_fict_"][t]
        ey[1:, :] -= 0.5 * np.diff(hz, axis=0)
        ex[:, 1:] -= 0.5 * np.diff(hz, axis=1)
        hz[:-1, :-1] -= 0.7 * (np.diff(ex, axis=1)[:-1, :] + np.diff(ey, axis=0)[:, :-1])
    return {"ex": ex, "ey": ey, "hz": hz}
