// Arguments of pixelCounts, shared by driver.cpp and glue.cpp.
#pragma once
#include <array>
#include <cstddef>
#include <vector>
struct HarnessArgs {
  const std::vector<int>* image;
  std::array<size_t, 256>* bins;
};
