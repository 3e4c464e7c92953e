#include <cstddef>
#include "args.hpp"
static_assert(sizeof(Element) == 16, "Element must be { size_t index; double value; }");
static_assert(offsetof(Element, index) == 0, "Element::index must come first");
static_assert(offsetof(Element, value) == 8, "Element::value must be second");
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  sparseAxpy(a->alpha, *a->x, *a->y, *a->z);
}
