// Placeholder translation unit until the session concern has sources of its own.
namespace hd {}
