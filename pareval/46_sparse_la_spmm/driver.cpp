#include <harness/driver.hpp>

struct COOElement {
  size_t row, column;
  double value;
};
#include "args.hpp"

// 46_sparse_la_spmm: size S gives M = S, K = S - S/4, N = S - S/3 (all different for
// S >= 4, so code that mixes up the dimensions fails). A (MxK) and X (KxN) are drawn
// alike: 12% of rows are empty, 3% are long (20..100 entries), the rest have 1..10;
// each row's columns are spread over the whole width (one per equal stratum: distinct,
// ascending), so A's entries meet empty and long rows of X. Values are uniform in
// [-1, 1). Y is poisoned (NaN) before every checked call, so code that leaves the
// entries without products unwritten fails. Lengths depend on the seed (mean ~6.5 per
// row); the capacity (7 per row + 4096) is reserved once; should a draw ever exceed
// it, the last rows are left empty (still a valid input).
struct Sparse {
  size_t rows, cols, cap;
  std::vector<COOElement> v, v0;

  Sparse(size_t r, size_t c)
      : rows(r), cols(c), cap(std::min<size_t>(r * std::min<size_t>(100, c), 7 * r + 4096)),
        v(cap), v0(cap) {}
  static size_t length(const harness::Stream* st, size_t r, size_t cols) {
    const double u = st[0].unit(r);
    size_t len;
    if (u < 0.12) len = 0;
    else if (u < 0.15) len = size_t(st[1].integer(r, 20, 100));
    else len = size_t(st[1].integer(r, 1, 10));
    return std::min(len, cols);
  }
  // Streams s..s+3 of `seed`: a row's length class, its length, its columns, its values.
  void generate(uint64_t seed, uint64_t s) {
    const harness::Stream st[] = {{seed, s}, {seed, s + 1}, {seed, s + 2}, {seed, s + 3}};
    std::vector<size_t> start(rows + 1);  // row offsets: a temporary (no scratch in an instance: driver.hpp)
    start[0] = 0;
    for (size_t r = 0; r < rows; ++r)
      start[r + 1] = start[r] + std::min(length(st, r, cols), cap - start[r]);
    const size_t nnz = start[rows];
    v.resize(nnz);  // within the reserved capacity: no reallocation
    v0.resize(nnz);
    const size_t R = rows, C = cols;
#pragma omp parallel for schedule(dynamic, 1024) if (R > 10000)
    for (size_t r = 0; r < R; ++r) {
      const size_t len = start[r + 1] - start[r];
      for (size_t j = 0; j < len; ++j) {
        const size_t lo = j * C / len, hi = (j + 1) * C / len;
        const size_t e = start[r] + j;
        const size_t col = lo + size_t(st[2].u64(e) % (hi - lo));
        v[e] = v0[e] = COOElement{r, col, st[3].uniform(e, -1.0, 1.0)};
      }
    }
  }
  size_t bytes() const { return 2 * cap * sizeof(COOElement); }
};

struct Instance {
  size_t M, K, N;
  Sparse A, X;
  std::vector<double> Y;
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : M(size), K(size - size / 4), N(size - size / 3), A(M, K), X(K, N), Y(M * N) {
    a = {&A.v, &X.v, &Y, M, K, N};
  }
  void generate(uint64_t seed) {
    A.generate(seed, 0);
    X.generate(seed, 10);
  }
  void reset(bool poison) { harness::reset_output(Y, M * N, poison, harness::kPoison); }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::intact("A", A.v, A.v0, why) && harness::intact("X", X.v, X.v0, why);
  }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("Y", e.Y, Y, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const { o.add("Y", harness::F64, Y.data(), Y.size()); }
  // inputs(): the COO entries of A and X split into rows, columns and values (buffers
  // filled there)
  std::vector<uint64_t> in_ar, in_ac, in_xr, in_xc;
  std::vector<double> in_av, in_xv;
  static void split(const std::vector<COOElement>& v, std::vector<uint64_t>& r,
                    std::vector<uint64_t>& c, std::vector<double>& val) {
    r.resize(v.size()), c.resize(v.size()), val.resize(v.size());
    for (size_t e = 0; e < v.size(); ++e) r[e] = v[e].row, c[e] = v[e].column, val[e] = v[e].value;
  }
  void inputs(harness::Outputs& o) {
    split(A.v0, in_ar, in_ac, in_av);
    split(X.v0, in_xr, in_xc, in_xv);
    o.add("A_row", harness::U64, in_ar.data(), in_ar.size());
    o.add("A_col", harness::U64, in_ac.data(), in_ac.size());
    o.add("A_val", harness::F64, in_av.data(), in_av.size());
    o.add("X_row", harness::U64, in_xr.data(), in_xr.size());
    o.add("X_col", harness::U64, in_xc.data(), in_xc.size());
    o.add("X_val", harness::F64, in_xv.data(), in_xv.size());
    o.add("M", harness::U64, &M, 1);
    o.add("K", harness::U64, &K, 1);
    o.add("N", harness::U64, &N, 1);
  }
  size_t bytes() const { return A.bytes() + X.bytes() + M * N * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
