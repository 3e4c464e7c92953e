// Arguments of kernel_gesummv, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int n;
  double alpha, beta;
  std::vector<std::vector<double>>*A, *B;
  std::vector<double>*tmp, *x, *y;
};
