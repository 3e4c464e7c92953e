// Arguments of maximumSubarray, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  const std::vector<int>* x;
  int result;  // written by the glue, so the call cannot be optimized away
};
