// Arguments of convolveKernel, shared by driver.cpp and glue.cpp.
#pragma once
#include <cstddef>
#include <vector>
struct HarnessArgs {
  const std::vector<int>* imageIn;
  std::vector<int>* imageOut;
  size_t N;
};
