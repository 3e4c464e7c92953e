// Arguments of kernel_ludcmp, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int n;
  std::vector<std::vector<double>>* A;
  std::vector<double>* b;
  std::vector<double>* x;
  std::vector<double>* y;
};
