#include <omp.h>
#include <cstddef>
#include <cstring>
#include <vector>

struct COOElement {
  size_t row, column;
  double value;
};

// OpenMP reference: the serial reference's zero-skipping row-oriented (IKJ) elimination
// (see reference_serial.cpp). Row i needs the finished rows of U above it, so the
// elimination runs in row order on one thread; it is cheap (flops on nonzeros only).
// The O(N^2) part, writing the zeros of the two dense N x N outputs, is split by rows
// between the threads. Correct for any thread count.
void luFactorize(std::vector<COOElement> const& A, std::vector<double>& L,
                 std::vector<double>& U, size_t N) {
  L.resize(N * N);
  U.resize(N * N);
  if (N == 0) return;
  double* l = L.data();
  double* u = U.data();
  const long long rows = (long long)N;
#pragma omp parallel for schedule(static) if (N * N > 100000)
  for (long long r = 0; r < rows; ++r) {
    std::memset(l + size_t(r) * N, 0, N * sizeof(double));
    std::memset(u + size_t(r) * N, 0, N * sizeof(double));
  }
  std::vector<double> w(N, 0.0), diag(N);
  std::vector<size_t> ustart(N + 1, 0), ucol, urowmax(N);
  std::vector<double> uval;
  ucol.reserve(8 * N);
  uval.reserve(8 * N);
  const COOElement* a = A.data();
  const size_t nnz = A.size();
  size_t e = 0;
  for (size_t i = 0; i < N; ++i) {
    size_t lo = i, hi = i;  // columns of w that may be nonzero: [lo, hi]
    for (; e < nnz && a[e].row == i; ++e) {
      const size_t c = a[e].column;
      w[c] = a[e].value;
      if (c < lo) lo = c;
      if (c > hi) hi = c;
    }
    for (size_t k = lo; k < i; ++k) {
      const double wk = w[k];
      if (wk == 0.0) continue;
      const double m = wk / diag[k];
      w[k] = m;
      l[i * N + k] = m;
      const size_t* cols = ucol.data() + ustart[k];
      const double* vals = uval.data() + ustart[k];
      const size_t len = ustart[k + 1] - ustart[k];
      for (size_t t = 0; t < len; ++t) w[cols[t]] -= m * vals[t];
      if (urowmax[k] > hi) hi = urowmax[k];
    }
    l[i * N + i] = 1.0;
    diag[i] = w[i];
    u[i * N + i] = w[i];
    for (size_t k = lo; k <= i; ++k) w[k] = 0.0;
    size_t rmax = i;
    for (size_t j = i + 1; j <= hi && j < N; ++j) {
      const double v = w[j];
      if (v != 0.0) {
        u[i * N + j] = v;
        ucol.push_back(j);
        uval.push_back(v);
        rmax = j;
        w[j] = 0.0;
      }
    }
    urowmax[i] = rmax;
    ustart[i + 1] = ucol.size();
  }
}
