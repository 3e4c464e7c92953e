#include <algorithm>
#include <vector>

// Serial reference for adi. The Thomas-algorithm multipliers p[.][j] do not depend on the
// data (nor on the row or column): they and the reciprocals of the pivots are computed
// once per call, so the sweeps need no division and no p chain. Column sweep: all
// interior columns i are eliminated together, row j of the grid at a time, so every
// access (u[j][i-1..i+1], v[j-1][i], v[j][i]) runs along a row and vectorizes; v itself
// holds the eliminated right-hand sides until the back substitution overwrites them.
// Its p and q values are overwritten by the row sweep of the same step, so it never
// stores them. Row sweep: the right-hand sides of a row are formed vectorized, then the
// two first-order recurrences along the row (forward elimination, back substitution)
// run for kR rows at once, so kR independent dependency chains overlap. p is written in
// the last step only (its values are the same in every step). Multiplying by a
// precomputed reciprocal instead of dividing changes results by a few ulps.
namespace {
constexpr int kR = 8;  // rows per row-sweep block
using Mat = std::vector<std::vector<double>>;

void row_block(int n, int i0, int m, const Mat& v, Mat& u, Mat& q, const double* pr,
               const double* rr, const double* g, double ca, double cb, double cc) {
  // right-hand sides, already divided by the pivot: q[i][j] <- rhs * rr[j]
  for (int r = 0; r < m; ++r) {
    const int i = i0 + r;
    const double* __restrict vm = v[i - 1].data();
    const double* __restrict v0 = v[i].data();
    const double* __restrict vp = v[i + 1].data();
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

  for (int t = 1; t <= tsteps; ++t) {
    // column sweep, vectorized over the interior columns i = 1 .. n-2
    {
      double* __restrict v0 = v[0].data();
      for (int i = 1; i < n - 1; ++i) v0[i] = 1.0;
    }
    for (int j = 1; j < n - 1; ++j) {
      const double* __restrict uj = u[j].data();
      const double* __restrict vprev = v[j - 1].data();
      double* __restrict vj = v[j].data();
      const double r = rc[j];
      for (int i = 1; i < n - 1; ++i)
        vj[i] = (cu_l * uj[i - 1] + cu_c * uj[i] + cu_r * uj[i + 1] + cq * vprev[i]) * r;
    }
    {
      double* __restrict vl = v[n - 1].data();
      for (int i = 1; i < n - 1; ++i) vl[i] = 1.0;
    }
    for (int j = n - 2; j >= 1; --j) {
      const double* __restrict vnext = v[j + 1].data();
      double* __restrict vj = v[j].data();
      const double pj = pc[j];
      for (int i = 1; i < n - 1; ++i) vj[i] = pj * vnext[i] + vj[i];
    }
    // row sweep, kR rows at a time
    for (int i0 = 1; i0 < n - 1; i0 += kR)
      row_block(n, i0, std::min(kR, n - 1 - i0), v, u, q, pr.data(), rr.data(), g.data(),
                cv_u, cv_c, cv_d);
  }
  if (tsteps >= 1)
    for (int i = 1; i < n - 1; ++i) std::copy(pr.begin(), pr.end() - 1, p[i].begin());
}
