#include <harness/driver.hpp>
#include "args.hpp"

// polybench/doitgen: the dataset index picks PolyBench 4.2.1's NQ, NR, NP. Inputs follow
// PolyBench's closed-form patterns (A: ((r*q + p) mod np)/np, C4: (i*j mod np)/np),
// computed in floating point, plus a seeded uniform perturbation in [-0.25, 0.25).
// A is read and overwritten (restored from its pristine copy); sum is a scratch output
// (poisoned when asked) and is compared too; C4 is an input only.
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
struct Dims { int nq, nr, np; };
constexpr Dims kDatasets[5] = {
    {8, 10, 12}, {20, 25, 30}, {40, 50, 60}, {140, 150, 160}, {220, 250, 270}};
using T3 = std::vector<Mat>;
}  // namespace

struct Instance {
  Dims d;
  T3 A, A0;
  Mat C4, C4_0;
  std::vector<double> sum, flat_out, flat_A, flat_C4;
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : d(kDatasets[size < 5 ? size : 4]), A(d.nr, make(d.nq, d.np)), A0(d.nr, make(d.nq, d.np)),
        C4(make(d.np, d.np)), C4_0(make(d.np, d.np)), sum(d.np) {
    a = {d.nr, d.nq, d.np, &A, &C4, &sum};
  }
  void generate(uint64_t seed) {
    const int nr = d.nr, nq = d.nq, np = d.np;
#pragma omp parallel for schedule(static) if (size_t(nr) * nq * np > 100000)
    for (int r = 0; r < nr; ++r)
      for (int q = 0; q < nq; ++q)
        for (int p = 0; p < np; ++p)
          A[r][q][p] = A0[r][q][p] =
              std::fmod(double(r) * q + p, double(np)) / np +
              harness::rand_uniform(seed, 0, (size_t(r) * nq + q) * np + p, -0.25, 0.25);
    for (int i = 0; i < np; ++i)
      for (int j = 0; j < np; ++j)
        C4[i][j] = C4_0[i][j] = std::fmod(double(i) * j, double(np)) / np +
                                harness::rand_uniform(seed, 1, size_t(i) * np + j, -0.25, 0.25);
  }
  void reset(bool poison) {
    if (A.size() != A0.size()) A.resize(A0.size());
    for (size_t r = 0; r < A0.size(); ++r) restore(A[r], A0[r]);
    harness::reset_output(sum, d.np, poison, harness::kPoison);
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return mat_intact("C4", C4, C4_0, why); }
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    if (harness::size_mismatch("A", e.A.size(), A.size(), why)) return false;
    for (size_t r = 0; r < A.size(); ++r) {
      const std::string name = "A[" + std::to_string(r) + "]";
      if (!mat_close(name.c_str(), e.A[r], A[r], rtol, atol, why)) return false;
    }
    return harness::all_close("sum", e.sum, sum, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) {
    flat_out.clear();
    for (const auto& m : A)
      for (const auto& row : m) flat_out.insert(flat_out.end(), row.begin(), row.end());
    o.add("A", harness::F64, flat_out.data(), flat_out.size());
    o.add("sum", harness::F64, sum.data(), sum.size());
  }
  void inputs(harness::Outputs& o) {
    flat_A.clear();
    for (const auto& m : A0)
      for (const auto& row : m) flat_A.insert(flat_A.end(), row.begin(), row.end());
    flatten(C4_0, flat_C4);
    o.add("A", harness::F64, flat_A.data(), flat_A.size());
    o.add("C4", harness::F64, flat_C4.data(), flat_C4.size());
  }
  size_t bytes() const {
    return (2 * size_t(d.nr) * d.nq * d.np + 2 * size_t(d.np) * d.np + d.np) * sizeof(double);
  }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
