// Arguments of kernel_gemver, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int n;
  double alpha, beta;
  std::vector<std::vector<double>>* A;
  std::vector<double>*u1, *v1, *u2, *v2, *w, *x, *y, *z;
};
