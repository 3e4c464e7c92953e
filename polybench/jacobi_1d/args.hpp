// Arguments of kernel_jacobi_1d, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int tsteps, n;
  std::vector<double>* A;
  std::vector<double>* B;
};
