#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_seidel_2d(a->tsteps, a->n, *a->A);
}
