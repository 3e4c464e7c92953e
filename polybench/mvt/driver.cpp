#include <harness/driver.hpp>
#include "args.hpp"

// polybench/mvt: the dataset index picks PolyBench 4.2.1's N. Inputs follow PolyBench's
// closed-form patterns (A: (i*j mod n)/n, x1: (i mod n)/n, x2: ((i+1) mod n)/n,
// y_1: ((i+3) mod n)/n, y_2: ((i+4) mod n)/n), computed in floating point, plus a seeded
// uniform perturbation in [-0.25, 0.25). x1 and x2 are read and written (restored from
// pristine copies); A, y_1 and y_2 are inputs only.
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
constexpr int kDatasets[5] = {40, 120, 400, 2000, 4000};
}  // namespace

struct Instance {
  int n;
  Mat A, A0;
  std::vector<double> x1, x1_0, x2, x2_0, y1, y1_0, y2, y2_0, flat_A;
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : n(kDatasets[size < 5 ? size : 4]), A(make(n, n)), A0(make(n, n)), x1(n), x1_0(n),
        x2(n), x2_0(n), y1(n), y1_0(n), y2(n), y2_0(n) {
    a = {n, &x1, &x2, &y1, &y2, &A};
  }
  void vec(std::vector<double>& v, std::vector<double>& v0, uint64_t seed, uint64_t stream,
           int shift) {
    for (int i = 0; i < n; ++i)
      v[i] = v0[i] = double((i + shift) % n) / n + harness::rand_uniform(seed, stream, i, -0.25, 0.25);
  }
  void generate(uint64_t seed) {
#pragma omp parallel for schedule(static) if (size_t(n) * n > 100000)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        A[i][j] = A0[i][j] = std::fmod(double(i) * j, double(n)) / n +
                             harness::rand_uniform(seed, 0, size_t(i) * n + j, -0.25, 0.25);
    vec(x1, x1_0, seed, 1, 0);
    vec(x2, x2_0, seed, 2, 1);
    vec(y1, y1_0, seed, 3, 3);
    vec(y2, y2_0, seed, 4, 4);
  }
  void reset(bool) {
    if (x1.size() != x1_0.size()) x1.resize(x1_0.size());
    if (x2.size() != x2_0.size()) x2.resize(x2_0.size());
    std::copy(x1_0.begin(), x1_0.end(), x1.begin());
    std::copy(x2_0.begin(), x2_0.end(), x2.begin());
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return mat_intact("A", A, A0, why) && harness::intact("y_1", y1, y1_0, why) &&
           harness::intact("y_2", y2, y2_0, why);
  }
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("x1", e.x1, x1, rtol, atol, why) &&
           harness::all_close("x2", e.x2, x2, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) {
    o.add("x1", harness::F64, x1.data(), x1.size());
    o.add("x2", harness::F64, x2.data(), x2.size());
  }
  void inputs(harness::Outputs& o) {
    flatten(A0, flat_A);
    o.add("A", harness::F64, flat_A.data(), flat_A.size());
    o.add("x1", harness::F64, x1_0.data(), x1_0.size());
    o.add("x2", harness::F64, x2_0.data(), x2_0.size());
    o.add("y_1", harness::F64, y1_0.data(), y1_0.size());
    o.add("y_2", harness::F64, y2_0.data(), y2_0.size());
  }
  size_t bytes() const { return (2 * size_t(n) * n + 8 * size_t(n)) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
