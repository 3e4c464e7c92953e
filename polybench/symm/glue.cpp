#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_symm(a->m, a->n, a->alpha, a->beta, *a->C, *a->A, *a->B);
}
