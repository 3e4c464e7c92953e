// Arguments of kernel_atax, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int m, n;
  std::vector<std::vector<double>>* A;
  std::vector<double>* x;
  std::vector<double>* y;
  std::vector<double>* tmp;
};
