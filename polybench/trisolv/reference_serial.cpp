#include <vector>

// Serial reference for trisolv: the same forward substitution, but each dot product
// L[i][0..i) . x[0..i) uses eight independent partial sums (the baseline accumulates
// into x[i] in memory, one dependent add chain), so it vectorizes and runs at the speed
// of streaming the lower triangle of L.
void kernel_trisolv(int n, std::vector<std::vector<double>>& L, std::vector<double>& x,
                    std::vector<double>& b) {
  double* xp = x.data();
  for (int i = 0; i < n; ++i) {
    const double* li = L[i].data();
    double s[8] = {0};
    int j = 0;
    for (; j + 8 <= i; j += 8)
      for (int u = 0; u < 8; ++u) s[u] += li[j + u] * xp[j + u];
    double t = 0.0;
    for (int u = 0; u < 8; ++u) t += s[u];
    for (; j < i; ++j) t += li[j] * xp[j];
    xp[i] = (b[i] - t) / li[i];
  }
}
