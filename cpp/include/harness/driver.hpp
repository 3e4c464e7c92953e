// The driver ABI: what every problem's driver.cpp implements and harness._bench calls.
//
// A problem has three kinds of shared object, never sharing a translation unit:
//   driver.so    - this header + the problem's driver.cpp: seeded input generation,
//                  reset, output extraction, comparison (trusted, ours)
//   baseline.so  - the baseline source + the problem's glue.cpp
//   candidate.so - prelude + the candidate source + the problem's glue.cpp (untrusted)
// The glue exports `extern "C" void harness_call(void* args)`, where `args` points to the
// problem's HarnessArgs struct (args.hpp in the problem folder) owned by the driver.
//
// A driver writes one class with the members below and ends with HARNESS_DRIVER(Class):
//
//   struct MyInstance {
//     explicit MyInstance(uint64_t size);       // allocate + first-touch all buffers once
//     void generate(uint64_t seed);              // fill pristine inputs from (seed, index)
//     void reset(bool poison);                   // working <- pristine; outputs sized again,
//                                                // filled with a poison value when `poison`
//     void* args();                              // &HarnessArgs for the glue
//     bool inputs_intact(std::string* why);      // const inputs still equal pristine copies
//                                                // (with intact()/nested_intact(), or see
//                                                // input_unchanged())
//     bool matches(const MyInstance& expected, double rtol, double atol, std::string* why);
//     void outputs(harness::Outputs& out);       // expose outputs (read back as numpy arrays)
//     size_t bytes() const;                      // memory held by this instance (bytes)
//   };
//   HARNESS_DRIVER(MyInstance)
//
// The constructor may allocate only what its instance owns and frees: the judge's
// generator (cpp/side.cpp) constructs every turn's instances in an arena it drops whole
// at the turn's end, so a static or cached container filled there would be left pointing
// at dropped memory. An instance holds its call's inputs, outputs, working copies and
// pristine copies, nothing else: every side's keeper copies the generator's image of it
// into memory the candidate reads, so what generate() works with (a BFS that picks the
// query, row offsets) belongs in its temporaries, which the generator zeroes when they
// are freed; a member would hand it to the candidate.
//
// generate() draws from streams (harness::Stream(seed, s), made before the loops that
// draw from it: making one is a SipHash). One value of a stream gives a candidate every
// value of that stream, and nothing of any other stream (see stream_state): a value the
// candidate is not handed (a planted solution, where a planted answer lies, whether it is
// planted) comes from a stream none of whose values it is handed.
//
// Optionally an instance can take another instance's freshly generated inputs faster than
// generating them itself (a copy instead of hashing): a member
//   void copy_inputs(const MyInstance& src);   // this <- src's inputs, pristine and working
// The harness generates each seed's inputs once and gives them to the other side this
// way; without the member it calls generate(seed) on both instances.
//
// Optionally a driver declares that matches() reads nothing of an instance but what
// adopt() writes into it (the outputs), and that its messages name no input:
//   static constexpr bool matches_outputs_only = true;
// The judge then compares a timed call's outputs in two instances whose inputs it made
// once per size, instead of making that call's true inputs again twice (E and G, see
// cpp/judge.cpp compare_reported: half of an evaluation's input generation). The claim is
// tested: tests/test_adopt.py has every such driver answer the same, with the same
// message, on instances of other inputs (tests/adopt_check.cpp).
//
// The judge, which runs neither side's code, gets each side's outputs as flat views (what
// outputs() exposes) and puts them back into an instance of its own with
//   extern "C" int harness_adopt(void* p, const harness::OutputView* views, int n,
//                                char* why, size_t len);
// p: an instance after generate(seed) and reset(true). Afterwards matches(expected, p)
// behaves as if p had computed those outputs itself. Returns 1; 0 when the views do not
// fit the problem's outputs (a missing or extra name, a wrong dtype, a count the output
// cannot take; `why` says which, one line); -1 when the driver cannot adopt (a harness
// bug). The views' bytes may come from a hostile process: only count x dtype_size(dtype)
// bytes of each are read, and names up to 31 characters; they must not change during the
// call (the default reads them twice and answers -1 if they did). By default the
// views are copied into the storage outputs() exposes (matched by name, dtype and count),
// then read back through outputs(): a driver whose outputs() exposes copies (flatten(),
// derived views) or whose output sizes depend on the answer writes a member
//   bool adopt(const harness::Views& v, std::string* why);  // false: why says what did not fit
// (nested.hpp's NestedOutputs serves both outputs() and adopt() for nested matrices).
//
// Optionally a driver also exposes its inputs (after generate) for tests that check they
// are not degenerate (constant, all zero): a member `void inputs(harness::Outputs& o)`
// and HARNESS_INPUTS(MyInstance) after HARNESS_DRIVER.
#pragma once

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <initializer_list>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace harness {

// ---------------------------------------------------------------- random numbers
// SipHash-2-4 (J.-P. Aumasson and D. J. Bernstein, "SipHash: a fast short-input PRF",
// INDOCRYPT 2012) of one 8-byte message m under the 128-bit key (k0, k1): a keyed
// pseudorandom function, so outputs for known messages reveal nothing of the key.
inline uint64_t siphash24(uint64_t k0, uint64_t k1, uint64_t m) {
  auto rotl = [](uint64_t x, int b) { return (x << b) | (x >> (64 - b)); };
  uint64_t v0 = k0 ^ 0x736f6d6570736575ULL, v1 = k1 ^ 0x646f72616e646f6dULL;
  uint64_t v2 = k0 ^ 0x6c7967656e657261ULL, v3 = k1 ^ 0x7465646279746573ULL;
  auto round = [&] {
    v0 += v1;
    v1 = rotl(v1, 13);
    v1 ^= v0;
    v0 = rotl(v0, 32);
    v2 += v3;
    v3 = rotl(v3, 16);
    v3 ^= v2;
    v0 += v3;
    v3 = rotl(v3, 21);
    v3 ^= v0;
    v2 += v1;
    v1 = rotl(v1, 17);
    v1 ^= v2;
    v2 = rotl(v2, 32);
  };
  auto block = [&](uint64_t b) {
    v3 ^= b;
    round();
    round();
    v0 ^= b;
  };
  block(m);
  block(uint64_t(8) << 56);  // the last block: the message length (8 bytes), nothing left over
  v2 ^= 0xff;
  for (int i = 0; i < 4; ++i) round();
  return v0 ^ v1 ^ v2 ^ v3;
}

// splitmix64's output function (Steele, Lea, Flood 2014): a bijection of 64-bit words.
inline uint64_t mix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}
// The state of stream s under seed k: SipHash-2-4 keyed by (k, s) of a fixed message, a
// pseudorandom function of its key. mix64 is a bijection, so one value of a stream gives its
// state back (and with it every value of that stream); the state tells nothing of the seed
// or of any other stream's state, so a driver that hands the candidate some streams and
// keeps others (01_dense_la_solve's planted solution) keeps them hidden: what a stream
// holds is all handed over or all kept (tests/hostile/recovers_the_input_seed.cpp).
inline uint64_t stream_state(uint64_t seed, uint64_t stream) { return siphash24(seed, stream, 0x8f1bbcdc6ed9eba1ULL); }
// Maps 64 random bits to [0, span) by multiply-shift (Lemire 2019), without a division;
// the bias is below span / 2^64.
inline uint64_t below(uint64_t bits, uint64_t span) { return uint64_t((unsigned __int128)bits * span >> 64); }

// Stream s of seed k: its state computed once, value i drawn in O(1) (a counter-based
// generator: inputs can be generated in parallel and in any order). Made per draw instead,
// the state's SipHash is hoisted out of a simple loop but not out of a branch or a called
// function: 28_reduce_smallest_odd_number's generation was 5.7x slower that way.
struct Stream {
  uint64_t state;
  Stream(uint64_t seed, uint64_t stream) : state(stream_state(seed, stream)) {}
  uint64_t u64(uint64_t i) const { return mix64(state + i); }
  // Uniform double in [0, 1), 53 random bits.
  double unit(uint64_t i) const { return double(u64(i) >> 11) * 0x1.0p-53; }
  double uniform(uint64_t i, double lo, double hi) const { return lo + (hi - lo) * unit(i); }
  // Uniform integer in [lo, hi] (inclusive).
  int64_t integer(uint64_t i, int64_t lo, int64_t hi) const {
    const uint64_t span = uint64_t(hi - lo) + 1;
    if (span == 0) return int64_t(u64(i));
    return lo + int64_t(below(u64(i), span));
  }
};

// ---------------------------------------------------------------- outputs
enum DType : int { F64 = 0, F32 = 1, I32 = 2, I64 = 3, U64 = 4, BOOL = 5, C128 = 6, U8 = 7 };

struct OutputView {
  char name[32];
  int dtype;
  const void* data;
  uint64_t count;
};

struct Outputs {
  std::vector<OutputView> views;
  void add(const char* name, int dtype, const void* data, size_t count) {
    OutputView v{};
    std::snprintf(v.name, sizeof v.name, "%s", name);
    v.dtype = dtype;
    v.data = data;
    v.count = count;
    views.push_back(v);
  }
};

// Bytes per element of a dtype; 0 for a value that is not a DType.
inline size_t dtype_size(int dtype) {
  switch (dtype) {
    case F64:
    case I64:
    case U64: return 8;
    case F32:
    case I32: return 4;
    case BOOL:
    case U8: return 1;
    case C128: return 16;
    default: return 0;
  }
}
inline std::string dtype_name(int dtype) {
  static const char* const names[] = {"f64", "f32", "i32", "i64", "u64", "bool", "c128", "u8"};
  return dtype >= 0 && dtype <= U8 ? names[dtype] : "dtype " + std::to_string(dtype);
}

// ---------------------------------------------------------------- output buffers
// A driver whose outputs() exposes a copy (a flattened grid, bytes of a vector<bool>, a
// derived view) fills it with output_buffer<T>(this, "name"), never a member of the
// instance: in a side's keeper (cpp/side.cpp) outputs() runs on an instance the candidate
// wrote, and a member vector's header is the candidate's, so filling it would write where
// the candidate chose. These buffers live in the driver object's own memory, one per
// (owner, name), reused by later calls for the same owner; harness_release_outputs()
// (the keeper, after each report) drops them all.
namespace detail {
struct OutputStores {  // the stores' clear functions (a fixed array: it never allocates)
  void (*clear[32])() = {};
  int n = 0;
};
inline OutputStores& output_stores() {
  static OutputStores s;
  return s;
}
template <class T>
struct OutputStore {
  std::vector<std::pair<std::pair<const void*, std::string>, std::vector<T>>> buffers;
  static OutputStore& get() {
    static OutputStore s;
    static const bool registered = [] {
      OutputStores& all = output_stores();
      // swapped for an empty one, not cleared: its storage goes too (in a keeper it lies
      // in the turn's arena, which is dropped next)
      if (all.n < 32) all.clear[all.n++] = [] { decltype(get().buffers)().swap(get().buffers); };
      return true;
    }();
    (void)registered;
    return s;
  }
};
}  // namespace detail
template <class T>
std::vector<T>& output_buffer(const void* owner, const std::string& name) {
  auto& b = detail::OutputStore<T>::get().buffers;
  for (auto& e : b)
    if (e.first.first == owner && e.first.second == name) return e.second;
  b.emplace_back(std::make_pair(owner, name), std::vector<T>{});
  return b.back().second;
}
inline void release_output_buffers() {
  detail::OutputStores& all = detail::output_stores();
  for (int i = 0; i < all.n; ++i) all.clear[i]();
}

// ---------------------------------------------------------------- comparisons
// All comparisons say where the first mismatch is: name, index, expected, got.
template <class T>
std::string fmt(T v) {
  std::ostringstream s;
  s.precision(17);
  s << v;
  return s.str();
}
inline std::string fmt(std::complex<double> v) { return "(" + fmt(v.real()) + "," + fmt(v.imag()) + ")"; }
inline std::string fmt(bool v) { return v ? "true" : "false"; }

// |got - exp| <= atol + rtol * |exp|; NaN never matches (not even NaN).
inline bool close(double exp, double got, double rtol, double atol) {
  if (std::isnan(exp) || std::isnan(got)) return false;
  if (std::isinf(exp) || std::isinf(got)) return exp == got;
  return std::fabs(got - exp) <= atol + rtol * std::fabs(exp);
}
inline bool close(std::complex<double> exp, std::complex<double> got, double rtol, double atol) {
  if (std::isnan(exp.real()) || std::isnan(exp.imag()) || std::isnan(got.real()) || std::isnan(got.imag()))
    return false;
  return std::abs(got - exp) <= atol + rtol * std::abs(exp);
}

inline bool size_mismatch(const char* name, size_t exp, size_t got, std::string* why) {
  if (exp == got) return false;
  if (why) *why = std::string(name) + ": has " + std::to_string(got) + " elements, expected " + std::to_string(exp);
  return true;
}

template <class T>
bool report(const char* name, size_t i, size_t n, const T& exp, const T& got, std::string* why) {
  if (why)
    *why = std::string(name) + "[" + std::to_string(i) + "] (of " + std::to_string(n) + "): expected " + fmt(exp) +
           ", got " + fmt(got);
  return false;
}

// Floating-point arrays (double, float, complex) within rtol/atol.
template <class T>
bool all_close(const char* name, const T* exp, const T* got, size_t n, double rtol, double atol, std::string* why) {
  for (size_t i = 0; i < n; ++i)
    if (!close(exp[i], got[i], rtol, atol)) return report(name, i, n, exp[i], got[i], why);
  return true;
}
template <class T>
bool all_close(const char* name, const std::vector<T>& exp, const std::vector<T>& got, double rtol, double atol,
               std::string* why) {
  if (size_mismatch(name, exp.size(), got.size(), why)) return false;
  return all_close(name, exp.data(), got.data(), exp.size(), rtol, atol, why);
}
inline bool scalar_close(const char* name, double exp, double got, double rtol, double atol, std::string* why) {
  if (close(exp, got, rtol, atol)) return true;
  return report(name, 0, 1, exp, got, why);
}

// Exact equality (integers, bools, indices).
template <class T>
bool all_equal(const char* name, const T* exp, const T* got, size_t n, std::string* why) {
  for (size_t i = 0; i < n; ++i)
    if (!(exp[i] == got[i])) return report(name, i, n, exp[i], got[i], why);
  return true;
}
template <class V>
bool all_equal(const char* name, const V& exp, const V& got, std::string* why) {
  if (size_mismatch(name, exp.size(), got.size(), why)) return false;
  if (exp == got) return true;  // the container's own (vectorized, word-wise) comparison
  for (size_t i = 0; i < exp.size(); ++i)
    if (!(exp[i] == got[i])) {
      auto e = exp[i];
      auto g = got[i];
      return report(name, i, exp.size(), e, g, why);
    }
  return true;
}
template <class T>
bool scalar_equal(const char* name, const T& exp, const T& got, std::string* why) {
  if (exp == got) return true;
  return report(name, 0, 1, exp, got, why);
}

// ---------------------------------------------------------------- pristine copies
// A driver checks its const inputs against pristine copies it holds (intact() and
// nested.hpp's nested_intact()). In a side's keeper (cpp/side.cpp) the instance lives in
// the arena the caller writes too, so the pristine copies are within the candidate's
// reach: a candidate that selects in place on its const input and then writes the same
// into the pristine copy (or points the copy's vector at its input) would pass a plain
// comparison. So in a keeper the check goes through a log instead, and the pristine
// copies play no part. A turn's instances are made once, by the judge's generator (a
// keeper of no side, whose memory no caller maps), and each side's keeper copies that
// image into its arena at the same addresses (cpp/side.cpp). The generator's log
// (kSkips) lists the pristine copies' buffers, which the keepers do not copy: what lies
// there in a side's arena is no copy of this turn's inputs (an earlier turn's bytes), so
// it is no ready-made scratch copy either (selecting in place on a pristine copy the
// harness filled measured 10 % faster than the copy a candidate must make itself). A
// keeper's log records, right after its copy, each const input's address and length
// (kRecord), and after the calls verifies them (kVerify): an input at another address or
// of another length is one the candidate moved, and one whose bytes differ from the
// image's is one it modified (a byte-for-byte comparison with memory the candidate cannot
// reach). Outside a keeper (the judge, tests) no log is set and the check is the plain
// comparison with the pristine copy.
struct InputLog {
  enum Mode : int { kSkips = 0, kRecord = 1, kVerify = 2 };
  struct Entry {
    const void* data;
    uint64_t bytes;
  };
  // Where the image's bytes lie for the keeper: a buffer in [lo, hi) at p + delta.
  struct Span {
    const char* lo;
    const char* hi;
    std::ptrdiff_t delta;
  };
  int mode = kRecord;
  Span spans[2] = {};          // kVerify: the image's two regions (cpp/side.cpp)
  std::vector<Entry> entries;  // kRecord, kVerify: the const inputs; kSkips: the pristine copies
  size_t next = 0;             // kVerify: the entry the next input must match

  // A const input `now` and its pristine copy (bytes each): the input checked (see()),
  // the copy only listed by the generator.
  bool pair(const char* name, const void* now, uint64_t now_bytes, const void* pristine, uint64_t pristine_bytes,
            std::string* why) {
    if (mode == kSkips) return skip(pristine, pristine_bytes);
    return see(name, now, now_bytes, why);
  }

  // A pristine copy's buffer: listed (kSkips), else nothing to check.
  bool skip(const void* pristine, uint64_t bytes) {
    if (mode == kSkips && bytes) entries.push_back({pristine, bytes});
    return true;
  }

  // A const input's buffer: its address and length recorded (kRecord), or checked
  // against the record and its bytes against the image's (kVerify); false with why when
  // the candidate moved or changed it. Nothing for the generator (kSkips).
  bool see(const char* name, const void* data, uint64_t bytes, std::string* why) {
    if (mode == kSkips) return true;
    if (mode == kRecord) {
      entries.push_back({data, bytes});
      return true;
    }
    const bool placed = next < entries.size() && entries[next].data == data && entries[next].bytes == bytes;
    ++next;
    const bool ok = placed && same(data, bytes);
    if (!ok && why)
      *why = !placed ? std::string("the candidate moved its const input '") + name +
                           "' (the instance's vector of it points elsewhere than the harness put it)"
                     : std::string("the candidate modified its const input '") + name + "'";
    return ok;
  }

  // The `bytes` bytes at p equal the image's (in parallel for large buffers); false for a
  // buffer outside the image's regions.
  bool same(const void* p, uint64_t bytes) const {
    if (bytes == 0) return true;
    const char* a = static_cast<const char*>(p);
    const Span* in = nullptr;
    for (const Span& s : spans)
      if (a >= s.lo && a < s.hi && bytes <= uint64_t(s.hi - a)) in = &s;
    if (!in) return false;
    const char* b = a + in->delta;
    constexpr uint64_t kChunk = uint64_t(1) << 20;
    const long chunks = long((bytes + kChunk - 1) / kChunk);
    int differ = 0;
#pragma omp parallel for schedule(static) reduction(| : differ) if (chunks > 4)
    for (long c = 0; c < chunks; ++c) {
      const uint64_t at = uint64_t(c) * kChunk;
      differ |= std::memcmp(a + at, b + at, size_t(std::min(kChunk, bytes - at))) != 0;
    }
    return differ == 0;
  }
};
// The log of this driver object's checks (nullptr: none). Set by harness_input_log.
inline InputLog*& input_log() {
  static InputLog* log = nullptr;
  return log;
}

// For a driver whose inputs_intact compares its own way (not with intact() or
// nested_intact()): the keeper's check of the const input itself (place and bytes
// against the image), true outside a keeper. With a log set (a keeper) the driver's own
// comparison with its pristine copy must not run: see the log. Called on every such
// input, in the same order every time, each followed by pristine_copy() on its copy.
inline bool input_unchanged(const char* name, const void* data, uint64_t bytes, std::string* why) {
  InputLog* log = input_log();
  return !log || log->see(name, data, bytes, why);
}
// ... and its pristine copy's buffer (listed by the generator, which the keepers do not copy).
inline void pristine_copy(const void* data, uint64_t bytes) {
  if (InputLog* log = input_log()) log->skip(data, bytes);
}

// A const input unchanged: in a keeper, its place and bytes against the log
// (InputLog::pair); elsewhere, bitwise equal to its pristine copy.
template <class T>
bool intact(const char* name, const std::vector<T>& now, const std::vector<T>& pristine, std::string* why) {
  if (InputLog* log = input_log())
    return log->pair(name, now.data(), uint64_t(now.size()) * sizeof(T), pristine.data(),
                     uint64_t(pristine.size()) * sizeof(T), why);
  if (now.size() != pristine.size() ||
      (now.size() && std::memcmp(now.data(), pristine.data(), now.size() * sizeof(T)) != 0)) {
    if (why) *why = std::string("the candidate modified its const input '") + name + "'";
    return false;
  }
  return true;
}

// Resets an output vector to exactly n elements; fills it with `poison` when asked.
template <class T>
void reset_output(std::vector<T>& v, size_t n, bool poison, const T& value) {
  if (v.size() != n) v.resize(n);
  if (poison) std::fill(v.begin(), v.end(), value);
}
inline constexpr double kPoison = std::numeric_limits<double>::quiet_NaN();

// dst <- src (resized to src's size), in parallel for large arrays (for copy_inputs).
template <class T>
void copy_into(std::vector<T>& dst, const std::vector<T>& src) {
  if (dst.size() != src.size()) dst.resize(src.size());
  const size_t n = src.size();
  T* d = dst.data();
  const T* s = src.data();
#pragma omp parallel for schedule(static) if (n > 100000)
  for (size_t i = 0; i < n; ++i) d[i] = s[i];
}

// ---------------------------------------------------------------- adopting outputs
// Flat views another process exposed (what its harness_outputs() returned), as
// harness_adopt receives them. Names are copied once, at most 31 characters, with
// unprintable characters shown as '?'; the data are read only by copy() (and by the
// default adopt's read-back), at most count x dtype_size(dtype) bytes of each view.
class Views {
 public:
  Views(const OutputView* views, int n) : v_(views), n_(n < 0 || !views ? 0 : n) {
    names_.reserve(size_t(n_));
    for (int i = 0; i < n_; ++i) {
      std::string s(v_[i].name, strnlen(v_[i].name, sizeof v_[i].name - 1));
      for (char& c : s)
        if (c < 0x20 || c > 0x7e) c = '?';
      names_.push_back(std::move(s));
    }
  }
  int size() const { return n_; }
  const std::string& name(int i) const { return names_[size_t(i)]; }

  // True when every view's name is in `required` or `optional`, none twice, and every
  // name of `required` is present; otherwise false and why names the first that is not.
  bool names_are(std::initializer_list<const char*> required, std::string* why,
                 std::initializer_list<const char*> optional = {}) const {
    std::vector<std::string> all(required.begin(), required.end());
    all.insert(all.end(), optional.begin(), optional.end());
    return names_are(all, required.size(), why);
  }
  // The same with the names in a vector, the first n_required of them required.
  bool names_are(const std::vector<std::string>& names, size_t n_required, std::string* why) const {
    for (int i = 0; i < n_; ++i) {
      if (std::find(names.begin(), names.end(), names_[size_t(i)]) == names.end())
        return fail(names_[size_t(i)] + ": not an output of this problem", why);
      for (int j = 0; j < i; ++j)
        if (names_[size_t(j)] == names_[size_t(i)]) return fail(names_[size_t(i)] + ": sent twice", why);
    }
    for (size_t k = 0; k < n_required && k < names.size(); ++k)
      if (!find(names[k].c_str())) return fail(names[k] + ": missing", why);
    return true;
  }
  // The view called `name`, or nullptr.
  const OutputView* find(const char* name) const {
    for (int i = 0; i < n_; ++i)
      if (names_[size_t(i)] == name) return &v_[i];
    return nullptr;
  }
  // The view called `name` when it exists and has `dtype`; otherwise nullptr and why.
  const OutputView* get(const char* name, int dtype, std::string* why) const {
    const OutputView* v = find(name);
    if (!v) return fail(std::string(name) + ": missing", why), nullptr;
    if (v->dtype != dtype)
      return fail(std::string(name) + ": has dtype " + dtype_name(v->dtype) + ", expected " + dtype_name(dtype), why),
             nullptr;
    return v;
  }
  // The view called `name` when it has `dtype`, exactly count elements and (count > 0)
  // data; otherwise nullptr and why.
  const OutputView* fits(const char* name, int dtype, uint64_t count, std::string* why) const {
    const OutputView* v = get(name, dtype, why);
    if (!v || size_mismatch(name, count, v->count, why)) return nullptr;
    if (count && !v->data) return fail(std::string(name) + ": no data", why), nullptr;
    return v;
  }
  // dst (count elements of dtype, count x dtype_size(dtype) bytes) <- the view `name`,
  // which must fit (above); a BOOL view's bytes must be 0 or 1. False with why otherwise
  // (dst may then hold part of the data).
  bool copy(const char* name, int dtype, void* dst, uint64_t count, std::string* why) const {
    const OutputView* v = fits(name, dtype, count, why);
    if (!v) return false;
    if (count == 0) return true;
    std::memcpy(dst, v->data, count * dtype_size(dtype));
    if (dtype == BOOL) {
      const unsigned char* b = static_cast<const unsigned char*>(dst);
      for (uint64_t i = 0; i < count; ++i)
        if (b[i] > 1)
          return fail(std::string(name) + "[" + std::to_string(i) + "] (of " + std::to_string(count) + "): byte " +
                          std::to_string(int(b[i])) + " is not a bool",
                      why);
    }
    return true;
  }
  // dst (its current size, as count x dtype elements) <- the view `name`: the view must
  // have exactly dst.size() x sizeof(T) / dtype_size(dtype) elements (a struct of three
  // ints is three I32 elements).
  template <class T>
  bool copy(const char* name, int dtype, std::vector<T>& dst, std::string* why) const {
    static_assert(std::is_trivially_copyable_v<T>);
    const size_t es = dtype_size(dtype);
    if (es == 0 || sizeof(T) % es != 0)
      return fail(std::string(name) + ": a " + dtype_name(dtype) + " view cannot fill it", why);
    return copy(name, dtype, dst.data(), uint64_t(dst.size()) * (sizeof(T) / es), why);
  }

 private:
  static bool fail(const std::string& s, std::string* why) {
    if (why) *why = s;
    return false;
  }
  const OutputView* v_;
  int n_;
  std::vector<std::string> names_;
};

namespace detail {
template <class T, class = void>
struct has_adopt : std::false_type {};
template <class T>
struct has_adopt<
    T, std::void_t<decltype(std::declval<T&>().adopt(std::declval<const Views&>(), std::declval<std::string*>()))>>
    : std::true_type {};

// harness_adopt's work: 1 adopted, 0 the views do not fit (why says how), -1 the driver
// cannot adopt. Without an adopt member: once every view is known to fit, each is copied
// into the storage outputs() exposes, then outputs() is called again and what it exposes
// compared with the views, so that a driver whose outputs() exposes copies returns -1
// instead of comparing its poison (as would views changed during the call).
template <class T>
int adopt(T* inst, const OutputView* views, int n, std::string* why) {
  if (n < 0 || (n > 0 && !views)) {
    *why = "harness_adopt: no views (n = " + std::to_string(n) + ")";
    return -1;
  }
  const Views in(views, n);
  if constexpr (has_adopt<T>::value) {
    return inst->adopt(in, why) ? 1 : 0;
  } else {
    Outputs own;
    inst->outputs(own);
    std::vector<std::string> names;
    for (const OutputView& o : own.views) names.emplace_back(o.name);
    if (!in.names_are(names, names.size(), why)) return 0;
    for (const OutputView& o : own.views)
      if (!in.fits(o.name, o.dtype, o.count, why)) return 0;
    for (const OutputView& o : own.views)
      if (!in.copy(o.name, o.dtype, const_cast<void*>(o.data), o.count, why)) return 0;
    Outputs back;
    inst->outputs(back);
    for (size_t i = 0; i < own.views.size(); ++i) {
      const OutputView& o = own.views[i];
      const OutputView* b = i < back.views.size() ? &back.views[i] : nullptr;
      if (!b || b->count != o.count || b->dtype != o.dtype ||
          (o.count && std::memcmp(b->data, in.find(o.name)->data, o.count * dtype_size(o.dtype)) != 0)) {
        *why = std::string(o.name) +
               ": outputs() does not read back what was adopted (it exposes a copy); the "
               "driver needs an adopt member";
        return -1;
      }
    }
    return 1;
  }
}

template <class T, class = void>
struct has_copy_inputs : std::false_type {};
template <class T>
struct has_copy_inputs<T, std::void_t<decltype(std::declval<T&>().copy_inputs(std::declval<const T&>()))>>
    : std::true_type {};
template <class T, class = void>
struct outputs_only : std::false_type {};
template <class T>
struct outputs_only<T, std::void_t<decltype(T::matches_outputs_only)>>
    : std::integral_constant<bool, T::matches_outputs_only> {};
// dst <- src's inputs for `seed`: copied when the driver can, generated again otherwise.
template <class T>
void same_inputs(T* dst, const T* src, uint64_t seed) {
  if constexpr (has_copy_inputs<T>::value)
    dst->copy_inputs(*src);
  else
    dst->generate(seed);
}
}  // namespace detail

}  // namespace harness

#define HARNESS_DRIVER(Instance)                                                                           \
  extern "C" {                                                                                             \
  void* harness_create(uint64_t size) { return new Instance(size); }                                       \
  void harness_destroy(void* p) { delete static_cast<Instance*>(p); }                                      \
  void harness_generate(void* p, uint64_t seed) { static_cast<Instance*>(p)->generate(seed); }             \
  void harness_same_inputs(void* dst, const void* src, uint64_t seed) {                                    \
    harness::detail::same_inputs(static_cast<Instance*>(dst), static_cast<const Instance*>(src), seed);    \
  }                                                                                                        \
  void harness_reset(void* p, int poison) { static_cast<Instance*>(p)->reset(poison != 0); }               \
  int harness_matches_outputs_only() { return harness::detail::outputs_only<Instance>::value ? 1 : 0; }    \
  void* harness_args(void* p) { return static_cast<Instance*>(p)->args(); }                                \
  static int harness_copy_why(const std::string& s, char* why, size_t len) {                               \
    if (why && len) std::snprintf(why, len, "%s", s.c_str());                                              \
    return 0;                                                                                              \
  }                                                                                                        \
  int harness_inputs_intact(void* p, char* why, size_t len) {                                              \
    std::string w;                                                                                         \
    if (static_cast<Instance*>(p)->inputs_intact(&w)) return 1;                                            \
    return harness_copy_why(w, why, len);                                                                  \
  }                                                                                                        \
  int harness_matches(void* expected, void* got, double rtol, double atol, char* why, size_t len) {        \
    std::string w;                                                                                         \
    if (static_cast<Instance*>(got)->matches(*static_cast<Instance*>(expected), rtol, atol, &w)) return 1; \
    return harness_copy_why(w, why, len);                                                                  \
  }                                                                                                        \
  int harness_outputs(void* p, harness::OutputView* out, int max) {                                        \
    harness::Outputs o;                                                                                    \
    static_cast<Instance*>(p)->outputs(o);                                                                 \
    int n = int(o.views.size());                                                                           \
    for (int i = 0; i < n && i < max; ++i) out[i] = o.views[i];                                            \
    return n;                                                                                              \
  }                                                                                                        \
  int harness_adopt(void* p, const harness::OutputView* views, int n, char* why, size_t len) {             \
    std::string w;                                                                                         \
    int r;                                                                                                 \
    try {                                                                                                  \
      r = harness::detail::adopt(static_cast<Instance*>(p), views, n, &w);                                 \
    } catch (const std::exception& e) {                                                                    \
      r = -1, w = std::string("harness_adopt: ") + e.what();                                               \
    }                                                                                                      \
    if (r != 1) harness_copy_why(w, why, len);                                                             \
    return r;                                                                                              \
  }                                                                                                        \
  uint64_t harness_bytes(void* p) { return static_cast<Instance*>(p)->bytes(); }                           \
  void harness_input_log(harness::InputLog* log) { harness::input_log() = log; }                           \
  void harness_release_outputs() { harness::release_output_buffers(); }                                    \
  }

#define HARNESS_INPUTS(Instance)                                              \
  extern "C" int harness_inputs(void* p, harness::OutputView* out, int max) { \
    harness::Outputs o;                                                       \
    static_cast<Instance*>(p)->inputs(o);                                     \
    int n = int(o.views.size());                                              \
    for (int i = 0; i < n && i < max; ++i) out[i] = o.views[i];               \
    return n;                                                                 \
  }
