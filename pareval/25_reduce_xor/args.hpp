// Arguments of reduceLogicalXOR, shared by driver.cpp and glue.cpp.
// The bool result is stored in an unsigned char, so the driver can poison it with a value
// that is neither false (0) nor true (1).
#pragma once
#include <vector>
struct HarnessArgs {
  const std::vector<bool>* x;
  unsigned char* result;
};
