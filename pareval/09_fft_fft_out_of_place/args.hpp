// Arguments of fft (out of place), shared by driver.cpp and glue.cpp.
#pragma once
#include <complex>
#include <vector>
struct HarnessArgs {
  const std::vector<std::complex<double>>* x;
  std::vector<std::complex<double>>* output;
};
