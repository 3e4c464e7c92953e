#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

// Serial reference for gramschmidt: modified Gram-Schmidt (each column j receives the
// projections k = 0, 1, ... in the baseline's order), computed on a column-major copy.
// The baseline walks A and Q down their columns (one row vector, hence one cache line,
// per element) with dependent add chains. Here:
//  - A is copied once into At, column-major, each column contiguous and 64-byte aligned
//    (ld = m rounded up to 8), so dot products and axpys along a column are contiguous
//    and vectorised (eight accumulators);
//  - columns are processed in panels of B = 16: the panel is factored first, then each
//    later column receives the panel's 16 projections while it sits in L1; projection k
//    and the dot product of projection k+1 share one pass over the column (Q's panel
//    columns are all known by then);
//  - A (the residual columns) and Q are copied back at the end; R is written directly.
// Dot products are regrouped, so results differ from the baseline's by rounding only.
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
  for (int i0 = 0; i0 < m; i0 += 8)  // transpose in 8-row strips
    for (int j = 0; j < n; ++j)
      for (int i = i0; i < m && i < i0 + 8; ++i) At[size_t(j) * ld + i] = A[i][j];

  for (int k0 = 0; k0 < n; k0 += B) {
    const int k1 = n < k0 + B ? n : k0 + B;
    for (int k = k0; k < k1; ++k) {  // factor the panel
      double* a = At + size_t(k) * ld;
      const double rkk = std::sqrt(dot(a, a, m));
      R[k][k] = rkk;
      double* q = Qt + size_t(k) * ld;
      for (int i = 0; i < m; ++i) q[i] = a[i] / rkk;
      for (int j = k + 1; j < k1; ++j) project(At + size_t(j) * ld, Qt, ld, m, k, k + 1, j, R);
    }
    for (int j = k1; j < n; ++j) project(At + size_t(j) * ld, Qt, ld, m, k0, k1, j, R);
  }

  for (int i0 = 0; i0 < m; i0 += 8)
    for (int j = 0; j < n; ++j)
      for (int i = i0; i < m && i < i0 + 8; ++i) {
        A[i][j] = At[size_t(j) * ld + i];
        Q[i][j] = Qt[size_t(j) * ld + i];
      }
}
