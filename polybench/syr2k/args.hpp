// Arguments of kernel_syr2k, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int n, m;
  double alpha, beta;
  std::vector<std::vector<double>>*C, *A, *B;
};
