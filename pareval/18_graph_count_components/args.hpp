// Arguments of componentCount, shared by driver.cpp and glue.cpp.
#pragma once
#include <cstddef>
#include <vector>
struct HarnessArgs {
  const std::vector<int>* A;
  size_t N;
  int* result;
};
