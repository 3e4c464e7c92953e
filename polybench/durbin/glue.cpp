#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_durbin(a->n, *a->r, *a->y);
}
