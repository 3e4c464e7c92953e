#include <harness/driver.hpp>
#include "args.hpp"

// polybench/cholesky: the dataset index picks PolyBench 4.2.1's N. A is symmetric and
// strictly diagonally dominant with a positive diagonal, hence positive definite: the
// off-diagonal entries follow PolyBench's lower-triangular pattern 1 - j/n (for the
// entry (i, j), j < i, mirrored to (j, i)) times 0.5, plus a seeded perturbation in
// [-0.25, 0.25); the diagonal is 1 + the row's absolute off-diagonal sum times a seeded
// factor in [1, 1.5). This costs O(n^2) per seed, where B*B^T would cost O(n^3).
// A is read and overwritten (restored from its pristine copy); all of it is compared.
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
  std::vector<double> flat_out, flat_in;
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : n(kDatasets[size < 5 ? size : 4]), A(make(n, n)), A0(make(n, n)) {
    a = {n, &A};
  }
  void generate(uint64_t seed) {
#pragma omp parallel for schedule(dynamic, 16) if (size_t(n) * n > 100000)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < i; ++j) {
        const double v = 0.5 * (1.0 - double(j) / n) +
                         harness::rand_uniform(seed, 0, size_t(i) * n + j, -0.25, 0.25);
        A0[i][j] = A0[j][i] = v;
      }
#pragma omp parallel for schedule(static) if (size_t(n) * n > 100000)
    for (int i = 0; i < n; ++i) {
      double s = 0.0;
      for (int j = 0; j < n; ++j)
        if (j != i) s += std::fabs(A0[i][j]);
      A0[i][i] = 1.0 + s * harness::rand_uniform(seed, 1, i, 1.0, 1.5);
      std::copy(A0[i].begin(), A0[i].end(), A[i].begin());
    }
  }
  void reset(bool) { restore(A, A0); }
  void* args() { return &a; }
  bool inputs_intact(std::string*) { return true; }
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return mat_close("A", e.A, A, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) {
    flatten(A, flat_out);
    o.add("A", harness::F64, flat_out.data(), flat_out.size());
  }
  void inputs(harness::Outputs& o) {
    flatten(A0, flat_in);
    o.add("A", harness::F64, flat_in.data(), flat_in.size());
  }
  size_t bytes() const { return 2 * size_t(n) * n * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
