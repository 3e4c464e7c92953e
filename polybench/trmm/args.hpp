// Arguments of kernel_trmm, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int m, n;
  double alpha;
  std::vector<std::vector<double>>*A, *B;
};
