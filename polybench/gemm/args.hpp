// Arguments of kernel_gemm, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int ni, nj, nk;
  double alpha, beta;
  std::vector<std::vector<double>>* A;
  std::vector<std::vector<double>>* B;
  std::vector<std::vector<double>>* C;
};
