#include <harness/driver.hpp>
#include "args.hpp"

// polybench/trisolv: the dataset index picks PolyBench 4.2.1's N. L is lower triangular
// (zeros above the diagonal, as in PolyBench): below the diagonal PolyBench's pattern
// (i + n - j + 1) / n, scaled by 0.5 and perturbed by a seeded value in [-0.5, 0.5); the
// diagonal is 1 + the row's absolute off-diagonal sum times a seeded factor in [0.5, 1),
// so the substitution stays bounded (no overflow, no denormals) while every earlier
// x[j] still matters. b is PolyBench's i / n plus a seeded perturbation in [-1, 1).
// x is a pure output (poisoned when asked); L and b are inputs only.
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
  Mat L, L0;
  std::vector<double> x, b, b0, flat;
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : n(kDatasets[size < 5 ? size : 4]), L(make(n, n)), L0(make(n, n)), x(n), b(n), b0(n) {
    a = {n, &L, &x, &b};
  }
  void generate(uint64_t seed) {
#pragma omp parallel for schedule(dynamic, 16) if (size_t(n) * n > 100000)
    for (int i = 0; i < n; ++i) {
      double s = 0.0;
      for (int j = 0; j < i; ++j) {
        const double v = 0.5 * double(i + n - j + 1) / n +
                         harness::rand_uniform(seed, 0, size_t(i) * n + j, -0.5, 0.5);
        L[i][j] = L0[i][j] = v;
        s += std::fabs(v);
      }
      L[i][i] = L0[i][i] = 1.0 + s * harness::rand_uniform(seed, 1, i, 0.5, 1.0);
      for (int j = i + 1; j < n; ++j) L[i][j] = L0[i][j] = 0.0;
    }
    for (int i = 0; i < n; ++i)
      b[i] = b0[i] = double(i) / n + harness::rand_uniform(seed, 2, i, -1.0, 1.0);
  }
  void reset(bool poison) { harness::reset_output(x, n, poison, harness::kPoison); }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return mat_intact("L", L, L0, why) && harness::intact("b", b, b0, why);
  }
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::all_close("x", e.x, x, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) { o.add("x", harness::F64, x.data(), x.size()); }
  void inputs(harness::Outputs& o) {
    flatten(L0, flat);
    o.add("L", harness::F64, flat.data(), flat.size());
    o.add("b", harness::F64, b0.data(), b0.size());
  }
  size_t bytes() const { return (2 * size_t(n) * n + 3 * size_t(n)) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
