#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_heat_3d(a->tsteps, a->n, *a->A, *a->B);
}
