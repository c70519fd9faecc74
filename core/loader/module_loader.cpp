// Placeholder translation unit until the loader concern has sources of its own.
namespace hd {}
