// Arguments of kernel_doitgen, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int nr, nq, np;
  std::vector<std::vector<std::vector<double>>>* A;
  std::vector<std::vector<double>>* C4;
  std::vector<double>* sum;
};
