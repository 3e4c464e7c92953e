#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_adi(a->tsteps, a->n, *a->u, *a->v, *a->p, *a->q);
}
