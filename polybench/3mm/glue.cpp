#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_3mm(a->ni, a->nj, a->nk, a->nl, a->nm, *a->E, *a->A, *a->B, *a->F, *a->C, *a->D, *a->G);
}
