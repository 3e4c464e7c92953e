// Arguments of kernel_durbin, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int n;
  std::vector<double>* r;
  std::vector<double>* y;
};
