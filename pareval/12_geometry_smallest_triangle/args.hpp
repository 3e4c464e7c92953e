// Arguments of smallestArea, shared by driver.cpp and glue.cpp.
// Point is not defined here: the glue gets it from the candidate (or the spec's helper),
// the driver defines it before including this file.
#pragma once
#include <vector>
struct HarnessArgs {
  const std::vector<Point>* points;
  double* result;
};
