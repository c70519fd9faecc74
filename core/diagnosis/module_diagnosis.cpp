// Placeholder translation unit until the diagnosis concern has sources of its own.
namespace hd {}
