// Arguments of kernel_adi, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int tsteps;
  int n;
  std::vector<std::vector<double>>* u;
  std::vector<std::vector<double>>* v;
  std::vector<std::vector<double>>* p;
  std::vector<std::vector<double>>* q;
};
