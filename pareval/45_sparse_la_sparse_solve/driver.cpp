#include <harness/driver.hpp>

struct COOElement {
  size_t row, column;
  double value;
};
#include "args.hpp"

// 45_sparse_la_sparse_solve: size S is N (A is N x N). Row lengths vary: 12% of rows
// hold only the diagonal, 3% are long (10..40 off-diagonal entries), the rest have 1..6;
// the off-diagonal columns are spread over the whole row (one per equal stratum of the
// N-1 off-diagonal columns: distinct, ascending), so A is not banded and elimination
// fills in. The seed picks one of two kinds:
//   0: off-diagonal values uniform in [-1, 1), diagonal of random sign with magnitude
//      margin * (row's off-diagonal |sum|) + 0.25, margin in [1.02, 2];
//   1: an M-matrix: off-diagonal values in [-1, -0.05), positive diagonal
//      margin * (row sum) + 0.01, margin in [1.02, 1.2]. Here Jacobi and Gauss-Seidel
//      contract by only ~1/margin per sweep, so an iterative solver with a fixed small
//      sweep count, or a loose stopping test, fails.
// Both are strictly diagonally dominant by rows: nonsingular, condition number below
// ~1e4, no pivoting needed. b is uniform in [-1, 1). x is poisoned (NaN) before every
// checked call. A correct x is judged by its residual, not by comparison with the
// baseline's x: ||A x - b||_2 <= rtol * ||b||_2 + atol, computed here from this
// instance's A and b (checked intact after every candidate call).
struct Instance {
  size_t N;
  std::vector<COOElement> A, A0;
  std::vector<double> b, b0, x;
  HarnessArgs a;

  explicit Instance(uint64_t size) : N(size), b(size), b0(size), x(size) {
    A.reserve(size * 41 + 16);
    A0.reserve(size * 41 + 16);
    a = {&A, &b, &x, N};
  }
  static size_t length(const harness::Stream& s1, const harness::Stream& s2, size_t r, size_t N) {
    const double u = s1.unit(r);
    size_t len;
    if (u < 0.12) len = 0;
    else if (u < 0.15) len = size_t(s2.integer(r, 10, 40));
    else len = size_t(s2.integer(r, 1, 6));
    return std::min(len, N - 1);
  }
  void generate(uint64_t seed) {
    using namespace harness;
    const Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3), s4(seed, 4), s5(seed, 5), s6(seed, 6);
    const int kind = int(s0.u64(0) & 1);
    const double margin = kind == 0 ? s0.uniform(1, 1.02, 2.0)
                                    : s0.uniform(1, 1.02, 1.2);
    A.clear();
    for (size_t r = 0; r < N; ++r) {
      const size_t len = length(s1, s2, r, N), slots = N - 1;
      double rowsum = 0.0;
      size_t dpos = SIZE_MAX;
      for (size_t j = 0; j < len; ++j) {
        const size_t lo = j * slots / len, hi = (j + 1) * slots / len;
        const size_t e = r * 64 + j;
        size_t c = lo + size_t(s3.u64(e) % (hi - lo));
        if (c >= r) ++c;  // skip the diagonal
        if (c > r && dpos == SIZE_MAX) {
          dpos = A.size();
          A.push_back(COOElement{r, r, 0.0});
        }
        double v = kind == 0 ? s4.uniform(e, -1.0, 1.0)
                             : s4.uniform(e, -1.0, -0.05);
        if (std::fabs(v) < 1e-3) v = v < 0 ? -1e-3 : 1e-3;  // no tiny values
        rowsum += std::fabs(v);
        A.push_back(COOElement{r, c, v});
      }
      if (dpos == SIZE_MAX) {
        dpos = A.size();
        A.push_back(COOElement{r, r, 0.0});
      }
      if (kind == 0) {
        const double mag = margin * rowsum + 0.25;
        A[dpos].value = (s5.u64(r) & 1) ? mag : -mag;
      } else {
        A[dpos].value = margin * rowsum + 0.01;
      }
    }
    A0.assign(A.begin(), A.end());
    for (size_t i = 0; i < N; ++i) b[i] = b0[i] = s6.uniform(i, -1.0, 1.0);
  }
  void reset(bool poison) { harness::reset_output(x, N, poison, harness::kPoison); }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::intact("A", A, A0, why) && harness::intact("b", b, b0, why);
  }
  // Residual test on this instance's own A and b (the expected instance is not needed:
  // every x with a small enough residual is a correct answer).
  bool matches(const Instance&, double rtol, double atol, std::string* why) const {
    if (harness::size_mismatch("x", N, x.size(), why)) return false;
    for (size_t i = 0; i < N; ++i)
      if (!std::isfinite(x[i])) {
        if (why) *why = "x[" + std::to_string(i) + "] (of " + std::to_string(N) + ") is " + harness::fmt(x[i]);
        return false;
      }
    std::vector<double> r(b0);  // r = b - A x
    for (COOElement const& e : A0) r[e.row] -= e.value * x[e.column];
    double rr = 0.0, bb = 0.0, worst = -1.0;
    size_t wi = 0;
    for (size_t i = 0; i < N; ++i) {
      rr += r[i] * r[i];
      bb += b0[i] * b0[i];
      if (std::fabs(r[i]) > worst) worst = std::fabs(r[i]), wi = i;
    }
    const double rn = std::sqrt(rr), bn = std::sqrt(bb);
    if (rn <= rtol * bn + atol) return true;
    if (why)
      *why = "residual ||A*x - b||_2 = " + harness::fmt(rn) + " exceeds " +
             harness::fmt(rtol * bn + atol) + " (= rtol * ||b||_2 + atol); largest in row " +
             std::to_string(wi) + " (of " + std::to_string(N) + "): (A*x)[" +
             std::to_string(wi) + "] = " + harness::fmt(b0[wi] - r[wi]) + ", b = " +
             harness::fmt(b0[wi]);
    return false;
  }
  void outputs(harness::Outputs& o) const { o.add("x", harness::F64, x.data(), x.size()); }
  // inputs(): A's COO entries split into rows, columns and values (buffers filled there)
  std::vector<uint64_t> in_row, in_col;
  std::vector<double> in_val;
  void inputs(harness::Outputs& o) {
    const size_t nnz = A0.size();
    in_row.resize(nnz), in_col.resize(nnz), in_val.resize(nnz);
    for (size_t e = 0; e < nnz; ++e)
      in_row[e] = A0[e].row, in_col[e] = A0[e].column, in_val[e] = A0[e].value;
    o.add("A_row", harness::U64, in_row.data(), nnz);
    o.add("A_col", harness::U64, in_col.data(), nnz);
    o.add("A_val", harness::F64, in_val.data(), nnz);
    o.add("b", harness::F64, b0.data(), N);
    o.add("N", harness::U64, &N, 1);
  }
  size_t bytes() const {
    return (A.capacity() + A0.capacity()) * sizeof(COOElement) + 3 * N * sizeof(double);
  }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
