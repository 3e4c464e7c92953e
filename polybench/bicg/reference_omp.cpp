#include <vector>
#include <omp.h>

// OpenMP reference for bicg: the rows of A are split between threads (static schedule,
// two rows at a time). q[i] belongs to one row, so each thread writes its own entries;
// s = A^T r sums over all rows, so each thread accumulates into a private copy of s and
// the copies are summed at the end (a reduction: no shared writes, any thread count).
// Dot products use eight independent partial sums so they vectorize.
void kernel_bicg(int m, int n, std::vector<std::vector<double>>& A, std::vector<double>& s,
                 std::vector<double>& q, std::vector<double>& p, std::vector<double>& r) {
  const int maxt = omp_get_max_threads();
  std::vector<double> spriv(size_t(maxt) * m);
  const double* pp = p.data();
  const int pairs = (n + 1) / 2;
#pragma omp parallel
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    double* sl = spriv.data() + size_t(t) * m;
    for (int j = 0; j < m; ++j) sl[j] = 0.0;
#pragma omp for schedule(static)
    for (int pr = 0; pr < pairs; ++pr) {
      const int i = 2 * pr;
      const double* a0 = A[i].data();
      const double* a1 = (i + 1 < n) ? A[i + 1].data() : nullptr;
      const double r0 = r[i], r1 = a1 ? r[i + 1] : 0.0;
      double q0[8] = {0}, q1[8] = {0};
      int j = 0;
      if (a1) {
        for (; j + 8 <= m; j += 8)
          for (int u = 0; u < 8; ++u) {
            const double x0 = a0[j + u], x1 = a1[j + u];
            sl[j + u] += r0 * x0 + r1 * x1;
            q0[u] += x0 * pp[j + u];
            q1[u] += x1 * pp[j + u];
          }
      }
      double t0 = 0.0, t1 = 0.0;
      for (int u = 0; u < 8; ++u) {
        t0 += q0[u];
        t1 += q1[u];
      }
      for (; j < m; ++j) {
        sl[j] += r0 * a0[j] + (a1 ? r1 * a1[j] : 0.0);
        t0 += a0[j] * pp[j];
        if (a1) t1 += a1[j] * pp[j];
      }
      q[i] = t0;
      if (a1) q[i + 1] = t1;
    }
#pragma omp for schedule(static)
    for (int j = 0; j < m; ++j) {
      double acc = 0.0;
      for (int u = 0; u < nt; ++u) acc += spriv[size_t(u) * m + j];
      s[j] = acc;
    }
  }
}
