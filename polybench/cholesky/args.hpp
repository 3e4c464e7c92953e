// Arguments of kernel_cholesky, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int n;
  std::vector<std::vector<double>>* A;
};
