#include <cmath>
#include <vector>

/* deriche: Deriche's recursive (IIR) edge/smoothing filter on a w x h float image
   (imgIn[i][j], i < w the row, j < h the column), with PolyBench's coefficients from the
   scalar alpha. Each direction is filtered by a causal and an anti-causal second-order
   recursion whose sum is the result: first along every row (j), giving imgOut, then along
   every column (i) of that result, giving the final imgOut. y1 (causal) and y2
   (anti-causal) are the working images; on return they hold the column pass's values. */
void kernel_deriche(int w, int h, double alpha, std::vector<std::vector<float>>& imgIn,
                    std::vector<std::vector<float>>& imgOut, std::vector<std::vector<float>>& y1,
                    std::vector<std::vector<float>>& y2) {
  // coefficients (PolyBench's formulas, evaluated in double, stored as float)
  const double e1 = std::exp(-alpha), e2 = std::exp(-2.0 * alpha);
  const float k = float((1.0 - e1) * (1.0 - e1) / (1.0 + 2.0 * alpha * e1 - std::exp(2.0 * alpha)));
  const float a1 = k, a5 = k;
  const float a2 = float(k * e1 * (alpha - 1.0)), a6 = a2;
  const float a3 = float(k * e1 * (alpha + 1.0)), a7 = a3;
  const float a4 = float(-k * e2), a8 = a4;
  const float b1 = float(std::pow(2.0, -alpha));
  const float b2 = float(-e2);
  const float c1 = 1.0f, c2 = 1.0f;

  // rows, causal
  for (int i = 0; i < w; i++) {
    float ym1 = 0.0f, ym2 = 0.0f, xm1 = 0.0f;
    for (int j = 0; j < h; j++) {
      y1[i][j] = a1 * imgIn[i][j] + a2 * xm1 + b1 * ym1 + b2 * ym2;
      xm1 = imgIn[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }
  // rows, anti-causal
  for (int i = 0; i < w; i++) {
    float yp1 = 0.0f, yp2 = 0.0f, xp1 = 0.0f, xp2 = 0.0f;
    for (int j = h - 1; j >= 0; j--) {
      y2[i][j] = a3 * xp1 + a4 * xp2 + b1 * yp1 + b2 * yp2;
      xp2 = xp1;
      xp1 = imgIn[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }
  for (int i = 0; i < w; i++)
    for (int j = 0; j < h; j++) imgOut[i][j] = c1 * (y1[i][j] + y2[i][j]);

  // columns, causal
  for (int j = 0; j < h; j++) {
    float tm1 = 0.0f, ym1 = 0.0f, ym2 = 0.0f;
    for (int i = 0; i < w; i++) {
      y1[i][j] = a5 * imgOut[i][j] + a6 * tm1 + b1 * ym1 + b2 * ym2;
      tm1 = imgOut[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }
  // columns, anti-causal
  for (int j = 0; j < h; j++) {
    float tp1 = 0.0f, tp2 = 0.0f, yp1 = 0.0f, yp2 = 0.0f;
    for (int i = w - 1; i >= 0; i--) {
      y2[i][j] = a7 * tp1 + a8 * tp2 + b1 * yp1 + b2 * yp2;
      tp2 = tp1;
      tp1 = imgOut[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }
  for (int i = 0; i < w; i++)
    for (int j = 0; j < h; j++) imgOut[i][j] = c2 * (y1[i][j] + y2[i][j]);
}
