#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_ludcmp(a->n, *a->A, *a->b, *a->x, *a->y);
}
