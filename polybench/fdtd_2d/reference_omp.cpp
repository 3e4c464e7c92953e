#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <vector>

// OpenMP reference for fdtd_2d: the serial reference's fused rows and temporal blocking
// (kS steps per sweep, each step lagging 2 rows behind the previous one), on one block
// of rows per thread, by split tiling. In step t, ey and ex row i need the old hz rows
// i-1 and i, and hz row i-1 the new ex row i-1 and the new ey rows i-1 and i: each step
// reaches one row further up and down. Phase A: every thread advances its block
// [R, B) through the kS steps without touching its neighbours' data; at step s of the
// block it can only update ey/ex rows [R + s, B - s) and hz rows [R + s, B - s - 1)
// (a shrinking trapezoid; no shrinking at the grid's top and bottom edges). Barrier.
// Phase B: every thread fills the triangle left at the boundary below its block, step
// by step: ey/ex rows [B - s, B + s) and hz rows [B - s - 1, B + s) at step s, whose
// inputs are now all final (the trapezoids stopped exactly where the triangle needs
// their older values). Barrier. Two barriers per kS steps; the arithmetic of every
// entry is the baseline's, whatever the thread count.
namespace {
constexpr int kS = 8;  // time steps per sweep

struct Grid {
  double* const* ex;
  double* const* ey;
  double* const* hz;
  int nx, ny;
};

// ey[i] and ex[i] from the old hz rows i-1 and i, then hz[i-1] from the new ex[i-1],
// ey[i-1] and ey[i], in one loop over j (i >= 1).
void row_full(double* __restrict eyi, double* __restrict exi, const double* __restrict hzi,
              double* __restrict hzm, const double* __restrict exm,
              const double* __restrict eym, int ny) {
  if (ny == 1) {
    eyi[0] = eyi[0] - 0.5 * (hzi[0] - hzm[0]);
    return;
  }
  {
    const double hm = hzm[0];
    const double e = eyi[0] - 0.5 * (hzi[0] - hm);
    eyi[0] = e;
    hzm[0] = hm - 0.7 * (exm[1] - exm[0] + e - eym[0]);
  }
  for (int j = 1; j < ny - 1; ++j) {
    const double h = hzi[j], hm = hzm[j];
    const double e = eyi[j] - 0.5 * (h - hm);
    eyi[j] = e;
    exi[j] = exi[j] - 0.5 * (h - hzi[j - 1]);
    hzm[j] = hm - 0.7 * (exm[j + 1] - exm[j] + e - eym[j]);
  }
  const int j = ny - 1;
  eyi[j] = eyi[j] - 0.5 * (hzi[j] - hzm[j]);
  exi[j] = exi[j] - 0.5 * (hzi[j] - hzi[j - 1]);
}

// Row 0: ey[0] is the source value, ex[0] from the old hz row 0.
void row_top(double* __restrict ey0, double* __restrict ex0, const double* __restrict hz0,
             int ny, double s) {
  for (int j = 0; j < ny; ++j) ey0[j] = s;
  for (int j = 1; j < ny; ++j) ex0[j] = ex0[j] - 0.5 * (hz0[j] - hz0[j - 1]);
}

// ey[i] and ex[i] only (i >= 1), without the hz row above.
void row_e(double* __restrict eyi, double* __restrict exi, const double* __restrict hzi,
           const double* __restrict hzm, int ny) {
  for (int j = 0; j < ny; ++j) eyi[j] = eyi[j] - 0.5 * (hzi[j] - hzm[j]);
  for (int j = 1; j < ny; ++j) exi[j] = exi[j] - 0.5 * (hzi[j] - hzi[j - 1]);
}

// hz[i] only, from the new ex[i], ey[i] and ey[i+1].
void row_h(double* __restrict hzi, const double* __restrict exi, const double* __restrict eyi,
           const double* __restrict eyp, int ny) {
  for (int j = 0; j < ny - 1; ++j)
    hzi[j] = hzi[j] - 0.7 * (exi[j + 1] - exi[j] + eyp[j] - eyi[j]);
}

// The fused iteration at row r of one step with source value s: ey[r] and ex[r] if
// do_e, then hz[r-1] if do_h.
inline void fused_iteration(const Grid& g, int r, double s, bool do_e, bool do_h) {
  if (r == 0) {
    if (do_e) row_top(g.ey[0], g.ex[0], g.hz[0], g.ny, s);
  } else if (do_e && do_h) {
    row_full(g.ey[r], g.ex[r], g.hz[r], g.hz[r - 1], g.ex[r - 1], g.ey[r - 1], g.ny);
  } else if (do_e) {
    row_e(g.ey[r], g.ex[r], g.hz[r], g.hz[r - 1], g.ny);
  } else if (do_h) {
    row_h(g.hz[r - 1], g.ex[r - 1], g.ey[r - 1], g.ey[r], g.ny);
  }
}
}  // namespace


void kernel_fdtd_2d(int tmax, int nx, int ny, std::vector<std::vector<double>>& ex,
                    std::vector<std::vector<double>>& ey, std::vector<std::vector<double>>& hz,
                    std::vector<double>& _fict_) {
  if (nx < 1 || ny < 1) return;
  std::vector<double*> pex(nx), pey(nx), phz(nx);
  for (int i = 0; i < nx; ++i) pex[i] = ex[i].data(), pey[i] = ey[i].data(), phz[i] = hz[i].data();
  const Grid g{pex.data(), pey.data(), phz.data(), nx, ny};
  const double* fict = _fict_.data();
#pragma omp parallel
  {
    const int nth = omp_get_num_threads(), tid = omp_get_thread_num();
    // blocks of at least 2*kS + 2 rows, so that the triangles of two boundaries and
    // the trapezoids do not overlap
    const int nblk = std::max(1, std::min(nth, nx / (2 * kS + 2)));
    const bool mine = tid < nblk;
    const int R = int(int64_t(nx) * tid / nblk), B = int(int64_t(nx) * (tid + 1) / nblk);
    const bool top_inner = tid > 0, bottom_inner = tid + 1 < nblk;
    for (int t0 = 0; t0 < tmax; t0 += kS) {
      const int L = std::min(kS, tmax - t0);
      if (mine) {
        // phase A: sweep iteration i runs step t0+s at row i - 2s, within
        // [lo(s), hi(s)); hz[r-1] only if r-1 >= lo(s)
        for (int i = R; i < B + 2 * (L - 1); ++i)
          for (int s = 0; s < L; ++s) {
            const int r = i - 2 * s;
            const int lo = top_inner ? R + s : R;
            const int hi = bottom_inner ? B - s : B;
            if (r < lo) break;
            if (r < hi) fused_iteration(g, r, fict[t0 + s], true, r > lo);
          }
      }
#pragma omp barrier
      if (mine && bottom_inner) {
        // phase B: the triangle at the boundary B, one step after the other
        for (int s = 0; s < L; ++s)
          for (int r = B - s; r <= B + s; ++r) fused_iteration(g, r, fict[t0 + s], r < B + s, true);
      }
#pragma omp barrier
    }
  }
}
