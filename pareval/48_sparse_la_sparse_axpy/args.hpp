// Arguments of sparseAxpy, shared by driver.cpp and glue.cpp.
// Element is not defined here: driver.cpp defines it before including this header,
// and the glue TU gets it from the candidate (or from the spec's helpers).
#pragma once
#include <cstddef>
#include <vector>
struct HarnessArgs {
  double alpha;
  const std::vector<Element>* x;
  const std::vector<Element>* y;
  std::vector<double>* z;
};
