//! The statistics the lab reports: shares with Wilson intervals, means with
//! normal intervals, histograms, and differences of paired samples (the
//! lab plays set A and set B from the same seeds, so game `i` of one is
//! compared with game `i` of the other).

use serde::{Deserialize, Serialize};

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_964;

/// A share of a count with its 95% Wilson interval.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Share {
    /// The events counted.
    pub k: u64,
    /// Out of this many.
    pub n: u64,
    /// `k / n` (0 when `n` is 0).
    pub rate: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl Share {
    /// `k` of `n`.
    pub fn of(k: u64, n: u64) -> Share {
        let (low, high) = crate::bots::wilson(k, n);
        Share {
            k,
            n,
            rate: if n == 0 { 0.0 } else { k as f64 / n as f64 },
            low,
            high,
        }
    }

    /// `62.0% (58.1-65.8%)`.
    pub fn percent(&self) -> String {
        format!(
            "{:.1}% ({:.1}-{:.1}%)",
            self.rate * 100.0,
            self.low * 100.0,
            self.high * 100.0
        )
    }
}

/// A sample's mean, spread and the 95% interval of its mean.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Mean {
    /// Values in the sample.
    pub n: u64,
    /// Arithmetic mean.
    pub mean: f64,
    /// Sample standard deviation.
    pub sd: f64,
    /// Lower end of the 95% interval of the mean.
    pub low: f64,
    /// Upper end of the 95% interval of the mean.
    pub high: f64,
}

impl Mean {
    /// The mean of `values`.
    pub fn of(values: impl IntoIterator<Item = f64>) -> Mean {
        let (mut n, mut sum, mut sq) = (0u64, 0.0, 0.0);
        for v in values {
            n += 1;
            sum += v;
            sq += v * v;
        }
        if n == 0 {
            return Mean::default();
        }
        let nf = n as f64;
        let mean = sum / nf;
        let var = if n > 1 {
            ((sq - nf * mean * mean) / (nf - 1.0)).max(0.0)
        } else {
            0.0
        };
        let sd = var.sqrt();
        let half = Z95 * sd / nf.sqrt();
        Mean {
            n,
            mean,
            sd,
            low: mean - half,
            high: mean + half,
        }
    }

    /// Half the width of the interval.
    pub fn half(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// A count's distribution: its mean, median, range and a histogram.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Dist {
    /// Mean, spread and interval.
    pub mean: Mean,
    /// The median.
    pub median: f64,
    /// The smallest value.
    pub min: u64,
    /// The largest value.
    pub max: u64,
    /// Bins of equal width: (first value of the bin, values in it).
    pub histogram: Vec<(u64, u64)>,
}

impl Dist {
    /// The distribution of `values` in at most `bins` bins.
    pub fn of(values: &[u64], bins: usize) -> Dist {
        if values.is_empty() {
            return Dist::default();
        }
        let mut v = values.to_vec();
        v.sort_unstable();
        let n = v.len();
        let median = crate::sim::median_of_sorted(&v);
        let (min, max) = (v[0], v[n - 1]);
        let bins = bins.max(1) as u64;
        let width = ((max - min) / bins + 1).max(1);
        let mut histogram: Vec<(u64, u64)> = Vec::new();
        for &x in &v {
            let start = min + (x - min) / width * width;
            match histogram.last_mut() {
                Some((s, c)) if *s == start => *c += 1,
                _ => histogram.push((start, 1)),
            }
        }
        Dist {
            mean: Mean::of(v.iter().map(|&x| x as f64)),
            median,
            min,
            max,
            histogram,
        }
    }
}

/// The difference `b - a` of paired samples (game `i` of set A with game
/// `i` of set B) with its 95% interval.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Diff {
    /// Pairs compared.
    pub n: u64,
    /// Mean of A.
    pub a: f64,
    /// Mean of B.
    pub b: f64,
    /// `b - a`.
    pub diff: f64,
    /// Lower end of the 95% interval of the difference.
    pub low: f64,
    /// Upper end of the 95% interval of the difference.
    pub high: f64,
}

impl Diff {
    /// The paired difference of `pairs` (a, b).
    pub fn paired(pairs: impl IntoIterator<Item = (f64, f64)>) -> Diff {
        let (mut sa, mut sb) = (0.0, 0.0);
        let mut d = Vec::new();
        for (a, b) in pairs {
            sa += a;
            sb += b;
            d.push(b - a);
        }
        let m = Mean::of(d.iter().copied());
        let n = d.len().max(1) as f64;
        Diff {
            n: m.n,
            a: sa / n,
            b: sb / n,
            diff: m.mean,
            low: m.low,
            high: m.high,
        }
    }

    /// Whether the interval leaves out zero: the sets differ at 95%.
    pub fn differs(&self) -> bool {
        self.low > 0.0 || self.high < 0.0
    }

    /// Half the width of the interval.
    pub fn half(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_brackets_its_rate() {
        let s = Share::of(60, 100);
        assert_eq!(s.rate, 0.6);
        assert!(s.low < 0.6 && s.high > 0.6);
        assert!(s.low > 0.49 && s.high < 0.70, "{s:?}");
        assert_eq!(Share::of(0, 0).rate, 0.0);
    }

    #[test]
    fn a_mean_has_the_textbook_spread() {
        let m = Mean::of([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
        assert_eq!(m.mean, 5.0);
        assert!((m.sd - 2.138).abs() < 0.001, "{m:?}");
        assert!((m.half() - Z95 * m.sd / 8f64.sqrt()).abs() < 1e-9);
    }

    #[test]
    fn a_histogram_counts_every_value_once() {
        let values: Vec<u64> = (0..100).map(|i| 10 + i % 37).collect();
        let d = Dist::of(&values, 8);
        assert_eq!(d.histogram.iter().map(|b| b.1).sum::<u64>(), 100);
        assert!(d.histogram.len() <= 9);
        assert_eq!((d.min, d.max), (10, 46));
        assert!(d.histogram.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn identical_pairs_do_not_differ_and_a_shift_does() {
        let same = Diff::paired((0..50).map(|i| (i as f64, i as f64)));
        assert!(!same.differs());
        assert_eq!(same.diff, 0.0);
        let shifted = Diff::paired((0..50).map(|i| (i as f64, i as f64 + 1.0 + (i % 3) as f64)));
        assert!(shifted.differs());
        assert!((shifted.diff - 1.98).abs() < 0.01, "{shifted:?}");
    }
}
