#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_floyd_warshall(a->n, *a->path);
}
