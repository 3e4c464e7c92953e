// Arguments of kernel_2mm, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int ni, nj, nk, nl;
  double alpha, beta;
  std::vector<std::vector<double>>* tmp;
  std::vector<std::vector<double>>* A;
  std::vector<std::vector<double>>* B;
  std::vector<std::vector<double>>* C;
  std::vector<std::vector<double>>* D;
};
