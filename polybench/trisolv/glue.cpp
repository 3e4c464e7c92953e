#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_trisolv(a->n, *a->L, *a->x, *a->b);
}
