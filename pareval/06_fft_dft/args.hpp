// Arguments of dft, shared by driver.cpp and glue.cpp.
#pragma once
#include <complex>
#include <vector>
struct HarnessArgs {
  const std::vector<double>* x;
  std::vector<std::complex<double>>* output;
};
