// Arguments of spmm, shared by driver.cpp and glue.cpp.
// COOElement is not defined here: driver.cpp defines it before including this header,
// and the glue TU gets it from the candidate (or from the spec's helpers).
#pragma once
#include <cstddef>
#include <vector>
struct HarnessArgs {
  const std::vector<COOElement>* A;
  const std::vector<COOElement>* X;
  std::vector<double>* Y;
  size_t M, K, N;
};
