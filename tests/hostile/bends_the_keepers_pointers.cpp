#include <cstdint>
#include <cstring>
#include <vector>

// Aims the keeper's own code at memory the candidate chose (found by the red team, on
// polybench/2mm). The keeper runs the driver's outputs() on the instance after the
// window; the instance holds the driver's declaration of its outputs (NestedOutputs:
// name, pointer-to-grid pairs) and, before the fix, the buffers it flattened nested grids
// into. Bending a buffer's vector header made the keeper's glibc free() a fake chunk in the
// caller's heap (`correct`, the trusted keeper's heap silently corrupted) and could aim its
// writes anywhere. Here the pointer to D in that declaration is aimed at a fake grid in the
// candidate's heap whose rows claim 16 MiB each from a small buffer. The keeper must
// survive it: it frees nothing during a turn, fills only buffers of its own, and a fault
// while it reads ends the report, not the keeper: `incorrect`.
void kernel_2mm(int ni, int nj, int nk, int nl, double alpha, double beta,
                std::vector<std::vector<double>>& tmp, std::vector<std::vector<double>>& A,
                std::vector<std::vector<double>>& B, std::vector<std::vector<double>>& C,
                std::vector<std::vector<double>>& D) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      tmp[size_t(i)][size_t(j)] = 0.0;
      for (int k = 0; k < nk; k++) tmp[size_t(i)][size_t(j)] += alpha * A[size_t(i)][size_t(k)] * B[size_t(k)][size_t(j)];
    }
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++) {
      D[size_t(i)][size_t(j)] *= beta;
      for (int k = 0; k < nj; k++) D[size_t(i)][size_t(j)] += tmp[size_t(i)][size_t(k)] * C[size_t(k)][size_t(j)];
    }
  // a fake grid: one row header claiming 16 MiB of doubles from a 4 KiB buffer
  static double* small = static_cast<double*>(::operator new(4096));
  static double* row[3] = {small, small + (2u << 20), small + (2u << 20)};
  static double** grid[3] = {row, row + 3, row + 3};
  uint64_t* w = reinterpret_cast<uint64_t*>(&D);
  for (int i = 0; i < 96; ++i)
    if (w[i] == reinterpret_cast<uint64_t>(&D)) w[i] = reinterpret_cast<uint64_t>(grid);
}
