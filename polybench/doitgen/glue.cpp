#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_doitgen(a->nr, a->nq, a->np, *a->A, *a->C4, *a->sum);
}
