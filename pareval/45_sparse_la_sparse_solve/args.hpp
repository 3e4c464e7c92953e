// Arguments of solveLinearSystem, shared by driver.cpp and glue.cpp.
// COOElement is not defined here: driver.cpp defines it before including this header,
// and the glue TU gets it from the candidate (or from the spec's helpers).
#pragma once
#include <cstddef>
#include <vector>
struct HarnessArgs {
  const std::vector<COOElement>* A;
  const std::vector<double>* b;
  std::vector<double>* x;
  size_t N;
};
