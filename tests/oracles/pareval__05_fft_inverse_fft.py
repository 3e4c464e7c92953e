"""pareval/05_fft_inverse_fft: x <- numpy.fft.ifft(x) (pocketfft; numpy's ifft carries the
+ sign in the exponent and the 1/N factor of the problem's definition), all of x."""

import numpy as np


def expected(inp):
    x = inp["x"]
    assert x.size & (x.size - 1) == 0  # the driver rounds N down to a power of two
    return {"x": np.fft.ifft(x)}
