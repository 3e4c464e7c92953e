#include <harness/driver.hpp>

struct COOElement {
  size_t row, column;
  double value;
};
#include "args.hpp"

// 47_sparse_la_spmv: size S gives M = S rows and N = S - S/4 columns (M != N, so code
// that mixes them up fails). Row lengths vary: 12% of rows are empty (beta*y must still
// be applied to them), 3% are long (20..200 entries), the rest have 1..15 entries; each
// row's columns are spread over [0, N) (one per equal stratum: distinct, ascending).
// Entries, x and y are uniform in [-1, 1); alpha and beta are drawn per seed in
// [-2, 2] and [-1.5, 1.5]. A's length depends on the seed (mean 10.1 per row, sd ~20 per
// row); its capacity (10.25 per row + 4096) is reserved once; should a draw ever exceed
// it, the last rows are left empty (still a valid input).
struct Instance {
  size_t M, N, cap;
  std::vector<COOElement> A, A0;
  std::vector<double> x, x0, y, y0;
  HarnessArgs a;

  static size_t length(const harness::Stream& s1, const harness::Stream& s2, size_t r, size_t N) {
    const double u = s1.unit(r);
    size_t len;
    if (u < 0.12) len = 0;
    else if (u < 0.15) len = size_t(s2.integer(r, 20, 200));
    else len = size_t(s2.integer(r, 1, 15));
    return std::min(len, N);
  }
  explicit Instance(uint64_t size)
      : M(size), N(size - size / 4),
        cap(std::min<size_t>(M * std::min<size_t>(200, N), 41 * M / 4 + 4096)),
        x(N), x0(N), y(M), y0(M) {
    A.resize(cap);
    A0.resize(cap);
    a = {0.0, &A, &x, 0.0, &y, M, N};
  }
  void generate(uint64_t seed) {
    const harness::Stream s1(seed, 1), s2(seed, 2), s3(seed, 3), s4(seed, 4), s5(seed, 5), s6(seed, 6), s7(seed, 7);
    std::vector<size_t> start(M + 1);  // row offsets: a temporary (no scratch in an instance: driver.hpp)
    start[0] = 0;
    for (size_t r = 0; r < M; ++r) {
      const size_t len = std::min(length(s1, s2, r, N), cap - start[r]);  // cap: never hit in practice
      start[r + 1] = start[r] + len;
    }
    const size_t nnz = start[M];
    A.resize(nnz);  // within the reserved capacity: no reallocation
    A0.resize(nnz);
#pragma omp parallel for schedule(dynamic, 1024) if (M > 10000)
    for (size_t r = 0; r < M; ++r) {
      const size_t len = start[r + 1] - start[r];
      for (size_t j = 0; j < len; ++j) {
        const size_t lo = j * N / len, hi = (j + 1) * N / len;
        const size_t e = start[r] + j;
        const size_t col = lo + size_t(harness::below(s3.u64(e), hi - lo));
        A[e] = A0[e] = COOElement{r, col, s4.uniform(e, -1.0, 1.0)};
      }
    }
#pragma omp parallel for schedule(static) if (N > 100000)
    for (size_t i = 0; i < N; ++i) x[i] = x0[i] = s5.uniform(i, -1.0, 1.0);
#pragma omp parallel for schedule(static) if (M > 100000)
    for (size_t i = 0; i < M; ++i) y[i] = y0[i] = s6.uniform(i, -1.0, 1.0);
    a.alpha = s7.uniform(0, -2.0, 2.0);
    a.beta = s7.uniform(1, -1.5, 1.5);
  }
  void copy_inputs(const Instance& src) {
    harness::copy_into(A, src.A0);  // within the reserved capacity: no reallocation
    harness::copy_into(A0, src.A0);
    harness::copy_into(x, src.x0);
    harness::copy_into(x0, src.x0);
    harness::copy_into(y, src.y0);
    harness::copy_into(y0, src.y0);
    a.alpha = src.a.alpha;
    a.beta = src.a.beta;
  }
  // y is both input and output: it is restored from its pristine copy (never poisoned).
  void reset(bool) {
    if (y.size() == y0.size())
      std::copy(y0.begin(), y0.end(), y.begin());
    else
      y = y0;
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::intact("A", A, A0, why) && harness::intact("x", x, x0, why);
  }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("y", e.y, y, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const { o.add("y", harness::F64, y.data(), y.size()); }
  // inputs(): A's COO entries split into rows, columns and values (buffers filled there)
  std::vector<uint64_t> in_row, in_col;
  std::vector<double> in_val;
  void inputs(harness::Outputs& o) {
    const size_t nnz = A0.size();
    in_row.resize(nnz), in_col.resize(nnz), in_val.resize(nnz);
    for (size_t e = 0; e < nnz; ++e)
      in_row[e] = A0[e].row, in_col[e] = A0[e].column, in_val[e] = A0[e].value;
    o.add("alpha", harness::F64, &a.alpha, 1);
    o.add("A_row", harness::U64, in_row.data(), nnz);
    o.add("A_col", harness::U64, in_col.data(), nnz);
    o.add("A_val", harness::F64, in_val.data(), nnz);
    o.add("x", harness::F64, x0.data(), N);
    o.add("beta", harness::F64, &a.beta, 1);
    o.add("y", harness::F64, y0.data(), M);
    o.add("M", harness::U64, &M, 1);
    o.add("N", harness::U64, &N, 1);
  }
  size_t bytes() const {
    return 2 * cap * sizeof(COOElement) + 2 * (N + M) * sizeof(double);
  }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
