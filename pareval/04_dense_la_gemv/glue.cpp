#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  gemv(*a->A, *a->x, *a->y, a->M, a->N);
}
