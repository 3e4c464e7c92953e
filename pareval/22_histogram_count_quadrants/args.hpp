// Arguments of countQuadrants, shared by driver.cpp and glue.cpp.
// Point is not defined here: the glue gets it from the candidate (or the spec's helper),
// the driver defines it before including this file.
#pragma once
#include <array>
#include <cstddef>
#include <vector>
struct HarnessArgs {
  const std::vector<Point>* points;
  std::array<size_t, 4>* bins;
};
