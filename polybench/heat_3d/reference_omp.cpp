#include <omp.h>

#include <algorithm>
#include <vector>

// OpenMP reference for heat_3d. At MEDIUM both grids fit in the cores' L2 caches and the
// sweep is limited by arithmetic, so the planes of each half-step are simply split
// between threads (static schedule: each thread keeps the same planes, hence the same
// cache lines, in every half-step), inside one parallel region for all time steps (one
// barrier per half-step). The inner loop is the serial reference's: the update regrouped
// as 0.125*(sum of the 6 neighbours) + 0.25*u (a few ulps from the baseline; the scheme
// is a contraction) on __restrict row pointers, vectorised without aliasing checks.
namespace {
using Plane = std::vector<std::vector<double>>;

inline void row_update(const double* __restrict up, const double* __restrict down,
                       const double* __restrict left, const double* __restrict right,
                       const double* __restrict c, double* __restrict o, int n) {
  for (int k = 1; k < n - 1; ++k)
    o[k] = 0.125 * (((down[k] + up[k]) + (right[k] + left[k])) + (c[k + 1] + c[k - 1])) +
           0.25 * c[k];
}

inline void plane_update(const Plane& up, const Plane& mid, const Plane& down, Plane& dst,
                         int n) {
  for (int j = 1; j < n - 1; ++j)
    row_update(up[j].data(), down[j].data(), mid[j - 1].data(), mid[j + 1].data(),
               mid[j].data(), dst[j].data(), n);
}
}  // namespace

void kernel_heat_3d(int tsteps, int n, std::vector<std::vector<std::vector<double>>>& A,
                    std::vector<std::vector<std::vector<double>>>& B) {
  if (n < 3 || tsteps <= 0) return;
  const int want = std::max(1, std::min(omp_get_max_threads(), (n - 2) / 4));
#pragma omp parallel num_threads(want)
  for (int t = 0; t < tsteps; ++t) {
#pragma omp for schedule(static)
    for (int i = 1; i < n - 1; ++i) plane_update(A[i - 1], A[i], A[i + 1], B[i], n);
#pragma omp for schedule(static)
    for (int i = 1; i < n - 1; ++i) plane_update(B[i - 1], B[i], B[i + 1], A[i], n);
  }
}
