// Arguments of kernel_seidel_2d, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int tsteps, n;
  std::vector<std::vector<double>>* A;
};
