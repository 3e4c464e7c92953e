#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

// OpenMP reference for deriche. Two phases, each split between the threads:
//  phase 1 (independent rows): the row filters (causal + anti-causal, summed) of blocks
//    of 8 rows, run side by side in one 8-float vector (the block is transposed into a
//    small per-thread buffer), give the intermediate imgOut; blocks are divided
//    statically between the threads.
//  phase 2 (independent columns): after the barrier, each thread owns a contiguous range
//    of columns and sweeps all rows twice over it: downwards, the causal column filter
//    y1[i][j0:j1] from imgOut[i], imgOut[i-1], y1[i-1], y1[i-2] (vectorised along the
//    row segment); upwards, the anti-causal filter y2[i][j0:j1] from the intermediate
//    imgOut[i+1], imgOut[i+2] (kept in per-thread segment buffers, since imgOut[i] is
//    overwritten with the final y1 + y2 in the same sweep) and y2[i+1], y2[i+2].
// Every element is computed by the same arithmetic as in the serial reference, whatever
// the thread count. GCC vector extensions (vector_size) keep the 8-row recursion in
// registers.
namespace {
typedef float v8 __attribute__((vector_size(32)));
constexpr int R = 8;

struct Coef {
  float a1, a2, a3, a4, b1, b2;
};

// Row filters (causal + anti-causal, summed) of nb <= 8 rows x[0..nb) into o[0..nb).
void rows8(int h, const Coef& c, const float* const* x, float* const* o, int nb, v8* xt,
           v8* yt) {
  float* xf = reinterpret_cast<float*>(xt);
  float* yf = reinterpret_cast<float*>(yt);
  for (int r = 0; r < R; ++r) {
    if (r < nb) {
      const float* xr = x[r];
      for (int j = 0; j < h; ++j) xf[size_t(j) * R + r] = xr[j];
    } else {
      for (int j = 0; j < h; ++j) xf[size_t(j) * R + r] = 0.0f;
    }
  }
  v8 xm1 = {}, ym1 = {}, ym2 = {};
  for (int j = 0; j < h; ++j) {
    const v8 xv = xt[j];
    const v8 y = (c.a1 * xv + c.a2 * xm1 + c.b2 * ym2) + c.b1 * ym1;
    yt[j] = y;
    xm1 = xv, ym2 = ym1, ym1 = y;
  }
  v8 xp1 = {}, xp2 = {}, yp1 = {}, yp2 = {};
  for (int j = h - 1; j >= 0; --j) {
    const v8 v = (c.a3 * xp1 + c.a4 * xp2 + c.b2 * yp2) + c.b1 * yp1;
    xp2 = xp1, xp1 = xt[j], yp2 = yp1, yp1 = v;
    yt[j] += v;
  }
  for (int r = 0; r < nb; ++r) {
    float* orow = o[r];
    for (int j = 0; j < h; ++j) orow[j] = yf[size_t(j) * R + r];
  }
}

// y = (a * t0 + b * t1 + b2 * p2) + b1 * p1, elementwise (causal column filter, one row).
void col_causal(int h, const Coef& c, const float* __restrict t0, const float* __restrict t1,
                const float* __restrict p1, const float* __restrict p2, float* __restrict y) {
  for (int j = 0; j < h; ++j) y[j] = (c.a1 * t0[j] + c.a2 * t1[j] + c.b2 * p2[j]) + c.b1 * p1[j];
}

// Anti-causal column filter of one row plus the final sum: y2 = v, out = y1 + v, and the
// intermediate out row is saved into keep first.
void col_anti(int h, const Coef& c, const float* __restrict tp1, const float* __restrict tp2,
              const float* __restrict p1, const float* __restrict p2, const float* __restrict u,
              float* __restrict y, float* __restrict out, float* __restrict keep) {
  for (int j = 0; j < h; ++j) {
    const float v = (c.a3 * tp1[j] + c.a4 * tp2[j] + c.b2 * p2[j]) + c.b1 * p1[j];
    y[j] = v;
    keep[j] = out[j];
    out[j] = u[j] + v;
  }
}
}  // namespace

void kernel_deriche(int w, int h, double alpha, std::vector<std::vector<float>>& imgIn,
                    std::vector<std::vector<float>>& imgOut, std::vector<std::vector<float>>& y1,
                    std::vector<std::vector<float>>& y2) {
  const double e1 = std::exp(-alpha), e2 = std::exp(-2.0 * alpha);
  const float k = float((1.0 - e1) * (1.0 - e1) / (1.0 + 2.0 * alpha * e1 - std::exp(2.0 * alpha)));
  Coef c;
  c.a1 = k;
  c.a2 = float(k * e1 * (alpha - 1.0));
  c.a3 = float(k * e1 * (alpha + 1.0));
  c.a4 = float(-k * e2);
  c.b1 = float(std::pow(2.0, -alpha));
  c.b2 = float(-e2);
  const int nblocks = (w + R - 1) / R;
#pragma omp parallel
  {
    const int t = omp_get_thread_num(), T = omp_get_num_threads();
    std::vector<v8> xt(h), yt(h);
    // phase 1: row filters, 8 rows at a time
#pragma omp for schedule(static)
    for (int b = 0; b < nblocks; ++b) {
      const int i0 = b * R;
      const int nb = w - i0 < R ? w - i0 : R;
      const float* x[R];
      float* o[R];
      for (int r = 0; r < nb; ++r) x[r] = imgIn[i0 + r].data(), o[r] = imgOut[i0 + r].data();
      rows8(h, c, x, o, nb, xt.data(), yt.data());
    }
    // phase 2: column filters on this thread's columns [j0, j1), 16-float aligned
    const int chunks = (h + 15) / 16;
    const int j0 = std::min(h, 16 * int(int64_t(chunks) * t / T));
    const int j1 = std::min(h, 16 * int(int64_t(chunks) * (t + 1) / T));
    const int len = j1 - j0;
    if (len > 0) {
      std::vector<float> zero(len, 0.0f), buf0(len, 0.0f), buf1(len, 0.0f), buf2(len, 0.0f);
      for (int i = 0; i < w; ++i)
        col_causal(len, c, imgOut[i].data() + j0,
                   i >= 1 ? imgOut[i - 1].data() + j0 : zero.data(),
                   i >= 1 ? y1[i - 1].data() + j0 : zero.data(),
                   i >= 2 ? y1[i - 2].data() + j0 : zero.data(), y1[i].data() + j0);
      float* tp1 = buf0.data();  // intermediate imgOut[i+1][j0:j1]
      float* tp2 = buf1.data();  // intermediate imgOut[i+2][j0:j1]
      float* spare = buf2.data();
      for (int i = w - 1; i >= 0; --i) {
        col_anti(len, c, tp1, tp2, i + 1 < w ? y2[i + 1].data() + j0 : zero.data(),
                 i + 2 < w ? y2[i + 2].data() + j0 : zero.data(), y1[i].data() + j0,
                 y2[i].data() + j0, imgOut[i].data() + j0, spare);
        float* tmp = tp2;
        tp2 = tp1, tp1 = spare, spare = tmp;
      }
    }
  }
}
