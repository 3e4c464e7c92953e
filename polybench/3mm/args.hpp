// Arguments of kernel_3mm, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int ni, nj, nk, nl, nm;
  std::vector<std::vector<double>>* E;
  std::vector<std::vector<double>>* A;
  std::vector<std::vector<double>>* B;
  std::vector<std::vector<double>>* F;
  std::vector<std::vector<double>>* C;
  std::vector<std::vector<double>>* D;
  std::vector<std::vector<double>>* G;
};
