#include <harness/driver.hpp>

struct Element {
  size_t index;
  double value;
};
#include "args.hpp"

// 48_sparse_la_sparse_axpy: size S is the length of z. The index range is cut into
// blocks of 512; in each block x and y independently draw a density from {0, 0.05,
// 0.3, 0.6, 0.95} (so there are long runs where only one list has entries, runs where
// both are dense and share most indices, and either list can hold the last index) and
// each index is present with that probability. Values of x, y and z are uniform in
// [-1, 1); alpha is drawn per seed in +-[0.5, 2] (never 0 or 1). Each list's length
// depends on the seed (mean 0.38 S, sd ~ 0.004 S at the timed size); its capacity
// (0.42 S + 4096) is reserved once; should a draw ever exceed it, the list is cut
// at the capacity (still a valid input).
struct Instance {
  static constexpr size_t kBlock = 512;
  size_t n, nb, cap;
  std::vector<Element> x, x0, y, y0;
  std::vector<double> z, z0;
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : n(size), nb((size + kBlock - 1) / kBlock),
        cap(std::min<size_t>(size, size / 100 * 42 + 4096)),
        x(cap), x0(cap), y(cap), y0(cap), z(size), z0(size) {
    a = {0.0, &x, &y, &z};
  }
  static double density(const harness::Stream& blocks, size_t b) {
    static const double d[5] = {0.0, 0.05, 0.3, 0.6, 0.95};
    return d[blocks.u64(b) % 5];
  }
  // Fills list v (streams s..s+2) block by block; c receives the block offsets.
  void fill(std::vector<Element>& v, std::vector<Element>& v0, std::vector<size_t>& c,
            uint64_t seed, uint64_t s) {
    const harness::Stream st[] = {{seed, s}, {seed, s + 1}, {seed, s + 2}};
    const size_t N = n, NB = nb;
#pragma omp parallel for schedule(dynamic, 64) if (N > 100000)
    for (size_t b = 0; b < NB; ++b) {
      const double d = density(st[0], b);
      size_t k = 0;
      for (size_t i = b * kBlock; i < std::min(N, (b + 1) * kBlock); ++i)
        k += st[1].unit(i) < d;
      c[b + 1] = k;
    }
    c[0] = 0;
    for (size_t b = 0; b < NB; ++b) c[b + 1] = std::min(cap, c[b] + c[b + 1]);
    v.resize(c[NB]);  // within the reserved capacity: no reallocation
    v0.resize(c[NB]);
#pragma omp parallel for schedule(dynamic, 64) if (N > 100000)
    for (size_t b = 0; b < NB; ++b) {
      const double d = density(st[0], b);
      size_t e = c[b];
      for (size_t i = b * kBlock; i < std::min(N, (b + 1) * kBlock) && e < c[b + 1]; ++i)
        if (st[1].unit(i) < d)
          v[e] = v0[e] = Element{i, st[2].uniform(i, -1.0, 1.0)}, ++e;
    }
  }
  void generate(uint64_t seed) {
    const harness::Stream s20(seed, 20), s21(seed, 21);
    // per-block counts, then offsets: temporaries (no scratch in an instance: driver.hpp)
    std::vector<size_t> cx(nb + 1), cy(nb + 1);
    fill(x, x0, cx, seed, 0);
    fill(y, y0, cy, seed, 10);
    const size_t N = n;
#pragma omp parallel for schedule(static) if (N > 100000)
    for (size_t i = 0; i < N; ++i) z[i] = z0[i] = s20.uniform(i, -1.0, 1.0);
    const double mag = s21.uniform(0, 0.5, 2.0);
    a.alpha = (s21.u64(1) & 1) ? mag : -mag;
  }
  // z is both input and output: it is restored from its pristine copy (never poisoned).
  void reset(bool) {
    if (z.size() == z0.size())
      std::copy(z0.begin(), z0.end(), z.begin());
    else
      z = z0;
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::intact("x", x, x0, why) && harness::intact("y", y, y0, why);
  }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("z", e.z, z, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) const { o.add("z", harness::F64, z.data(), z.size()); }
  // inputs(): the (index, value) pairs of x and y split into indices and values
  // (buffers filled there)
  std::vector<uint64_t> in_xi, in_yi;
  std::vector<double> in_xv, in_yv;
  void inputs(harness::Outputs& o) {
    in_xi.resize(x0.size()), in_xv.resize(x0.size());
    for (size_t e = 0; e < x0.size(); ++e) in_xi[e] = x0[e].index, in_xv[e] = x0[e].value;
    in_yi.resize(y0.size()), in_yv.resize(y0.size());
    for (size_t e = 0; e < y0.size(); ++e) in_yi[e] = y0[e].index, in_yv[e] = y0[e].value;
    o.add("alpha", harness::F64, &a.alpha, 1);
    o.add("x_index", harness::U64, in_xi.data(), in_xi.size());
    o.add("x_value", harness::F64, in_xv.data(), in_xv.size());
    o.add("y_index", harness::U64, in_yi.data(), in_yi.size());
    o.add("y_value", harness::F64, in_yv.data(), in_yv.size());
    o.add("z", harness::F64, z0.data(), n);
  }
  size_t bytes() const {
    return 4 * cap * sizeof(Element) + 2 * n * sizeof(double);
  }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
