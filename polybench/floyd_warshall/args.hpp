// Arguments of kernel_floyd_warshall, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int n;
  std::vector<std::vector<int>>* path;
};
