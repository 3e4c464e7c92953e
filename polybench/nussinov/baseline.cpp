#include <vector>

/* nussinov: RNA secondary-structure prediction by dynamic programming (maximum number of
   base pairs). seq holds n bases coded 0..3; bases b1 and b2 pair when b1 + b2 == 3.
   table[i][j] (j > i) becomes the best score of the subsequence i..j: the maximum of its
   current value, table[i][j-1] (j unpaired), table[i+1][j] (i unpaired), table[i+1][j-1]
   plus one if i and j pair (pairs of adjacent bases, j == i+1, do not count) and, for
   every split i < k < j, table[i][k] + table[k+1][j]. Rows are filled from the bottom
   up, each from left to right, so every entry read is already final. */
void kernel_nussinov(int n, std::vector<int>& seq, std::vector<std::vector<int>>& table) {
  for (int i = n - 1; i >= 0; i--) {
    for (int j = i + 1; j < n; j++) {
      int best = table[i][j];
      if (table[i][j - 1] > best) best = table[i][j - 1];
      if (table[i + 1][j] > best) best = table[i + 1][j];
      int pair_score = table[i + 1][j - 1];
      if (i < j - 1 && seq[i] + seq[j] == 3) pair_score += 1;
      if (pair_score > best) best = pair_score;
      for (int k = i + 1; k < j; k++) {
        if (table[i][k] + table[k + 1][j] > best) best = table[i][k] + table[k + 1][j];
      }
      table[i][j] = best;
    }
  }
}
