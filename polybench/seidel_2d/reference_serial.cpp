#include <vector>

// Serial reference for seidel_2d. The sweep order is the baseline's (rows top to bottom,
// columns left to right, in place), only the arithmetic of a row is reorganised. The
// baseline's sum adds the left neighbour A[i][j-1] (this sweep's new value) as the 4th of
// 9 terms and divides by 9, so each point waits for ~6 dependent adds and a division
// (~30 cycles). Here the 8 terms that do not depend on the new left neighbour are summed
// first for the whole row, vectorised (the row above already holds this sweep's values,
// the row itself and the row below still hold the previous sweep's), scaled by 1/9, and
// the left-to-right recurrence x[j] = r[j] + x[j-1]/9 is then a single dependent FMA per
// point. Two points per FMA step (x[j+1] = (r[j+1] + r[j]/9) + x[j-1]/81) halve the
// chain again. Rounding differs from the baseline's by a few ulps per point; the
// average is a contraction, so differences stay ~1e-15 relative.
namespace {
void sweep_row(const double* __restrict up, double* __restrict row,
               const double* __restrict down, double* __restrict r, int n) {
  constexpr double c = 1.0 / 9.0, c2 = c * c;
  // r[j] = (8 terms without row[j-1]) / 9, old values of row (row[j], row[j+1]).
  for (int j = 1; j <= n - 2; ++j)
    r[j] = c * (((up[j - 1] + up[j]) + (up[j + 1] + row[j + 1])) +
                ((down[j - 1] + down[j]) + (down[j + 1] + row[j])));
  // s[j+1] = r[j+1] + c * r[j]: the pair's part that does not wait for x[j-1].
  // Then x[j] = r[j] + c * x[j-1]; x[j+1] = s[j+1] + c2 * x[j-1].
  double x = row[0];
  int j = 1;
  for (; j + 1 <= n - 2; j += 2) {
    const double s = r[j + 1] + c * r[j];
    const double xj = r[j] + c * x;
    x = s + c2 * x;
    row[j] = xj;
    row[j + 1] = x;
  }
  if (j <= n - 2) row[j] = r[j] + c * x;
}
}  // namespace

void kernel_seidel_2d(int tsteps, int n, std::vector<std::vector<double>>& A) {
  if (n < 3) return;
  std::vector<double> r(n);
  for (int t = 0; t < tsteps; t++)
    for (int i = 1; i <= n - 2; i++)
      sweep_row(A[i - 1].data(), A[i].data(), A[i + 1].data(), r.data(), n);
}
