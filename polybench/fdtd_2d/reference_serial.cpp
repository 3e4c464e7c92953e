#include <algorithm>
#include <vector>

// Serial reference for fdtd_2d: fused rows plus temporal blocking. In step t, ey and ex
// row i need the old hz rows i-1 and i, and hz row i-1 needs the new ex row i-1 and the
// new ey rows i-1 and i. So one "fused iteration" at row i updates ey[i] and ex[i] and
// then hz[i-1], in a single loop over j that loads each value once (the old hz[i-1][j]
// serves both ey[i][j] and hz[i-1][j]; the new ey[i][j] stays in a register for
// hz[i-1][j]). Temporal blocking: kS consecutive steps run in one sweep down the rows,
// step t0+s lagging 2 rows behind step t0+s-1 (it needs the hz rows i-1, i of the
// previous step, final once that step's iteration i+1 has run, and must not overwrite
// the rows that step still reads). The ~2*kS+2 rows in flight stay in L2, so the grid
// is streamed from memory once per kS steps instead of three times per step. The
// arithmetic of every entry is the baseline's (same expressions, same order).
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

// The fused iteration at row r of one step with source value s.
inline void fused_iteration(const Grid& g, int r, double s) {
  if (r == 0)
    row_top(g.ey[0], g.ex[0], g.hz[0], g.ny, s);
  else
    row_full(g.ey[r], g.ex[r], g.hz[r], g.hz[r - 1], g.ex[r - 1], g.ey[r - 1], g.ny);
}
}  // namespace

void kernel_fdtd_2d(int tmax, int nx, int ny, std::vector<std::vector<double>>& ex,
                    std::vector<std::vector<double>>& ey, std::vector<std::vector<double>>& hz,
                    std::vector<double>& _fict_) {
  if (nx < 1 || ny < 1) return;
  std::vector<double*> pex(nx), pey(nx), phz(nx);
  for (int i = 0; i < nx; ++i) pex[i] = ex[i].data(), pey[i] = ey[i].data(), phz[i] = hz[i].data();
  const Grid g{pex.data(), pey.data(), phz.data(), nx, ny};
  for (int t0 = 0; t0 < tmax; t0 += kS) {
    const int L = std::min(kS, tmax - t0);
    // sweep iteration i: step t0+s runs its fused iteration at row i - 2s
    for (int i = 0; i < nx + 2 * (L - 1); ++i)
      for (int s = 0; s < L; ++s) {
        const int r = i - 2 * s;
        if (r < 0) break;
        if (r < nx) fused_iteration(g, r, _fict_[t0 + s]);
      }
  }
}
