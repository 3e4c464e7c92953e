// Arguments of average, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  const std::vector<double>* x;
  double* result;
};
