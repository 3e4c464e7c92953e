#include <harness/driver.hpp>
#include "args.hpp"

// gemver: PolyBench 4.2.1 datasets (N). Inputs follow PolyBench's closed forms, in
// floating point, with f = (i+1)/N: A[i][j] = (i*j mod N)/N, u1 = i/N (PolyBench: i,
// normalised here so every array is O(1)), u2 = f/2, v1 = f/4, v2 = f/6, y = f/8, z = f/9,
// each plus a seeded uniform term in [0, 0.5). PolyBench zeroes x and w; here they start
// with seeded values in [0, 0.5) so code that overwrites instead of accumulating fails.
// Everything is positive, so no output entry suffers cancellation.
namespace {
const int kN[] = {40, 120, 400, 2000, 4000};
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
  Mat A, A0;
  Vec u1, v1, u2, v2, w, x, y, z, u10, v10, u20, v20, w0, x0, y0, z0;
  Vec flat;
  HarnessArgs a;

  explicit Instance(uint64_t size) {
    n = kN[size < 5 ? size : 4];
    alloc(A, n, n), alloc(A0, n, n);
    for (Vec* v : {&u1, &v1, &u2, &v2, &w, &x, &y, &z, &u10, &v10, &u20, &v20, &w0, &x0, &y0, &z0})
      v->assign(n, 0.0);
    a = {n, alpha, beta, &A, &u1, &v1, &u2, &v2, &w, &x, &y, &z};
  }
  void generate(uint64_t seed) {
    const double fn = n;
#pragma omp parallel for schedule(static) if (n > 1000)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        A0[i][j] = double((int64_t(i) * j) % n) / fn +
                   harness::rand_uniform(seed, 0, uint64_t(i) * n + j, 0.0, 0.5);
    for (int i = 0; i < n; ++i) {
      const double f = (i + 1) / fn;
      auto r = [&](int s) { return harness::rand_uniform(seed, s, i, 0.0, 0.5); };
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
    restore(A, A0);
    restore(u1, u10), restore(v1, v10), restore(u2, u20), restore(v2, v20);
    restore(w, w0), restore(x, x0), restore(y, y0), restore(z, z0);
    a = {n, alpha, beta, &A, &u1, &v1, &u2, &v2, &w, &x, &y, &z};
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return vec_intact("u1", u1, u10, why) && vec_intact("v1", v1, v10, why) &&
           vec_intact("u2", u2, u20, why) && vec_intact("v2", v2, v20, why) &&
           vec_intact("y", y, y0, why) && vec_intact("z", z, z0, why);
  }
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return mat_close("A", e.A, A, rtol, atol, why) && vec_close("x", e.x, x, rtol, atol, why) &&
           vec_close("w", e.w, w, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) {
    flatten(A, flat);
    o.add("A", harness::F64, flat.data(), flat.size());
    o.add("x", harness::F64, x.data(), x.size());
    o.add("w", harness::F64, w.data(), w.size());
  }
  void inputs(harness::Outputs& o) {
    flatten(A0, flat);
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
