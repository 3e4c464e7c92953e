#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_correlation(a->m, a->n, *a->data, *a->corr, *a->mean, *a->stddev);
}
