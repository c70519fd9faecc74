// Scenario 16: a host object file (g++ -c) passed where a code object is expected.
extern "C" void vector_add(const float *a, const float *b, float *c, int n) {
    for (int i = 0; i < n; ++i)
        c[i] = a[i] + b[i];
}
