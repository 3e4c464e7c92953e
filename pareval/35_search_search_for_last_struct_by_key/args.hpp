// Arguments of findLastShortBook, shared by driver.cpp and glue.cpp.
// Book is not defined here: the glue gets it from the candidate (or the spec's helper),
// the driver defines it before including this file.
#pragma once
#include <cstddef>
#include <vector>
struct HarnessArgs {
  const std::vector<Book>* books;
  size_t result;  // written by the glue, so the call cannot be optimized away
};
