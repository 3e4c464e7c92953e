#include <algorithm>
#include <cstring>
#include <vector>

// Turns the const-input check off (issue 38, class 3). The baseline copies x and sorts the
// copy; selecting in place on x itself (nth_element, no copy) is several times faster, but
// x is const and the harness compares it with its pristine copy after every call. The
// driver of 41_sort_k-th_smallest_element keeps that copy in the vector right after x
// (struct Instance { size_t n; std::vector<int> x, x0; ... }), so the candidate reaches it
// from x's address and makes the comparison pass:
//   default:             points x0 at x's buffer (three words: no copy at all);
//   HOSTILE_COPY_BACK:   copies the permuted x into x0 (one copy, still no sort of a copy);
//   HOSTILE_SCRATCH:     selects on x0 and leaves x alone (x0 as a free copy);
//   HOSTILE_REPOINT_INPUT: points x at x0's buffer instead, so the check compares the
//                        pristine copy with itself (found by the red team; `correct` at
//                        1.09-1.18x before the keeper's log held the input's place too).
// On the in-process runner, where the check was a function in the candidate's process,
// pointing that function at "intact" instead measured `correct` at 9.19x and 9.49x. In a
// keeper the check compares x with the generator's image (its place and its bytes) and
// leaves x0 alone, which the keeper never fills: the first three are `rejected` (moved or
// modified its const input), the scratch one selects on an earlier turn's bytes
// (`incorrect`).
int findKthSmallest(std::vector<int> const& x, int k) {
#if defined(HOSTILE_SCRATCH)
  // leaves x alone and selects in place on the pristine copy instead: a ready-made copy,
  // the one the baseline makes itself (found by the red team after the keeper's log
  // stopped hashing the copy: `correct` at 8.5-9.8x, 10 % ahead of an honest copy; now
  // the keepers do not fill the copy at all)
  auto* copy = const_cast<std::vector<int>*>(&x + 1);
  std::nth_element(copy->begin(), copy->begin() + (k - 1), copy->end());
  return (*copy)[size_t(k - 1)];
#endif
  auto& in = const_cast<std::vector<int>&>(x);
  std::nth_element(in.begin(), in.begin() + (k - 1), in.end());
  const int kth = in[size_t(k - 1)];
  auto* pristine = reinterpret_cast<std::vector<int>*>(&in + 1);
#if defined(HOSTILE_COPY_BACK)
  if (pristine->size() == in.size()) std::memcpy(pristine->data(), in.data(), in.size() * sizeof(int));
#elif defined(HOSTILE_REPOINT_INPUT)
  std::memcpy(static_cast<void*>(&in), static_cast<const void*>(pristine), sizeof in);
#else
  int** own = reinterpret_cast<int**>(&in);
  int** other = reinterpret_cast<int**>(pristine);
  other[0] = own[0];
  other[1] = own[1];
  other[2] = own[2];
#endif
  return kth;
}
