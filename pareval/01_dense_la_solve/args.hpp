// Arguments of solveLinearSystem, shared by driver.cpp and glue.cpp.
#pragma once
#include <cstddef>
#include <vector>
struct HarnessArgs {
  const std::vector<double>* A;
  const std::vector<double>* b;
  std::vector<double>* x;
  size_t N;
};
