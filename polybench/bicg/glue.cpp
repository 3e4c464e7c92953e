#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_bicg(a->m, a->n, *a->A, *a->s, *a->q, *a->p, *a->r);
}
