// Arguments of jacobi2D, shared by driver.cpp and glue.cpp.
#pragma once
#include <cstddef>
#include <vector>
struct HarnessArgs {
  const std::vector<double>* input;
  std::vector<double>* output;
  size_t N;
};
