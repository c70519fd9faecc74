// Placeholder translation unit until the env concern has sources of its own.
namespace hd {}
