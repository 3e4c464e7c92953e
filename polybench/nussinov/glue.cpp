#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_nussinov(a->n, *a->seq, *a->table);
}
