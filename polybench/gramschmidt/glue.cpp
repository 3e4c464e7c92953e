#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_gramschmidt(a->m, a->n, *a->A, *a->R, *a->Q);
}
