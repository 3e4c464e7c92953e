// Arguments of binsBy10Count, shared by driver.cpp and glue.cpp.
#pragma once
#include <array>
#include <cstddef>
#include <vector>
struct HarnessArgs {
  const std::vector<double>* x;
  std::array<size_t, 10>* bins;
};
