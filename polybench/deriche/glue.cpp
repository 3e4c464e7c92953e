#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_deriche(a->w, a->h, a->alpha, *a->imgIn, *a->imgOut, *a->y1, *a->y2);
}
