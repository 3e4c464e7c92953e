// Arguments of kernel_correlation, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int m, n;
  std::vector<std::vector<double>>*data, *corr;
  std::vector<double>*mean, *stddev;
};
