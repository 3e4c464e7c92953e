// Arguments of reversePrefixSum, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  const std::vector<int>* x;
  std::vector<int>* output;
};
