// Arguments of findFirstEven, shared by driver.cpp and glue.cpp.
#pragma once
#include <cstddef>
#include <vector>
struct HarnessArgs {
  const std::vector<int>* x;
  size_t result;  // written by the glue, so the call cannot be optimized away
};
