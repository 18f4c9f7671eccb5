#include "metrics/stats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

namespace tpcc {
namespace {

// Log-linear layout: values below kSubBuckets are kept exactly (one bucket
// each); above that, every power-of-two range [2^k, 2^(k+1)) is split into
// kSubBuckets equal buckets, so a bucket is at most 1/64 of its value wide
// and its midpoint is within 0.8% of anything recorded in it. The top range
// is [2^31, 2^32) µs, up to ~71 minutes; larger values share the last
// bucket, while max() stays exact. 1,728 buckets: 14 KB per non-empty
// histogram.
constexpr int kSubBits = 6;
constexpr std::int64_t kSubBuckets = std::int64_t{1} << kSubBits;  // 64
constexpr int kTopExponent = 31;
constexpr std::size_t kBucketCount =
    static_cast<std::size_t>(kSubBuckets + (kTopExponent - kSubBits + 1) * kSubBuckets);

// v > 0: one instruction where a loop took one step per bit.
int highest_bit(std::uint64_t v) { return 63 - __builtin_clzll(v); }

std::size_t bucket_of(std::int64_t micros) {
  if (micros < kSubBuckets) return static_cast<std::size_t>(micros);
  const int exponent = highest_bit(static_cast<std::uint64_t>(micros));
  if (exponent > kTopExponent) return kBucketCount - 1;
  const int shift = exponent - kSubBits;
  const std::int64_t sub = (micros >> shift) - kSubBuckets;
  return static_cast<std::size_t>(kSubBuckets + shift * kSubBuckets + sub);
}

// Lowest value of a bucket and its width.
std::pair<double, double> bucket_range(std::size_t index) {
  const auto i = static_cast<std::int64_t>(index);
  if (i < kSubBuckets) return {static_cast<double>(i), 1.0};
  const std::int64_t shift = (i - kSubBuckets) / kSubBuckets;
  const std::int64_t sub = (i - kSubBuckets) % kSubBuckets;
  const double width = std::ldexp(1.0, static_cast<int>(shift));
  return {static_cast<double>(kSubBuckets + sub) * width, width};
}

// The index of the highest non-empty bucket; buckets has a value.
std::size_t last_used(const std::vector<std::int64_t>& buckets) {
  std::size_t last = buckets.size() - 1;
  while (buckets[last] == 0) --last;
  return last;
}

// The index of the lowest non-empty bucket; buckets has a value.
std::size_t first_used(const std::vector<std::int64_t>& buckets) {
  std::size_t first = 0;
  while (buckets[first] == 0) ++first;
  return first;
}

// A sum of squares as sum_squares_text() writes it: decimal digits only,
// within 128 bits.
LatencyHistogram::Squares squares_from_text(const std::string& text) {
  LatencyHistogram::Squares value = 0;
  const LatencyHistogram::Squares limit = ~LatencyHistogram::Squares{0};
  for (const char c : text) {
    if (c < '0' || c > '9') throw std::invalid_argument("a sum of squares that is not a number");
    const auto digit = static_cast<unsigned>(c - '0');
    if (value > (limit - digit) / 10) {
      throw std::invalid_argument("a sum of squares beyond 128 bits");
    }
    value = value * 10 + digit;
  }
  return value;
}

// Names the layout above; a change to any of its constants needs a new name.
constexpr const char* kLayout = "log-linear-us-v1: 64 exact, 64 per power of two to 2^31";

}  // namespace

const char* LatencyHistogram::layout() { return kLayout; }

std::size_t LatencyHistogram::bucket_count() { return kBucketCount; }

std::pair<double, double> LatencyHistogram::bucket_span(std::size_t index) {
  return bucket_range(index);
}

LatencyHistogram LatencyHistogram::restore(std::vector<std::int64_t> buckets, std::int64_t sum,
                                           std::int64_t max, const std::string& sum_squares_text,
                                           std::optional<std::int64_t> min) {
  if (!buckets.empty() && buckets.size() != kBucketCount) {
    throw std::invalid_argument(std::to_string(buckets.size()) + " buckets, the layout has " +
                                std::to_string(kBucketCount));
  }
  LatencyHistogram h;
  h.count_ = std::accumulate(buckets.begin(), buckets.end(), std::int64_t{0});
  if (std::any_of(buckets.begin(), buckets.end(), [](std::int64_t n) { return n < 0; }) ||
      sum < 0 || max < 0 || (h.count_ == 0 && (sum != 0 || max != 0))) {
    throw std::invalid_argument("negative bucket counts, or a sum or max without values");
  }
  if (h.count_ > 0 && bucket_of(max) != last_used(buckets)) {
    throw std::invalid_argument("the max lies outside the last non-empty bucket");
  }
  if (h.count_ > 0 && min && (*min < 0 || *min > max || bucket_of(*min) != first_used(buckets))) {
    throw std::invalid_argument("the min lies outside the first non-empty bucket");
  }
  h.buckets_ = std::move(buckets);
  h.sum_ = sum;
  h.max_ = max;
  h.squares_known_ = h.count_ == 0 || !sum_squares_text.empty();
  h.min_known_ = h.count_ == 0 || min.has_value();
  if (h.count_ > 0 && min) h.min_ = *min;
  if (!sum_squares_text.empty()) h.squares_ = squares_from_text(sum_squares_text);
  return h;
}

// The buckets are allocated on the first value, so that the many empty
// histograms (a transaction type absent from an interval) cost nothing.
LatencyHistogram::LatencyHistogram() = default;

void LatencyHistogram::record(std::int64_t micros) {
  micros = std::max<std::int64_t>(micros, 0);
  if (buckets_.empty()) buckets_.assign(kBucketCount, 0);
  ++buckets_[bucket_of(micros)];
  ++count_;
  sum_ += micros;
  squares_ += static_cast<Squares>(micros) * static_cast<Squares>(micros);
  max_ = std::max(max_, micros);
  min_ = std::min(min_, micros);
}

void LatencyHistogram::merge(const LatencyHistogram& other) {
  if (other.buckets_.empty()) return;
  if (buckets_.empty()) buckets_.assign(kBucketCount, 0);
  for (std::size_t i = 0; i < buckets_.size(); ++i) buckets_[i] += other.buckets_[i];
  count_ += other.count_;
  sum_ += other.sum_;
  squares_ += other.squares_;
  squares_known_ = squares_known_ && other.squares_known_;
  max_ = std::max(max_, other.max_);
  min_ = std::min(min_, other.min_);
  min_known_ = min_known_ && other.min_known_;
}

std::optional<std::int64_t> LatencyHistogram::min() const {
  if (!min_known_) return std::nullopt;
  return count_ > 0 ? min_ : 0;
}

std::optional<double> LatencyHistogram::stddev() const {
  if (!squares_known_) return std::nullopt;
  if (count_ < 2) return 0.0;
  // n * sum2 - sum^2 is n^2 times the variance, exact in integers while
  // n * sum2 fits; past that, in long double.
  const auto n = static_cast<Squares>(count_);
  const auto sum = static_cast<Squares>(sum_);
  const long double n2 = static_cast<long double>(count_) * static_cast<long double>(count_);
  if (squares_ <= ~Squares{0} / n) {
    const Squares spread = n * squares_ - sum * sum;
    return static_cast<double>(std::sqrt(static_cast<long double>(spread) / n2));
  }
  const long double mean = static_cast<long double>(sum_) / static_cast<long double>(count_);
  const long double variance =
      static_cast<long double>(squares_) / static_cast<long double>(count_) - mean * mean;
  return static_cast<double>(std::sqrt(std::max<long double>(variance, 0)));
}

std::string LatencyHistogram::sum_squares_text() const {
  if (!squares_known_) return "";
  std::string digits;
  Squares rest = squares_;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(rest % 10)));
    rest /= 10;
  } while (rest != 0);
  return digits;
}

double LatencyHistogram::mean() const {
  return count_ > 0 ? static_cast<double>(sum_) / static_cast<double>(count_) : 0.0;
}

double LatencyHistogram::percentile(double p) const {
  if (count_ == 0) return 0;
  if (p >= 100) return static_cast<double>(max_);
  // Nearest rank: the smallest recorded value with at least p% of the
  // values at or below it.
  const double wanted = std::ceil(std::max(p, 0.0) / 100.0 * static_cast<double>(count_));
  const auto rank = std::max<std::int64_t>(1, static_cast<std::int64_t>(wanted));
  std::int64_t seen = 0;
  for (std::size_t i = 0; i < buckets_.size(); ++i) {
    seen += buckets_[i];
    if (seen >= rank) {
      const auto [low, width] = bucket_range(i);
      const double estimate = width == 1.0 ? low : low + width / 2;
      return std::min(estimate, static_cast<double>(max_));
    }
  }
  return static_cast<double>(max_);
}

}  // namespace tpcc
