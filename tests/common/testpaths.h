#pragma once

// Paths the test environment hands every test (tests/CMakeLists.txt, HD_TEST_ENV).

#include <QString>
#include <QtGlobal>

namespace hdtest {

inline QString envPath(const char *name) {
    return qEnvironmentVariable(name);
}
inline QString sourceDir() {
    return envPath("HIPDOCTOR_SOURCE_DIR");
}
inline QString buildDir() {
    return envPath("HIPDOCTOR_BUILD_DIR");
}
// Real Triton caches and NVIDIA binaries (copied from shared/fixtures).
inline QString fixture(const QString &rel) {
    return envPath("HIPDOCTOR_FIXTURES") + QLatin1Char('/') + rel;
}
// Artifacts the build compiled from kernels/ with the real hipcc.
inline QString kernelArtifact(const QString &rel) {
    return envPath("HIPDOCTOR_KERNELS_DIR") + QLatin1Char('/') + rel;
}
inline QString binary(const QString &name) {
    return envPath("HIPDOCTOR_BIN_DIR") + QLatin1Char('/') + name;
}

} // namespace hdtest
