#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_trmm(a->m, a->n, a->alpha, *a->A, *a->B);
}
