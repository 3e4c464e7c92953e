// Arguments of kernel_gramschmidt, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int m, n;
  std::vector<std::vector<double>>* A;
  std::vector<std::vector<double>>* R;
  std::vector<std::vector<double>>* Q;
};
