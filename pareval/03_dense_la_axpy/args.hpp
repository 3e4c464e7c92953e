// Arguments of axpy, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  double alpha;
  const std::vector<double>* x;
  const std::vector<double>* y;
  std::vector<double>* z;
};
