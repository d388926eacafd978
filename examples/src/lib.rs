//! Example binaries live in `examples/`; run one with `cargo run --example NAME`.
