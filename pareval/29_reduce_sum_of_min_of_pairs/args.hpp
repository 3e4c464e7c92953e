// Arguments of sumOfMinimumElements, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  const std::vector<double>* x;
  const std::vector<double>* y;
  double* result;
};
