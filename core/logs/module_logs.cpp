// Placeholder translation unit until the logs concern has sources of its own.
namespace hd {}
