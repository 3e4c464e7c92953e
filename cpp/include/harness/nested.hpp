// Helpers for drivers whose arguments are nested std::vectors (the PolyBench signatures:
// std::vector<std::vector<T>> matrices and std::vector<std::vector<std::vector<T>>>
// tensors). Every function works for T = double, float or int.
//
//   make2 / make3        allocate (and first-touch) a zero-filled matrix / tensor
//   restore              dst <- src in place (reallocates only rows whose size changed)
//   reset_output2 / 3    resize an output to its shape; fill with `value` when `poison`
//   nested_close         same shape and every element within rtol/atol (harness::close);
//                        for integer T exact equality; the message names [i][j]([k])
//   nested_intact        bitwise equality of a const input with its pristine copy
//   flatten              row-major copy into a flat vector (for Outputs)
//   unflatten            the inverse of flatten: a flat view copied into a grid of its shape
//   NestedOutputs        one declaration of a driver's outputs serving outputs() and adopt()
//   fill_spd             a seeded symmetric positive definite matrix (lu, cholesky, ludcmp)
//   StencilPair          what two-grid time-stepping stencil drivers share
#pragma once

#include <cmath>
#include <tuple>
#include <type_traits>

#include "driver.hpp"

namespace harness {

template <class T>
using Mat2 = std::vector<std::vector<T>>;
template <class T>
using Mat3 = std::vector<std::vector<std::vector<T>>>;

template <class T = double>
Mat2<T> make2(size_t r, size_t c) {
  return Mat2<T>(r, std::vector<T>(c, T(0)));
}
template <class T = double>
Mat3<T> make3(size_t a, size_t b, size_t c) {
  return Mat3<T>(a, make2<T>(b, c));
}

template <class T>
void restore(std::vector<T>& dst, const std::vector<T>& src) {
  copy_into(dst, src);
}
template <class T>
void restore(std::vector<std::vector<T>>& dst, const std::vector<std::vector<T>>& src) {
  if (dst.size() != src.size()) dst.resize(src.size());
  for (size_t i = 0; i < src.size(); ++i) restore(dst[i], src[i]);
}

template <class T>
void reset_output2(Mat2<T>& m, size_t r, size_t c, bool poison, const T& value) {
  if (m.size() != r) m.resize(r);
  for (auto& row : m) reset_output(row, c, poison, value);
}
template <class T>
void reset_output3(Mat3<T>& m, size_t a, size_t b, size_t c, bool poison, const T& value) {
  if (m.size() != a) m.resize(a);
  for (auto& plane : m) reset_output2(plane, b, c, poison, value);
}

namespace detail {
template <class T>
bool element_ok(const T& e, const T& g, double rtol, double atol) {
  if constexpr (std::is_floating_point_v<T>)
    return close(double(e), double(g), rtol, atol);
  else
    return e == g;
}
// Compares one innermost row; `where` is the index prefix such as "[3][4]".
template <class T>
bool row_close(const char* name, const std::string& where, const std::vector<T>& e, const std::vector<T>& g,
               double rtol, double atol, std::string* why) {
  if (e.size() != g.size()) {
    if (why)
      *why = std::string(name) + where + ": has " + std::to_string(g.size()) + " elements, expected " +
             std::to_string(e.size());
    return false;
  }
  for (size_t j = 0; j < e.size(); ++j)
    if (!element_ok(e[j], g[j], rtol, atol)) {
      if (why)
        *why = std::string(name) + where + "[" + std::to_string(j) + "]: expected " + fmt(e[j]) + ", got " + fmt(g[j]);
      return false;
    }
  return true;
}
}  // namespace detail

template <class T>
bool nested_close(const char* name, const std::vector<T>& e, const std::vector<T>& g, double rtol, double atol,
                  std::string* why) {
  return detail::row_close(name, "", e, g, rtol, atol, why);
}
template <class T>
bool nested_close(const char* name, const Mat2<T>& e, const Mat2<T>& g, double rtol, double atol, std::string* why) {
  if (size_mismatch(name, e.size(), g.size(), why)) return false;
  for (size_t i = 0; i < e.size(); ++i)
    if (!detail::row_close(name, "[" + std::to_string(i) + "]", e[i], g[i], rtol, atol, why)) return false;
  return true;
}
template <class T>
bool nested_close(const char* name, const Mat3<T>& e, const Mat3<T>& g, double rtol, double atol, std::string* why) {
  if (size_mismatch(name, e.size(), g.size(), why)) return false;
  for (size_t i = 0; i < e.size(); ++i) {
    const std::string pi = "[" + std::to_string(i) + "]";
    if (e[i].size() != g[i].size()) {
      if (why)
        *why = std::string(name) + pi + ": has " + std::to_string(g[i].size()) + " rows, expected " +
               std::to_string(e[i].size());
      return false;
    }
    for (size_t j = 0; j < e[i].size(); ++j)
      if (!detail::row_close(name, pi + "[" + std::to_string(j) + "]", e[i][j], g[i][j], rtol, atol, why)) return false;
  }
  return true;
}

namespace detail {
template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}
template <class T>
bool same_bits(const std::vector<std::vector<T>>& a, const std::vector<std::vector<T>>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!same_bits(a[i], b[i])) return false;
  return true;
}
}  // namespace detail

namespace detail {
// A nested const input through the keeper's log (driver.hpp InputLog): the outer arrays
// (their row headers: where each row lies) and each row, checked against the image; for
// the generator, its pristine copy's outer arrays and rows, listed (InputLog::skip). Each
// reads only what the keeper copied (the input) or the generator holds (the copy).
template <class T>
bool see_rows(InputLog* log, const char* name, const std::vector<T>& now, std::string* why) {
  return log->see(name, now.data(), uint64_t(now.size()) * sizeof(T), why);
}
template <class T>
bool see_rows(InputLog* log, const char* name, const std::vector<std::vector<T>>& now, std::string* why) {
  if (!log->see(name, now.data(), uint64_t(now.size()) * sizeof(now[0]), why)) return false;
  for (const auto& row : now)
    if (!see_rows(log, name, row, why)) return false;
  return true;
}
template <class T>
void skip_rows(InputLog* log, const std::vector<T>& pristine) {
  log->skip(pristine.data(), uint64_t(pristine.size()) * sizeof(T));
}
template <class T>
void skip_rows(InputLog* log, const std::vector<std::vector<T>>& pristine) {
  for (const auto& row : pristine) skip_rows(log, row);
  log->skip(pristine.data(), uint64_t(pristine.size()) * sizeof(pristine[0]));
}
}  // namespace detail

// A nested const input unchanged: in a keeper, its place and bytes against the log;
// elsewhere, bitwise equal to its pristine copy (see intact() in driver.hpp).
template <class V>
bool nested_intact(const char* name, const V& now, const V& pristine, std::string* why) {
  if (InputLog* log = input_log()) {
    if (log->mode != InputLog::kSkips) return detail::see_rows(log, name, now, why);
    detail::skip_rows(log, pristine);
    return true;
  }
  if (detail::same_bits(now, pristine)) return true;
  if (why) *why = std::string("the candidate modified its const input '") + name + "'";
  return false;
}

template <class T>
void flatten(const std::vector<T>& v, std::vector<T>& out) {
  out.assign(v.begin(), v.end());
}
template <class T>
void flatten(const Mat2<T>& m, std::vector<T>& out) {
  out.clear();
  for (const auto& row : m) out.insert(out.end(), row.begin(), row.end());
}
template <class T>
void flatten(const Mat3<T>& m, std::vector<T>& out) {
  out.clear();
  for (const auto& plane : m)
    for (const auto& row : plane) out.insert(out.end(), row.begin(), row.end());
}

namespace detail {
template <class G>
struct grid_traits {  // std::vector<T>
  using elem = typename G::value_type;
  static constexpr int depth = 1;
};
template <class T>
struct grid_traits<Mat2<T>> {
  using elem = T;
  static constexpr int depth = 2;
};
template <class T>
struct grid_traits<Mat3<T>> {
  using elem = T;
  static constexpr int depth = 3;
};
template <class T>
constexpr int dtype_of() {
  static_assert(std::is_same_v<T, double> || std::is_same_v<T, float> || std::is_same_v<T, int>,
                "nested outputs hold double, float or int");
  if constexpr (std::is_same_v<T, double>)
    return F64;
  else if constexpr (std::is_same_v<T, float>)
    return F32;
  else
    return I32;
}
template <class T>
size_t elements(const std::vector<T>& v) {
  return v.size();
}
template <class T>
size_t elements(const std::vector<std::vector<T>>& m) {
  size_t s = 0;
  for (const auto& r : m) s += elements(r);
  return s;
}
// Copies consecutive elements from src into the rows of a grid, in row-major order;
// returns where it stopped.
template <class T>
const T* scatter(const T* src, std::vector<T>& row) {
  std::copy(src, src + row.size(), row.begin());
  return src + row.size();
}
template <class T, class R>
const T* scatter(const T* src, std::vector<std::vector<R>>& rows) {
  for (auto& r : rows) src = scatter(src, r);
  return src;
}
}  // namespace detail

// g (its shape unchanged) <- the flat row-major view `name` of v, which must have exactly
// as many elements as g holds and g's element dtype (F64, F32 or I32); false with why
// otherwise. `flat` is scratch (the view is read once into it).
template <class G>
bool unflatten(const Views& v, const char* name, G& g, std::vector<typename detail::grid_traits<G>::elem>& flat,
               std::string* why) {
  using T = typename detail::grid_traits<G>::elem;
  flat.resize(detail::elements(g));
  if (!v.copy(name, detail::dtype_of<T>(), flat, why)) return false;
  detail::scatter(flat.data(), g);
  return true;
}

// A driver's outputs declared once, as (name, grid) pairs in outputs() order, each grid a
// std::vector<T>, Mat2<T> or Mat3<T> member of the instance (T double, float or int):
//   harness::NestedOutputs<Mat, Mat> out{{"D", &D}, {"tmp", &tmp}};
//   void outputs(harness::Outputs& o) { out.expose(o); }
//   bool adopt(const harness::Views& v, std::string* why) { return out.adopt(v, why); }
// expose() adds flat vectors as they are and flattens nested grids into buffers held
// outside the instance (driver.hpp output_buffer); adopt() takes exactly these names and copies each view into its
// grid's current shape (set by reset). It points into the instance, so it cannot be copied.
template <class... G>
class NestedOutputs {
 public:
  explicit NestedOutputs(std::pair<const char*, G*>... fields) : fields_(fields...) {}
  NestedOutputs(const NestedOutputs&) = delete;
  NestedOutputs& operator=(const NestedOutputs&) = delete;

  void expose(Outputs& o) {
    each([&](const char* name, auto& g) {
      using G1 = std::decay_t<decltype(g)>;
      using T = typename detail::grid_traits<G1>::elem;
      if constexpr (detail::grid_traits<G1>::depth == 1) {
        o.add(name, detail::dtype_of<T>(), g.data(), g.size());
      } else {
        std::vector<T>& flat = output_buffer<T>(this, name);  // never a member (driver.hpp)
        flatten(g, flat);
        o.add(name, detail::dtype_of<T>(), flat.data(), flat.size());
      }
    });
  }
  bool adopt(const Views& v, std::string* why) {
    std::vector<std::string> names;
    each([&](const char* name, auto&) { names.emplace_back(name); });
    if (!v.names_are(names, names.size(), why)) return false;
    bool ok = true;
    each([&](const char* name, auto& g) {
      if (!ok) return;
      using G1 = std::decay_t<decltype(g)>;
      using T = typename detail::grid_traits<G1>::elem;
      if constexpr (detail::grid_traits<G1>::depth == 1) {
        ok = v.copy(name, detail::dtype_of<T>(), g, why);
      } else {
        std::vector<T> flat;
        ok = unflatten(v, name, g, flat, why);
      }
    });
    return ok;
  }

 private:
  template <class F>
  void each(F&& f) {
    each_impl(f, std::index_sequence_for<G...>{});
  }
  template <class F, size_t... I>
  void each_impl(F& f, std::index_sequence<I...>) {
    (f(std::get<I>(fields_).first, *std::get<I>(fields_).second), ...);
  }
  std::tuple<std::pair<const char*, G*>...> fields_;
};

// A (n x n, already allocated) <- a symmetric, strictly diagonally dominant matrix with a
// positive diagonal, hence positive definite, in O(n^2) per seed (B*B^T would cost
// O(n^3)): the off-diagonal entry (i, j), j < i, mirrored to (j, i), is PolyBench's
// lower-triangular pattern 1 - j/n times 0.5 plus a seeded perturbation in
// [-0.25, 0.25) (stream 0); the diagonal is 1 + the row's absolute off-diagonal sum
// times a seeded factor in [1, 1.5) (stream 1).
inline void fill_spd(Mat2<double>& A, uint64_t seed) {
  const int n = int(A.size());
  const Stream s0(seed, 0), s1(seed, 1);
#pragma omp parallel for schedule(dynamic, 16) if (size_t(n) * n > 100000)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < i; ++j) {
      const double v = 0.5 * (1.0 - double(j) / n) + s0.uniform(size_t(i) * n + j, -0.25, 0.25);
      A[i][j] = A[j][i] = v;
    }
#pragma omp parallel for schedule(static) if (size_t(n) * n > 100000)
  for (int i = 0; i < n; ++i) {
    double s = 0.0;
    for (int j = 0; j < n; ++j)
      if (j != i) s += std::fabs(A[i][j]);
    A[i][i] = 1.0 + s * s1.uniform(i, 1.0, 1.5);
  }
}

// The part two-grid time-stepping stencil drivers share (jacobi_1d, jacobi_2d, heat_3d):
// grids A and B of type G (std::vector<double>, Mat2<double> or Mat3<double>) are read and
// overwritten by the kernel, restored from their pristine copies A0 and B0 before every
// call, and both compared. Args is the problem's HarnessArgs {tsteps, n, &A, &B}. A
// driver derives from it, passes a zero grid of its shape to the constructor, and writes
// generate(seed), which fills A0 and B0 and leaves A == A0, B == B0, and bytes(). Its
// outputs A and B are exposed and adopted through NestedOutputs.
template <class G, class Args>
struct StencilPair {
  int tsteps, n;
  G A, A0, B, B0;
  int64_t dims[2];
  std::vector<double> flat_in[2];
  NestedOutputs<G, G> out{{"A", &A}, {"B", &B}};
  Args a;

  StencilPair(int tsteps_, int n_, const G& zero) : tsteps(tsteps_), n(n_), A(zero), A0(zero), B(zero), B0(zero) {
    dims[0] = tsteps, dims[1] = n;
    a = {tsteps, n, &A, &B};
  }
  // The other side's inputs for the same seed, copied instead of generated again.
  void copy_inputs(const StencilPair& src) {
    restore(A0, src.A0);
    restore(B0, src.B0);
    reset(false);
  }
  void reset(bool) {
    restore(A, A0);
    restore(B, B0);
    a = {tsteps, n, &A, &B};
  }
  void* args() { return &a; }
  bool inputs_intact(std::string*) { return true; }
  // reads only the outputs (driver.hpp); a driver deriving from it whose own matches
  // reads an input must set it false again
  static constexpr bool matches_outputs_only = true;
  bool matches(const StencilPair& e, double rtol, double atol, std::string* why) const {
    return nested_close("A", e.A, A, rtol, atol, why) && nested_close("B", e.B, B, rtol, atol, why);
  }
  void outputs(Outputs& o) { out.expose(o); }
  bool adopt(const Views& v, std::string* why) { return out.adopt(v, why); }
  void inputs(Outputs& o) {
    flatten(A0, flat_in[0]);
    flatten(B0, flat_in[1]);
    o.add("tsteps", I64, &dims[0], 1);
    o.add("n", I64, &dims[1], 1);
    o.add("A", F64, flat_in[0].data(), flat_in[0].size());
    o.add("B", F64, flat_in[1].data(), flat_in[1].size());
  }
};

}  // namespace harness
