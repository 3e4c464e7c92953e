#include <harness/driver.hpp>
#include "args.hpp"

// polybench/bicg: the dataset index picks PolyBench 4.2.1's M, N (A is N x M). Inputs
// follow PolyBench's closed-form patterns (A: (i*(j+1) mod n)/n, p: (i mod m)/m,
// r: (i mod n)/n), computed in floating point, plus a seeded uniform perturbation.
// s and q are pure outputs (poisoned when asked); A, p and r are inputs only.
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
  std::vector<double> s, q, p, p0, r, r0, flat_A;
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : d(kDatasets[size < 5 ? size : 4]), A(make(d.n, d.m)), A0(make(d.n, d.m)),
        s(d.m), q(d.n), p(d.m), p0(d.m), r(d.n), r0(d.n) {
    a = {d.m, d.n, &A, &s, &q, &p, &r};
  }
  void generate(uint64_t seed) {
    const int m = d.m, n = d.n;
#pragma omp parallel for schedule(static) if (size_t(m) * n > 100000)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < m; ++j)
        A[i][j] = A0[i][j] = std::fmod(double(i) * (j + 1), double(n)) / n +
                             harness::rand_uniform(seed, 0, size_t(i) * m + j, -0.25, 0.25);
    for (int j = 0; j < m; ++j)
      p[j] = p0[j] = double(j % m) / m + harness::rand_uniform(seed, 1, j, -0.25, 0.25);
    for (int i = 0; i < n; ++i)
      r[i] = r0[i] = double(i % n) / n + harness::rand_uniform(seed, 2, i, -0.25, 0.25);
  }
  void reset(bool poison) {
    harness::reset_output(s, d.m, poison, harness::kPoison);
    harness::reset_output(q, d.n, poison, harness::kPoison);
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return mat_intact("A", A, A0, why) && harness::intact("p", p, p0, why) &&
           harness::intact("r", r, r0, why);
  }
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("s", e.s, s, rtol, atol, why) &&
           harness::all_close("q", e.q, q, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) {
    o.add("s", harness::F64, s.data(), s.size());
    o.add("q", harness::F64, q.data(), q.size());
  }
  void inputs(harness::Outputs& o) {
    flatten(A0, flat_A);
    o.add("A", harness::F64, flat_A.data(), flat_A.size());
    o.add("p", harness::F64, p0.data(), p0.size());
    o.add("r", harness::F64, r0.data(), r0.size());
  }
  size_t bytes() const {
    return (2 * size_t(d.m) * d.n + 3 * size_t(d.m) + 3 * size_t(d.n)) * sizeof(double);
  }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
