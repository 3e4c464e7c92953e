#include "args.hpp"
extern "C" void harness_call(void* p) {
  auto* a = static_cast<HarnessArgs*>(p);
  kernel_fdtd_2d(a->tmax, a->nx, a->ny, *a->ex, *a->ey, *a->hz, *a->fict);
}
