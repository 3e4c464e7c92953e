#include <harness/driver.hpp>
#include "args.hpp"

// gemm: PolyBench 4.2.1 datasets. Inputs follow PolyBench's closed forms
// A[i][k] = (i*(k+1) mod NK)/NK, B[k][j] = (k*(j+2) mod NJ)/NJ, C[i][j] = (i*j+1 mod NI)/NI,
// evaluated in floating point, plus a seeded uniform term in [-0.5, 0.5) so that no row
// is constant (row 0 of A would be all zero) and outputs depend on the seed.
using Mat = std::vector<std::vector<double>>;

namespace {
const int kNI[] = {20, 60, 200, 1000, 2000};
const int kNJ[] = {25, 70, 220, 1100, 2300};
const int kNK[] = {30, 80, 240, 1200, 2600};

void alloc(Mat& m, int r, int c) { m.assign(r, std::vector<double>(c, 0.0)); }
void restore(Mat& m, const Mat& m0) {
  if (m.size() != m0.size()) m.resize(m0.size());
  for (size_t i = 0; i < m0.size(); ++i) {
    if (m[i].size() != m0[i].size()) m[i].resize(m0[i].size());
    std::copy(m0[i].begin(), m0[i].end(), m[i].begin());
  }
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
bool mat_intact(const char* name, const Mat& m, const Mat& m0, std::string* why) {
  bool ok = m.size() == m0.size();
  for (size_t i = 0; ok && i < m0.size(); ++i) ok = m[i] == m0[i];
  if (!ok && why) *why = std::string("the candidate modified its input '") + name + "'";
  return ok;
}
void flatten(const Mat& m, std::vector<double>& f) {
  f.clear();
  for (const auto& r : m) f.insert(f.end(), r.begin(), r.end());
}
}  // namespace

struct Instance {
  int ni, nj, nk;
  double alpha = 1.5, beta = 1.2;
  Mat A, A0, B, B0, C, C0;
  std::vector<double> flat[3];
  HarnessArgs a;

  explicit Instance(uint64_t size) {
    const int s = int(size < 5 ? size : 4);
    ni = kNI[s], nj = kNJ[s], nk = kNK[s];
    alloc(A, ni, nk), alloc(A0, ni, nk);
    alloc(B, nk, nj), alloc(B0, nk, nj);
    alloc(C, ni, nj), alloc(C0, ni, nj);
    a = {ni, nj, nk, alpha, beta, &A, &B, &C};
  }
  void generate(uint64_t seed) {
    for (int i = 0; i < ni; ++i)
      for (int k = 0; k < nk; ++k)
        A[i][k] = A0[i][k] = double((i * (k + 1)) % nk) / nk +
                             harness::rand_uniform(seed, 0, uint64_t(i) * nk + k, -0.5, 0.5);
    for (int k = 0; k < nk; ++k)
      for (int j = 0; j < nj; ++j)
        B[k][j] = B0[k][j] = double((k * (j + 2)) % nj) / nj +
                             harness::rand_uniform(seed, 1, uint64_t(k) * nj + j, -0.5, 0.5);
    for (int i = 0; i < ni; ++i)
      for (int j = 0; j < nj; ++j)
        C[i][j] = C0[i][j] = double((i * j + 1) % ni) / ni +
                             harness::rand_uniform(seed, 2, uint64_t(i) * nj + j, -0.5, 0.5);
  }
  // A and B are read-only inputs (restored anyway, so a failed candidate cannot leak
  // into the next call); C is read and written, restored from its pristine copy.
  void reset(bool) {
    restore(A, A0);
    restore(B, B0);
    restore(C, C0);
    a = {ni, nj, nk, alpha, beta, &A, &B, &C};
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
    flatten(A0, flat[0]), flatten(B0, flat[1]), flatten(C0, flat[2]);
    o.add("A", harness::F64, flat[0].data(), flat[0].size());
    o.add("B", harness::F64, flat[1].data(), flat[1].size());
    o.add("C", harness::F64, flat[2].data(), flat[2].size());
  }
  size_t bytes() const {
    return 2 * (size_t(ni) * nk + size_t(nk) * nj + size_t(ni) * nj) * sizeof(double);
  }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
