#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_jacobi_2d(a->tsteps, a->n, *a->A, *a->B);
}
