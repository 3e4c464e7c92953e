#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_mvt(a->n, *a->x1, *a->x2, *a->y_1, *a->y_2, *a->A);
}
