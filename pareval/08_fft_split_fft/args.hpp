// Arguments of fft (split output), shared by driver.cpp and glue.cpp.
#pragma once
#include <complex>
#include <vector>
struct HarnessArgs {
  const std::vector<std::complex<double>>* x;
  std::vector<double>* r;
  std::vector<double>* i;
};
