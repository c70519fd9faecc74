// Placeholder translation unit until the verify concern has sources of its own.
namespace hd {}
