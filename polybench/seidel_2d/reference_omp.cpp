#include <omp.h>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

// OpenMP reference for seidel_2d. Gauss-Seidel in place is sequential in its definition:
// point (i, j) of sweep t needs (i-1, j+1) and (i, j-1) of sweep t and (i+1, j+1) of sweep
// t-1, so no row of a sweep can run independently. What can run concurrently is a
// pipeline: the rows are split into one contiguous band per thread, every thread sweeps
// its own band, top to bottom, for all time steps, and only the band's first and last rows
// synchronise with the neighbouring bands, block of columns by block of columns:
//   - the first row of band p, sweep t, block J, waits until the last row of band p-1 has
//     finished sweep t through block J+1 (its new values above, up to column j+1);
//   - the last row of band p, sweep t, block J, waits until the first row of band p+1 has
//     finished sweep t-1 through block J+1 (its old values below, up to column j+1).
// These two waits also keep every value that is still to be read from being overwritten
// too early, so each point is computed from exactly the values the serial sweep uses and
// the result does not depend on the thread count. In steady state band p runs about half
// a band ahead of band p+1 and no thread waits; the pipeline fills and drains once (one
// band sweep each out of tsteps). Progress is published with release/acquire atomics; a
// waiting thread spins briefly, then yields its CPU (the machine may be shared).
// The arithmetic of a row is the serial reference's: the 8 terms that do not involve the
// new left neighbour are summed first (vectorised), then a two-points-per-step FMA
// recurrence runs left to right.
namespace {
constexpr double c = 1.0 / 9.0, c2 = c * c;

// Columns [j0, j1) of row `row` (1 <= j0 < j1 <= n-1); row[j0-1] holds this sweep's value.
inline void sweep_cols(const double* __restrict up, double* __restrict row,
                       const double* __restrict down, double* __restrict r, int j0, int j1) {
  for (int j = j0; j < j1; ++j)
    r[j] = c * (((up[j - 1] + up[j]) + (up[j + 1] + row[j + 1])) +
                ((down[j - 1] + down[j]) + (down[j + 1] + row[j])));
  double x = row[j0 - 1];
  int j = j0;
  for (; j + 1 < j1; j += 2) {
    const double s = r[j + 1] + c * r[j];
    const double xj = r[j] + c * x;
    x = s + c2 * x;
    row[j] = xj;
    row[j + 1] = x;
  }
  if (j < j1) row[j] = r[j] + c * x;
}

struct alignas(64) Progress {
  std::atomic<long> done{0};  // blocks finished, counted over all sweeps: t * nb + blocks
};

inline void wait_for(const Progress& p, long target) {
  int spins = 0;
  while (p.done.load(std::memory_order_acquire) < target)
    if (++spins > 256) std::this_thread::yield();
}
}  // namespace

void kernel_seidel_2d(int tsteps, int n, std::vector<std::vector<double>>& A) {
  if (n < 3 || tsteps <= 0) return;
  const int rows = n - 2;
  const int want = std::max(1, std::min(omp_get_max_threads(), rows / 16));
  const int W = n >= 2000 ? 128 : 64;                 // columns per synchronised block
  const int nb = (rows + W - 1) / W;
  std::vector<Progress> first(want), last(want);

#pragma omp parallel num_threads(want)
  {
    const int P = omp_get_num_threads(), p = omp_get_thread_num();
    const int lo = 1 + int(long(rows) * p / P), hi = 1 + int(long(rows) * (p + 1) / P);
    std::vector<double> r(n);
    for (int t = 0; t < tsteps; ++t) {
      for (int i = lo; i < hi; ++i) {
        const bool top = i == lo && p > 0, bottom = i == hi - 1 && p < P - 1;
        const double* up = A[i - 1].data();
        double* row = A[i].data();
        const double* down = A[i + 1].data();
        if (!top && !bottom) {
          sweep_cols(up, row, down, r.data(), 1, n - 1);
          continue;
        }
        for (int J = 0; J < nb; ++J) {
          const long need = std::min(J + 2, nb);
          if (top) wait_for(last[p - 1], long(t) * nb + need);
          if (bottom) wait_for(first[p + 1], long(t - 1) * nb + need);
          sweep_cols(up, row, down, r.data(), 1 + J * W, std::min(n - 1, 1 + (J + 1) * W));
          const long now = long(t) * nb + J + 1;
          if (top) first[p].done.store(now, std::memory_order_release);
          if (bottom) last[p].done.store(now, std::memory_order_release);
        }
      }
    }
  }
}
