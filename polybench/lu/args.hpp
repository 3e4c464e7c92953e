// Arguments of kernel_lu, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int n;
  std::vector<std::vector<double>>* A;
};
