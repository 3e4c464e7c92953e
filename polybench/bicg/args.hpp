// Arguments of kernel_bicg, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int m, n;
  std::vector<std::vector<double>>* A;
  std::vector<double>* s;
  std::vector<double>* q;
  std::vector<double>* p;
  std::vector<double>* r;
};
