//! Armadöra rules engine on the [`dice_core::Game`] contract.
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;
