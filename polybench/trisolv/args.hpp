// Arguments of kernel_trisolv, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int n;
  std::vector<std::vector<double>>* L;
  std::vector<double>* x;
  std::vector<double>* b;
};
