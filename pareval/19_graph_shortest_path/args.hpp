// Arguments of shortestPathLength, shared by driver.cpp and glue.cpp.
#pragma once
#include <cstddef>
#include <vector>
struct HarnessArgs {
  const std::vector<int>* A;
  size_t N;
  int source, dest;
  int* result;
};
