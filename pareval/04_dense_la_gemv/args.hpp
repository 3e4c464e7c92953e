// Arguments of gemv, shared by driver.cpp and glue.cpp.
#pragma once
#include <cstddef>
#include <vector>
struct HarnessArgs {
  const std::vector<double>* A;
  const std::vector<double>* x;
  std::vector<double>* y;
  size_t M, N;
};
