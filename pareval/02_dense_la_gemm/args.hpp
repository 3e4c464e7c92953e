// Arguments of gemm, shared by driver.cpp and glue.cpp.
#pragma once
#include <cstddef>
#include <vector>
struct HarnessArgs {
  const std::vector<double>* A;
  const std::vector<double>* B;
  std::vector<double>* C;
  size_t M, K, N;
};
