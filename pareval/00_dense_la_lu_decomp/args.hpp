// Arguments of luFactorize, shared by driver.cpp and glue.cpp.
#pragma once
#include <cstddef>
#include <vector>
struct HarnessArgs {
  std::vector<double>* A;
  size_t N;
};
