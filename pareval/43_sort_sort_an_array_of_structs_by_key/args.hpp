// Arguments of sortByStartTime, shared by driver.cpp and glue.cpp.
// Result is not defined here: driver.cpp defines it before including this header, and
// the glue TU gets it from the candidate (or from the spec's helpers).
#pragma once
#include <vector>
struct HarnessArgs {
  std::vector<Result>* results;
};
