// The baseline kernel for NVIDIA (HIP's CUDA platform), same as kernels/vector_add.hip:
// c[i] = a[i] + b[i]. vector_add is extern "C" so cuModuleGetFunction finds it by its plain
// name; vector_add_cpp is the same kernel without extern "C", so its symbol is C++-mangled
// (_Z14vector_add_cppPKfS0_Pfi) and a lookup of "vector_add_cpp" fails with
// CUDA_ERROR_NOT_FOUND (500), the symbol.mangled-name case.

extern "C" __global__ void vector_add(const float *a, const float *b, float *c, int n)
{
    const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    if (i < n)
        c[i] = a[i] + b[i];
}

__global__ void vector_add_cpp(const float *a, const float *b, float *c, int n)
{
    const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    if (i < n)
        c[i] = a[i] + b[i];
}
