#include <harness/nested.hpp>
#include "args.hpp"

// gemver: PolyBench 4.2.1 datasets (N). Inputs follow PolyBench's closed forms, in
// floating point, with f = (i+1)/N: A[i][j] = (i*j mod N)/N, u1 = i/N (PolyBench: i,
// normalised here so every array is O(1)), u2 = f/2, v1 = f/4, v2 = f/6, y = f/8, z = f/9,
// each plus a seeded uniform term in [0, 0.5). PolyBench zeroes x and w; here they start
// with seeded values in [0, 0.5) so code that overwrites instead of accumulating fails.
// Everything is positive, so no output entry suffers cancellation.
namespace {
const int kN[] = {40, 120, 400, 2000, 4000};
using Mat = harness::Mat2<double>;
using Vec = std::vector<double>;
}  // namespace

struct Instance {
  int n;
  double alpha = 1.5, beta = 1.2;
  Mat A, A0;
  Vec u1, v1, u2, v2, w, x, y, z, u10, v10, u20, v20, w0, x0, y0, z0;
  Vec flat;
  int64_t n_in;  // n as inputs() exposes it
  harness::NestedOutputs<Mat, Vec, Vec> out{{"A", &A}, {"x", &x}, {"w", &w}};
  HarnessArgs a;

  explicit Instance(uint64_t size) {
    n = kN[size < 5 ? size : 4];
    A = harness::make2(n, n), A0 = harness::make2(n, n);
    for (Vec* v : {&u1, &v1, &u2, &v2, &w, &x, &y, &z, &u10, &v10, &u20, &v20, &w0, &x0, &y0, &z0})
      v->assign(n, 0.0);
    a = {n, alpha, beta, &A, &u1, &v1, &u2, &v2, &w, &x, &y, &z};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0);
    const double fn = n;
#pragma omp parallel for schedule(static) if (n > 1000)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        A0[i][j] = double((int64_t(i) * j) % n) / fn +
                   s0.uniform(uint64_t(i) * n + j, 0.0, 0.5);
    const harness::Stream s1to8[] = {
        {seed, 1}, {seed, 2}, {seed, 3}, {seed, 4}, {seed, 5}, {seed, 6}, {seed, 7}, {seed, 8}
    };
    for (int i = 0; i < n; ++i) {
      const double f = (i + 1) / fn;
      auto r = [&](int s) { return s1to8[s - 1].uniform(i, 0.0, 0.5); };
      u10[i] = i / fn + r(1);
      u20[i] = f / 2.0 + r(2);
      v10[i] = f / 4.0 + r(3);
      v20[i] = f / 6.0 + r(4);
      y0[i] = f / 8.0 + r(5);
      z0[i] = f / 9.0 + r(6);
      x0[i] = r(7);
      w0[i] = r(8);
    }
    reset(false);
  }
  // Every array is restored from its pristine copy (A, x and w are read and written).
  void reset(bool) {
    harness::restore(A, A0);
    harness::restore(u1, u10), harness::restore(v1, v10);
    harness::restore(u2, u20), harness::restore(v2, v20);
    harness::restore(w, w0), harness::restore(x, x0);
    harness::restore(y, y0), harness::restore(z, z0);
    a = {n, alpha, beta, &A, &u1, &v1, &u2, &v2, &w, &x, &y, &z};
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::intact("u1", u1, u10, why) && harness::intact("v1", v1, v10, why) &&
           harness::intact("u2", u2, u20, why) && harness::intact("v2", v2, v20, why) &&
           harness::intact("y", y, y0, why) && harness::intact("z", z, z0, why);
  }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::nested_close("A", e.A, A, rtol, atol, why) &&
           harness::all_close("x", e.x, x, rtol, atol, why) &&
           harness::all_close("w", e.w, w, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) { out.expose(o); }
  bool adopt(const harness::Views& v, std::string* why) { return out.adopt(v, why); }
  void inputs(harness::Outputs& o) {
    n_in = n;
    o.add("n", harness::I64, &n_in, 1);
    o.add("alpha", harness::F64, &alpha, 1);
    o.add("beta", harness::F64, &beta, 1);
    harness::flatten(A0, flat);
    o.add("A", harness::F64, flat.data(), flat.size());
    o.add("u1", harness::F64, u10.data(), n);
    o.add("v1", harness::F64, v10.data(), n);
    o.add("u2", harness::F64, u20.data(), n);
    o.add("v2", harness::F64, v20.data(), n);
    o.add("w", harness::F64, w0.data(), n);
    o.add("x", harness::F64, x0.data(), n);
    o.add("y", harness::F64, y0.data(), n);
    o.add("z", harness::F64, z0.data(), n);
  }
  size_t bytes() const { return 2 * (size_t(n) * n + 8 * size_t(n)) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
