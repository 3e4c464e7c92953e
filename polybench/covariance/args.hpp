// Arguments of kernel_covariance, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int m, n;
  std::vector<std::vector<double>>*data, *cov;
  std::vector<double>* mean;
};
