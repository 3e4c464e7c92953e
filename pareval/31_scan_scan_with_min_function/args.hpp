// Arguments of partialMinimums, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  std::vector<float>* x;
};
