#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

struct COOElement {
  size_t row, column;
  double value;
};

// Dense Gaussian elimination with partial pivoting: the fallback for a matrix on which
// the iteration below does not converge (never the case for a strictly diagonally
// dominant A, which the task guarantees).
static void dense_solve(std::vector<COOElement> const& A, std::vector<double> const& b,
                        std::vector<double>& x, size_t N) {
  std::vector<double> M(N * N, 0.0), r(b.begin(), b.end());
  for (COOElement const& e : A) M[e.row * N + e.column] = e.value;
  for (size_t k = 0; k < N; ++k) {
    size_t p = k;
    for (size_t i = k + 1; i < N; ++i)
      if (std::fabs(M[i * N + k]) > std::fabs(M[p * N + k])) p = i;
    if (p != k) {
      for (size_t j = k; j < N; ++j) std::swap(M[k * N + j], M[p * N + j]);
      std::swap(r[k], r[p]);
    }
    const double* mk = &M[k * N];
    for (size_t i = k + 1; i < N; ++i) {
      double* mi = &M[i * N];
      const double f = mi[k] / mk[k];
      if (f == 0.0) continue;
      for (size_t j = k + 1; j < N; ++j) mi[j] -= f * mk[j];
      r[i] -= f * r[k];
    }
  }
  for (size_t i = N; i-- > 0;) {
    double s = r[i];
    for (size_t j = i + 1; j < N; ++j) s -= M[i * N + j] * x[j];
    x[i] = s / M[i * N + i];
  }
}

// Serial reference: Gauss-Seidel on the sparse matrix. A strictly diagonally dominant
// A (by rows) makes the sweep a contraction in the max norm, so it converges from any
// start; each sweep costs O(nnz) instead of the baseline's O(N^3) dense elimination.
// The off-diagonal entries go to compressed rows (A is sorted by row, so this is one
// pass) and the diagonal to its own array. Every 4 sweeps the true residual b - A x is
// computed and the iteration stops once ||b - A x||_2 <= 1e-13 ||b||_2 (1000x below the
// acceptance threshold). If that has not happened after 50000 sweeps, the dense
// fallback solves the system.
void solveLinearSystem(std::vector<COOElement> const& A, std::vector<double> const& b,
                       std::vector<double>& x, size_t N) {
  x.resize(N);
  if (N == 0) return;
  std::vector<size_t> start(N + 1, 0), col;
  std::vector<double> val, diag(N, 0.0);
  col.reserve(A.size());
  val.reserve(A.size());
  for (COOElement const& e : A) {
    if (e.row == e.column) {
      diag[e.row] = e.value;
    } else {
      col.push_back(e.column);
      val.push_back(e.value);
      ++start[e.row + 1];
    }
  }
  for (size_t i = 0; i < N; ++i) start[i + 1] += start[i];
  double bb = 0.0;
  for (size_t i = 0; i < N; ++i) {
    bb += b[i] * b[i];
    x[i] = diag[i] != 0.0 ? b[i] / diag[i] : 0.0;
  }
  const double tol2 = 1e-26 * bb;
  double* xv = x.data();
  for (int sweep = 1; sweep <= 50000; ++sweep) {
    for (size_t i = 0; i < N; ++i) {
      double s = b[i];
      for (size_t t = start[i]; t < start[i + 1]; ++t) s -= val[t] * xv[col[t]];
      xv[i] = s / diag[i];
    }
    if (sweep % 4 == 0) {
      double rr = 0.0;
      for (size_t i = 0; i < N; ++i) {
        double s = b[i] - diag[i] * xv[i];
        for (size_t t = start[i]; t < start[i + 1]; ++t) s -= val[t] * xv[col[t]];
        rr += s * s;
      }
      if (rr <= tol2) return;
      if (!std::isfinite(rr)) break;
    }
  }
  dense_solve(A, b, x, N);
}
