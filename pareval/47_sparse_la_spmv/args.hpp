// Arguments of spmv, shared by driver.cpp and glue.cpp.
// COOElement is not defined here: driver.cpp defines it before including this header,
// and the glue TU gets it from the candidate (or from the spec's helpers).
#pragma once
#include <cstddef>
#include <vector>
struct HarnessArgs {
  double alpha;
  const std::vector<COOElement>* A;
  const std::vector<double>* x;
  double beta;
  std::vector<double>* y;
  size_t M, N;
};
