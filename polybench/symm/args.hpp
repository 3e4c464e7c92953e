// Arguments of kernel_symm, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int m, n;
  double alpha, beta;
  std::vector<std::vector<double>>*C, *A, *B;
};
