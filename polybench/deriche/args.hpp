// Arguments of kernel_deriche, shared by driver.cpp and glue.cpp.
#pragma once
#include <vector>
struct HarnessArgs {
  int w, h;
  double alpha;
  std::vector<std::vector<float>>* imgIn;
  std::vector<std::vector<float>>* imgOut;
  std::vector<std::vector<float>>* y1;
  std::vector<std::vector<float>>* y2;
};
