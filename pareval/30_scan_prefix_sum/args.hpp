// Arguments of prefixSum, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  const std::vector<double>* x;
  std::vector<double>* output;
};
