#include <algorithm>
#include <vector>

// OpenMP reference for trisolv: blocked by 256 unknowns. For each block [k0, k1), one
// thread solves x[k0..k1) by forward substitution, using the partial sums acc[i] =
// sum_{j<k0} L[i][j] x[j] gathered so far; after a barrier, every later row i >= k1
// adds L[i][k0..k1) . x[k0..k1) to its own acc[i], rows split between threads (each acc
// entry has one writer: no race, any thread count). Two barriers per block; every row
// of L is still read once. Dot products use eight independent partial sums.
namespace {
inline double dot(const double* a, const double* x, int len) {
  double s[8] = {0};
  int j = 0;
  for (; j + 8 <= len; j += 8)
    for (int u = 0; u < 8; ++u) s[u] += a[j + u] * x[j + u];
  double t = 0.0;
  for (int u = 0; u < 8; ++u) t += s[u];
  for (; j < len; ++j) t += a[j] * x[j];
  return t;
}
}  // namespace

void kernel_trisolv(int n, std::vector<std::vector<double>>& L, std::vector<double>& x,
                    std::vector<double>& b) {
  constexpr int B = 256;
  std::vector<double> acc(n > 0 ? n : 1, 0.0);
  double* xp = x.data();
#pragma omp parallel
  for (int k0 = 0; k0 < n; k0 += B) {
    const int k1 = std::min(n, k0 + B);
#pragma omp single
    for (int i = k0; i < k1; ++i) {
      const double* li = L[i].data();
      const double t = acc[i] + dot(li + k0, xp + k0, i - k0);
      xp[i] = (b[i] - t) / li[i];
    }
#pragma omp for schedule(static)
    for (int i = k1; i < n; ++i) acc[i] += dot(L[i].data() + k0, xp + k0, k1 - k0);
  }
}
