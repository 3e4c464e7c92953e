#include <harness/driver.hpp>
#include "args.hpp"

// gesummv: PolyBench 4.2.1 datasets (N). Inputs follow PolyBench's closed forms in
// floating point, x[i] = (i mod N)/N, A[i][j] = ((i*j+1) mod N)/N,
// B[i][j] = ((i*j+2) mod N)/N, each plus a seeded uniform term in [0, 0.5) (everything
// positive: no cancellation). tmp and y are pure outputs, poisoned when asked.
namespace {
const int kN[] = {30, 90, 250, 1300, 2800};
using Mat = std::vector<std::vector<double>>;
using Vec = std::vector<double>;

void alloc(Mat& m, int r, int c) { m.assign(r, Vec(c, 0.0)); }
void restore(Mat& m, const Mat& m0) {
  if (m.size() != m0.size()) m.resize(m0.size());
  for (size_t i = 0; i < m0.size(); ++i) {
    if (m[i].size() != m0[i].size()) m[i].resize(m0[i].size());
    std::copy(m0[i].begin(), m0[i].end(), m[i].begin());
  }
}
void restore(Vec& v, const Vec& v0) {
  if (v.size() != v0.size()) v.resize(v0.size());
  std::copy(v0.begin(), v0.end(), v.begin());
}
bool mat_close(const char* name, const Mat& e, const Mat& g, double rtol, double atol,
               std::string* why) {
  if (g.size() != e.size()) {
    if (why) *why = std::string(name) + ": has " + std::to_string(g.size()) + " rows, expected " + std::to_string(e.size());
    return false;
  }
  for (size_t i = 0; i < e.size(); ++i) {
    if (g[i].size() != e[i].size()) {
      if (why) *why = std::string(name) + "[" + std::to_string(i) + "]: has " + std::to_string(g[i].size()) + " elements, expected " + std::to_string(e[i].size());
      return false;
    }
    for (size_t j = 0; j < e[i].size(); ++j)
      if (!harness::close(e[i][j], g[i][j], rtol, atol)) {
        if (why) *why = std::string(name) + "[" + std::to_string(i) + "][" + std::to_string(j) + "]: expected " + harness::fmt(e[i][j]) + ", got " + harness::fmt(g[i][j]);
        return false;
      }
  }
  return true;
}
bool vec_close(const char* name, const Vec& e, const Vec& g, double rtol, double atol,
               std::string* why) {
  return harness::all_close(name, e, g, rtol, atol, why);
}
bool mat_intact(const char* name, const Mat& m, const Mat& m0, std::string* why) {
  bool ok = m.size() == m0.size();
  for (size_t i = 0; ok && i < m0.size(); ++i) ok = m[i] == m0[i];
  if (!ok && why) *why = std::string("the candidate modified its input '") + name + "'";
  return ok;
}
bool vec_intact(const char* name, const Vec& v, const Vec& v0, std::string* why) {
  return harness::intact(name, v, v0, why);
}
void flatten(const Mat& m, Vec& f) {
  f.clear();
  for (const auto& r : m) f.insert(f.end(), r.begin(), r.end());
}
}  // namespace

struct Instance {
  int n;
  double alpha = 1.5, beta = 1.2;
  Mat A, A0, B, B0;
  Vec tmp, x, x0, y;
  Vec flat;
  HarnessArgs a;

  explicit Instance(uint64_t size) {
    n = kN[size < 5 ? size : 4];
    alloc(A, n, n), alloc(A0, n, n), alloc(B, n, n), alloc(B0, n, n);
    tmp.assign(n, 0.0), x.assign(n, 0.0), x0.assign(n, 0.0), y.assign(n, 0.0);
    a = {n, alpha, beta, &A, &B, &tmp, &x, &y};
  }
  void generate(uint64_t seed) {
    const double fn = n;
#pragma omp parallel for schedule(static) if (n > 1000)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        const uint64_t k = uint64_t(i) * n + j;
        A0[i][j] = double((int64_t(i) * j + 1) % n) / fn + harness::rand_uniform(seed, 0, k, 0.0, 0.5);
        B0[i][j] = double((int64_t(i) * j + 2) % n) / fn + harness::rand_uniform(seed, 1, k, 0.0, 0.5);
      }
    for (int i = 0; i < n; ++i) x0[i] = double(i % n) / fn + harness::rand_uniform(seed, 2, i, 0.0, 0.5);
    reset(false);
  }
  void reset(bool poison) {
    restore(A, A0), restore(B, B0), restore(x, x0);
    harness::reset_output(tmp, n, poison, harness::kPoison);
    harness::reset_output(y, n, poison, harness::kPoison);
    a = {n, alpha, beta, &A, &B, &tmp, &x, &y};
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return mat_intact("A", A, A0, why) && mat_intact("B", B, B0, why) && vec_intact("x", x, x0, why);
  }
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return vec_close("tmp", e.tmp, tmp, rtol, atol, why) && vec_close("y", e.y, y, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) {
    o.add("tmp", harness::F64, tmp.data(), tmp.size());
    o.add("y", harness::F64, y.data(), y.size());
  }
  void inputs(harness::Outputs& o) {
    flatten(A0, flat);
    const size_t nn = size_t(n) * n;
    flat.resize(2 * nn);
    for (int i = 0; i < n; ++i) std::copy(B0[i].begin(), B0[i].end(), flat.begin() + nn + size_t(i) * n);
    o.add("A", harness::F64, flat.data(), nn);
    o.add("B", harness::F64, flat.data() + nn, nn);
    o.add("x", harness::F64, x0.data(), n);
  }
  size_t bytes() const { return (4 * size_t(n) * n + 4 * size_t(n)) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
