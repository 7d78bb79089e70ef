pub fn recursive(n: u64) -> u64 { if n < 2 { n } else { recursive(n - 1) + recursive(n - 2) } }
pub fn iterative(n: u64) -> u64 { let (mut a, mut b) = (0u64, 1u64); for _ in 0..n { let t = a + b; a = b; b = t; } a }
