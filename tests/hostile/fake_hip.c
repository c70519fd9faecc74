/* A fake libamdhip64 for the hostile-environment tests: every symbol the probe resolves, and
 * a behaviour chosen by FAKE_HIP_MODE:
 *   forge      the library constructor prints a forged probe "device" line on stdout
 *   flood      the constructor writes FAKE_HIP_FLOOD_MB MiB to stderr (0: forever)
 *   hang-init  hipInit writes the process id to FAKE_HIP_PIDFILE, then waits forever
 * otherwise hipInit answers hipErrorNoDevice (100). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *mode(void) {
    const char *m = getenv("FAKE_HIP_MODE");
    return m ? m : "";
}

__attribute__((constructor)) static void fake_hip_start(void) {
    if (strcmp(mode(), "forge") == 0) {
        printf("{\"event\":\"device\",\"index\":0,\"name\":\"FORGED-GPU\",\"arch\":\"gfx942\"}\n");
        fflush(stdout);
    } else if (strcmp(mode(), "flood") == 0) {
        static char line[1024];
        memset(line, 'E', sizeof line - 1);
        line[sizeof line - 1] = '\n';
        const char *mb = getenv("FAKE_HIP_FLOOD_MB");
        const long n = mb ? atol(mb) * 1024 : 0;
        fputs("FLOOD-FIRST-LINE\n", stderr);
        for (long i = 0; n == 0 || i < n; ++i)
            if (write(2, line, sizeof line) < 0)
                break;
        fputs("FLOOD-LAST-LINE\n", stderr);
    }
}

int hipInit(unsigned flags) {
    (void)flags;
    if (strcmp(mode(), "hang-init") == 0) {
        const char *pidfile = getenv("FAKE_HIP_PIDFILE");
        if (pidfile) {
            FILE *f = fopen(pidfile, "w");
            if (f) {
                fprintf(f, "%d\n", (int)getpid());
                fclose(f);
            }
        }
        for (;;)
            pause();
    }
    return 100;
}
int hipGetDeviceCount(int *n) {
    *n = 0;
    return 100;
}
const char *hipGetErrorName(int e) {
    return e == 100 ? "hipErrorNoDevice" : "hipErrorUnknown";
}
const char *hipGetErrorString(int e) {
    return e == 100 ? "no ROCm-capable device is detected" : "unknown error";
}
int hipRuntimeGetVersion(int *v) {
    *v = 50221153;
    return 0;
}
int hipDriverGetVersion(int *v) {
    *v = 50221153;
    return 0;
}
int hipDeviceGetName(char *n, int len, int d) {
    (void)n, (void)len, (void)d;
    return 100;
}
int hipDeviceGetAttribute(int *v, int a, int d) {
    (void)v, (void)a, (void)d;
    return 100;
}
int hipDeviceTotalMem(size_t *b, int d) {
    (void)b, (void)d;
    return 100;
}
int hipSetDevice(int d) {
    (void)d;
    return 100;
}
int hipModuleLoadData(void **m, const void *p) {
    (void)m, (void)p;
    return 100;
}
int hipModuleUnload(void *m) {
    (void)m;
    return 100;
}
int hipModuleGetFunction(void **f, void *m, const char *n) {
    (void)f, (void)m, (void)n;
    return 100;
}
int hipModuleLaunchKernel(void *f, unsigned a, unsigned b, unsigned c, unsigned d, unsigned e,
                          unsigned g, unsigned h, void *s, void **p, void **x) {
    (void)f, (void)a, (void)b, (void)c, (void)d, (void)e, (void)g, (void)h, (void)s, (void)p,
        (void)x;
    return 100;
}
int hipMalloc(void **p, size_t n) {
    (void)p, (void)n;
    return 100;
}
int hipFree(void *p) {
    (void)p;
    return 100;
}
int hipMemcpy(void *d, const void *s, size_t n, int k) {
    (void)d, (void)s, (void)n, (void)k;
    return 100;
}
int hipEventCreate(void **e) {
    (void)e;
    return 100;
}
int hipEventDestroy(void *e) {
    (void)e;
    return 100;
}
int hipEventRecord(void *e, void *s) {
    (void)e, (void)s;
    return 100;
}
int hipEventSynchronize(void *e) {
    (void)e;
    return 100;
}
int hipEventElapsedTime(float *ms, void *a, void *b) {
    (void)ms, (void)a, (void)b;
    return 100;
}
int hipDeviceSynchronize(void) {
    return 100;
}
