#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <vector>

// OpenMP reference for adi. The Thomas-algorithm multipliers p[.][j] do not depend on the
// data (nor on the row or column): they and the reciprocals of the pivots are computed
// once per call, so the sweeps need no division and no p chain.
// Column sweep: all interior columns i are eliminated together, one grid row j at a
// time, so every access runs along a row and vectorizes; the columns are split between
// threads. It works in a 64-byte-aligned buffer W (rows padded to a multiple of 8
// doubles) instead of v, so that the threads' column ranges, cut at multiples of 8, never
// share a cache line (v's rows are separate allocations with arbitrary alignment, and
// false sharing on every row boundary cost more than the sweep). W holds the eliminated
// right-hand sides until the back substitution overwrites them with the new v; v itself
// is written only after the last step. Its p and q values are overwritten by the row
// sweep of the same step, so the column sweep never stores them.
// Row sweep: rows are split between threads in blocks of kR; the right-hand sides of a
// row are formed vectorized from W, then the two first-order recurrences along the row
// (forward elimination, back substitution) run for kR rows at once, so kR independent
// dependency chains overlap. p is written after the last step only (its values are the
// same in every step). Two barriers per step. Multiplying by a precomputed reciprocal
// instead of dividing changes results by a few ulps; the thread count does not.
namespace {
constexpr int kR = 8;  // rows per row-sweep block
using Mat = std::vector<std::vector<double>>;

void row_block(int n, int i0, int m, const double* const* w, Mat& u, Mat& q, const double* pr,
               const double* rr, const double* g, double ca, double cb, double cc) {
  // right-hand sides, already divided by the pivot: q[i][j] <- rhs * rr[j]
  for (int r = 0; r < m; ++r) {
    const int i = i0 + r;
    const double* __restrict vm = w[i - 1];
    const double* __restrict v0 = w[i];
    const double* __restrict vp = w[i + 1];
    double* __restrict qi = q[i].data();
    qi[0] = 1.0;
    for (int j = 1; j < n - 1; ++j) qi[j] = (ca * vm[j] + cb * v0[j] + cc * vp[j]) * rr[j];
  }
  double* qs[kR];
  double* us[kR];
  for (int r = 0; r < m; ++r) qs[r] = q[i0 + r].data(), us[r] = u[i0 + r].data();
  if (m == kR) {
    double x[kR];
    for (int r = 0; r < kR; ++r) x[r] = 1.0;
    for (int j = 1; j < n - 1; ++j)
      for (int r = 0; r < kR; ++r) x[r] = qs[r][j] = qs[r][j] + g[j] * x[r];
    for (int r = 0; r < kR; ++r) x[r] = us[r][n - 1] = 1.0, us[r][0] = 1.0;
    for (int j = n - 2; j >= 1; --j)
      for (int r = 0; r < kR; ++r) x[r] = us[r][j] = pr[j] * x[r] + qs[r][j];
  } else {
    for (int r = 0; r < m; ++r) {
      double* qi = qs[r];
      double* ui = us[r];
      for (int j = 1; j < n - 1; ++j) qi[j] += g[j] * qi[j - 1];
      ui[0] = 1.0;
      ui[n - 1] = 1.0;
      for (int j = n - 2; j >= 1; --j) ui[j] = pr[j] * ui[j + 1] + qi[j];
    }
  }
}
}  // namespace

void kernel_adi(int tsteps, int n, std::vector<std::vector<double>>& u,
                std::vector<std::vector<double>>& v, std::vector<std::vector<double>>& p,
                std::vector<std::vector<double>>& q) {
  if (n < 3) return;
  const double DX = 1.0 / n, DY = 1.0 / n, DT = 1.0 / tsteps;
  const double mul1 = 2.0 * DT / (DX * DX);
  const double mul2 = 1.0 * DT / (DY * DY);
  const double a = -mul1 / 2.0, b = 1.0 + mul1, c = a;
  const double d = -mul2 / 2.0, e = 1.0 + mul2, f = d;

  // Column sweep: multipliers pc, pivot reciprocals rc. Row sweep: pr, rr, and the
  // factor g = -d * rr of the forward recurrence.
  std::vector<double> pc(n, 0.0), rc(n, 0.0), pr(n, 0.0), rr(n, 0.0), g(n, 0.0);
  for (int j = 1; j < n - 1; ++j) {
    const double den_c = a * pc[j - 1] + b;
    pc[j] = -c / den_c;
    rc[j] = 1.0 / den_c;
    const double den_r = d * pr[j - 1] + e;
    pr[j] = -f / den_r;
    rr[j] = 1.0 / den_r;
    g[j] = -d * rr[j];
  }
  const double cu_l = -d, cu_c = 1.0 + 2.0 * d, cu_r = -f, cq = -a;  // column sweep
  const double cv_u = -a, cv_c = 1.0 + 2.0 * a, cv_d = -c;           // row sweep
  const int nblocks = (n - 2 + kR - 1) / kR;

  // W: n rows of ld doubles, 64-byte aligned, ld a multiple of 8
  const int ld = (n + 7) / 8 * 8;
  std::vector<double> wbuf(size_t(n) * ld + 8);
  double* w0 = wbuf.data();
  w0 += (8 - (reinterpret_cast<std::uintptr_t>(w0) / sizeof(double)) % 8) % 8;
  std::vector<double*> wrows(n);
  for (int j = 0; j < n; ++j) wrows[j] = w0 + size_t(j) * ld;
  double* const* W = wrows.data();

#pragma omp parallel
  {
    // this thread's interior columns [c0, c1), cut at multiples of 8
    const int nth = omp_get_num_threads(), tid = omp_get_thread_num();
    auto bound = [&](int k) {
      if (k == 0) return 1;
      if (k == nth) return n - 1;
      const int x = (1 + int(int64_t(n - 2) * k / nth) + 4) / 8 * 8;
      return std::min(n - 1, std::max(1, x));
    };
    const int c0 = bound(tid), c1 = bound(tid + 1);
    for (int t = 1; t <= tsteps; ++t) {
      // column sweep into W, vectorized over this thread's columns
      for (int i = c0; i < c1; ++i) W[0][i] = 1.0;
      for (int j = 1; j < n - 1; ++j) {
        const double* __restrict uj = u[j].data();
        const double* __restrict wprev = W[j - 1];
        double* __restrict wj = W[j];
        const double r = rc[j];
        for (int i = c0; i < c1; ++i)
          wj[i] = (cu_l * uj[i - 1] + cu_c * uj[i] + cu_r * uj[i + 1] + cq * wprev[i]) * r;
      }
      for (int i = c0; i < c1; ++i) W[n - 1][i] = 1.0;
      for (int j = n - 2; j >= 1; --j) {
        const double* __restrict wnext = W[j + 1];
        double* __restrict wj = W[j];
        const double pj = pc[j];
        for (int i = c0; i < c1; ++i) wj[i] = pj * wnext[i] + wj[i];
      }
#pragma omp barrier
      // row sweep, kR rows at a time
#pragma omp for schedule(static)
      for (int blk = 0; blk < nblocks; ++blk) {
        const int i0 = 1 + blk * kR;
        row_block(n, i0, std::min(kR, n - 1 - i0), W, u, q, pr.data(), rr.data(), g.data(),
                  cv_u, cv_c, cv_d);
      }
    }
    if (tsteps >= 1) {
      // v <- the last column sweep (columns 1..n-2 of every row), p <- the multipliers
#pragma omp for schedule(static)
      for (int j = 0; j < n; ++j) {
        std::copy(W[j] + 1, W[j] + n - 1, v[j].begin() + 1);
        if (j >= 1 && j < n - 1) std::copy(pr.begin(), pr.end() - 1, p[j].begin());
      }
    }
  }
}
