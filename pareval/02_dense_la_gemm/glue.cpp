#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  gemm(*a->A, *a->B, *a->C, a->M, a->K, a->N);
}
