#include <harness/driver.hpp>
#include "args.hpp"

// polybench/3mm: the dataset index picks PolyBench 4.2.1's NI, NJ, NK, NL, NM. Inputs
// follow PolyBench's closed-form patterns ((i*j+1) mod n)/n etc., computed in floating
// point, plus a seeded uniform perturbation in [-0.25, 0.25). E, F and G are pure outputs
// (poisoned when asked); A, B, C, D are inputs only.
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
// PolyBench-style pattern (a mod n)/n plus a seeded perturbation in [-0.25, 0.25).
void fill(Mat& m, Mat& m0, uint64_t seed, uint64_t stream, long mul, long add, long mulj,
          long addj, long mod) {
  const size_t rows = m.size(), cols = rows ? m[0].size() : 0;
#pragma omp parallel for schedule(static) if (rows * cols > 100000)
  for (size_t i = 0; i < rows; ++i)
    for (size_t j = 0; j < cols; ++j) {
      double base = std::fmod(double(i) * mul * double(long(j) * mulj + addj) + add, double(mod)) /
                    double(mod);
      m[i][j] = m0[i][j] =
          base + harness::rand_uniform(seed, stream, i * cols + j, -0.25, 0.25);
    }
}

struct Dims { int ni, nj, nk, nl, nm; };
constexpr Dims kDatasets[5] = {{16, 18, 20, 22, 24},
                               {40, 50, 60, 70, 80},
                               {180, 190, 200, 210, 220},
                               {800, 900, 1000, 1100, 1200},
                               {1600, 1800, 2000, 2200, 2400}};
}  // namespace

struct Instance {
  Dims d;
  Mat E, A, A0, B, B0, F, C, C0, D, D0, G;
  std::vector<double> flat_out[3], flat_in[4];
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : d(kDatasets[size < 5 ? size : 4]),
        E(make(d.ni, d.nj)), A(make(d.ni, d.nk)), A0(make(d.ni, d.nk)),
        B(make(d.nk, d.nj)), B0(make(d.nk, d.nj)), F(make(d.nj, d.nl)),
        C(make(d.nj, d.nm)), C0(make(d.nj, d.nm)), D(make(d.nm, d.nl)), D0(make(d.nm, d.nl)),
        G(make(d.ni, d.nl)) {
    a = {d.ni, d.nj, d.nk, d.nl, d.nm, &E, &A, &B, &F, &C, &D, &G};
  }
  void generate(uint64_t seed) {
    fill(A, A0, seed, 0, 1, 1, 1, 0, d.ni);   // ((i*j + 1) mod ni) / ni
    fill(B, B0, seed, 1, 1, 2, 1, 1, d.nj);   // ((i*(j+1) + 2) mod nj) / nj
    fill(C, C0, seed, 2, 1, 0, 1, 3, d.nl);   // (i*(j+3) mod nl) / nl
    fill(D, D0, seed, 3, 1, 2, 1, 2, d.nk);   // ((i*(j+2) + 2) mod nk) / nk
  }
  void reset(bool poison) {
    poison_fill(E, d.ni, d.nj, poison);
    poison_fill(F, d.nj, d.nl, poison);
    poison_fill(G, d.ni, d.nl, poison);
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return mat_intact("A", A, A0, why) && mat_intact("B", B, B0, why) &&
           mat_intact("C", C, C0, why) && mat_intact("D", D, D0, why);
  }
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return mat_close("E", e.E, E, rtol, atol, why) && mat_close("F", e.F, F, rtol, atol, why) &&
           mat_close("G", e.G, G, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) {
    const Mat* ms[3] = {&G, &E, &F};
    const char* names[3] = {"G", "E", "F"};
    for (int k = 0; k < 3; ++k) {
      flatten(*ms[k], flat_out[k]);
      o.add(names[k], harness::F64, flat_out[k].data(), flat_out[k].size());
    }
  }
  void inputs(harness::Outputs& o) {
    const Mat* ms[4] = {&A0, &B0, &C0, &D0};
    const char* names[4] = {"A", "B", "C", "D"};
    for (int k = 0; k < 4; ++k) {
      flatten(*ms[k], flat_in[k]);
      o.add(names[k], harness::F64, flat_in[k].data(), flat_in[k].size());
    }
  }
  size_t bytes() const {
    size_t ni = d.ni, nj = d.nj, nk = d.nk, nl = d.nl, nm = d.nm;
    return (ni * nj + nj * nl + ni * nl + 2 * (ni * nk + nk * nj + nj * nm + nm * nl)) *
           sizeof(double);
  }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
