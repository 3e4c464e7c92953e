// Arguments of jacobi1D, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  const std::vector<double>* input;
  std::vector<double>* output;
};
