// Arguments of firstLetterCounts, shared by driver.cpp and glue.cpp.
#pragma once
#include <array>
#include <cstddef>
#include <string>
#include <vector>
struct HarnessArgs {
  const std::vector<std::string>* s;
  std::array<size_t, 26>* bins;
};
