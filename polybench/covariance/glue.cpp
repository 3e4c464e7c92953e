#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_covariance(a->m, a->n, *a->data, *a->cov, *a->mean);
}
