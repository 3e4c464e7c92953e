// Arguments of xorContains, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  const std::vector<int>* x;
  const std::vector<int>* y;
  int val;
  bool result;  // written by the glue, so the call cannot be optimized away
};
