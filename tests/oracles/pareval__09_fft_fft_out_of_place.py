"""pareval/09_fft_fft_out_of_place: output = numpy.fft.fft(x), all of output."""

import numpy as np


def expected(inp):
    return {"output": np.fft.fft(inp["x"])}
