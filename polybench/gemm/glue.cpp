#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_gemm(a->ni, a->nj, a->nk, a->alpha, a->beta, *a->A, *a->B, *a->C);
}
