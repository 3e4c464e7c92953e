// Arguments of cellsXOR, shared by driver.cpp and glue.cpp.
#pragma once
#include <cstddef>
#include <vector>
struct HarnessArgs {
  const std::vector<int>* input;
  std::vector<int>* output;
  size_t N;
};
