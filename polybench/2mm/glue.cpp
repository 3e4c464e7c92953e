#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_2mm(a->ni, a->nj, a->nk, a->nl, a->alpha, a->beta, *a->tmp, *a->A, *a->B, *a->C, *a->D);
}
