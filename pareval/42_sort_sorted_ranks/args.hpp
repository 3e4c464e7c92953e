// Arguments of ranks, shared by driver.cpp and glue.cpp.
#pragma once
#include <cstddef>
#include <vector>
struct HarnessArgs {
  const std::vector<float>* x;
  std::vector<size_t>* ranks_;
};
