#include <harness/driver.hpp>
#include "args.hpp"

// polybench/atax: the dataset index picks PolyBench 4.2.1's M, N. Inputs follow
// PolyBench's closed-form patterns (A: ((i+j) mod n)/(5m), x: 1 + i/n), computed in
// floating point, plus a seeded uniform perturbation. y and tmp are pure outputs
// (poisoned when asked); A and x are inputs only.
namespace {
using Mat = std::vector<std::vector<double>>;

Mat make(size_t r, size_t c) { return Mat(r, std::vector<double>(c, 0.0)); }

void restore(Mat& dst, const Mat& src) {
  if (dst.size() != src.size()) dst.resize(src.size());
  for (size_t i = 0; i < src.size(); ++i) {
    if (dst[i].size() != src[i].size())
      dst[i] = src[i];
    else
      std::copy(src[i].begin(), src[i].end(), dst[i].begin());
  }
}

void poison_fill(Mat& m, size_t r, size_t c, bool poison) {
  if (m.size() != r) m.resize(r);
  for (auto& row : m) harness::reset_output(row, c, poison, harness::kPoison);
}

bool same_shape(const char* name, const Mat& e, const Mat& g, std::string* why) {
  if (harness::size_mismatch(name, e.size(), g.size(), why)) return false;
  for (size_t i = 0; i < e.size(); ++i)
    if (e[i].size() != g[i].size()) {
      if (why)
        *why = std::string(name) + "[" + std::to_string(i) + "]: has " +
               std::to_string(g[i].size()) + " elements, expected " + std::to_string(e[i].size());
      return false;
    }
  return true;
}

bool mat_close(const char* name, const Mat& e, const Mat& g, double rtol, double atol,
               std::string* why) {
  if (!same_shape(name, e, g, why)) return false;
  for (size_t i = 0; i < e.size(); ++i)
    for (size_t j = 0; j < e[i].size(); ++j)
      if (!harness::close(e[i][j], g[i][j], rtol, atol)) {
        if (why)
          *why = std::string(name) + "[" + std::to_string(i) + "][" + std::to_string(j) +
                 "]: expected " + harness::fmt(e[i][j]) + ", got " + harness::fmt(g[i][j]);
        return false;
      }
  return true;
}

bool mat_intact(const char* name, const Mat& now, const Mat& pristine, std::string* why) {
  bool ok = now.size() == pristine.size();
  for (size_t i = 0; ok && i < now.size(); ++i)
    ok = now[i].size() == pristine[i].size() &&
         (now[i].empty() ||
          std::memcmp(now[i].data(), pristine[i].data(), now[i].size() * sizeof(double)) == 0);
  if (!ok && why) *why = std::string("the candidate modified its const input '") + name + "'";
  return ok;
}

void flatten(const Mat& m, std::vector<double>& out) {
  out.clear();
  for (const auto& row : m) out.insert(out.end(), row.begin(), row.end());
}

// PolyBench-style pattern (a mod n)/n plus a seeded perturbation in [-0.25, 0.25).
struct Dims { int m, n; };
constexpr Dims kDatasets[5] = {{38, 42}, {116, 124}, {390, 410}, {1900, 2100}, {1800, 2200}};
}  // namespace

struct Instance {
  Dims d;
  Mat A, A0;
  std::vector<double> x, x0, y, tmp, flat_A;
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : d(kDatasets[size < 5 ? size : 4]), A(make(d.m, d.n)), A0(make(d.m, d.n)),
        x(d.n), x0(d.n), y(d.n), tmp(d.m) {
    a = {d.m, d.n, &A, &x, &y, &tmp};
  }
  void generate(uint64_t seed) {
    const int m = d.m, n = d.n;
#pragma omp parallel for schedule(static) if (size_t(m) * n > 100000)
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j)
        A[i][j] = A0[i][j] = double((i + j) % n) / (5.0 * m) +
                             harness::rand_uniform(seed, 0, size_t(i) * n + j, -0.05, 0.05);
    for (int j = 0; j < n; ++j)
      x[j] = x0[j] = 1.0 + double(j) / n + harness::rand_uniform(seed, 1, j, -0.5, 0.5);
  }
  void reset(bool poison) {
    harness::reset_output(y, d.n, poison, harness::kPoison);
    harness::reset_output(tmp, d.m, poison, harness::kPoison);
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return mat_intact("A", A, A0, why) && harness::intact("x", x, x0, why);
  }
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("tmp", e.tmp, tmp, rtol, atol, why) &&
           harness::all_close("y", e.y, y, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) {
    o.add("y", harness::F64, y.data(), y.size());
    o.add("tmp", harness::F64, tmp.data(), tmp.size());
  }
  void inputs(harness::Outputs& o) {
    flatten(A0, flat_A);
    o.add("A", harness::F64, flat_A.data(), flat_A.size());
    o.add("x", harness::F64, x0.data(), x0.size());
  }
  size_t bytes() const {
    return (2 * size_t(d.m) * d.n + 3 * size_t(d.n) + d.m) * sizeof(double);
  }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
