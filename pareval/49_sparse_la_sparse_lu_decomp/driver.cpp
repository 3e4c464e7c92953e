#include <harness/driver.hpp>

struct COOElement {
  size_t row, column;
  double value;
};
#include "args.hpp"

// 49_sparse_la_sparse_lu_decomp: size S is N (A is N x N). A is a band matrix with
// scattered long-range entries, so its LU factors have fill-in (entries where A has
// none): code that only updates A's own nonzero pattern fails. Per seed: half-bandwidth
// bw in [1, 48] and band density p in [0.15, 0.8]; each row has each off-diagonal column
// within the band with probability p, and with probability q in [0, 0.04] (per seed)
// one extra column anywhere in the row. Off-diagonal values are uniform in [-1, 1); the
// diagonal is the only entry that is always present, with a random sign and magnitude
// margin * (sum of the row's off-diagonal |values|) + 0.25, margin in [1.05, 1.5]:
// strictly diagonally dominant by rows, so elimination without pivoting is stable
// (pivots stay dominant, growth is bounded) and never meets a zero pivot. Values are
// never denormal. L and U are poisoned (NaN) before every checked call. The entries of
// A are generated serially (N is at most a few thousand; ~N * bw draws).
struct Instance {
  size_t N;
  std::vector<COOElement> A, A0;
  std::vector<double> L, U;
  HarnessArgs a;

  explicit Instance(uint64_t size) : N(size), L(size * size), U(size * size) {
    A.reserve(size * 100 + 16);
    A0.reserve(size * 100 + 16);
    a = {&A, &L, &U, N};
  }
  void generate(uint64_t seed) {
    using namespace harness;
    const Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3), s4(seed, 4), s5(seed, 5);
    const size_t bw = size_t(s0.integer(0, 1, 48));
    const double p = s0.uniform(1, 0.15, 0.8);
    const double q = s0.uniform(2, 0.0, 0.04);
    const double margin = s0.uniform(3, 1.05, 1.5);
    A.clear();
    std::vector<size_t> cols;  // one row's columns: a temporary (no scratch in an instance: driver.hpp)
    for (size_t i = 0; i < N; ++i) {
      cols.clear();
      const size_t lo = i > bw ? i - bw : 0, hi = std::min(N - 1, i + bw);
      for (size_t c = lo; c <= hi; ++c)
        if (c == i || s1.unit(i * 128 + (c + bw - i)) < p) cols.push_back(c);
      if (s2.unit(i) < q) {
        const size_t c = size_t(s3.integer(i, 0, int64_t(N) - 1));
        if (c < lo || c > hi) cols.push_back(c);
      }
      std::sort(cols.begin(), cols.end());
      double rowsum = 0.0;
      size_t dpos = 0;
      for (size_t t = 0; t < cols.size(); ++t) {
        const size_t c = cols[t];
        double v = 0.0;
        if (c == i) dpos = A.size();
        else {
          v = s4.uniform(i * N + c, -1.0, 1.0);
          if (std::fabs(v) < 1e-3) v = v < 0 ? -1e-3 : 1e-3;  // no tiny values
          rowsum += std::fabs(v);
        }
        A.push_back(COOElement{i, c, v});
      }
      const double mag = margin * rowsum + 0.25;
      A[dpos].value = (s5.u64(i) & 1) ? mag : -mag;
    }
    A0.assign(A.begin(), A.end());
  }
  void reset(bool poison) {
    harness::reset_output(L, N * N, poison, harness::kPoison);
    harness::reset_output(U, N * N, poison, harness::kPoison);
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("A", A, A0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("L", e.L, L, rtol, atol, why) &&
           harness::all_close("U", e.U, U, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const {
    o.add("L", harness::F64, L.data(), L.size());
    o.add("U", harness::F64, U.data(), U.size());
  }
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
    o.add("N", harness::U64, &N, 1);
  }
  size_t bytes() const {
    return (A.capacity() + A0.capacity()) * sizeof(COOElement) + 2 * N * N * sizeof(double);
  }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
