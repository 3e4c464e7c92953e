#include <vector>

/* 3mm: three matrix products, G := (A*B)*(C*D).
   A is ni x nk, B is nk x nj, C is nj x nm, D is nm x nl.
   E (ni x nj) receives A*B, F (nj x nl) receives C*D, and G (ni x nl) receives E*F. */
void kernel_3mm(int ni, int nj, int nk, int nl, int nm, std::vector<std::vector<double>>& E,
                std::vector<std::vector<double>>& A, std::vector<std::vector<double>>& B,
                std::vector<std::vector<double>>& F, std::vector<std::vector<double>>& C,
                std::vector<std::vector<double>>& D, std::vector<std::vector<double>>& G) {
  // E = A * B
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++) {
      E[i][j] = 0.0;
      for (int k = 0; k < nk; k++) {
        E[i][j] += A[i][k] * B[k][j];
      }
    }
  }
  // F = C * D
  for (int i = 0; i < nj; i++) {
    for (int j = 0; j < nl; j++) {
      F[i][j] = 0.0;
      for (int k = 0; k < nm; k++) {
        F[i][j] += C[i][k] * D[k][j];
      }
    }
  }
  // G = E * F
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nl; j++) {
      G[i][j] = 0.0;
      for (int k = 0; k < nj; k++) {
        G[i][j] += E[i][k] * F[k][j];
      }
    }
  }
}
