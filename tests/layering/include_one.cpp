// One header, named by HD_HEADER, and nothing else: the layering tests compile this file
// against chosen libraries to show which headers a module can and cannot reach
// (tests/layering/CMakeLists.txt).
#include HD_HEADER
