//! NumPy arrays built without a NumPy build dependency: the numbers are
//! written into a `bytearray` that `numpy.frombuffer` then wraps (one copy,
//! writable, no C API of NumPy's).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyByteArray;

static FROMBUFFER: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A number type NumPy knows, written in native byte order.
pub(crate) trait Element: Copy {
    /// NumPy's name for the dtype.
    const DTYPE: &'static str;
    /// Bytes per number.
    const SIZE: usize;
    /// Writes the number into `out` (exactly [`Self::SIZE`] bytes).
    fn write(self, out: &mut [u8]);
}

macro_rules! element {
    ($t:ty, $dtype:literal) => {
        impl Element for $t {
            const DTYPE: &'static str = $dtype;
            const SIZE: usize = size_of::<$t>();
            fn write(self, out: &mut [u8]) {
                out.copy_from_slice(&self.to_ne_bytes());
            }
        }
    };
}

element!(f32, "float32");
element!(f64, "float64");
element!(i64, "int64");
element!(i8, "int8");

impl Element for bool {
    const DTYPE: &'static str = "bool";
    const SIZE: usize = 1;
    fn write(self, out: &mut [u8]) {
        out.fill(u8::from(self));
    }
}

/// `values` as a NumPy array of shape `shape` (whose product must be
/// `values.len()`).
pub(crate) fn array<'py, T: Element>(
    py: Python<'py>,
    values: &[T],
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let bytes = values.len().saturating_mul(T::SIZE);
    let buffer = PyByteArray::new_with(py, bytes, |out| {
        for (chunk, &value) in out.chunks_exact_mut(T::SIZE).zip(values) {
            value.write(chunk);
        }
        Ok(())
    })?;
    let frombuffer = FROMBUFFER.import(py, "numpy", "frombuffer")?;
    let flat = frombuffer.call1((buffer, T::DTYPE))?;
    if let [_] = shape {
        Ok(flat)
    } else {
        flat.call_method1("reshape", (shape.to_vec(),))
    }
}
