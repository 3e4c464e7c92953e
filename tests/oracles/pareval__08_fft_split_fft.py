"""pareval/08_fft_split_fft: X = numpy.fft.fft(x); r = Re X, i = Im X, all of both."""

import numpy as np


def expected(inp):
    X = np.fft.fft(inp["x"])
    return {"r": X.real, "i": X.imag}
