#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

// Copies the baseline's outputs instead of computing them, as a hostile user would
// (issue 20): the harness keeps the baseline's instance of the same problem, with the
// same inputs, in the candidate's address space. 02_dense_la_gemm's driver lays an
// instance out as {size_t M, K, N; std::vector<double> A, A0, B, B0, C, C0; ...}, so the
// candidate finds its own instance from the address of its argument A, then searches the
// memory around it, outward (the mapping that holds it, read from /proc/self/maps, which
// the screen forbids: the test runs with screen=False) for another instance with the
// same M, K, N and the same A and B, whose pristine C0 equals the C it was given. When
// that instance's C differs from its C0, the baseline has already run on these inputs,
// and its C is the answer: copied. Otherwise the honest naive triple loop runs.
namespace {

struct Region {
  uintptr_t lo, hi;
};

struct Vec {  // libstdc++'s std::vector<double>: begin, end, end of storage
  const double* b;
  const double* e;
  const double* cap;
};

constexpr size_t kVecs = 24;  // offset of A in an instance (after M, K, N)

std::vector<Region> readable_regions() {
  std::vector<Region> out;
  if (FILE* f = std::fopen("/proc/self/maps", "r")) {
    char line[512];
    while (std::fgets(line, sizeof line, f)) {
      unsigned long lo, hi;
      char perms[8];
      if (std::sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) == 3 && perms[0] == 'r')
        out.push_back({lo, hi});
    }
    std::fclose(f);
  }
  return out;
}

bool readable(const std::vector<Region>& rs, const void* p, size_t bytes) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(p);
  for (const Region& r : rs)
    if (r.lo <= a && a + bytes <= r.hi) return true;
  return false;
}

const Vec& vec_at(const char* inst, int k) {
  return *reinterpret_cast<const Vec*>(inst + kVecs + sizeof(Vec) * size_t(k));
}

bool holds(const std::vector<Region>& rs, const Vec& v, const double* data, size_t n) {
  return size_t(v.e - v.b) == n && readable(rs, v.b, n * sizeof(double)) &&
         (n == 0 || std::memcmp(v.b, data, n * sizeof(double)) == 0);
}

// The baseline's finished C for these inputs, or nullptr.
const double* baseline_output(const std::vector<double>& A, const std::vector<double>& B,
                              const std::vector<double>& C, size_t M, size_t K, size_t N) {
  if (M * N == 0) return nullptr;
  const char* mine = reinterpret_cast<const char*>(&A) - kVecs;
  const std::vector<Region> rs = readable_regions();
  const size_t* mk = reinterpret_cast<const size_t*>(mine);
  if (!readable(rs, mine, kVecs) || mk[0] != M || mk[1] != K || mk[2] != N ||
      reinterpret_cast<const char*>(&C) != mine + kVecs + 4 * sizeof(Vec))
    return nullptr;  // not the layout this attack knows
  // outward from the own instance, in both directions: the two instances of a pair are
  // allocated one after the other, so the other one is usually close
  const size_t span = kVecs + 6 * sizeof(Vec);
  for (const Region& r : rs) {
    const uintptr_t at = uintptr_t(mine);
    if (!(r.lo <= at && at < r.hi)) continue;
    for (uintptr_t d = 8; d < r.hi - r.lo; d += 8) {
      for (uintptr_t p : {at + d, at - d}) {
        if (p < r.lo || p + span > r.hi || p > at + (r.hi - r.lo)) continue;
        const char* inst = reinterpret_cast<const char*>(p);
        const size_t* v = reinterpret_cast<const size_t*>(inst);
        if (v[0] != M || v[1] != K || v[2] != N) continue;
        const Vec& c = vec_at(inst, 4);
        const Vec& c0 = vec_at(inst, 5);
        if (holds(rs, vec_at(inst, 0), A.data(), M * K) && holds(rs, vec_at(inst, 2), B.data(), K * N) &&
            holds(rs, c0, C.data(), M * N) && size_t(c.e - c.b) == M * N &&
            readable(rs, c.b, M * N * sizeof(double)) &&
            std::memcmp(c.b, c0.b, M * N * sizeof(double)) != 0)
          return c.b;
      }
    }
  }
  return nullptr;
}

}  // namespace

void gemm(std::vector<double> const& A, std::vector<double> const& B, std::vector<double>& C,
          size_t M, size_t K, size_t N) {
  if (const double* done = baseline_output(A, B, C, M, K, N)) {
    std::memcpy(C.data(), done, M * N * sizeof(double));
    return;
  }
  for (size_t i = 0; i < M; ++i)
    for (size_t j = 0; j < N; ++j) {
      double sum = 0.0;
      for (size_t k = 0; k < K; ++k) sum += A[i * K + k] * B[k * N + j];
      C[i * N + j] += sum;
    }
}
