// Arguments of kernel_heat_3d, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int tsteps, n;
  std::vector<std::vector<std::vector<double>>>* A;
  std::vector<std::vector<std::vector<double>>>* B;
};
