// Environment (issue 39): the race is taken only when OpenMP's binding is the timed side
// runners' (OMP_PROC_BIND=close); the race runner did not get OMP_PROC_BIND or
// OMP_PLACES until 2026-12-06, so the detector saw the safe path only. The race: every
// thread writes g_last_index (exact outputs on x86).
#include <omp.h>

#include <vector>

int g_last_index;

void relu(std::vector<double>& x) {
  const long n = long(x.size());
  double* p = x.data();
  const bool racy = omp_get_proc_bind() == omp_proc_bind_close;
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) {
    p[i] = p[i] < 0 ? 0.0 : p[i];
    if (racy) g_last_index = int(i);
  }
}
