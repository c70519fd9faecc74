// Placeholder translation unit until the triton concern has sources of its own.
namespace hd {}
