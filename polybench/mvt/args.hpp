// Arguments of kernel_mvt, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int n;
  std::vector<double>* x1;
  std::vector<double>* x2;
  std::vector<double>* y_1;
  std::vector<double>* y_2;
  std::vector<std::vector<double>>* A;
};
