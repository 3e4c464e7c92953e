#include <harness/driver.hpp>
#include "args.hpp"

// trmm: PolyBench 4.2.1 datasets (M, N). Inputs follow PolyBench's closed forms in
// floating point, strict lower triangle A[i][j] = ((i+j) mod M)/M (j < i),
// B[i][j] = ((N+i-j) mod N)/N, each plus a seeded uniform term in [0, 0.5) (all
// positive: no cancellation). The kernel never reads the diagonal (unit, implied) nor the
// upper triangle of A: the diagonal holds 1 plus a seeded term and the upper triangle
// -999, so code that reads either fails. B is read and written (restored, not poisoned).
namespace {
const int kM[] = {20, 60, 200, 1000, 2000};
const int kN[] = {30, 80, 240, 1200, 2600};
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
  int m, n;
  double alpha = 1.5;
  Mat A, A0, B, B0;
  Vec flat[2];
  HarnessArgs a;

  explicit Instance(uint64_t size) {
    const int s = int(size < 5 ? size : 4);
    m = kM[s], n = kN[s];
    alloc(A, m, m), alloc(A0, m, m), alloc(B, m, n), alloc(B0, m, n);
    a = {m, n, alpha, &A, &B};
  }
  void generate(uint64_t seed) {
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < m; ++j) {
        const double r = harness::rand_uniform(seed, 0, uint64_t(i) * m + j, 0.0, 0.5);
        A0[i][j] = j < i ? double((i + j) % m) / m + r : j == i ? 1.0 + r : -999.0;
      }
      for (int j = 0; j < n; ++j)
        B0[i][j] = double((n + i - j) % n) / n +
                   harness::rand_uniform(seed, 1, uint64_t(i) * n + j, 0.0, 0.5);
    }
    reset(false);
  }
  void reset(bool) {
    restore(A, A0), restore(B, B0);
    a = {m, n, alpha, &A, &B};
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return mat_intact("A", A, A0, why); }
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return mat_close("B", e.B, B, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) {
    flatten(B, flat[0]);
    o.add("B", harness::F64, flat[0].data(), flat[0].size());
  }
  void inputs(harness::Outputs& o) {
    flatten(A0, flat[0]), flatten(B0, flat[1]);
    o.add("A", harness::F64, flat[0].data(), flat[0].size());
    o.add("B", harness::F64, flat[1].data(), flat[1].size());
  }
  size_t bytes() const { return 2 * (size_t(m) * m + size_t(m) * n) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
