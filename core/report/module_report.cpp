// Placeholder translation unit until the report concern has sources of its own.
namespace hd {}
