#include <harness/driver.hpp>
#include "args.hpp"

// correlation: PolyBench 4.2.1 datasets (M, N). data is N x M; PolyBench's closed form is
// data[i][j] = i*j/M, evaluated here in floating point (an upstream port's integer
// evaluation made it degenerate) and scaled by 1/N so every column's trend spans [0, j/M],
// plus a seeded uniform term in [-0.5, 0.5) so that every column, including column 0,
// varies and the columns are not perfectly correlated. A few columns (every 16th, from
// column 3 on) get a tenth of the noise and no trend, so their deviation falls below
// PolyBench's eps = 0.1 and the kernel's replacement branch (stddev = 1) is exercised.
// data is read and written (restored from its pristine copy); corr, mean and stddev are
// pure outputs (poisoned when asked).
namespace {
const int kM[] = {28, 80, 240, 1200, 2600};
const int kN[] = {32, 100, 260, 1400, 3000};
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
  Mat data, data0, corr;
  Vec mean, stddev;
  Vec flat[2];
  HarnessArgs a;

  explicit Instance(uint64_t size) {
    const int s = int(size < 5 ? size : 4);
    m = kM[s], n = kN[s];
    alloc(data, n, m), alloc(data0, n, m), alloc(corr, m, m);
    mean.assign(m, 0.0), stddev.assign(m, 0.0);
    a = {m, n, &data, &corr, &mean, &stddev};
  }
  void generate(uint64_t seed) {
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < m; ++j)
        data0[i][j] = j % 16 == 3
                          ? 0.1 * harness::rand_uniform(seed, 0, uint64_t(i) * m + j, -0.5, 0.5)
                          : double(i) * j / m / n +
                                harness::rand_uniform(seed, 0, uint64_t(i) * m + j, -0.5, 0.5);
    reset(false);
  }
  void reset(bool poison) {
    restore(data, data0);
    if (corr.size() != size_t(m)) corr.resize(m);
    for (auto& r : corr) harness::reset_output(r, m, poison, harness::kPoison);
    harness::reset_output(mean, m, poison, harness::kPoison);
    harness::reset_output(stddev, m, poison, harness::kPoison);
    a = {m, n, &data, &corr, &mean, &stddev};
  }
  void* args() { return &a; }
  bool inputs_intact(std::string*) { return true; }  // every array is written
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return vec_close("mean", e.mean, mean, rtol, atol, why) &&
           vec_close("stddev", e.stddev, stddev, rtol, atol, why) &&
           mat_close("data", e.data, data, rtol, atol, why) &&
           mat_close("corr", e.corr, corr, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) {
    flatten(data, flat[0]), flatten(corr, flat[1]);
    o.add("data", harness::F64, flat[0].data(), flat[0].size());
    o.add("corr", harness::F64, flat[1].data(), flat[1].size());
    o.add("mean", harness::F64, mean.data(), mean.size());
    o.add("stddev", harness::F64, stddev.data(), stddev.size());
  }
  void inputs(harness::Outputs& o) {
    flatten(data0, flat[0]);
    o.add("data", harness::F64, flat[0].data(), flat[0].size());
  }
  size_t bytes() const { return (2 * size_t(n) * m + size_t(m) * m + 2 * size_t(m)) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
