// Arguments of sumOfPrefixSum, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  const std::vector<double>* x;
  double result;  // written by the glue, so the call cannot be optimized away
};
