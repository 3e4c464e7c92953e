#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_gesummv(a->n, a->alpha, a->beta, *a->A, *a->B, *a->tmp, *a->x, *a->y);
}
