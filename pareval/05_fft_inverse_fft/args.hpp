// Arguments of ifft, shared by driver.cpp and glue.cpp.
#pragma once
#include <complex>
#include <vector>
struct HarnessArgs {
  std::vector<std::complex<double>>* x;
};
