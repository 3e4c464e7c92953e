#include <omp.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

// OpenMP reference for gramschmidt: modified Gram-Schmidt (each column j receives the
// projections k = 0, 1, ... in the baseline's order) on a column-major copy, as in the
// serial reference: A is copied into At with every column contiguous and 64-byte aligned
// (so each column belongs to one thread and no cache line is written by two threads),
// columns are processed in panels of B = 16, and A, Q are copied back at the end.
// Per panel: one thread factors the panel's 16 columns; after the barrier, the later
// columns are independent and split between the threads in contiguous ranges, each
// column receiving the panel's 16 projections while it sits in L1 (projection k and the
// dot product of k+1 in one pass). Two barriers per panel (13 at MEDIUM); the copies in
// and out are split between the threads too (by columns of At, rows of A).

namespace {
constexpr int B = 16;

double dot(const double* a, const double* b, int m) {
  double acc[8] = {};
  int i = 0;
  for (; i + 8 <= m; i += 8)
    for (int l = 0; l < 8; ++l) acc[l] += a[i + l] * b[i + l];
  double s = 0.0;
  for (; i < m; ++i) s += a[i] * b[i];
  for (int l = 0; l < 8; ++l) s += acc[l];
  return s;
}

// Applies the projections q[k0..k1) (columns of Qt) to column a, in order, writing
// R[k][j]: a -= (q_k . a) q_k, with q_{k+1} . a accumulated in the same pass.
void project(double* a, const double* Qt, size_t ld, int m, int k0, int k1, int j,
             std::vector<std::vector<double>>& R) {
  double r = dot(Qt + size_t(k0) * ld, a, m);
  for (int k = k0; k < k1; ++k) {
    R[k][j] = r;
    const double* q = Qt + size_t(k) * ld;
    if (k + 1 < k1) {
      const double* qn = q + ld;
      double acc[8] = {};
      int i = 0;
      for (; i + 8 <= m; i += 8)
        for (int l = 0; l < 8; ++l) {
          const double v = a[i + l] - r * q[i + l];
          a[i + l] = v;
          acc[l] += qn[i + l] * v;
        }
      double s = 0.0;
      for (; i < m; ++i) {
        a[i] -= r * q[i];
        s += qn[i] * a[i];
      }
      for (int l = 0; l < 8; ++l) s += acc[l];
      r = s;
    } else {
      for (int i = 0; i < m; ++i) a[i] -= r * q[i];
    }
  }
}

double* align64(std::vector<double>& buf) {
  const uintptr_t p = reinterpret_cast<uintptr_t>(buf.data());
  return buf.data() + ((64 - p % 64) % 64) / sizeof(double);
}
}  // namespace

void kernel_gramschmidt(int m, int n, std::vector<std::vector<double>>& A,
                        std::vector<std::vector<double>>& R,
                        std::vector<std::vector<double>>& Q) {
  const size_t ld = (size_t(m) + 7) / 8 * 8;
  std::vector<double> bufA(size_t(n) * ld + 8), bufQ(size_t(n) * ld + 8);
  double* At = align64(bufA);
  double* Qt = align64(bufQ);
#pragma omp parallel
  {
    const int t = omp_get_thread_num(), T = omp_get_num_threads();
    {  // transpose in: this thread's columns of At, 8-row strips
      const int j0 = int(int64_t(n) * t / T), j1 = int(int64_t(n) * (t + 1) / T);
      for (int i0 = 0; i0 < m; i0 += 8)
        for (int j = j0; j < j1; ++j)
          for (int i = i0; i < m && i < i0 + 8; ++i) At[size_t(j) * ld + i] = A[i][j];
    }
#pragma omp barrier
    for (int k0 = 0; k0 < n; k0 += B) {
      const int k1 = n < k0 + B ? n : k0 + B;
#pragma omp single
      for (int k = k0; k < k1; ++k) {  // factor the panel
        double* a = At + size_t(k) * ld;
        const double rkk = std::sqrt(dot(a, a, m));
        R[k][k] = rkk;
        double* q = Qt + size_t(k) * ld;
        for (int i = 0; i < m; ++i) q[i] = a[i] / rkk;
        for (int j = k + 1; j < k1; ++j) project(At + size_t(j) * ld, Qt, ld, m, k, k + 1, j, R);
      }  // implicit barrier: the panel's Q columns are ready
      const int rest = n - k1;
      const int j0 = k1 + int(int64_t(rest) * t / T), j1 = k1 + int(int64_t(rest) * (t + 1) / T);
      for (int j = j0; j < j1; ++j) project(At + size_t(j) * ld, Qt, ld, m, k0, k1, j, R);
#pragma omp barrier
    }
    // transpose out: this thread's rows of A and Q
    const int i0 = int(int64_t(m) * t / T), i1 = int(int64_t(m) * (t + 1) / T);
    for (int ib = i0; ib < i1; ib += 8)
      for (int j = 0; j < n; ++j)
        for (int i = ib; i < i1 && i < ib + 8; ++i) {
          A[i][j] = At[size_t(j) * ld + i];
          Q[i][j] = Qt[size_t(j) * ld + i];
        }
  }
}
