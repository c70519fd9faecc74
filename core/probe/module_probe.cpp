// Placeholder translation unit until the probe concern has sources of its own.
namespace hd {}
