#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_gemver(a->n, a->alpha, a->beta, *a->A, *a->u1, *a->v1, *a->u2, *a->v2, *a->w, *a->x,
                *a->y, *a->z);
}
