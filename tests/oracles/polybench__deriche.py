"""polybench/deriche: each pass is a linear recursive filter, applied with
scipy.signal.lfilter in double precision: causal y[t] = a x[t] + b x[t-1] + b1 y[t-1] +
b2 y[t-2] is lfilter([a, b], [1, -b1, -b2]); the anti-causal one, y[t] = c x[t+1] +
d x[t+2] + b1 y[t+1] + b2 y[t+2], is lfilter([0, c, d], [1, -b1, -b2]) on the reversed
signal. Rows first (axis 1), then the columns of the sum (axis 0). The coefficients are
PolyBench's formulas rounded to float, as specified; the baseline works in float, hence
the float-sized tolerances."""

import numpy as np
from scipy.signal import lfilter

RTOL = 1e-4
ATOL = 1e-6


def _coefficients(alpha):
    def f(v):
        return float(np.float32(v))

    e1, e2 = np.exp(-alpha), np.exp(-2.0 * alpha)
    k = f((1.0 - e1) ** 2 / (1.0 + 2.0 * alpha * e1 - np.exp(2.0 * alpha)))
    return (k, f(k * e1 * (alpha - 1.0)), f(k * e1 * (alpha + 1.0)), f(-k * e2), f(2.0**-alpha), f(-e2))


def _both(x, axis, a1, a2, a3, a4, den):
    causal = lfilter([a1, a2], den, x, axis=axis)
    rev = np.flip(x, axis=axis)
    anti = np.flip(lfilter([0.0, a3, a4], den, rev, axis=axis), axis=axis)
    return causal, anti


def expected(inp):
    w, h = int(inp["w"][0]), int(inp["h"][0])
    alpha = float(inp["alpha"][0])
    x = inp["imgIn"].astype(np.float64).reshape(w, h)
    a1, a2, a3, a4, b1, b2 = _coefficients(alpha)
    den = [1.0, -b1, -b2]
    c, a = _both(x, 1, a1, a2, a3, a4, den)
    mid = c + a
    y1, y2 = _both(mid, 0, a1, a2, a3, a4, den)
    return {"imgOut": y1 + y2, "y1": y1, "y2": y2}
