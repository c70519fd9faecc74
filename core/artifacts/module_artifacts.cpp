// Placeholder translation unit until the artifacts concern has sources of its own.
namespace hd {}
