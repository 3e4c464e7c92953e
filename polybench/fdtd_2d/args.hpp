// Arguments of kernel_fdtd_2d, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int tmax;
  int nx;
  int ny;
  std::vector<std::vector<double>>* ex;
  std::vector<std::vector<double>>* ey;
  std::vector<std::vector<double>>* hz;
  std::vector<double>* fict;
};
