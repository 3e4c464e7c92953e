#include <cstddef>
#include "args.hpp"
static_assert(sizeof(Point) == 16, "Point must be { double x, y; }");
static_assert(offsetof(Point, x) == 0, "Point must be { double x, y; }");
static_assert(offsetof(Point, y) == 8, "Point must be { double x, y; }");
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  countQuadrants(*a->points, *a->bins);
}
