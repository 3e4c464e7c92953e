// Arguments of kernel_nussinov, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int n;
  std::vector<int>* seq;
  std::vector<std::vector<int>>* table;
};
