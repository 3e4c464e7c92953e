#include <harness/driver.hpp>
#include "args.hpp"

// symm: PolyBench 4.2.1 datasets (M, N). Inputs follow PolyBench's closed forms in
// floating point, C[i][j] = ((i+j) mod 100)/M, B[i][j] = ((N+i-j) mod 100)/M, lower
// triangle A[i][j] = ((i+j) mod 100)/M (j <= i), each plus a seeded uniform term in
// [0, 0.5) (all positive: no cancellation). The upper triangle of A is never read by the
// kernel; as in PolyBench it holds -999, so code that reads it instead of the lower
// triangle fails. C is read and written (restored, never poisoned).
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
  double alpha = 1.5, beta = 1.2;
  Mat C, C0, A, A0, B, B0;
  Vec flat[3];
  HarnessArgs a;

  explicit Instance(uint64_t size) {
    const int s = int(size < 5 ? size : 4);
    m = kM[s], n = kN[s];
    alloc(C, m, n), alloc(C0, m, n), alloc(A, m, m), alloc(A0, m, m), alloc(B, m, n), alloc(B0, m, n);
    a = {m, n, alpha, beta, &C, &A, &B};
  }
  void generate(uint64_t seed) {
    const double fm = m;
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) {
        const uint64_t k = uint64_t(i) * n + j;
        C0[i][j] = double((i + j) % 100) / fm + harness::rand_uniform(seed, 0, k, 0.0, 0.5);
        B0[i][j] = double((n + i - j) % 100) / fm + harness::rand_uniform(seed, 1, k, 0.0, 0.5);
      }
      for (int j = 0; j < m; ++j)
        A0[i][j] = j <= i ? double((i + j) % 100) / fm +
                                harness::rand_uniform(seed, 2, uint64_t(i) * m + j, 0.0, 0.5)
                          : -999.0;
    }
    reset(false);
  }
  void reset(bool) {
    restore(C, C0), restore(A, A0), restore(B, B0);
    a = {m, n, alpha, beta, &C, &A, &B};
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return mat_intact("A", A, A0, why) && mat_intact("B", B, B0, why);
  }
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return mat_close("C", e.C, C, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) {
    flatten(C, flat[0]);
    o.add("C", harness::F64, flat[0].data(), flat[0].size());
  }
  void inputs(harness::Outputs& o) {
    flatten(C0, flat[0]), flatten(A0, flat[1]), flatten(B0, flat[2]);
    o.add("C", harness::F64, flat[0].data(), flat[0].size());
    o.add("A", harness::F64, flat[1].data(), flat[1].size());
    o.add("B", harness::F64, flat[2].data(), flat[2].size());
  }
  size_t bytes() const { return 2 * (2 * size_t(m) * n + size_t(m) * m) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
