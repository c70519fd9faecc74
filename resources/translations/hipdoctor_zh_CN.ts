<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>hd::Diagnosis</name>
    <message>
        <source>probe</source>
        <translation>探测程序（probe）</translation>
    </message>
    <message>
        <source>rocminfo</source>
        <translation>rocminfo 的报告</translation>
    </message>
    <message>
        <source>target-option</source>
        <translation>指定的目标（target-option）</translation>
    </message>
    <message>
        <source>session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>.hipFatBinSegment wrapper %1 refers to the external symbol %2: device code is linked in later (-fgpu-rdc)</source>
        <translation>.hipFatBinSegment 包装 %1 指向外部符号 %2：设备代码在之后的链接中加入（-fgpu-rdc）</translation>
    </message>
    <message>
        <source>%1 entry %2 (%3 %4)</source>
        <translation>%1 的条目 %2（%3 %4）</translation>
    </message>
    <message>
        <source>fatbin @ %1</source>
        <translation>fatbin 容器 @ %1</translation>
    </message>
    <message>
        <source>%1 fatbin @ %2</source>
        <translation>%1 中的 fatbin 容器 @ %2</translation>
    </message>
    <message>
        <source>-fgpu-rdc sections</source>
        <translation>-fgpu-rdc 节</translation>
    </message>
    <message>
        <source>searched</source>
        <translation>已搜索的目录</translation>
    </message>
    <message>
        <source>also reported as</source>
        <translation>同时报告为</translation>
    </message>
    <message>
        <source>Devices:</source>
        <translation>日志的设备列表（Devices:）</translation>
    </message>
    <message>
        <source>Bundled Code Objects:</source>
        <translation>日志的捆绑代码对象列表（Bundled Code Objects:）</translation>
    </message>
    <message>
        <source>devices</source>
        <translation>设备数</translation>
    </message>
    <message>
        <source>The kernel never reached the GPU: Triton&apos;s compile pipeline stopped%1. This is the compile layer, not a load failure.</source>
        <translation>内核根本没有到达 GPU:Triton 的编译流水线%1中止了。这是编译层的问题,不是加载失败。</translation>
    </message>
    <message>
        <source> in %1</source>
        <translation>在 %1 </translation>
    </message>
    <message>
        <source> in the pass %1</source>
        <translation>在 pass %1 </translation>
    </message>
    <message>
        <source>A device variable looked up%1 is not in the code object</source>
        <translation>所查找的设备变量%1不在代码对象中</translation>
    </message>
    <message>
        <source> by %1</source>
        <translation>(由 %1 查找)</translation>
    </message>
    <message>
        <source>%1 holds code for %2 GPUs only: no release of it runs on %3. On this GPU the program needs the library made for it (ROCm&apos;s or CUDA&apos;s counterpart of %1).</source>
        <translation>%1 只包含适用于 %2 GPU 的代码：它的任何版本都不能在 %3 上运行。在这块 GPU 上，程序需要为它构建的库（%1 在 ROCm 或 CUDA 中的对应库）。</translation>
    </message>
    <message>
        <source>%1 code object(s)</source>
        <translation>%1 个代码对象</translation>
    </message>
    <message>
        <source>text larger than %1 MiB: the first and the last %2 MiB were read; %3 bytes between them were not, and lines after the cut are numbered from it</source>
        <translation>文本大于 %1 MiB:只读取了开头和结尾各 %2 MiB;中间的 %3 字节未读取,截断处之后的行从截断处起编号</translation>
    </message>
    <message>
        <source>text larger than %1 MiB: the first and the last %2 MiB were read; %3 bytes (%4 lines) between them were not, and lines after the cut are numbered from it</source>
        <translation>文本大于 %1 MiB:只读取了开头和结尾各 %2 MiB;中间的 %3 字节(%4 行)未读取,截断处之后的行从截断处起编号</translation>
    </message>
    <message>
        <source>seen %1 times, first at line %2, last at line %3</source>
        <translation>出现 %1 次,首次在第 %2 行,最后在第 %3 行</translation>
    </message>
    <message>
        <source>text of more than %1 lines: the first and the last %2 were read; %3 lines between them were not, and lines after the cut are numbered from it</source>
        <translation>文本多于 %1 行:只读取了开头和结尾各 %2 行;中间的 %3 行未读取,截断处之后的行从截断处起编号</translation>
    </message>
    <message>
        <source>seen %1 times</source>
        <translation>出现 %1 次</translation>
    </message>
    <message>
        <source>%1 line(s) of text</source>
        <translation>%1 行文本</translation>
    </message>
    <message>
        <source>, %1 GPU agent(s)</source>
        <translation>,%1 个 GPU 代理</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件为空</translation>
    </message>
    <message>
        <source>permission denied (a folder that cannot be listed)</source>
        <translation>权限被拒绝(无法列出的文件夹)</translation>
    </message>
    <message>
        <source>Triton cache: %1 kernel folder(s)</source>
        <translation>Triton 缓存:%1 个内核文件夹</translation>
    </message>
    <message>
        <source>a directory that is not a Triton cache (no folders of .ttir/.llir/.hsaco files)</source>
        <translation>不是 Triton 缓存的目录(没有 .ttir/.llir/.hsaco 文件的文件夹)</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>权限被拒绝</translation>
    </message>
    <message>
        <source>not a recognised artifact (ELF, offload bundle, fatbin, PTX) nor text</source>
        <translation>不是可识别的制品(ELF、offload bundle、fatbin、PTX),也不是文本</translation>
    </message>
    <message>
        <source>from the runtime log %1 line %2</source>
        <translation>来自运行时日志 %1 第 %2 行</translation>
    </message>
    <message>
        <source>named in %1</source>
        <translation>在 %1 中指定</translation>
    </message>
    <message>
        <source>%1, reported as %2 by HSA_OVERRIDE_GFX_VERSION</source>
        <translation>%1,因 HSA_OVERRIDE_GFX_VERSION 报告为 %2</translation>
    </message>
    <message>
        <source>--runtime-version %1: expected X.Y</source>
        <translation>--runtime-version %1:应为 X.Y 格式</translation>
    </message>
    <message>
        <source>the runtime library %1</source>
        <translation>运行时库 %1</translation>
    </message>
    <message>
        <source>the kernel&apos;s .max_flat_workgroup_size</source>
        <translation>内核的 .max_flat_workgroup_size</translation>
    </message>
    <message>
        <source>the default maximum</source>
        <translation>默认最大值</translation>
    </message>
    <message>
        <source>the device&apos;s maximum workgroup size</source>
        <translation>设备的最大工作组大小</translation>
    </message>
    <message>
        <source>Block %1x%2x%3 (%4 threads) is over %5&apos;s limit of %6</source>
        <translation>线程块 %1x%2x%3(%4 个线程)超过了 %5 的上限 %6</translation>
    </message>
    <message>
        <source>The limit comes from %1.</source>
        <translation>该上限来自%1。</translation>
    </message>
    <message>
        <source>Launch with at most %1 threads per block, or raise the kernel&apos;s __launch_bounds__.</source>
        <translation>启动时每个线程块最多使用 %1 个线程,或提高内核的 __launch_bounds__。</translation>
    </message>
    <message>
        <source>%1 expects %2 bytes of explicit arguments (%3 argument(s)); the launch passes %4</source>
        <translation>%1 需要 %2 字节的显式参数(%3 个参数);本次启动传入了 %4</translation>
    </message>
    <message>
        <source>The kernarg layout comes from the code object&apos;s metadata (.args offsets and sizes, hidden arguments excluded).</source>
        <translation>内核参数布局来自代码对象的元数据(.args 的偏移和大小,不含隐藏参数)。</translation>
    </message>
    <message>
        <source>Pass the kernel&apos;s arguments in order with their sizes and alignment (pointers 8 bytes, int 4 bytes).</source>
        <translation>按顺序传入内核参数,并注意其大小和对齐(指针 8 字节,int 4 字节)。</translation>
    </message>
    <message>
        <source>%1 is not device code</source>
        <translation>%1 不是设备代码</translation>
    </message>
    <message>
        <source>The file is empty; hipModuleLoad on it fails (hipErrorInvalidImage / hipErrorInvalidKernelFile).</source>
        <translation>文件为空;对其调用 hipModuleLoad 会失败(hipErrorInvalidImage / hipErrorInvalidKernelFile)。</translation>
    </message>
    <message>
        <source>The bytes are no AMDGPU code object, offload bundle or NVIDIA binary; the module API cannot load them.</source>
        <translation>这些字节既不是 AMDGPU 代码对象、offload bundle,也不是 NVIDIA 二进制;模块 API 无法加载。</translation>
    </message>
    <message>
        <source>%1 bytes, kind %2</source>
        <translation>%1 字节,类型 %2</translation>
    </message>
    <message>
        <source>Pass the file hipcc --genco wrote (an offload bundle / .hsaco / .co), not a host file; check the path the program loads.</source>
        <translation>请传入 hipcc --genco 生成的文件(offload bundle / .hsaco / .co),而不是主机文件;检查程序加载的路径。</translation>
    </message>
    <message>
        <source>%1 is a host %2, not device code</source>
        <translation>%1 是主机%2,不是设备代码</translation>
    </message>
    <message>
        <source>object file</source>
        <translation>目标文件</translation>
    </message>
    <message>
        <source>shared library</source>
        <translation>共享库</translation>
    </message>
    <message>
        <source>It holds no GPU code object (no .hip_fatbin, no offload bundle, no AMDGPU/NVIDIA ELF), so hipModuleLoad cannot find %1 in it.</source>
        <translation>其中没有 GPU 代码对象(没有 .hip_fatbin、offload bundle 或 AMDGPU/NVIDIA ELF),因此 hipModuleLoad 在其中找不到 %1。</translation>
    </message>
    <message>
        <source>%1 (%2), no device code sections</source>
        <translation>%1(%2),没有设备代码节</translation>
    </message>
    <message>
        <source>Build the code object for the module API with `hipcc --genco --offload-arch=&lt;gfx...&gt; kernel.hip -o kernel.co` and pass that file to hipModuleLoad.</source>
        <translation>用 `hipcc --genco --offload-arch=&lt;gfx...&gt; kernel.hip -o kernel.co` 为模块 API 构建代码对象,并把该文件传给 hipModuleLoad。</translation>
    </message>
    <message>
        <source>If the kernel source was compiled as plain C++ (g++, or a .cpp without -x hip), compile it with hipcc so __global__ functions become device code.</source>
        <translation>如果内核源码是作为普通 C++ 编译的(g++,或未加 -x hip 的 .cpp),请改用 hipcc 编译,使 __global__ 函数成为设备代码。</translation>
    </message>
    <message>
        <source>%1 is a host object file with embedded device code</source>
        <translation>%1 是嵌有设备代码的主机目标文件</translation>
    </message>
    <message>
        <source>The device code sits inside the host object (.hip_fatbin or offload bundle sections); the module API needs the code object itself.</source>
        <translation>设备代码位于主机目标文件内部(.hip_fatbin 或 offload bundle 节);模块 API 需要的是代码对象本身。</translation>
    </message>
    <message>
        <source>Build with `hipcc --genco --offload-arch=&lt;gfx...&gt;` for hipModuleLoad, or link the object into the program and launch with hipLaunchKernelGGL.</source>
        <translation>为 hipModuleLoad 用 `hipcc --genco --offload-arch=&lt;gfx...&gt;` 构建,或把该目标文件链接进程序并用 hipLaunchKernelGGL 启动。</translation>
    </message>
    <message>
        <source>%1 needs %2, but only %3 is installed</source>
        <translation>%1 需要 %2,但只安装了 %3</translation>
    </message>
    <message>
        <source>%1 needs %2, which the loader finds nowhere</source>
        <translation>%1 需要 %2,但加载器在任何位置都找不到它</translation>
    </message>
    <message>
        <source>The loader looks for exactly %1 (DT_NEEDED); another major version is a different ABI (ROCm 5 / 6 / 7) and is not used.</source>
        <translation>加载器只查找 %1(DT_NEEDED);其他主版本是不同的 ABI(ROCm 5 / 6 / 7),不会被使用。</translation>
    </message>
    <message>
        <source>No file named %1 in any directory the dynamic loader searches.</source>
        <translation>动态加载器搜索的所有目录中都没有名为 %1 的文件。</translation>
    </message>
    <message>
        <source>Rebuild %1 against the installed ROCm (its libamdhip64 is %2), or install the ROCm release that provides %3.</source>
        <translation>针对已安装的 ROCm 重新构建 %1(其 libamdhip64 为 %2),或安装提供 %3 的 ROCm 版本。</translation>
    </message>
    <message>
        <source>Do not symlink %1 to another major version: the ABI differs.</source>
        <translation>不要把 %1 符号链接到另一个主版本:ABI 不同。</translation>
    </message>
    <message>
        <source>Install the package that provides %1, or add its directory to LD_LIBRARY_PATH / the binary&apos;s RUNPATH (-Wl,-rpath,/opt/rocm/lib).</source>
        <translation>安装提供 %1 的软件包,或把其目录加入 LD_LIBRARY_PATH / 二进制的 RUNPATH(-Wl,-rpath,/opt/rocm/lib)。</translation>
    </message>
    <message>
        <source>%1 holds HIP code but does not depend on libamdhip64</source>
        <translation>%1 含有 HIP 代码,但不依赖 libamdhip64</translation>
    </message>
    <message>
        <source>It references HIP runtime symbols but lists no libamdhip64 in DT_NEEDED; it only works if one of its other libraries (%1) brings the runtime in first.</source>
        <translation>它引用了 HIP 运行时符号,但 DT_NEEDED 中没有 libamdhip64;只有当它的其他某个库(%1)先引入运行时,它才能工作。</translation>
    </message>
    <message>
        <source>It references HIP runtime symbols (%1) that nothing it depends on defines: dlopen fails with &quot;undefined symbol&quot;, or its kernels are never registered.</source>
        <translation>它引用的 HIP 运行时符号(%1)不由它所依赖的任何库定义:dlopen 会以 &quot;undefined symbol&quot; 失败,或者其内核永远不会被注册。</translation>
    </message>
    <message>
        <source>HIP device code present</source>
        <translation>存在 HIP 设备代码</translation>
    </message>
    <message>
        <source>Link with the HIP runtime: add -lamdhip64 (with -L/opt/rocm/lib or -L/usr/lib/x86_64-linux-gnu) to the link line, or link with hipcc, which adds it.</source>
        <translation>链接 HIP 运行时:在链接命令中加入 -lamdhip64(以及 -L/opt/rocm/lib 或 -L/usr/lib/x86_64-linux-gnu),或用会自动添加它的 hipcc 链接。</translation>
    </message>
    <message>
        <source>Check with `readelf -d %1 | grep NEEDED` that libamdhip64 is listed.</source>
        <translation>用 `readelf -d %1 | grep NEEDED` 检查其中是否列出了 libamdhip64。</translation>
    </message>
    <message>
        <source>%1 needs %2, which %3 does not define</source>
        <translation>%1 需要 %2,但 %3 没有定义它</translation>
    </message>
    <message>
        <source>The runtime the loader resolves lacks %1 symbol(s) the binary was linked against: it was built with a newer HIP (e.g. hipGetDevicePropertiesR0600 is ROCm 6&apos;s ABI).</source>
        <translation>加载器解析到的运行时缺少该二进制链接时使用的 %1 个符号:它是用更新的 HIP 构建的(例如 hipGetDevicePropertiesR0600 属于 ROCm 6 的 ABI)。</translation>
    </message>
    <message>
        <source>resolved runtime</source>
        <translation>解析到的运行时</translation>
    </message>
    <message>
        <source>no such symbol</source>
        <translation>没有此符号</translation>
    </message>
    <message>
        <source>Rebuild against the installed ROCm&apos;s headers and runtime, or run with the ROCm release it was built for.</source>
        <translation>针对已安装 ROCm 的头文件和运行时重新构建,或使用构建它时的 ROCm 版本运行。</translation>
    </message>
    <message>
        <source>Several HIP runtimes are installed; %1 uses %2</source>
        <translation>安装了多个 HIP 运行时;%1 使用 %2</translation>
    </message>
    <message>
        <source>Other major versions are reachable too (%1). Libraries built against one and loaded with another fail with undefined symbols or load errors.</source>
        <translation>其他主版本也能被找到(%1)。针对一个版本构建、却用另一个版本加载的库会因未定义符号或加载错误而失败。</translation>
    </message>
    <message>
        <source>resolved via %1</source>
        <translation>通过 %1 解析</translation>
    </message>
    <message>
        <source>also installed</source>
        <translation>也已安装</translation>
    </message>
    <message>
        <source>Make every library of the process use one ROCm: check `ldd %1 | grep amdhip64` and LD_LIBRARY_PATH / RUNPATH.</source>
        <translation>让进程中的每个库使用同一个 ROCm:检查 `ldd %1 | grep amdhip64` 以及 LD_LIBRARY_PATH / RUNPATH。</translation>
    </message>
    <message>
        <source>-gencode arch=compute_%1,code=sm_%1 (add code=compute_%1 too, so newer GPUs can JIT the PTX)</source>
        <translation>-gencode arch=compute_%1,code=sm_%1(同时加上 code=compute_%1,以便较新的 GPU 能即时编译 PTX)</translation>
    </message>
    <message>
        <source> (%1 of %2 bundles)</source>
        <translation>(%2 个包中的 %1 个)</translation>
    </message>
    <message>
        <source>code objects: %1</source>
        <translation>代码对象:%1</translation>
    </message>
    <message>
        <source>%1 holds device code that could not be read; it was not checked against %2</source>
        <translation>%1 含有无法读取的设备代码;未针对 %2 进行检查</translation>
    </message>
    <message>
        <source>No code object could be extracted.</source>
        <translation>无法提取任何代码对象。</translation>
    </message>
    <message>
        <source>0 code objects read</source>
        <translation>读取了 0 个代码对象</translation>
    </message>
    <message>
        <source>List its targets with roc-obj-ls (AMD) or cuobjdump --list-elf --list-ptx (NVIDIA) and compare them with the device.</source>
        <translation>用 roc-obj-ls(AMD)或 cuobjdump --list-elf --list-ptx(NVIDIA)列出其目标,并与设备对比。</translation>
    </message>
    <message>
        <source>%1: the code object for %2 has other xnack/sramecc settings than the device %3%4</source>
        <translation>%1:%2 的代码对象的 xnack/sramecc 设置与设备 %3 不同%4</translation>
    </message>
    <message>
        <source>Rebuild with --offload-arch=%1 (the device&apos;s exact target id), or with --offload-arch=%2 (no feature setting: runs with xnack on or off).</source>
        <translation>用 --offload-arch=%1(设备的确切目标 ID)重新构建,或用 --offload-arch=%2(不带特性设置:xnack 开或关都能运行)。</translation>
    </message>
    <message>
        <source>Or run with HSA_XNACK=1 where the GPU and kernel driver support XNACK, so the device runs with xnack+.</source>
        <translation>或者在 GPU 和内核驱动支持 XNACK 的机器上以 HSA_XNACK=1 运行,使设备以 xnack+ 运行。</translation>
    </message>
    <message>
        <source>%1: only a generic code object covers %2, and the runtime (%3) does not load generic targets</source>
        <translation>%1:只有通用(generic)代码对象覆盖 %2,而运行时(%3)不加载通用目标</translation>
    </message>
    <message>
        <source>version unknown</source>
        <translation>版本未知</translation>
    </message>
    <message>
        <source> The runtime version was inferred from %1; pass --runtime-version to be sure.</source>
        <translation>运行时版本是从 %1 推断的;在“设备”中查询运行时可以确认。</translation>
    </message>
    <message>
        <source>Run with ROCm 6.3 or newer, or also build the specific target: %1</source>
        <translation>使用 ROCm 6.3 或更新版本运行,或同时构建具体目标:%1</translation>
    </message>
    <message>
        <source>%1 has no code object for the device %2%3</source>
        <translation>%1 没有适用于设备 %2 的代码对象%3</translation>
    </message>
    <message>
        <source>The runtime needs a code object for %1; %2 holds only: %3. Loading fails with %4 (&quot;no kernel image is available for execution on the device&quot;).</source>
        <translation>运行时需要适用于 %1 的代码对象;%2 只包含:%3。加载会以 %4 失败(&quot;no kernel image is available for execution on the device&quot;)。</translation>
    </message>
    <message>
        <source>Rebuild with %1 added to the targets you build.</source>
        <translation>把 %1 加入构建目标后重新构建。</translation>
    </message>
    <message>
        <source>Check the device&apos;s target with `rocminfo | grep gfx` and the file&apos;s with `roc-obj-ls %1`.</source>
        <translation>用 `rocminfo | grep gfx` 查看设备的目标,用 `roc-obj-ls %1` 查看文件的目标。</translation>
    </message>
    <message>
        <source>%1 was built only for %2, the compiler&apos;s default target</source>
        <translation>%1 只为 %2(编译器的默认目标)构建</translation>
    </message>
    <message>
        <source>%1 is what hipcc/clang build when no --offload-arch is given and no GPU is detected on the build host%2.</source>
        <translation>%1 是未指定 --offload-arch 且构建主机上检测不到 GPU 时 hipcc/clang 构建的目标%2。</translation>
    </message>
    <message>
        <source> (no device given: pass --target to check it against your GPU)</source>
        <translation>(未指定设备:在“设备”中输入你的 GPU 目标,以对照你的 GPU 检查)</translation>
    </message>
    <message>
        <source>; it does not fit the device</source>
        <translation>;它与设备不匹配</translation>
    </message>
    <message>
        <source>code objects</source>
        <translation>代码对象</translation>
    </message>
    <message>
        <source>Pass the device&apos;s target explicitly: hipcc --offload-arch=%1 (one --offload-arch per GPU you run on).</source>
        <translation>显式传入设备的目标:hipcc --offload-arch=%1(每种运行所用的 GPU 各一个 --offload-arch)。</translation>
    </message>
    <message>
        <source>code object v%1 needs ROCm 6.3 or newer; the runtime is ROCm %2</source>
        <translation>代码对象 v%1 需要 ROCm 6.3 或更新版本;运行时为 ROCm %2</translation>
    </message>
    <message>
        <source>code object v%1 needs ROCm 6.3 or newer; the runtime version is not known</source>
        <translation>代码对象 v%1 需要 ROCm 6.3 或更新版本;运行时版本未知</translation>
    </message>
    <message>
        <source>code object v%1 is no longer loaded by ROCm 6 runtimes (the runtime is ROCm %2)</source>
        <translation>ROCm 6 运行时不再加载代码对象 v%1(运行时为 ROCm %2)</translation>
    </message>
    <message>
        <source>The code object version is EI_ABIVERSION of the ELF header (v4 = 2, v5 = 3, v6 = 4).</source>
        <translation>代码对象版本是 ELF 头中的 EI_ABIVERSION(v4 = 2,v5 = 3,v6 = 4)。</translation>
    </message>
    <message>
        <source>code object v%1</source>
        <translation>代码对象 v%1</translation>
    </message>
    <message>
        <source>Rebuild with -mcode-object-version=%1 (or the compiler of the target ROCm), or run with a runtime that accepts v%2.</source>
        <translation>用 -mcode-object-version=%1(或目标 ROCm 的编译器)重新构建,或使用接受 v%2 的运行时运行。</translation>
    </message>
    <message>
        <source>%1 holds a compressed offload bundle (CCOB v%2, %3)</source>
        <translation>%1 含有压缩的 offload bundle(CCOB v%2,%3)</translation>
    </message>
    <message>
        <source>ROCm %1 cannot read compressed bundles (from about ROCm 6.2); its load fails and the usual &quot;Bundled Code Objects&quot; listing is not printed.</source>
        <translation>ROCm %1 无法读取压缩的 bundle(约从 ROCm 6.2 起才支持);加载会失败,也不会打印通常的 &quot;Bundled Code Objects&quot; 列表。</translation>
    </message>
    <message>
        <source>The runtime (ROCm %1) reads compressed bundles; raw HSA loaders and older tools cannot.</source>
        <translation>运行时(ROCm %1)能读取压缩的 bundle;原始 HSA 加载器和较旧的工具不能。</translation>
    </message>
    <message>
        <source>Runtimes older than about ROCm 6.2 and raw HSA loaders cannot read it; the runtime version is not known.</source>
        <translation>早于约 ROCm 6.2 的运行时和原始 HSA 加载器无法读取它;运行时版本未知。</translation>
    </message>
    <message>
        <source>CCOB v%1 %2, %3 bytes uncompressed</source>
        <translation>CCOB v%1 %2,解压后 %3 字节</translation>
    </message>
    <message>
        <source>Build without compression (drop --offload-compress / set COMPRESSED_BUNDLE_FORMAT_VERSION only for new runtimes), or run with ROCm 6.2 or newer.</source>
        <translation>构建时不使用压缩(去掉 --offload-compress / 仅对新运行时设置 COMPRESSED_BUNDLE_FORMAT_VERSION),或使用 ROCm 6.2 或更新版本运行。</translation>
    </message>
    <message>
        <source>%1 uses %2 bytes of LDS; the device allows %3</source>
        <translation>%1 使用 %2 字节 LDS;设备允许 %3</translation>
    </message>
    <message>
        <source>The kernel&apos;s static shared memory (group segment) is larger than the device&apos;s LDS per workgroup; the launch fails.</source>
        <translation>内核的静态共享内存(group segment)大于设备每个工作组的 LDS;启动会失败。</translation>
    </message>
    <message>
        <source>Shrink the __shared__ arrays of %1 (tile smaller, or use dynamic shared memory sized at launch).</source>
        <translation>缩小 %1 的 __shared__ 数组(使用更小的分块,或使用在启动时确定大小的动态共享内存)。</translation>
    </message>
    <message>
        <source>The inputs load %1 different HIP runtimes</source>
        <translation>这些输入加载了 %1 个不同的 HIP 运行时</translation>
    </message>
    <message>
        <source>One process can only use one libamdhip64; libraries built for different ROCm releases conflict.</source>
        <translation>一个进程只能使用一个 libamdhip64;为不同 ROCm 版本构建的库会相互冲突。</translation>
    </message>
    <message>
        <source>libamdhip64 resolves to</source>
        <translation>libamdhip64 解析为</translation>
    </message>
    <message>
        <source>Build every library against the same ROCm release.</source>
        <translation>让每个库都针对同一个 ROCm 版本构建。</translation>
    </message>
    <message>
        <source>-fgpu-rdc objects were linked without --hip-link</source>
        <translation>-fgpu-rdc 目标文件在没有 --hip-link 的情况下被链接</translation>
    </message>
    <message>
        <source>Objects compiled with -fgpu-rdc keep their device code as bitcode; only a device link (--hip-link) creates %1. The host linker leaves it undefined.</source>
        <translation>用 -fgpu-rdc 编译的目标文件把设备代码保存为位码;只有设备链接(--hip-link)才会生成 %1。主机链接器会让它保持未定义。</translation>
    </message>
    <message>
        <source>Link with hipcc/clang and --hip-link -fgpu-rdc --offload-arch=&lt;gfx...&gt; (e.g. hipcc -fgpu-rdc --hip-link --offload-arch=gfx90a a.o b.o -o app).</source>
        <translation>用 hipcc/clang 加 --hip-link -fgpu-rdc --offload-arch=&lt;gfx...&gt; 链接(例如 hipcc -fgpu-rdc --hip-link --offload-arch=gfx90a a.o b.o -o app)。</translation>
    </message>
    <message>
        <source>The link misses the HIP runtime (undefined %1)</source>
        <translation>链接缺少 HIP 运行时(未定义 %1)</translation>
    </message>
    <message>
        <source>Objects compiled by hipcc -c call the runtime (%1); a link with g++/ld/clang++ does not add libamdhip64 on its own.</source>
        <translation>hipcc -c 编译的目标文件会调用运行时(%1);用 g++/ld/clang++ 链接不会自动加入 libamdhip64。</translation>
    </message>
    <message>
        <source>Add -lamdhip64 (and -L/opt/rocm/lib or the directory holding it) to the link line, or link with hipcc.</source>
        <translation>在链接命令中加入 -lamdhip64(以及 -L/opt/rocm/lib 或其所在目录),或用 hipcc 链接。</translation>
    </message>
    <message>
        <source>Device code calls a function of another file, built without -fgpu-rdc</source>
        <translation>设备代码调用了另一个文件中的函数,但构建时没有使用 -fgpu-rdc</translation>
    </message>
    <message>
        <source>Without relocatable device code every translation unit&apos;s device code is linked on its own (amdgcn-link / lld), so a __device__ function defined in another file stays undefined.</source>
        <translation>没有可重定位设备代码时,每个翻译单元的设备代码各自链接(amdgcn-link / lld),因此在另一个文件中定义的 __device__ 函数保持未定义。</translation>
    </message>
    <message>
        <source>Compile every file with -fgpu-rdc and link with hipcc -fgpu-rdc --hip-link --offload-arch=&lt;gfx...&gt; (CMake: set HIP_SEPARABLE_COMPILATION / CUDA_SEPARABLE_COMPILATION ON).</source>
        <translation>每个文件都用 -fgpu-rdc 编译,并用 hipcc -fgpu-rdc --hip-link --offload-arch=&lt;gfx...&gt; 链接(CMake:把 HIP_SEPARABLE_COMPILATION / CUDA_SEPARABLE_COMPILATION 设为 ON)。</translation>
    </message>
    <message>
        <source>Or define the __device__ function in a header (inline) so every file has its own copy.</source>
        <translation>或者把该 __device__ 函数定义在头文件中(inline),让每个文件都有自己的副本。</translation>
    </message>
    <message>
        <source>HIP code or HIP flags went to a compiler that is not HIP&apos;s</source>
        <translation>HIP 代码或 HIP 选项交给了非 HIP 的编译器</translation>
    </message>
    <message>
        <source>Only hipcc / amdclang++ (clang with -x hip) compile HIP: g++ and gcc do not know --offload-arch, -fgpu-rdc or __global__, and nvcc does not take clang&apos;s offload flags.</source>
        <translation>只有 hipcc / amdclang++(带 -x hip 的 clang)能编译 HIP:g++ 和 gcc 不认识 --offload-arch、-fgpu-rdc 或 __global__,nvcc 也不接受 clang 的 offload 选项。</translation>
    </message>
    <message>
        <source>Compile the HIP sources with hipcc (or CMake: enable_language(HIP) with the files marked LANGUAGE HIP, or CMAKE_CXX_COMPILER=hipcc / amdclang++).</source>
        <translation>用 hipcc 编译 HIP 源文件(或在 CMake 中:enable_language(HIP) 并把文件标为 LANGUAGE HIP,或设 CMAKE_CXX_COMPILER=hipcc / amdclang++)。</translation>
    </message>
    <message>
        <source>Keep HIP-only flags off the host compiler&apos;s command lines.</source>
        <translation>不要把仅限 HIP 的选项放到主机编译器的命令行上。</translation>
    </message>
    <message>
        <source>The HIP source was not compiled as CUDA by nvcc</source>
        <translation>HIP 源文件没有被 nvcc 当作 CUDA 编译</translation>
    </message>
    <message>
        <source>The source was compiled in another language than HIP</source>
        <translation>源文件被当作 HIP 以外的语言编译</translation>
    </message>
    <message>
        <source>On the NVIDIA platform hipcc calls nvcc, which compiles only .cu files (or -x cu) as CUDA; a .hip or .cpp file is left to the host compiler, which knows no threadIdx or __global__.</source>
        <translation>在 NVIDIA 平台上 hipcc 调用 nvcc,而 nvcc 只把 .cu 文件(或 -x cu)当作 CUDA 编译;.hip 或 .cpp 文件交给主机编译器,它不认识 threadIdx 或 __global__。</translation>
    </message>
    <message>
        <source>The compiler picks the language from the file name: a .c file is C and a .cu file is CUDA for clang, so HIP&apos;s built-ins are unknown or a CUDA installation is looked for. HIP needs -x hip (or a .hip / .cpp file given to hipcc).</source>
        <translation>编译器按文件名选择语言:对 clang 而言 .c 文件是 C,.cu 文件是 CUDA,因此 HIP 的内建函数不可用,或者会去查找 CUDA 安装。HIP 需要 -x hip(或把 .hip / .cpp 文件交给 hipcc)。</translation>
    </message>
    <message>
        <source>Pass -x cu before the .hip files (hipcc -x cu x.hip), or rename them .cu for the NVIDIA build.</source>
        <translation>在 .hip 文件前加 -x cu(hipcc -x cu x.hip),或在 NVIDIA 构建中把它们改名为 .cu。</translation>
    </message>
    <message>
        <source>Add -x hip before the .cu files (clang++ -x hip x.cu --offload-arch=gfx...), or compile with hipcc; in CMake mark the files LANGUAGE HIP.</source>
        <translation>在 .cu 文件前加 -x hip(clang++ -x hip x.cu --offload-arch=gfx...),或用 hipcc 编译;在 CMake 中把文件标为 LANGUAGE HIP。</translation>
    </message>
    <message>
        <source>The device link misses the ROCm device libraries</source>
        <translation>设备链接缺少 ROCm 设备库</translation>
    </message>
    <message>
        <source>Functions of the device libraries (ockl, ocml, oclc) stayed undefined: the libraries were not linked into the code object — an option such as -nogpulib / -nocudalib (also through hipRTC), or a device-library path that does not hold them.</source>
        <translation>设备库(ockl、ocml、oclc)中的函数保持未定义:这些库没有被链接进代码对象——原因可能是 -nogpulib / -nocudalib 之类的选项(也可能经由 hipRTC),或设备库路径中没有它们。</translation>
    </message>
    <message>
        <source>Drop -nogpulib / -nocudalib from the compile (or hipRTC) options, or give --rocm-device-lib-path=&lt;dir with ockl.bc&gt;.</source>
        <translation>从编译(或 hipRTC)选项中去掉 -nogpulib / -nocudalib,或给出 --rocm-device-lib-path=&lt;含 ockl.bc 的目录&gt;。</translation>
    </message>
    <message>
        <source>Triton failed while compiling a kernel%1</source>
        <translation>Triton 编译内核时失败%1</translation>
    </message>
    <message>
        <source>The kernel never reached the GPU: Triton&apos;s compile pipeline stopped. This is the compile layer, not a load failure.</source>
        <translation>内核根本没有到达 GPU:Triton 的编译流水线中止了。这是编译层的问题,不是加载失败。</translation>
    </message>
    <message>
        <source>ptxas does not know the GPU&apos;s target: point TRITON_PTXAS_PATH at the ptxas of a CUDA release that supports it, or update Triton.</source>
        <translation>ptxas 不认识该 GPU 的目标:把 TRITON_PTXAS_PATH 指向支持它的 CUDA 版本的 ptxas,或更新 Triton。</translation>
    </message>
    <message>
        <source>Reproduce with TRITON_ALWAYS_COMPILE=1 and an empty TRITON_CACHE_DIR, then give the cache folder to `hipdoctor-cli diagnose` for the stage-by-stage view.</source>
        <translation>用 TRITON_ALWAYS_COMPILE=1 和空的 TRITON_CACHE_DIR 复现,然后在这里打开缓存文件夹(文件 &gt; 打开文件夹),逐阶段查看。</translation>
    </message>
    <message>
        <source>remove it (clang supports extended __device__ lambdas by default)</source>
        <translation>删除它(clang 默认支持扩展的 __device__ lambda)</translation>
    </message>
    <message>
        <source>remove it (clang allows constexpr host functions in device code)</source>
        <translation>删除它(clang 允许在设备代码中使用 constexpr 主机函数)</translation>
    </message>
    <message>
        <source>use --offload-arch=&lt;gfx...&gt; for each AMD GPU instead</source>
        <translation>改为对每种 AMD GPU 使用 --offload-arch=&lt;gfx...&gt;</translation>
    </message>
    <message>
        <source>pass the host option directly (clang compiles host and device)</source>
        <translation>直接传入主机选项(clang 同时编译主机和设备代码)</translation>
    </message>
    <message>
        <source>use -ffast-math</source>
        <translation>使用 -ffast-math</translation>
    </message>
    <message>
        <source>use -fgpu-rdc (and --hip-link when linking)</source>
        <translation>使用 -fgpu-rdc(链接时加 --hip-link)</translation>
    </message>
    <message>
        <source>use -g (or -gline-tables-only)</source>
        <translation>使用 -g(或 -gline-tables-only)</translation>
    </message>
    <message>
        <source>remove it (use __launch_bounds__ to limit registers)</source>
        <translation>删除它(用 __launch_bounds__ 限制寄存器)</translation>
    </message>
    <message>
        <source>remove it or find the clang equivalent</source>
        <translation>删除它,或找到对应的 clang 选项</translation>
    </message>
    <message>
        <source>nvcc-only options given to hipcc/clang: %1</source>
        <translation>传给 hipcc/clang 的仅 nvcc 选项:%1</translation>
    </message>
    <message>
        <source>hipcc passes its options to clang, which does not know nvcc&apos;s (%1 option(s)); they fail the build or are silently dropped.</source>
        <translation>hipcc 把选项传给 clang,而 clang 不认识 nvcc 的选项(%1 个);它们会导致构建失败或被悄悄丢弃。</translation>
    </message>
    <message>
        <source>Keep CUDA-only flags behind a HIP_PLATFORM=nvidia / CUDA branch of the build.</source>
        <translation>把仅限 CUDA 的选项放在构建系统中 HIP_PLATFORM=nvidia / CUDA 的分支里。</translation>
    </message>
    <message>
        <source>HIP compile without --offload-arch (line %1)</source>
        <translation>HIP 编译没有使用 --offload-arch(第 %1 行)</translation>
    </message>
    <message>
        <source>Without --offload-arch, hipcc builds for the GPUs rocm_agent_enumerator finds on the build host, and clang&apos;s default (%1) when there are none: the binary then carries no code object for the real GPU.</source>
        <translation>没有 --offload-arch 时,hipcc 为构建主机上 rocm_agent_enumerator 找到的 GPU 构建,找不到时使用 clang 的默认目标(%1):这样生成的二进制不含适用于真实 GPU 的代码对象。</translation>
    </message>
    <message>
        <source>gfx803 with clang ≤ 16, gfx906 later</source>
        <translation>clang ≤ 16 为 gfx803,之后为 gfx906</translation>
    </message>
    <message>
        <source>Add --offload-arch=&lt;gfx...&gt; for every GPU you run on (e.g. --offload-arch=gfx90a --offload-arch=gfx1100); `rocminfo | grep gfx` on the GPU machine names it.</source>
        <translation>为每种运行所用的 GPU 加上 --offload-arch=&lt;gfx...&gt;(例如 --offload-arch=gfx90a --offload-arch=gfx1100);在 GPU 机器上运行 `rocminfo | grep gfx` 可以查到。</translation>
    </message>
    <message>
        <source>The compile built device code only for %1</source>
        <translation>编译只为 %1 生成了设备代码</translation>
    </message>
    <message>
        <source>The compiler jobs (-###) target only %1, clang&apos;s default when no --offload-arch is given and no GPU was found.</source>
        <translation>编译器子任务(-###)只面向 %1,这是未指定 --offload-arch 且找不到 GPU 时 clang 的默认目标。</translation>
    </message>
    <message>
        <source>Pass --offload-arch=&lt;gfx...&gt; explicitly.</source>
        <translation>显式传入 --offload-arch=&lt;gfx...&gt;。</translation>
    </message>
    <message>
        <source>-fgpu-rdc objects linked without --hip-link (line %1)</source>
        <translation>-fgpu-rdc 目标文件在没有 --hip-link 的情况下被链接(第 %1 行)</translation>
    </message>
    <message>
        <source>The build compiles with -fgpu-rdc, and this link line has no --hip-link: the device code is not linked and __hip_fatbin stays undefined.</source>
        <translation>构建使用了 -fgpu-rdc,而这条链接命令没有 --hip-link:设备代码没有被链接,__hip_fatbin 保持未定义。</translation>
    </message>
    <message>
        <source>Add --hip-link -fgpu-rdc --offload-arch=&lt;gfx...&gt; to the link line (link with hipcc or clang++).</source>
        <translation>在链接命令中加入 --hip-link -fgpu-rdc --offload-arch=&lt;gfx...&gt;(用 hipcc 或 clang++ 链接)。</translation>
    </message>
    <message>
        <source>%1 links hipcc-compiled objects without -lamdhip64 (line %2)</source>
        <translation>%1 链接 hipcc 编译的目标文件时没有 -lamdhip64(第 %2 行)</translation>
    </message>
    <message>
        <source>Objects from hipcc -c need libamdhip64; %1 does not add it. An executable fails to link; a shared library links but does not depend on the runtime (runtime.not-linked at load).</source>
        <translation>hipcc -c 生成的目标文件需要 libamdhip64;%1 不会自动加入它。可执行文件会链接失败;共享库能链接成功,但不依赖运行时(加载时出现 runtime.not-linked)。</translation>
    </message>
    <message>
        <source>Add -lamdhip64 (with -L for its directory) to this line, or link with hipcc.</source>
        <translation>在这一行加入 -lamdhip64(以及指向其目录的 -L),或用 hipcc 链接。</translation>
    </message>
    <message>
        <source>%1 uses %2 bytes of LDS; the limit is %3</source>
        <translation>%1 使用 %2 字节 LDS;上限为 %3</translation>
    </message>
    <message>
        <source>The kernel&apos;s static __shared__ memory is %1 bytes over the target&apos;s LDS per workgroup.</source>
        <translation>内核的静态 __shared__ 内存比目标每个工作组的 LDS 多出 %1 字节。</translation>
    </message>
    <message>
        <source>Shrink the __shared__ arrays (smaller tiles), or move part to dynamic shared memory sized at launch within %1 bytes.</source>
        <translation>缩小 __shared__ 数组(更小的分块),或把一部分移到启动时确定大小、不超过 %1 字节的动态共享内存。</translation>
    </message>
    <message>
        <source>The compiler cannot find the ROCm device libraries</source>
        <translation>编译器找不到 ROCm 设备库</translation>
    </message>
    <message>
        <source>clang links the device bitcode libraries (ocml.bc, ockl.bc, ...) into every HIP device compile and stopped because it found none.</source>
        <translation>clang 会把设备位码库(ocml.bc、ockl.bc 等)链接进每一次 HIP 设备编译,因为一个也没找到而中止。</translation>
    </message>
    <message>
        <source>Install them (Debian/Ubuntu: apt install rocm-device-libs; ROCm: the rocm-device-libs package)</source>
        <translation>安装它们(Debian/Ubuntu:apt install rocm-device-libs;ROCm:rocm-device-libs 软件包)</translation>
    </message>
    <message>
        <source>or point clang at them: --rocm-path=/opt/rocm, --rocm-device-lib-path=&lt;dir with ocml.bc&gt;, or HIP_DEVICE_LIB_PATH for hipcc.</source>
        <translation>或者为 clang 指定位置:--rocm-path=/opt/rocm、--rocm-device-lib-path=&lt;含 ocml.bc 的目录&gt;,或对 hipcc 设置 HIP_DEVICE_LIB_PATH。</translation>
    </message>
    <message>
        <source>The build targeted gfx000, the CPU agent</source>
        <translation>构建的目标是 gfx000,即 CPU 代理</translation>
    </message>
    <message>
        <source>Without --offload-arch, hipcc asks rocm_agent_enumerator for the GPUs; on a host without one it can hand clang gfx000, which is no GPU.</source>
        <translation>没有 --offload-arch 时,hipcc 向 rocm_agent_enumerator 询问 GPU;在没有 GPU 的主机上,它可能把 gfx000 交给 clang,而那不是 GPU。</translation>
    </message>
    <message>
        <source>Pass --offload-arch=&lt;gfx...&gt; explicitly (or set HCC_AMDGPU_TARGET / GPU_TARGETS in the build system).</source>
        <translation>显式传入 --offload-arch=&lt;gfx...&gt;(或在构建系统中设置 HCC_AMDGPU_TARGET / GPU_TARGETS)。</translation>
    </message>
    <message>
        <source>The build failed: %1</source>
        <translation>构建失败:%1</translation>
    </message>
    <message>
        <source>%1 error line(s) in %2; no code object was produced by this build, so the failure is in the compile layer.</source>
        <translation>%2 中有 %1 行错误;这次构建没有生成代码对象,因此失败发生在编译层。</translation>
    </message>
    <message>
        <source>Fix the first error reported; the later ones often follow from it.</source>
        <translation>先修复报告的第一个错误;后面的错误往往是它引起的。</translation>
    </message>
    <message>
        <source>The compiler does not know the processor named in %1: use a clang/ROCm release that supports it, or check the spelling of --offload-arch.</source>
        <translation>编译器不认识 %1 中指定的处理器:使用支持它的 clang/ROCm 版本,或检查 --offload-arch 的拼写。</translation>
    </message>
    <message>
        <source>%1=%2 is set (not a valid N.N.N version)</source>
        <translation>设置了 %1=%2(不是有效的 N.N.N 版本号)</translation>
    </message>
    <message>
        <source>%1=%2: the GPU reports itself as %3</source>
        <translation>%1=%2:GPU 报告自己为 %3</translation>
    </message>
    <message>
        <source>The runtime expects major.minor.stepping (e.g. 10.3.0); this value is ignored or rejected.</source>
        <translation>运行时期望的格式是 主版本.次版本.步进(例如 10.3.0);这个值会被忽略或拒绝。</translation>
    </message>
    <message>
        <source>The runtime matches code objects against %1 instead of the real processor%2: code built for the real GPU is not found (hipErrorNoBinaryForGpu), and %1 code runs on a GPU it was not built for.</source>
        <translation>运行时用 %1 而不是真实处理器来匹配代码对象%2:为真实 GPU 构建的代码找不到(hipErrorNoBinaryForGpu),而 %1 的代码会运行在并非为它构建的 GPU 上。</translation>
    </message>
    <message>
        <source>Unset %1 unless you knowingly run %2 code on this GPU; build for the real processor instead (--offload-arch=%3).</source>
        <translation>除非你明确要在这块 GPU 上运行 %2 的代码,否则取消设置 %1;应改为针对真实处理器构建(--offload-arch=%3)。</translation>
    </message>
    <message>
        <source>&lt;the real gfx&gt;</source>
        <translation>&lt;真实的 gfx 目标&gt;</translation>
    </message>
    <message>
        <source>it is empty</source>
        <translation>它为空</translation>
    </message>
    <message>
        <source>its first entry is not a valid index of the %1 GPU(s) present (0..%2)</source>
        <translation>它的第一项不是现有 %1 个 GPU 的有效索引(0..%2)</translation>
    </message>
    <message>
        <source>its first entry is not a valid device index</source>
        <translation>它的第一项不是有效的设备索引</translation>
    </message>
    <message>
        <source>%1=&quot;%2&quot; hides every GPU</source>
        <translation>%1=&quot;%2&quot; 隐藏了所有 GPU</translation>
    </message>
    <message>
        <source>%1 (%2), so the runtime reports no device (hipErrorNoDevice) whatever is installed.</source>
        <translation>%1(%2),因此无论安装了什么,运行时都报告没有设备(hipErrorNoDevice)。</translation>
    </message>
    <message>
        <source>Unset %1, or set it to the indices of the GPUs to use (e.g. %1=0).</source>
        <translation>取消设置 %1,或把它设为要使用的 GPU 的索引(例如 %1=0)。</translation>
    </message>
    <message>
        <source>%1 is read by the compiler driver, not by the running program</source>
        <translation>%1 由编译器驱动读取,而不是由运行中的程序读取</translation>
    </message>
    <message>
        <source>%1 changes what hipcc does at build time; setting it for the program&apos;s run has no effect.</source>
        <translation>%1 改变的是 hipcc 在构建时的行为;在程序运行时设置它没有作用。</translation>
    </message>
    <message>
        <source>Set it for the build command instead.</source>
        <translation>请改为在构建命令中设置它。</translation>
    </message>
    <message>
        <source>%1 is not read by the installed runtime</source>
        <translation>已安装的运行时不读取 %1</translation>
    </message>
    <message>
        <source>None of the runtime&apos;s libraries (%1) holds the name %2, so nothing reads it: setting it changes nothing on this install.</source>
        <translation>运行时的库(%1)中都不含名称 %2,因此没有任何组件读取它:在这套安装上设置它不会改变任何东西。</translation>
    </message>
    <message>
        <source>Drop %1; for module load details use AMD_LOG_LEVEL=4 (and AMD_LOG_MASK), which this runtime reads.</source>
        <translation>去掉 %1;要查看模块加载细节,请使用本运行时会读取的 AMD_LOG_LEVEL=4(以及 AMD_LOG_MASK)。</translation>
    </message>
    <message>
        <source>The runtime loads but sees no GPU</source>
        <translation>运行时已加载,但看不到 GPU</translation>
    </message>
    <message>
        <source>hipdoctor-probe loaded %1 and it reported no device.</source>
        <translation>hipdoctor-probe 加载了 %1,它报告没有设备。</translation>
    </message>
    <message>
        <source>the HIP runtime</source>
        <translation>HIP 运行时</translation>
    </message>
    <message>
        <source>Check the amdgpu driver, /dev/kfd and /dev/dri permissions (render/video groups) and the *_VISIBLE_DEVICES variables.</source>
        <translation>检查 amdgpu 驱动、/dev/kfd 和 /dev/dri 的权限(render/video 组)以及 *_VISIBLE_DEVICES 变量。</translation>
    </message>
    <message>
        <source>HIP_VISIBLE_DEVICES=%1 indexes past the %2 GPU(s) ROCR_VISIBLE_DEVICES=%3 leaves</source>
        <translation>HIP_VISIBLE_DEVICES=%1 的索引超出了 ROCR_VISIBLE_DEVICES=%3 留下的 %2 个 GPU</translation>
    </message>
    <message>
        <source>ROCR_VISIBLE_DEVICES selects GPUs first and renumbers them from 0; HIP_VISIBLE_DEVICES then picks from that shorter list, so index %1 names no GPU and the runtime sees none.</source>
        <translation>ROCR_VISIBLE_DEVICES 先选出 GPU 并从 0 重新编号;HIP_VISIBLE_DEVICES 再从这个较短的列表中挑选,因此索引 %1 不指向任何 GPU,运行时一个也看不到。</translation>
    </message>
    <message>
        <source>Set only one of them (ROCR_VISIBLE_DEVICES=%1), or index the filtered list from 0 (HIP_VISIBLE_DEVICES=0).</source>
        <translation>只设置其中一个(ROCR_VISIBLE_DEVICES=%1),或从 0 开始索引过滤后的列表(HIP_VISIBLE_DEVICES=0)。</translation>
    </message>
    <message>
        <source>Kernel %1 has internal linkage (%2)</source>
        <translation>内核 %1 具有内部链接(%2)</translation>
    </message>
    <message>
        <source>anonymous namespace</source>
        <translation>匿名命名空间</translation>
    </message>
    <message>
        <source>The kernel is in the code object as %1 (%2): a %3 name that is private to its translation unit, so a lookup of &quot;%4&quot; fails (hipErrorNotFound) and the mangled name is not stable.</source>
        <translation>内核在代码对象中的名称是 %1(%2):这是 %3 名称,仅在其翻译单元内可见,因此查找 &quot;%4&quot; 会失败(hipErrorNotFound),而且修饰名不稳定。</translation>
    </message>
    <message>
        <source>symbol %1 (binding %2)</source>
        <translation>符号 %1(绑定 %2)</translation>
    </message>
    <message>
        <source>Give the kernel external linkage: remove `static` / move it out of the anonymous namespace, and declare it extern &quot;C&quot; __global__ void %1(...).</source>
        <translation>让内核具有外部链接:去掉 `static` / 把它移出匿名命名空间,并声明为 extern &quot;C&quot; __global__ void %1(...)。</translation>
    </message>
    <message>
        <source>This build only: %1</source>
        <translation>仅适用于这次构建:%1</translation>
    </message>
    <message>
        <source>Kernel %1 exists only C++-mangled, as %2</source>
        <translation>内核 %1 只以 C++ 修饰名存在,为 %2</translation>
    </message>
    <message>
        <source>The code object has no symbol &quot;%1&quot;, but the kernel %2 demangles to %3: it was declared without extern &quot;C&quot;, so its name carries the parameter types. hipModuleGetFunction(&quot;%1&quot;) returns hipErrorNotFound.%4</source>
        <translation>代码对象中没有符号 &quot;%1&quot;,但内核 %2 反修饰后为 %3:它声明时没有 extern &quot;C&quot;,因此名称中带有参数类型。hipModuleGetFunction(&quot;%1&quot;) 返回 hipErrorNotFound。%4</translation>
    </message>
    <message>
        <source>%1 is a template instance: extern &quot;C&quot; cannot apply to a template; add an extern &quot;C&quot; __global__ wrapper kernel with a fixed name, or look up the mangled name.</source>
        <translation>%1 是模板实例:extern &quot;C&quot; 不能用于模板;请添加一个名称固定的 extern &quot;C&quot; __global__ 包装内核,或按修饰名查找。</translation>
    </message>
    <message>
        <source>Declare the kernel extern &quot;C&quot;: extern &quot;C&quot; __global__ void %1(...) — then hipModuleGetFunction finds &quot;%1&quot;.</source>
        <translation>把内核声明为 extern &quot;C&quot;:extern &quot;C&quot; __global__ void %1(...) —— 这样 hipModuleGetFunction 就能找到 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>Or look up the mangled name: %1</source>
        <translation>或者按修饰名查找:%1</translation>
    </message>
    <message>
        <source>%1 is a %2, not a kernel</source>
        <translation>%1 是%2,不是内核</translation>
    </message>
    <message>
        <source>host function</source>
        <translation>主机函数</translation>
    </message>
    <message>
        <source>device function</source>
        <translation>设备函数</translation>
    </message>
    <message>
        <source>%1 (%2) is compiled as host code in %3: it has no __global__, so no device code and no kernel descriptor exist for it (a common hipify / porting leftover).</source>
        <translation>%1(%2)在 %3 中被编译为主机代码:它没有 __global__,因此不存在它的设备代码和内核描述符(常见的 hipify / 移植遗留问题)。</translation>
    </message>
    <message>
        <source>%1 (%2) is a __device__ function in the code object: it has no kernel descriptor (%1.kd), so it cannot be launched or found with hipModuleGetFunction.</source>
        <translation>%1(%2)是代码对象中的 __device__ 函数:它没有内核描述符(%1.kd),因此不能被启动,也不能用 hipModuleGetFunction 找到。</translation>
    </message>
    <message>
        <source>Declare it as a kernel: extern &quot;C&quot; __global__ void %1(...), and compile the file as HIP (hipcc, or -x hip).</source>
        <translation>把它声明为内核:extern &quot;C&quot; __global__ void %1(...),并把文件作为 HIP 编译(hipcc,或 -x hip)。</translation>
    </message>
    <message>
        <source>Launch it with hipLaunchKernelGGL / hipModuleLaunchKernel instead of calling it from host code.</source>
        <translation>用 hipLaunchKernelGGL / hipModuleLaunchKernel 启动它,而不是在主机代码中直接调用。</translation>
    </message>
    <message>
        <source>No kernel named %1 in the inputs</source>
        <translation>输入中没有名为 %1 的内核</translation>
    </message>
    <message>
        <source>None of the %1 kernel(s) in the code objects is %2, mangled or not. Nearest names: %3.</source>
        <translation>代码对象中的 %1 个内核中没有一个是 %2(无论是否修饰)。最接近的名称:%3。</translation>
    </message>
    <message>
        <source>(no kernels at all)</source>
        <translation>(根本没有内核)</translation>
    </message>
    <message>
        <source>Use the exact name: %1</source>
        <translation>使用确切的名称:%1</translation>
    </message>
    <message>
        <source>Check that the file loaded is the one built from the kernel&apos;s source (list its kernels with `hipdoctor-cli inspect`).</source>
        <translation>检查加载的文件是否正是由该内核源码构建的(在这里打开它:“符号”面板会列出其内核)。</translation>
    </message>
    <message>
        <source>The runtime found %1 code, but not with the device&apos;s xnack/sramecc settings (%2)</source>
        <translation>运行时找到了 %1 的代码,但其 xnack/sramecc 设置与设备不同(%2)</translation>
    </message>
    <message>
        <source>The runtime found no code object for the device %1</source>
        <translation>运行时没有找到适用于设备 %1 的代码对象</translation>
    </message>
    <message>
        <source>hipErrorNoBinaryForGpu at line %1 of %2: the device is %3; the binary holds %4.%5</source>
        <translation>%2 第 %1 行出现 hipErrorNoBinaryForGpu:设备是 %3;二进制包含 %4。%5</translation>
    </message>
    <message>
        <source>no device code objects</source>
        <translation>没有设备代码对象</translation>
    </message>
    <message>
        <source>Rebuild with --offload-arch=%1 (or --offload-arch=%2 without feature settings).</source>
        <translation>用 --offload-arch=%1 重新构建(或用不带特性设置的 --offload-arch=%2)。</translation>
    </message>
    <message>
        <source>Rebuild with --offload-arch=%1 added (hipcc --offload-arch=%1 ...); for prebuilt libraries (PyTorch, rocBLAS...) install a build that lists %1.</source>
        <translation>加上 --offload-arch=%1 重新构建(hipcc --offload-arch=%1 ...);对于预构建的库(PyTorch、rocBLAS 等),请安装列出 %1 的版本。</translation>
    </message>
    <message>
        <source>Check which targets a binary holds with `roc-obj-ls FILE` or `hipdoctor-cli inspect FILE`.</source>
        <translation>用 `roc-obj-ls FILE` 查看二进制包含哪些目标,或在这里打开它(“制品”面板)。</translation>
    </message>
    <message>
        <source>The runtime found no code object for the device (line %1)</source>
        <translation>运行时没有找到适用于设备的代码对象(第 %1 行)</translation>
    </message>
    <message>
        <source>The log does not name the device; pass --target or a rocminfo dump to see which target is missing.</source>
        <translation>日志中没有指明设备;在“设备”中输入你的 GPU 目标,或打开 rocminfo 的输出,才能看出缺少哪个目标。</translation>
    </message>
    <message>
        <source>Rebuild with --offload-arch=&lt;the device&apos;s gfx target&gt;.</source>
        <translation>用 --offload-arch=&lt;设备的 gfx 目标&gt; 重新构建。</translation>
    </message>
    <message>
        <source>Install the ROCm release that provides %1, or rebuild the failing module against the installed one (%2).</source>
        <translation>安装提供 %1 的 ROCm 版本,或针对已安装的版本(%2)重新构建失败的模块。</translation>
    </message>
    <message>
        <source>Add the library&apos;s directory with -L (e.g. -L/opt/rocm/lib) or install its development package.</source>
        <translation>用 -L 加入库所在目录(例如 -L/opt/rocm/lib),或安装其开发包。</translation>
    </message>
    <message>
        <source>Install the HIP SDK release that provides %1 and put its bin folder on PATH (Windows looks for DLLs there, next to the module, and in the system folders).</source>
        <translation>安装提供 %1 的 HIP SDK 版本,并把其 bin 文件夹加入 PATH(Windows 在那里、模块旁边以及系统文件夹中查找 DLL)。</translation>
    </message>
    <message>
        <source>Install the package providing %1, or add its directory to LD_LIBRARY_PATH (export LD_LIBRARY_PATH=/opt/rocm/lib:$LD_LIBRARY_PATH).</source>
        <translation>安装提供 %1 的软件包,或把其目录加入 LD_LIBRARY_PATH(export LD_LIBRARY_PATH=/opt/rocm/lib:$LD_LIBRARY_PATH)。</translation>
    </message>
    <message>
        <source>%1 is not installed; only %2 is</source>
        <translation>未安装 %1;只安装了 %2</translation>
    </message>
    <message>
        <source>%1 could not be found%2</source>
        <translation>找不到 %1%2</translation>
    </message>
    <message>
        <source> at link time</source>
        <translation>(链接时)</translation>
    </message>
    <message>
        <source>It resolves on this machine (%1), so the failing environment had another library path or install.</source>
        <translation>它在本机上能解析到(%1),所以出错的环境使用了另一个库路径或另一套安装。</translation>
    </message>
    <message>
        <source>The loader needs exactly %1; %2 is another major version (another ROCm release, another ABI). The binary was built for a different ROCm than the one installed.</source>
        <translation>加载器只要 %1;%2 是另一个主版本(另一个 ROCm 版本,另一个 ABI)。该二进制是为与已安装版本不同的 ROCm 构建的。</translation>
    </message>
    <message>
        <source>No file named %1 is on the loader&apos;s search path%2.</source>
        <translation>加载器的搜索路径上没有名为 %1 的文件%2。</translation>
    </message>
    <message>
        <source> (needed by %1)</source>
        <translation>(被 %1 需要)</translation>
    </message>
    <message>
        <source>%1 references the HIP runtime (%2) without depending on libamdhip64</source>
        <translation>%1 引用了 HIP 运行时(%2),却不依赖 libamdhip64</translation>
    </message>
    <message>
        <source>The module</source>
        <translation>该模块</translation>
    </message>
    <message>
        <source>%1 is defined by every libamdhip64%2, so the loader did not load the runtime for this module: it was linked without -lamdhip64.</source>
        <translation>每个 libamdhip64%2 都定义了 %1,所以加载器没有为这个模块加载运行时:它链接时没有 -lamdhip64。</translation>
    </message>
    <message>
        <source> (the installed %1 has it)</source>
        <translation>(已安装的 %1 含有它)</translation>
    </message>
    <message>
        <source>Relink the module with -lamdhip64 (or with hipcc); check `readelf -d` lists libamdhip64 as NEEDED.</source>
        <translation>用 -lamdhip64(或用 hipcc)重新链接该模块;检查 `readelf -d` 是否把 libamdhip64 列为 NEEDED。</translation>
    </message>
    <message>
        <source>Undefined symbol %1%2</source>
        <translation>未定义的符号 %1%2</translation>
    </message>
    <message>
        <source>%1 is a HIP runtime entry point the loaded libamdhip64 does not export: the module was built against a newer HIP (e.g. the R0600 suffix is ROCm 6&apos;s ABI) than the runtime it runs with.</source>
        <translation>%1 是已加载的 libamdhip64 没有导出的 HIP 运行时入口:该模块是针对比运行时更新的 HIP 构建的(例如 R0600 后缀属于 ROCm 6 的 ABI)。</translation>
    </message>
    <message>
        <source>%1%2 is referenced but no loaded library defines it: the file defining it was not compiled or linked in, or it was declared with another signature or language linkage (extern &quot;C&quot; on one side only).</source>
        <translation>%1%2 被引用,但没有任何已加载的库定义它:定义它的文件没有被编译或链接进来,或者它的声明使用了不同的签名或语言链接(只有一侧是 extern &quot;C&quot;)。</translation>
    </message>
    <message>
        <source>Rebuild the module against the ROCm release installed here, or run it with the release it was built for.</source>
        <translation>针对本机安装的 ROCm 版本重新构建该模块,或使用构建它时的版本运行。</translation>
    </message>
    <message>
        <source>Make sure the source defining %1 is part of the build (listed in sources=[...] / the link line) and that declaration and definition agree on the signature and extern &quot;C&quot;.</source>
        <translation>确认定义 %1 的源文件是构建的一部分(列在 sources=[...] / 链接命令中),并且声明与定义的签名和 extern &quot;C&quot; 一致。</translation>
    </message>
    <message>
        <source>Check with `nm -D --defined-only` on the libraries which one should define %1.</source>
        <translation>对这些库运行 `nm -D --defined-only`,查看应由哪个库定义 %1。</translation>
    </message>
    <message>
        <source> The device is %1.</source>
        <translation>设备是 %1。</translation>
    </message>
    <message>
        <source>Rebuild with --offload-arch=%1, or install a build of the library that lists %1.</source>
        <translation>用 --offload-arch=%1 重新构建,或安装列出 %1 的库版本。</translation>
    </message>
    <message>
        <source> Run with AMD_LOG_LEVEL=1 to get the runtime&apos;s Devices / Bundled Code Objects listing.</source>
        <translation>以 AMD_LOG_LEVEL=1 运行,可得到运行时的 Devices / Bundled Code Objects 列表。</translation>
    </message>
    <message>
        <source>A launch uses %1 threads per block; the limit is %2</source>
        <translation>一次启动每个线程块使用 %1 个线程;上限为 %2</translation>
    </message>
    <message>
        <source>Block %1x%2x%3 is over the device&apos;s maximum workgroup size.</source>
        <translation>线程块 %1x%2x%3 超过了设备的最大工作组大小。</translation>
    </message>
    <message>
        <source>Use at most %1 threads per block.</source>
        <translation>每个线程块最多使用 %1 个线程。</translation>
    </message>
    <message>
        <source>The runtime could not find the function %1</source>
        <translation>运行时找不到函数 %1</translation>
    </message>
    <message>
        <source>The log shows the lookup failing; without the code object it cannot say whether %1 is C++-mangled (missing extern &quot;C&quot;), internal, a non-kernel function or absent.</source>
        <translation>日志显示查找失败;没有代码对象就无法判断 %1 是 C++ 修饰名(缺少 extern &quot;C&quot;)、内部链接、非内核函数,还是根本不存在。</translation>
    </message>
    <message>
        <source>Run `hipdoctor-cli diagnose CODE_OBJECT --kernel %1` on the file the program loads.</source>
        <translation>在这里打开程序加载的文件,并在内核名称框中输入 %1。</translation>
    </message>
    <message>
        <source>The runtime sees no GPU</source>
        <translation>运行时看不到 GPU</translation>
    </message>
    <message>
        <source>The HIP/CUDA runtime loaded but found no usable GPU (%1). Every load or launch fails after this, whatever the code object.</source>
        <translation>HIP/CUDA 运行时已加载,但没有找到可用的 GPU(%1)。此后无论代码对象如何,每次加载或启动都会失败。</translation>
    </message>
    <message>
        <source>Permission denied</source>
        <translation>权限被拒绝</translation>
    </message>
    <message>
        <source>Give the user access to /dev/kfd and /dev/dri/renderD*: sudo usermod -aG video,render $USER, then log in again.</source>
        <translation>让用户能访问 /dev/kfd 和 /dev/dri/renderD*:sudo usermod -aG video,render $USER,然后重新登录。</translation>
    </message>
    <message>
        <source>invalid device ordinal</source>
        <translation>无效的设备序号</translation>
    </message>
    <message>
        <source>The program selected a device index the runtime does not have: list the GPUs it sees (rocminfo, hipdoctor-cli devices) and select one of them.</source>
        <translation>程序选择了运行时没有的设备索引:列出它能看到的 GPU(rocminfo、“设备”面板),从中选择一个。</translation>
    </message>
    <message>
        <source>Check that the amdgpu driver is loaded and /dev/kfd and /dev/dri/renderD* exist and are accessible (user in the &apos;render&apos; and &apos;video&apos; groups; in containers pass --device=/dev/kfd --device=/dev/dri).</source>
        <translation>检查 amdgpu 驱动是否已加载,/dev/kfd 和 /dev/dri/renderD* 是否存在且可访问(用户属于 &apos;render&apos; 和 &apos;video&apos; 组;在容器中传入 --device=/dev/kfd --device=/dev/dri)。</translation>
    </message>
    <message>
        <source>Check that HIP_VISIBLE_DEVICES / ROCR_VISIBLE_DEVICES / CUDA_VISIBLE_DEVICES do not hide every GPU; `rocminfo` must list a GPU agent.</source>
        <translation>检查 HIP_VISIBLE_DEVICES / ROCR_VISIBLE_DEVICES / CUDA_VISIBLE_DEVICES 没有隐藏所有 GPU;`rocminfo` 必须列出一个 GPU 代理。</translation>
    </message>
    <message>
        <source>On an NVIDIA machine, HIP needs HIP_PLATFORM=nvidia (a build for HIP_PLATFORM=amd finds no AMD GPU there), and the reverse.</source>
        <translation>在 NVIDIA 机器上,HIP 需要 HIP_PLATFORM=nvidia(为 HIP_PLATFORM=amd 构建的程序在那里找不到 AMD GPU),反之亦然。</translation>
    </message>
    <message>
        <source>%1 has no kernels for %2</source>
        <translation>%1 没有适用于 %2 的内核</translation>
    </message>
    <message>
        <source>%1 of %2 fatbins in %3 have no code for %4</source>
        <translation>%3 中的 %2 个 fatbin 里有 %1 个没有适用于 %4 的代码</translation>
    </message>
    <message>
        <source>They hold only %1 (kernels: %2). The CUDA runtime needs a fatbin&apos;s code only when one of its kernels is launched: the file loads, and a launch of one of these kernels fails with cudaErrorNoKernelImageForDevice (209). Libraries carry fatbins for one architecture each and pick by the GPU, so this alone is no failure.</source>
        <translation>它们只包含 %1（内核：%2）。CUDA 运行时只在启动某个 fatbin 中的内核时才需要它的代码：文件可以加载，启动其中某个内核时会以 cudaErrorNoKernelImageForDevice (209) 失败。库会为每种架构各带一个 fatbin，并按 GPU 选择，因此仅此一点并不是失败。</translation>
    </message>
    <message>
        <source>none named</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>If one of these kernels fails to launch, rebuild its source with %1 added to its targets.</source>
        <translation>如果其中某个内核启动失败，请在其源代码的目标中加入 %1 后重新构建。</translation>
    </message>
    <message>
        <source>%1 of %2 fatbins have no code for it: fatbins for one architecture each, which the CUDA runtime needs only when one of their kernels is launched</source>
        <translation>%2 个 fatbin 中有 %1 个没有适用于它的代码：这些 fatbin 各对应一种架构，CUDA 运行时只在启动其中的内核时才需要它们</translation>
    </message>
    <message>
        <source>CUDA toolkit</source>
        <translation>CUDA 工具包</translation>
    </message>
    <message>
        <source>%1 is NVIDIA&apos;s library%2: use the CUDA toolkit release (or the wheel of it) whose %1 supports %3; its release notes list the architectures. Rebuilding your own code does not change it.</source>
        <translation>%1 是 NVIDIA 的库%2：请使用其 %1 支持 %3 的 CUDA 工具包版本（或对应的 wheel）；其发行说明列出了支持的架构。重新构建你自己的代码不会改变它。</translation>
    </message>
    <message>
        <source> `cuobjdump --list-elf --list-ptx BINARY` lists the architectures the binary holds; `nvidia-smi --query-gpu=compute_cap --format=csv` gives the GPU&apos;s.</source>
        <translation>`cuobjdump --list-elf --list-ptx BINARY` 会列出二进制文件包含的架构；`nvidia-smi --query-gpu=compute_cap --format=csv` 给出 GPU 的架构。</translation>
    </message>
    <message>
        <source>Rebuild with %1, or install a build of the library that lists %2.</source>
        <translation>使用 %1 重新构建，或安装目标列表中包含 %2 的库版本。</translation>
    </message>
    <message>
        <source>%1 has no precompiled kernel database for %2</source>
        <translation>%1 没有适用于 %2 的预编译内核数据库</translation>
    </message>
    <message>
        <source>This is a warning, not a failure: %1 compiles the kernels it needs at first use and caches them, so the first run is slower. If the program fails, the failure is another message.</source>
        <translation>这是警告，不是失败：%1 在首次使用时编译所需的内核并缓存，因此第一次运行较慢。如果程序失败，失败原因是另一条消息。</translation>
    </message>
    <message>
        <source>Nothing needs fixing; to skip the first-use compiles, install %1&apos;s kernel database package for %2 if the release ships one.</source>
        <translation>无需修复；若要省去首次使用时的编译，请安装 %1 针对 %2 的内核数据库软件包（如果该版本提供）。</translation>
    </message>
    <message>
        <source>%1 ships its GPU kernels as one library file per architecture; the installed build has none for %2, so it fails at run time although the program built and loaded fine.</source>
        <translation>%1 以每种架构一个库文件的形式提供其 GPU 内核;已安装的版本没有适用于 %2 的内核,因此虽然程序构建和加载都正常,运行时仍会失败。</translation>
    </message>
    <message>
        <source>Install or build %1 with %2 in its target list (e.g. -DAMDGPU_TARGETS=%2 / GPU_TARGETS=%2), or use a ROCm release that supports %2.</source>
        <translation>安装或构建目标列表中含 %2 的 %1(例如 -DAMDGPU_TARGETS=%2 / GPU_TARGETS=%2),或使用支持 %2 的 ROCm 版本。</translation>
    </message>
    <message>
        <source>Unsupported workaround: HSA_OVERRIDE_GFX_VERSION=%1 makes the GPU report %2, whose kernels run on %3 because both have the same instruction set. The risk: an untested combination that can crash or compute wrong results.</source>
        <translation>不受支持的变通办法:HSA_OVERRIDE_GFX_VERSION=%1 让 GPU 报告为 %2,其内核能在 %3 上运行,因为两者指令集相同。风险:这是未经测试的组合,可能崩溃或算出错误结果。</translation>
    </message>
    <message>
        <source>The runtime rejected the GPU&apos;s ISA (HSA_STATUS_ERROR_INVALID_ISA)</source>
        <translation>运行时拒绝了该 GPU 的 ISA(HSA_STATUS_ERROR_INVALID_ISA)</translation>
    </message>
    <message>
        <source>HSA_OVERRIDE_GFX_VERSION=%1 names an ISA the runtime rejects</source>
        <translation>HSA_OVERRIDE_GFX_VERSION=%1 指定了运行时拒绝的 ISA</translation>
    </message>
    <message>
        <source>HSA_STATUS_ERROR_INVALID_ISA means the runtime was asked to use an instruction set it cannot use on this GPU: usually an HSA_OVERRIDE_GFX_VERSION naming a processor of another family, or one this runtime does not know.</source>
        <translation>HSA_STATUS_ERROR_INVALID_ISA 表示运行时被要求使用一个它在这块 GPU 上无法使用的指令集:通常是 HSA_OVERRIDE_GFX_VERSION 指定了其他系列的处理器,或本运行时不认识的处理器。</translation>
    </message>
    <message>
        <source>Unset HSA_OVERRIDE_GFX_VERSION, or set it only to a processor of the GPU&apos;s own family (10.3.0 for gfx103x, 11.0.0 for gfx110x).</source>
        <translation>取消设置 HSA_OVERRIDE_GFX_VERSION,或只把它设为该 GPU 所在系列的处理器(gfx103x 用 10.3.0,gfx110x 用 11.0.0)。</translation>
    </message>
    <message>
        <source>Better: use a build (PyTorch wheel, ROCm libraries) that lists the GPU&apos;s real target.</source>
        <translation>更好的做法:使用列出该 GPU 真实目标的构建(PyTorch wheel、ROCm 库)。</translation>
    </message>
    <message>
        <source>The runtime rejected the code object (HSA_STATUS_ERROR_INVALID_CODE_OBJECT)</source>
        <translation>运行时拒绝了代码对象(HSA_STATUS_ERROR_INVALID_CODE_OBJECT)</translation>
    </message>
    <message>
        <source>The HSA loader could not load the code object&apos;s format: most often a code object version the runtime does not know (v6 needs ROCm 6.3), else a damaged file. `hipdoctor-cli inspect FILE` shows the version.</source>
        <translation>HSA 加载器无法加载该代码对象的格式:最常见的是运行时不认识的代码对象版本(v6 需要 ROCm 6.3),其次是文件损坏。在这里打开它,“制品”面板会显示版本。</translation>
    </message>
    <message>
        <source>Build with -mcode-object-version=N for the runtime (5 for ROCm before 6.3), on every step that emits device code (for offload links too: -Xoffload-linker --amdhsa-code-object-version=N).</source>
        <translation>为该运行时用 -mcode-object-version=N 构建(ROCm 6.3 之前用 5),每个生成设备代码的步骤都要加(offload 链接也要:-Xoffload-linker --amdhsa-code-object-version=N)。</translation>
    </message>
    <message>
        <source>The framework&apos;s build has no kernels for the GPU%1</source>
        <translation>框架的构建中没有适用于该 GPU 的内核%1</translation>
    </message>
    <message>
        <source>The framework itself checked the GPU against the architectures it was built for, and the GPU is not among them: its kernels will fail to launch (no kernel image / invalid device function).</source>
        <translation>框架自己把 GPU 与其构建时支持的架构做了对比,而该 GPU 不在其中:它的内核将无法启动(no kernel image / invalid device function)。</translation>
    </message>
    <message>
        <source>Install a build of the framework that lists %1 (for PyTorch: the wheel for a newer CUDA / ROCm release, or a nightly), or build it from source for that architecture.</source>
        <translation>安装列出 %1 的框架版本(PyTorch:针对更新 CUDA / ROCm 版本的 wheel,或 nightly 版本),或从源码为该架构构建。</translation>
    </message>
    <message>
        <source>the GPU&apos;s architecture</source>
        <translation>该 GPU 的架构</translation>
    </message>
    <message>
        <source>The failing load mixes ROCm %1</source>
        <translation>失败的加载混用了 ROCm %1</translation>
    </message>
    <message>
        <source>A library built for ROCm %1 is looked for</source>
        <translation>程序在查找为 ROCm %1 构建的库</translation>
    </message>
    <message>
        <source>Files of more than one ROCm release take part in the same load; their ABIs differ, so symbols one expects are missing from the other.</source>
        <translation>多个 ROCm 版本的文件参与了同一次加载;它们的 ABI 不同,一方期望的符号在另一方中缺失。</translation>
    </message>
    <message>
        <source>The program looks for a library named after one ROCm release: the framework (e.g. torch.version.hip) and the ROCm it runs with are different releases.</source>
        <translation>程序查找的库名对应某个 ROCm 版本:框架(例如 torch.version.hip)与其运行所用的 ROCm 是不同的版本。</translation>
    </message>
    <message>
        <source>Use one ROCm release for the whole process: remove stale packages (pip list | grep -i -e rocm -e amdsmi), point LD_LIBRARY_PATH at one /opt/rocm-X.Y, and build extensions against the ROCm the framework was built for.</source>
        <translation>整个进程使用同一个 ROCm 版本:删除过时的软件包(pip list | grep -i -e rocm -e amdsmi),让 LD_LIBRARY_PATH 指向唯一的 /opt/rocm-X.Y,并针对框架构建时所用的 ROCm 构建扩展。</translation>
    </message>
    <message>
        <source>HSA_OVERRIDE_GFX_VERSION=%1 has no effect on Windows</source>
        <translation>HSA_OVERRIDE_GFX_VERSION=%1 在 Windows 上不起作用</translation>
    </message>
    <message>
        <source>The override is read by the Linux HSA runtime (ROCr); the Windows HIP runtime has no HSA layer, so the GPU keeps its real target and code built only for others still does not load.</source>
        <translation>该覆盖由 Linux 的 HSA 运行时(ROCr)读取;Windows 的 HIP 运行时没有 HSA 层,因此 GPU 保持其真实目标,只为其他目标构建的代码仍然无法加载。</translation>
    </message>
    <message>
        <source>On Windows use a build that includes the GPU&apos;s own target.</source>
        <translation>在 Windows 上请使用包含该 GPU 自身目标的构建。</translation>
    </message>
    <message>
        <source>The rocminfo dump lists no GPU agent</source>
        <translation>rocminfo 输出中没有 GPU 代理</translation>
    </message>
    <message>
        <source>The HSA runtime on that machine sees only CPU agents.</source>
        <translation>那台机器上的 HSA 运行时只能看到 CPU 代理。</translation>
    </message>
    <message>
        <source>no agent with Device Type: GPU</source>
        <translation>没有 Device Type: GPU 的代理</translation>
    </message>
    <message>
        <source>Check the amdgpu driver, /dev/kfd permissions (render/video groups) and ROCR_VISIBLE_DEVICES.</source>
        <translation>检查 amdgpu 驱动、/dev/kfd 权限(render/video 组)以及 ROCR_VISIBLE_DEVICES。</translation>
    </message>
    <message>
        <source>No failing layer recognised in %1</source>
        <translation>在 %1 中没有识别出失败的层</translation>
    </message>
    <message>
        <source>The text holds no compiler, runtime, loader, Triton or device message this tool knows, so it does not guess at the layer.</source>
        <translation>该文本中没有本工具认识的编译器、运行时、加载器、Triton 或设备消息,因此它不去猜测是哪一层。</translation>
    </message>
    <message>
        <source>The text has %1 lines, but none that says which layer failed or why.</source>
        <translation>该文本有 %1 行,但没有一行说明是哪一层失败或为什么失败。</translation>
    </message>
    <message>
        <source>Add the output around the failure: the build log for a compile error, or the run with AMD_LOG_LEVEL=1 (HIP) for a load error.</source>
        <translation>补充失败前后的输出:编译错误请提供构建日志,加载错误请提供以 AMD_LOG_LEVEL=1(HIP)运行的输出。</translation>
    </message>
    <message>
        <source>the target</source>
        <translation>该目标</translation>
    </message>
    <message>
        <source>The Python kernel did not compile to Triton IR: fix the error the traceback points at in the @triton.jit function (types, tl.constexpr arguments, unsupported Python).</source>
        <translation>Python 内核没有编译成 Triton IR:修复 traceback 在 @triton.jit 函数中指出的错误(类型、tl.constexpr 参数、不支持的 Python 用法)。</translation>
    </message>
    <message>
        <source>Lowering to TritonGPU IR failed for %1: try other num_warps / block sizes; MLIR_ENABLE_DUMP=1 prints the IR before the failing pass.</source>
        <translation>为 %1 降级到 TritonGPU IR 失败:尝试其他 num_warps / 块大小;MLIR_ENABLE_DUMP=1 会打印失败的 pass 之前的 IR。</translation>
    </message>
    <message>
        <source>Lowering to LLVM IR failed: an operation or dtype is not supported on %1 (e.g. a dot/fp8 form); MLIR_ENABLE_DUMP=1 shows the IR.</source>
        <translation>降级到 LLVM IR 失败:某个操作或数据类型在 %1 上不受支持(例如某种 dot/fp8 形式);MLIR_ENABLE_DUMP=1 会显示 IR。</translation>
    </message>
    <message>
        <source>The LLVM backend failed for %1: LLVM_IR_ENABLE_DUMP=1 shows the LLVM IR it was given.</source>
        <translation>LLVM 后端为 %1 编译失败:LLVM_IR_ENABLE_DUMP=1 会显示交给它的 LLVM IR。</translation>
    </message>
    <message>
        <source>Assembling/linking the .amdgcn into the .hsaco failed (LLD): look for inline assembly (tl.inline_asm_elementwise) or instructions not valid on %1 in the .amdgcn file; AMDGCN_ENABLE_DUMP=1 prints it.</source>
        <translation>把 .amdgcn 汇编/链接为 .hsaco 失败(LLD):在 .amdgcn 文件中查找内联汇编(tl.inline_asm_elementwise)或在 %1 上无效的指令;AMDGCN_ENABLE_DUMP=1 会打印它。</translation>
    </message>
    <message>
        <source>ptxas failed on the .ptx for %1: look at the .ptx and ptxas&apos; message (inline PTX, register limits).</source>
        <translation>ptxas 处理 %1 的 .ptx 失败:查看 .ptx 以及 ptxas 的消息(内联 PTX、寄存器上限)。</translation>
    </message>
    <message>
        <source>unknown target</source>
        <translation>未知目标</translation>
    </message>
    <message>
        <source>failing stage: make_%1</source>
        <translation>失败的阶段:make_%1</translation>
    </message>
    <message>
        <source> The traceback names %1 as the failing stage, not %2: it may belong to another compile.</source>
        <translation>traceback 指出失败的阶段是 %1 而不是 %2:它可能属于另一次编译。</translation>
    </message>
    <message>
        <source> The traceback confirms it: make_%1 raised &quot;%2&quot;.</source>
        <translation>traceback 证实了这一点:make_%1 抛出了 &quot;%2&quot;。</translation>
    </message>
    <message>
        <source>Triton stopped after %1: %2 was never written (kernel %3, %4)</source>
        <translation>Triton 在 %1 之后中止:%2 从未写出(内核 %3,%4)</translation>
    </message>
    <message>
        <source>Stages present: %1. The last stage reached is %2; the next one, %3, failed, and the metadata (%4.json, __grp__%4.json) that Triton writes at the end is %5.</source>
        <translation>存在的阶段:%1。到达的最后阶段是 %2;下一个阶段 %3 失败了,Triton 在最后写出的元数据(%4.json、__grp__%4.json)%5。</translation>
    </message>
    <message>
        <source>present (unusual)</source>
        <translation>存在(不寻常)</translation>
    </message>
    <message>
        <source>stage files</source>
        <translation>阶段文件</translation>
    </message>
    <message>
        <source>last stage present</source>
        <translation>存在的最后阶段</translation>
    </message>
    <message>
        <source>Re-run with TRITON_ALWAYS_COMPILE=1 (and TRITON_CACHE_DIR pointing at an empty folder) to reproduce the failure instead of reading the cache.</source>
        <translation>以 TRITON_ALWAYS_COMPILE=1 重新运行(并让 TRITON_CACHE_DIR 指向空文件夹),以复现失败,而不是读取缓存。</translation>
    </message>
    <message>
        <source>No device code object was produced for %1 (Triton stopped before %2)</source>
        <translation>没有为 %1 生成设备代码对象(Triton 在 %2 之前中止)</translation>
    </message>
    <message>
        <source>The failure is in the compile layer: nothing was loaded yet, so runtime, symbols and device are not involved.</source>
        <translation>失败发生在编译层:还没有加载任何东西,因此与运行时、符号和设备无关。</translation>
    </message>
    <message>
        <source>Triton entry %1 (%2) has every stage but no metadata</source>
        <translation>Triton 条目 %1(%2)具备所有阶段,但没有元数据</translation>
    </message>
    <message>
        <source>%1 was written but %2.json / __grp__%2.json were not: the compile was interrupted after the last stage, or is still running.</source>
        <translation>%1 已写出,但 %2.json / __grp__%2.json 没有:编译在最后阶段之后被中断,或仍在运行。</translation>
    </message>
    <message>
        <source>Delete the folder %1 and let Triton compile again.</source>
        <translation>删除文件夹 %1,让 Triton 重新编译。</translation>
    </message>
    <message>
        <source>Compile the kernel for %1: run Triton on that GPU (it builds a new cache entry per target), or pass target=GPUTarget(&quot;%2&quot;, &quot;%3&quot;, %4) to triton.compile, and load that entry&apos;s %5.</source>
        <translation>为 %1 编译内核:在那块 GPU 上运行 Triton(它为每个目标建立新的缓存条目),或向 triton.compile 传入 target=GPUTarget(&quot;%2&quot;, &quot;%3&quot;, %4),并加载该条目的 %5。</translation>
    </message>
    <message>
        <source>Triton entry %1 (%2): its target is not known</source>
        <translation>Triton 条目 %1(%2):其目标未知</translation>
    </message>
    <message>
        <source>Neither the metadata nor the stage files name the target, so it cannot be checked against %1.</source>
        <translation>元数据和阶段文件都没有指明目标,因此无法与 %1 对照检查。</translation>
    </message>
    <message>
        <source>Triton entry %1 of %2 was built for %3, not for the device %4</source>
        <translation>%2 的 Triton 条目 %1 是为 %3 构建的,而不是为设备 %4</translation>
    </message>
    <message>
        <source> Another entry of %1 in this cache fits the device; this one is only a problem if its binary is loaded there.</source>
        <translation>该缓存中 %1 的另一个条目适用于该设备;只有当这个条目的二进制在那里被加载时才有问题。</translation>
    </message>
    <message>
        <source> No entry of %1 in this cache fits the device.</source>
        <translation>该缓存中没有 %1 的条目适用于该设备。</translation>
    </message>
    <message>
        <source>backend %1, arch %2, warp size %3</source>
        <translation>后端 %1,架构 %2,warp 大小 %3</translation>
    </message>
    <message>
        <source>code object</source>
        <translation>代码对象</translation>
    </message>
    <message>
        <source>Triton kernel %1 takes %2 argument(s), %3 more than its Python signature</source>
        <translation>Triton 内核 %1 有 %2 个参数,比其 Python 签名多 %3 个</translation>
    </message>
    <message>
        <source>The kernel symbol is &quot;%1&quot; (Triton does not mangle names). Its Python signature has %2 runtime argument(s); Triton appends %3 hidden pointer(s) (global and profile scratch), so a hipModuleLaunchKernel / cuLaunchKernel call must pass %4 kernel arguments.</source>
        <translation>内核符号是 &quot;%1&quot;(Triton 不修饰名称)。其 Python 签名有 %2 个运行时参数;Triton 会追加 %3 个隐藏指针(全局和 profile 暂存区),所以 hipModuleLaunchKernel / cuLaunchKernel 调用必须传入 %4 个内核参数。</translation>
    </message>
    <message>
        <source>Pass %1 extra pointer argument(s) after the kernel&apos;s own (null when the metadata&apos;s global_scratch_size is 0), and look the kernel up as &quot;%2&quot;.</source>
        <translation>在内核自己的参数之后传入 %1 个额外的指针参数(元数据的 global_scratch_size 为 0 时传 null),并按 &quot;%2&quot; 查找内核。</translation>
    </message>
    <message>
        <source>Triton failed producing %1 (make_%2)</source>
        <translation>Triton 生成 %1 时失败(make_%2)</translation>
    </message>
    <message>
        <source>The traceback ends in Triton&apos;s %1 backend while producing the %2 stage%3. Give the kernel&apos;s cache folder too to see the stages that were written.</source>
        <translation>traceback 结束于 Triton 的 %1 后端,当时正在生成 %2 阶段%3。把内核的缓存文件夹也交给本工具,即可看到已写出的阶段。</translation>
    </message>
    <message>
        <source>No device code object was produced (Triton failed at %1)</source>
        <translation>没有生成设备代码对象(Triton 在 %1 失败)</translation>
    </message>
    <message>
        <source>The failure is in the compile layer.</source>
        <translation>失败发生在编译层。</translation>
    </message>
    <message>
        <source>The GPU ran out of memory</source>
        <translation>GPU 内存不足</translation>
    </message>
    <message>
        <source>The kernels and the runtime loaded; an allocation failed. This is not a load failure.</source>
        <translation>内核和运行时都已加载;一次内存分配失败了。这不是加载失败。</translation>
    </message>
    <message>
        <source>Reduce the batch or problem size, free cached memory (PYTORCH_HIP_ALLOC_CONF / PYTORCH_CUDA_ALLOC_CONF), or use a GPU with more memory.</source>
        <translation>减小批大小或问题规模,释放缓存的内存(PYTORCH_HIP_ALLOC_CONF / PYTORCH_CUDA_ALLOC_CONF),或使用内存更大的 GPU。</translation>
    </message>
    <message>
        <source>A kernel faulted on GPU memory</source>
        <translation>内核访问 GPU 内存出错</translation>
    </message>
    <message>
        <source>The kernel loaded and ran, then accessed memory it may not (page fault / illegal address). This is not a load failure.</source>
        <translation>内核已加载并运行,随后访问了不允许访问的内存(页错误 / 非法地址)。这不是加载失败。</translation>
    </message>
    <message>
        <source>Run with HIP_LAUNCH_BLOCKING=1 (CUDA_LAUNCH_BLOCKING=1) to find the faulting launch; check indexing and buffer sizes; AMD_SERIALIZE_KERNEL=3 serializes launches.</source>
        <translation>以 HIP_LAUNCH_BLOCKING=1(CUDA_LAUNCH_BLOCKING=1)运行,找出出错的那次启动;检查索引和缓冲区大小;AMD_SERIALIZE_KERNEL=3 会让启动串行执行。</translation>
    </message>
    <message>
        <source>The GPU hung or a launch timed out</source>
        <translation>GPU 挂起或一次启动超时</translation>
    </message>
    <message>
        <source>The code loaded and ran but did not finish (a hang, a deadlock or a watchdog). This is not a load failure.</source>
        <translation>代码已加载并运行,但没有完成(挂起、死锁或看门狗)。这不是加载失败。</translation>
    </message>
    <message>
        <source>Find the kernel with HIP_LAUNCH_BLOCKING=1; check loops and barriers; dmesg shows amdgpu resets.</source>
        <translation>用 HIP_LAUNCH_BLOCKING=1 找出是哪个内核;检查循环和屏障;dmesg 会显示 amdgpu 的复位。</translation>
    </message>
    <message>
        <source>The runtime loaded but found no GPU it can use; every load and launch fails after this, whatever the code object.</source>
        <translation>运行时已加载,但没有找到可用的 GPU;此后无论代码对象如何,每次加载和启动都会失败。</translation>
    </message>
    <message>
        <source>Check the driver (amdgpu / nvidia) is loaded and the device files are accessible; check the *_VISIBLE_DEVICES variables.</source>
        <translation>检查驱动(amdgpu / nvidia)是否已加载、设备文件是否可访问;检查 *_VISIBLE_DEVICES 变量。</translation>
    </message>
    <message>
        <source>The runtime has no GPU with the index asked for (invalid device)</source>
        <translation>运行时没有所请求索引的 GPU(无效设备)</translation>
    </message>
    <message>
        <source>The program selected a device the runtime does not see: no GPU at all, or fewer GPUs than the index (visibility variables, container, permissions).</source>
        <translation>程序选择了运行时看不到的设备:根本没有 GPU,或 GPU 数量少于该索引(可见性变量、容器、权限)。</translation>
    </message>
    <message>
        <source>List the GPUs the runtime sees (rocminfo / nvidia-smi, hipdoctor-cli devices) and select one of those indices.</source>
        <translation>列出运行时能看到的 GPU(rocminfo / nvidia-smi、“设备”面板),并从这些索引中选择一个。</translation>
    </message>
    <message>
        <source>The GPU driver is older than the runtime needs</source>
        <translation>GPU 驱动比运行时要求的旧</translation>
    </message>
    <message>
        <source>The runtime library needs a newer kernel driver than the one loaded.</source>
        <translation>运行时库需要比当前加载的更新的内核驱动。</translation>
    </message>
    <message>
        <source>Install the driver that matches the runtime release (ROCm&apos;s amdgpu-dkms, or the NVIDIA driver the CUDA release lists).</source>
        <translation>安装与运行时版本匹配的驱动(ROCm 的 amdgpu-dkms,或该 CUDA 版本列出的 NVIDIA 驱动)。</translation>
    </message>
    <message>
        <source>The runtime failed to initialize</source>
        <translation>运行时初始化失败</translation>
    </message>
    <message>
        <source>Initialization failed before any GPU could be used: usually no usable GPU or driver.</source>
        <translation>在能使用任何 GPU 之前初始化就失败了:通常是没有可用的 GPU 或驱动。</translation>
    </message>
    <message>
        <source>Run rocminfo (or nvidia-smi) on that machine: it must list the GPU.</source>
        <translation>在那台机器上运行 rocminfo(或 nvidia-smi):它必须列出该 GPU。</translation>
    </message>
    <message>
        <source>The runtime has no code object for the device</source>
        <translation>运行时没有适用于该设备的代码对象</translation>
    </message>
    <message>
        <source>The binary holds no code object the GPU can run (built for other GPU architectures).</source>
        <translation>二进制中没有该 GPU 能运行的代码对象(是为其他 GPU 架构构建的)。</translation>
    </message>
    <message>
        <source>Rebuild with --offload-arch=&lt;the device&apos;s gfx target&gt; (NVIDIA: -gencode arch=compute_XX,code=sm_XX), or install a build of the library that lists the device&apos;s architecture.</source>
        <translation>用 --offload-arch=&lt;设备的 gfx 目标&gt; 重新构建(NVIDIA:-gencode arch=compute_XX,code=sm_XX),或安装列出该设备架构的库版本。</translation>
    </message>
    <message>
        <source>&quot;invalid device function&quot;: most likely no code object for this GPU</source>
        <translation>&quot;invalid device function&quot;:很可能没有适用于这块 GPU 的代码对象</translation>
    </message>
    <message>
        <source>A launch returns this when the kernel has no code for the device (a library or wheel built for other GPU architectures) or was never registered. The error alone cannot tell which: give the binary and --target.</source>
        <translation>当内核没有适用于该设备的代码(为其他 GPU 架构构建的库或 wheel)或从未注册时,启动会返回此错误。仅凭这个错误无法区分:请打开二进制,并在“设备”中输入你的 GPU 目标。</translation>
    </message>
    <message>
        <source>Check the binary&apos;s targets (hipdoctor-cli inspect FILE, roc-obj-ls) against the GPU&apos;s (rocminfo | grep gfx); rebuild or install a build for that target.</source>
        <translation>把二进制的目标(“制品”面板、roc-obj-ls)与 GPU 的目标(rocminfo | grep gfx)对比;重新构建或安装面向该目标的版本。</translation>
    </message>
    <message>
        <source>The runtime did not find a requested symbol</source>
        <translation>运行时没有找到所请求的符号</translation>
    </message>
    <message>
        <source>A lookup by name failed. Whether the kernel is C++-mangled, internal, not a kernel or absent needs the code object.</source>
        <translation>按名称查找失败。要判断内核是 C++ 修饰名、内部链接、不是内核还是不存在,需要代码对象。</translation>
    </message>
    <message>
        <source>Run hipdoctor-cli diagnose CODE_OBJECT --kernel NAME.</source>
        <translation>在这里打开代码对象,并在内核名称框中输入内核名称。</translation>
    </message>
    <message>
        <source>The runtime rejected the module image</source>
        <translation>运行时拒绝了模块映像</translation>
    </message>
    <message>
        <source>The bytes given to the module loader are not a code object it can read: a host file, an empty or truncated file, or a code object version / bundle format the runtime does not know.</source>
        <translation>交给模块加载器的字节不是它能读取的代码对象:主机文件、空文件或截断的文件,或运行时不认识的代码对象版本 / bundle 格式。</translation>
    </message>
    <message>
        <source>Give the file to hipdoctor-cli diagnose FILE to see what it is.</source>
        <translation>在这里打开该文件,看看它是什么。</translation>
    </message>
    <message>
        <source>The bytes given to the module loader are not a code object it can read.</source>
        <translation>交给模块加载器的字节不是它能读取的代码对象。</translation>
    </message>
    <message>
        <source>The PTX is newer than the driver can compile</source>
        <translation>PTX 比驱动能编译的版本更新</translation>
    </message>
    <message>
        <source>The PTX was produced by a newer CUDA toolkit than the installed driver&apos;s JIT supports.</source>
        <translation>该 PTX 由比已安装驱动的 JIT 所支持的更新的 CUDA 工具包生成。</translation>
    </message>
    <message>
        <source>Update the driver, or build SASS (-gencode code=sm_XX) for the GPU.</source>
        <translation>更新驱动,或为该 GPU 构建 SASS(-gencode code=sm_XX)。</translation>
    </message>
    <message>
        <source>The module file was not found</source>
        <translation>找不到模块文件</translation>
    </message>
    <message>
        <source>The module loader was given a path that does not exist (relative paths resolve against the process&apos;s working directory).</source>
        <translation>交给模块加载器的路径不存在(相对路径相对于进程的工作目录解析)。</translation>
    </message>
    <message>
        <source>Pass an absolute path to the code object, or check the working directory the program runs in.</source>
        <translation>传入代码对象的绝对路径,或检查程序运行时的工作目录。</translation>
    </message>
    <message>
        <source>The runtime failed to load a code object</source>
        <translation>运行时加载代码对象失败</translation>
    </message>
    <message>
        <source>ROCm up to 6.0 returns 303 for a code object that does not fit the device as well as for a broken one; the error alone cannot tell which.</source>
        <translation>ROCm 6.0 及以前,代码对象与设备不匹配和代码对象损坏都返回 303;仅凭这个错误无法区分。</translation>
    </message>
    <message>
        <source>Give the code object and --target to check its targets.</source>
        <translation>打开代码对象,并在“设备”中输入你的 GPU 目标,以检查其目标。</translation>
    </message>
    <message>
        <source>The launch configuration was rejected</source>
        <translation>启动配置被拒绝</translation>
    </message>
    <message>
        <source>Usually a block larger than the kernel&apos;s maximum flat workgroup size (1024 unless __launch_bounds__ says otherwise) or more shared memory than the device has.</source>
        <translation>通常是线程块大于内核的最大扁平工作组大小(除非 __launch_bounds__ 另有规定,否则为 1024),或共享内存超过了设备拥有的容量。</translation>
    </message>
    <message>
        <source>Launch with a smaller block, or declare __launch_bounds__(N) on the kernel for the size you use.</source>
        <translation>用更小的线程块启动,或在内核上按所用大小声明 __launch_bounds__(N)。</translation>
    </message>
    <message>
        <source>The launch asked for more resources than the device has</source>
        <translation>启动请求的资源超过了设备拥有的资源</translation>
    </message>
    <message>
        <source>Too many registers or too much shared memory for the block size.</source>
        <translation>对该线程块大小而言,寄存器太多或共享内存太大。</translation>
    </message>
    <message>
        <source>Launch with a smaller block, or declare __launch_bounds__(N) on the kernel.</source>
        <translation>用更小的线程块启动,或在内核上声明 __launch_bounds__(N)。</translation>
    </message>
    <message>
        <source>The GPU ran out of memory (not a load failure)</source>
        <translation>GPU 内存不足(不是加载失败)</translation>
    </message>
    <message>
        <source>The kernel and its runtime loaded; an allocation failed because the device memory is exhausted.</source>
        <translation>内核及其运行时已加载;由于设备内存耗尽,一次分配失败了。</translation>
    </message>
    <message>
        <source>Reduce the batch or problem size, free cached memory, or use a GPU with more memory.</source>
        <translation>减小批大小或问题规模,释放缓存的内存,或使用内存更大的 GPU。</translation>
    </message>
    <message>
        <source>A kernel accessed invalid GPU memory (not a load failure)</source>
        <translation>内核访问了无效的 GPU 内存(不是加载失败)</translation>
    </message>
    <message>
        <source>The kernel loaded and ran, then faulted on an address it may not access.</source>
        <translation>内核已加载并运行,随后在不允许访问的地址上出错。</translation>
    </message>
    <message>
        <source>Check the kernel&apos;s indexing and buffer sizes; run with HIP_LAUNCH_BLOCKING=1 (or CUDA_LAUNCH_BLOCKING=1) to find the launch that faults.</source>
        <translation>检查内核的索引和缓冲区大小;以 HIP_LAUNCH_BLOCKING=1(或 CUDA_LAUNCH_BLOCKING=1)运行,找出出错的那次启动。</translation>
    </message>
    <message>
        <source>A kernel failed while running (not a load failure)</source>
        <translation>内核运行时失败(不是加载失败)</translation>
    </message>
    <message>
        <source>The kernel loaded and started, then failed (usually an invalid memory access).</source>
        <translation>内核已加载并开始运行,随后失败(通常是无效的内存访问)。</translation>
    </message>
    <message>
        <source>Run with HIP_LAUNCH_BLOCKING=1 to find the failing launch; check its indexing.</source>
        <translation>以 HIP_LAUNCH_BLOCKING=1 运行,找出失败的那次启动;检查其索引。</translation>
    </message>
    <message>
        <source>A kernel ran too long and was stopped (not a load failure)</source>
        <translation>内核运行时间过长而被终止(不是加载失败)</translation>
    </message>
    <message>
        <source>The kernel loaded and ran, but did not finish in time (a hang, a deadlock or a watchdog).</source>
        <translation>内核已加载并运行,但没有按时完成(挂起、死锁或看门狗)。</translation>
    </message>
    <message>
        <source>Find the kernel with HIP_LAUNCH_BLOCKING=1; check loops and barriers for a deadlock.</source>
        <translation>用 HIP_LAUNCH_BLOCKING=1 找出是哪个内核;检查循环和屏障是否死锁。</translation>
    </message>
    <message>
        <source> The device&apos;s %1 setting is not known; the code object needs %1%2.</source>
        <translation>设备的 %1 设置未知;该代码对象需要 %1%2。</translation>
    </message>
    <message>
        <source>the code object is built with %1%2 but the device runs with %1%3</source>
        <translation>代码对象以 %1%2 构建,而设备以 %1%3 运行</translation>
    </message>
    <message>
        <source>PTX for %1 is JIT-compiled by the driver for %2</source>
        <translation>%1 的 PTX 由驱动为 %2 即时编译</translation>
    </message>
    <message>
        <source>PTX for %1 needs a GPU of compute capability %2 or newer; the device is %3</source>
        <translation>%1 的 PTX 需要计算能力 %2 或更高的 GPU;设备是 %3</translation>
    </message>
    <message>
        <source>%1 cubin runs only on %2 devices, and this is one</source>
        <translation>%1 cubin 只能在 %2 设备上运行,而这正是其中之一</translation>
    </message>
    <message>
        <source>%1 is an architecture-specific cubin and runs only on sm_%2; the device is %3</source>
        <translation>%1 是特定架构的 cubin,只能在 sm_%2 上运行;设备是 %3</translation>
    </message>
    <message>
        <source>a %1 cubin runs on %2 (same major version)</source>
        <translation>%1 cubin 能在 %2 上运行(主版本相同)</translation>
    </message>
    <message>
        <source>a %1 cubin does not run on %2: cubins run only within their SM major version (no PTX for JIT compilation)</source>
        <translation>%1 cubin 不能在 %2 上运行:cubin 只能在相同的 SM 主版本内运行(没有可供即时编译的 PTX)</translation>
    </message>
    <message>
        <source>%1 code does not run on %2 (%3 device)</source>
        <translation>%1 代码不能在 %2 上运行(%3 设备)</translation>
    </message>
    <message>
        <source>an NVIDIA</source>
        <translation>NVIDIA</translation>
    </message>
    <message>
        <source>an AMD</source>
        <translation>AMD</translation>
    </message>
    <message>
        <source>the code object is for %1, the device is %2</source>
        <translation>代码对象适用于 %1,而设备是 %2</translation>
    </message>
    <message>
        <source>%1 covers %2, but generic code objects (v6) need a runtime that knows them (ROCm 6.3 or newer)</source>
        <translation>%1 覆盖 %2,但通用代码对象(v6)需要认识它们的运行时(ROCm 6.3 或更新版本)</translation>
    </message>
    <message>
        <source>processor %1 matches, but %2</source>
        <translation>处理器 %1 匹配,但%2</translation>
    </message>
    <message>
        <source>%1 is a host function of %2&apos;s API, not a kernel</source>
        <translation>%1 是 %2 的 API 中的主机函数，不是内核</translation>
    </message>
    <message>
        <source>%1 is one of the entry points %2 exports for host code: the program calls it directly and the library launches its own kernels. The module API (hipModuleGetFunction) finds kernels of a code object only, so it never finds %1; nothing was lost in a port.</source>
        <translation>%1 是 %2 为主机代码导出的入口函数之一：程序直接调用它，由库启动它自己的内核。模块 API（hipModuleGetFunction）只查找代码对象中的内核，因此永远找不到 %1；移植中并没有丢失任何东西。</translation>
    </message>
    <message>
        <source>Call %1 from host code, linked against %2 (or dlopen %2 and find it with dlsym); look up with hipModuleGetFunction only kernels of a code object.</source>
        <translation>在主机代码中调用 %1，并链接 %2（或 dlopen %2 后用 dlsym 查找它）；hipModuleGetFunction 只用于查找代码对象中的内核。</translation>
    </message>
    <message>
        <source>%1 needs %2 from %3, which the installed %3 does not have</source>
        <translation>%1 需要 %3 中的 %2,但已安装的 %3 没有它</translation>
    </message>
    <message>
        <source>%1 was linked against a newer %2 than this system&apos;s %3: the dynamic loader stops with &quot;version `%4&apos; not found (required by %1)&quot; before the program runs. Missing: %5.</source>
        <translation>%1 链接时使用的 %2 比本系统的 %3 更新:程序运行之前,动态加载器就以 &quot;version `%4&apos; not found (required by %1)&quot; 停止。缺少:%5。</translation>
    </message>
    <message>
        <source>needs from %1: %2</source>
        <translation>需要 %1 提供:%2</translation>
    </message>
    <message>
        <source>does not define %1</source>
        <translation>未定义 %1</translation>
    </message>
    <message>
        <source>Install the build of %1 made for this distribution (its package for this release, or AMD&apos;s ROCm packages for it), or run it on a system or in a container whose %2 provides %3. Copying a newer %2 into the system breaks every other program.</source>
        <translation>安装为本发行版构建的 %1(本发行版版本的软件包,或 AMD 为它提供的 ROCm 软件包),或者在 %2 提供 %3 的系统或容器中运行它。把更新的 %2 复制到系统中会破坏其他所有程序。</translation>
    </message>
    <message>
        <source>Check with `ldd %1`: it prints the same &quot;version ... not found&quot; lines.</source>
        <translation>用 `ldd %1` 检查:它会打印同样的 &quot;version ... not found&quot; 行。</translation>
    </message>
    <message>
        <source>%1&apos;s databases in %2 have nothing for %3</source>
        <translation>%2 中的 %1 数据库没有适用于 %3 的数据</translation>
    </message>
    <message>
        <source>%1&apos;s kernel folder %2 has no kernels for %3</source>
        <translation>%1 的内核文件夹 %2 中没有适用于 %3 的内核</translation>
    </message>
    <message>
        <source>It covers %1 (%2 files). Without data for %3 MIOpen compiles its kernels at first use and runs untuned.</source>
        <translation>它覆盖 %1(%2 个文件)。没有 %3 的数据时,MIOpen 会在首次使用时编译其内核,并以未调优的方式运行。</translation>
    </message>
    <message>
        <source>It covers %1 (%2 files, %4). %5 looks up kernels for %3 in it and fails at its first call (&quot;Cannot read ... TensileLibrary&quot; / hipErrorNoBinaryForGpu); the folder is not a Triton cache and must not be deleted.</source>
        <translation>它覆盖 %1(%2 个文件,%4)。%5 在其中查找 %3 的内核,并在第一次调用时失败(&quot;Cannot read ... TensileLibrary&quot; / hipErrorNoBinaryForGpu);该文件夹不是 Triton 缓存,不能删除。</translation>
    </message>
    <message>
        <source>lazy loading</source>
        <translation>延迟加载</translation>
    </message>
    <message>
        <source>all loaded at start</source>
        <translation>启动时全部加载</translation>
    </message>
    <message>
        <source> Closest: %1.</source>
        <translation>最接近的是 %1。</translation>
    </message>
    <message>
        <source>architectures: %1</source>
        <translation>架构:%1</translation>
    </message>
    <message>
        <source>the text is empty</source>
        <translation>文本为空</translation>
    </message>
    <message>
        <source>text larger than the limit: its first and last halves were read; %1 characters between them were not</source>
        <translation>文本超过上限:只读取了开头和结尾两半;中间的 %1 个字符没有读取</translation>
    </message>
    <message>
        <source>%1 kernel folder: %2 file(s), %3 architecture(s) (%4)</source>
        <translation>%1 内核文件夹:%2 个文件,%3 种架构(%4)</translation>
    </message>
    <message>
        <source>a directory that is neither a Triton cache (no folders of .ttir/.llir/.hsaco files) nor a kernel library folder (Tensile, MIOpen); `hipdoctor-cli scan` reads whole installs</source>
        <translation>既不是 Triton 缓存(没有 .ttir/.llir/.hsaco 文件的文件夹)也不是内核库文件夹(Tensile、MIOpen)的目录;“覆盖”面板可读取整个安装</translation>
    </message>
    <message>
        <source>the runtime log %1</source>
        <translation>运行时日志 %1</translation>
    </message>
    <message>
        <source>%1 is used in another file than the one defining it, without -fgpu-rdc</source>
        <translation>%1 在定义它的文件之外的另一个文件中使用,但没有 -fgpu-rdc</translation>
    </message>
    <message>
        <source>The files were compiled by hipcc without relocatable device code, so each file&apos;s device code is linked alone; a __device__ / __constant__ variable defined in one file is undefined in the others.</source>
        <translation>这些文件由 hipcc 在没有可重定位设备代码的情况下编译,因此每个文件的设备代码各自单独链接;在一个文件中定义的 __device__ / __constant__ 变量在其他文件中是未定义的。</translation>
    </message>
    <message>
        <source>Compile every file with -fgpu-rdc and link with hipcc -fgpu-rdc --hip-link, or define the variable in the file that uses it.</source>
        <translation>用 -fgpu-rdc 编译每个文件,并用 hipcc -fgpu-rdc --hip-link 链接,或者在使用该变量的文件中定义它。</translation>
    </message>
    <message>
        <source>The kernel never reached the GPU: Triton&apos;s compile pipeline stopped in %1. This is the compile layer, not a load failure.</source>
        <translation>内核根本没有到达 GPU:Triton 的编译流水线在 %1 中止了。这是编译层的问题,不是加载失败。</translation>
    </message>
    <message>
        <source>The kernel never reached the GPU: Triton&apos;s compile pipeline stopped in the pass %1. This is the compile layer, not a load failure.</source>
        <translation>内核根本没有到达 GPU:Triton 的编译流水线在 pass %1 中止了。这是编译层的问题,不是加载失败。</translation>
    </message>
    <message>
        <source>If ptxas does not know the GPU&apos;s target: point TRITON_PTXAS_PATH at the ptxas of a CUDA release that supports it, or update Triton.</source>
        <translation>如果 ptxas 不认识该 GPU 的目标:把 TRITON_PTXAS_PATH 指向支持它的 CUDA 版本的 ptxas,或更新 Triton。</translation>
    </message>
    <message>
        <source>A failure inside Triton&apos;s compiler (make_%1) is Triton&apos;s: try another Triton release, or change the kernel&apos;s parameters (block sizes, num_warps, num_stages) around the operation named.</source>
        <translation>Triton 编译器内部的失败(make_%1)是 Triton 自身的问题:尝试另一个 Triton 版本,或调整所指操作附近的内核参数(块大小、num_warps、num_stages)。</translation>
    </message>
    <message>
        <source>No device code object was produced (Triton failed%1)</source>
        <translation>没有生成设备代码对象(Triton 失败%1)</translation>
    </message>
    <message>
        <source>%1 has no kernel library for the GPU</source>
        <translation>%1 没有适用于该 GPU 的内核库</translation>
    </message>
    <message>
        <source>%1 ships its GPU kernels as one library file per architecture, and the one it looked for is missing: usually a GPU the installed build does not support (or an incomplete install). The GPU is not named; --target or a rocminfo dump names it.</source>
        <translation>%1 以每种架构一个库文件的形式提供其 GPU 内核,而它查找的那个文件不存在:通常是已安装的版本不支持该 GPU(或安装不完整)。文本没有指明 GPU;在“设备”中输入你的 GPU 目标,或打开 rocminfo 的输出,即可指明。</translation>
    </message>
    <message>
        <source>List the library&apos;s kernel files (ls .../library/ | grep gfx) against the GPU&apos;s target (rocminfo | grep gfx); install a build that lists it.</source>
        <translation>把该库的内核文件(ls .../library/ | grep gfx)与 GPU 的目标(rocminfo | grep gfx)对照;安装列出该目标的版本。</translation>
    </message>
    <message>
        <source>The last failing event (line %1, %2 from %3) names no cause this tool knows.</source>
        <translation>最后一个失败事件(第 %1 行,来自 %3 的 %2)没有指出本工具认识的原因。</translation>
    </message>
    <message>
        <source>an unknown producer</source>
        <translation>未知来源</translation>
    </message>
    <message>
        <source>None of them reports a failure with a producer that places it (a compiler, the loader, a runtime, Triton, the driver).</source>
        <translation>它们都没有报告可以归到某个来源(编译器、加载器、运行时、Triton、驱动)的失败。</translation>
    </message>
    <message>
        <source> %1 line(s) of framework boilerplate (debugging hints printed with every error) were not read as evidence.</source>
        <translation>有 %1 行框架样板输出(每个错误都会附带打印的调试提示)未作为证据读取。</translation>
    </message>
    <message>
        <source>Events read: %1. </source>
        <translation>读取到的事件:%1。</translation>
    </message>
    <message>
        <source>target feature %1</source>
        <translation>目标特性 %1</translation>
    </message>
    <message>
        <source>The device code uses an instruction the GPU does not have</source>
        <translation>设备代码使用了该 GPU 没有的指令</translation>
    </message>
    <message>
        <source>The device code uses %1, which needs %2 or newer</source>
        <translation>设备代码使用了 %1,它需要 %2 或更新的架构</translation>
    </message>
    <message>
        <source>The assembler (%1) refused instructions or data types that the target architecture of the compile lacks (%2), so no code object was built for it. Another --offload-arch for the same GPU does not help.</source>
        <translation>汇编器(%1)拒绝了编译目标架构所缺少的指令或数据类型(%2),因此没有为它构建代码对象。为同一个 GPU 换一个 --offload-arch 也无济于事。</translation>
    </message>
    <message>
        <source>Use a data type the GPU has (fp16 or fp32 instead of bf16 / fp8), or the framework&apos;s fallback for this GPU (e.g. torch_dtype=torch.float16).</source>
        <translation>使用 GPU 支持的数据类型(用 fp16 或 fp32 代替 bf16 / fp8),或使用框架针对该 GPU 的回退方案(例如 torch_dtype=torch.float16)。</translation>
    </message>
    <message>
        <source>Or run on a GPU that has the feature%1.</source>
        <translation>或者在具备该特性的 GPU%1 上运行。</translation>
    </message>
    <message>
        <source>The compiler that builds the kernel does not support the GPU%1</source>
        <translation>构建内核的编译器不支持该 GPU%1</translation>
    </message>
    <message>
        <source>Nothing was built for the device, whatever the kernel: the GPU is older than the compiler supports (Triton needs CUDA capability 7.0 or newer) or newer than its toolchain (a bundled ptxas) knows.</source>
        <translation>无论是哪个内核,都没有为该设备构建出任何东西:该 GPU 比编译器支持的更旧(Triton 需要 CUDA 计算能力 7.0 或更高),或比它的工具链(捆绑的 ptxas)所认识的更新。</translation>
    </message>
    <message>
        <source>For a GPU newer than the toolchain: update Triton, or point TRITON_PTXAS_PATH at the ptxas of a CUDA release that knows it.</source>
        <translation>对于比工具链更新的 GPU:更新 Triton,或把 TRITON_PTXAS_PATH 指向认识它的 CUDA 版本的 ptxas。</translation>
    </message>
    <message>
        <source>For a GPU older than Triton supports: run without Triton (no torch.compile, eager attention) or on a supported GPU.</source>
        <translation>对于比 Triton 支持范围更旧的 GPU:不使用 Triton 运行(不用 torch.compile,使用 eager attention),或在受支持的 GPU 上运行。</translation>
    </message>
    <message>
        <source>No device code was compiled (the compiler refused the GPU)</source>
        <translation>没有编译出设备代码(编译器拒绝了该 GPU)</translation>
    </message>
    <message>
        <source>Triton does not support the GPU (%1)</source>
        <translation>Triton 不支持该 GPU(%1)</translation>
    </message>
    <message>
        <source>Triton supports NVIDIA GPUs of compute capability 7.0 and newer; its compile failed on %1, which is older.</source>
        <translation>Triton 支持计算能力 7.0 及以上的 NVIDIA GPU;它在更旧的 %1 上编译失败。</translation>
    </message>
    <message>
        <source>Run without Triton on this GPU (no torch.compile, eager attention) or use a GPU of compute capability 7.0 or newer.</source>
        <translation>在这块 GPU 上不使用 Triton 运行(不用 torch.compile,使用 eager attention),或使用计算能力 7.0 或更高的 GPU。</translation>
    </message>
    <message>
        <source>Triton may not know the GPU (%1)</source>
        <translation>Triton 可能不认识该 GPU(%1)</translation>
    </message>
    <message>
        <source>Triton&apos;s compile failed on %1, a Blackwell GPU: Triton releases before 3.3 (and the ptxas they bundle) do not support it, and fail in their passes or in ptxas.</source>
        <translation>Triton 在 Blackwell GPU %1 上编译失败:3.3 之前的 Triton 版本(及其捆绑的 ptxas)不支持它,会在其 pass 或 ptxas 中失败。</translation>
    </message>
    <message>
        <source>Update Triton (3.3 or newer for sm_120), with a PyTorch built for CUDA 12.8 or newer; or point TRITON_PTXAS_PATH at a CUDA 12.8+ ptxas.</source>
        <translation>更新 Triton(sm_120 需要 3.3 或更新版本),并搭配为 CUDA 12.8 或更新版本构建的 PyTorch;或把 TRITON_PTXAS_PATH 指向 CUDA 12.8+ 的 ptxas。</translation>
    </message>
    <message>
        <source>The compiler does not know the architecture %1</source>
        <translation>编译器不认识架构 %1</translation>
    </message>
    <message>
        <source>%1 refused %2: the toolkit release predates it (NVIDIA: sm_86 needs CUDA 11.1, sm_89/sm_90 CUDA 11.8, sm_120 CUDA 12.8; AMD: each gfx target needs the ROCm release that added it).</source>
        <translation>%1 拒绝了 %2:该工具包版本早于这一架构(NVIDIA:sm_86 需要 CUDA 11.1,sm_89/sm_90 需要 CUDA 11.8,sm_120 需要 CUDA 12.8;AMD:每个 gfx 目标都需要加入它的那个 ROCm 版本)。</translation>
    </message>
    <message>
        <source>The compiler</source>
        <translation>编译器</translation>
    </message>
    <message>
        <source>Install a toolkit release that supports %1 and build with it, or build for an architecture this toolkit knows (TORCH_CUDA_ARCH_LIST / -gencode / --offload-arch).</source>
        <translation>安装支持 %1 的工具包版本并用它构建,或者为该工具包认识的架构构建(TORCH_CUDA_ARCH_LIST / -gencode / --offload-arch)。</translation>
    </message>
    <message>
        <source>A device variable looked up is not in the code object</source>
        <translation>所查找的设备变量不在代码对象中</translation>
    </message>
    <message>
        <source>A device variable looked up by %1 is not in the code object</source>
        <translation>%1 所查找的设备变量不在代码对象中</translation>
    </message>
    <message>
        <source>The runtime found no device variable of that name in the loaded code object: the compiler dropped it because no device code uses it, it is not declared __device__ / __constant__, it is static, or it is defined in another file without relocatable device code.</source>
        <translation>运行时在已加载的代码对象中找不到该名称的设备变量:可能是没有设备代码使用它而被编译器删掉了,或者它没有声明为 __device__ / __constant__,或者它是 static 的,或者它定义在另一个文件中而编译时没有可重定位设备代码。</translation>
    </message>
    <message>
        <source>Declare it __device__ or __constant__ (not static), use it from device code, and compile with -fgpu-rdc (-rdc=true) when another file defines it.</source>
        <translation>把它声明为 __device__ 或 __constant__(不要 static),在设备代码中使用它,并且当它定义在另一个文件中时用 -fgpu-rdc(-rdc=true)编译。</translation>
    </message>
    <message>
        <source>`hipdoctor-cli inspect` on the code object lists the variables it holds.</source>
        <translation>在这里打开代码对象,其符号表会列出其中的变量。</translation>
    </message>
    <message>
        <source>%1 needs %2, which %3 does not provide</source>
        <translation>%1 需要 %2,但 %3 不提供它</translation>
    </message>
    <message>
        <source>A library</source>
        <translation>某个库</translation>
    </message>
    <message>
        <source>the C/C++ runtime found</source>
        <translation>找到的 C/C++ 运行时</translation>
    </message>
    <message>
        <source>The libstdc++ the loader found is older than the one the library was built with: often an older copy bundled with conda, a Python environment or an application shadows the system&apos;s.</source>
        <translation>加载器找到的 libstdc++ 比构建该库时所用的更旧:通常是 conda、Python 环境或某个应用程序捆绑的旧副本遮蔽了系统自带的版本。</translation>
    </message>
    <message>
        <source>The library was built on a system with a newer C library (glibc) than this one; glibc cannot be replaced per program.</source>
        <translation>该库是在 C 库(glibc)比本系统更新的系统上构建的;glibc 无法按程序单独替换。</translation>
    </message>
    <message>
        <source>Find which libstdc++ is loaded (ldd on the library, LD_DEBUG=libs); let the system&apos;s newer one come first (remove or update the bundled copy, e.g. conda install -c conda-forge libstdcxx-ng; LD_PRELOAD it as a test).</source>
        <translation>找出加载的是哪个 libstdc++(对该库运行 ldd,LD_DEBUG=libs);让系统中更新的那个优先被找到(删除或更新捆绑的副本,例如 conda install -c conda-forge libstdcxx-ng;可先用 LD_PRELOAD 测试)。</translation>
    </message>
    <message>
        <source>Use a build of the library made for this system&apos;s glibc (an older manylinux wheel, the distribution&apos;s package), or a newer system / container image.</source>
        <translation>使用为本系统的 glibc 构建的库版本(较旧的 manylinux wheel、发行版的软件包),或更新的系统 / 容器镜像。</translation>
    </message>
    <message>
        <source>The GPU compiler refuses the host compiler</source>
        <translation>GPU 编译器拒绝使用该主机编译器</translation>
    </message>
    <message>
        <source>nvcc (or clang&apos;s CUDA mode) checks the host compiler&apos;s version and stops when it is newer or older than the toolkit supports; nothing was compiled.</source>
        <translation>nvcc(或 clang 的 CUDA 模式)会检查主机编译器的版本,当它比工具包支持的更新或更旧时就停止;什么都没有编译。</translation>
    </message>
    <message>
        <source>Give nvcc a supported host compiler (-ccbin g++-11, NVCC_CCBIN, CMAKE_CUDA_HOST_COMPILER), or install a toolkit release that supports this one; -allow-unsupported-compiler only skips the check.</source>
        <translation>为 nvcc 指定一个受支持的主机编译器(-ccbin g++-11、NVCC_CCBIN、CMAKE_CUDA_HOST_COMPILER),或安装支持该主机编译器的工具包版本;-allow-unsupported-compiler 只是跳过检查。</translation>
    </message>
    <message>
        <source>The Python module %1 is from another release than its caller (no %2)</source>
        <translation>Python 模块 %1 与调用它的代码来自不同的版本(没有 %2)</translation>
    </message>
    <message>
        <source>The code calls %2, which the %1 package it imported does not have: the package was installed with another ROCm / CUDA release than the tool or library calling it (side-by-side installs, a pip package left behind).</source>
        <translation>代码调用了 %2,而它导入的 %1 包中没有它:该包是随另一个 ROCm / CUDA 版本安装的,与调用它的工具或库的版本不同(并存的多个安装、遗留的 pip 包)。</translation>
    </message>
    <message>
        <source>Find which copy is imported (python3 -c &apos;import %1; print(%1.__file__)&apos;) and keep the one of the release in use (pip uninstall the stale package; reinstall from /opt/rocm-X.Y/share/...).</source>
        <translation>找出导入的是哪个副本(python3 -c &apos;import %1; print(%1.__file__)&apos;),只保留所用版本的那个(pip uninstall 过时的包;从 /opt/rocm-X.Y/share/... 重新安装)。</translation>
    </message>
    <message>
        <source>In a container, &quot;driver insufficient&quot; can mean no driver</source>
        <translation>在容器中,&quot;driver insufficient&quot; 可能意味着没有驱动</translation>
    </message>
    <message>
        <source>Inside a container the runtime reports code 35 as well when the host&apos;s driver libraries (libcuda) are not mounted: it then sees no usable GPU at all.</source>
        <translation>在容器中,当主机的驱动库(libcuda)没有挂载进来时,运行时同样会报告代码 35:此时它根本看不到可用的 GPU。</translation>
    </message>
    <message>
        <source>Start the container with the NVIDIA container runtime (docker run --gpus all, or nvidia-docker), which mounts the driver&apos;s libraries; --device flags alone do not.</source>
        <translation>用 NVIDIA 容器运行时启动容器(docker run --gpus all,或 nvidia-docker),它会挂载驱动的库;仅靠 --device 参数不行。</translation>
    </message>
    <message>
        <source>The dump shows a compressed offload bundle (CCOB)</source>
        <translation>转储显示这是压缩的 offload bundle(CCOB)</translation>
    </message>
    <message>
        <source>The bytes start with the magic of a compressed clang offload bundle (--offload-compress). HIP runtimes before ROCm 6.2 cannot read it and report an invalid image or no code object for the device.</source>
        <translation>这些字节以压缩的 clang offload bundle(--offload-compress)的魔数开头。ROCm 6.2 之前的 HIP 运行时无法读取它,会报告映像无效或没有适用于该设备的代码对象。</translation>
    </message>
    <message>
        <source>Run with a ROCm 6.2 or newer runtime, or rebuild without --offload-compress (or unpack it with clang-offload-bundler -unbundle).</source>
        <translation>使用 ROCm 6.2 或更新版本的运行时运行,或者去掉 --offload-compress 重新构建(或用 clang-offload-bundler -unbundle 解包)。</translation>
    </message>
    <message>
        <source>The link mixes %1 and %2</source>
        <translation>链接混用了 %1 和 %2</translation>
    </message>
    <message>
        <source>%2 needs %1 while the link also uses %3: libraries of two releases are on the search path (a stale system install beside /opt/rocm).</source>
        <translation>%2 需要 %1,而链接同时还用到了 %3:搜索路径上有两个版本的库(/opt/rocm 旁边有一份过时的系统安装)。</translation>
    </message>
    <message>
        <source>Remove the stale release&apos;s libraries from the search path (-L, LD_LIBRARY_PATH, /etc/ld.so.conf.d) so that one release is linked.</source>
        <translation>把过时版本的库从搜索路径(-L、LD_LIBRARY_PATH、/etc/ld.so.conf.d)中移除,使链接只用一个版本。</translation>
    </message>
    <message>
        <source>%1&apos;s kernel folder covers %2, not %3</source>
        <translation>%1 的内核文件夹覆盖 %2,而不是 %3</translation>
    </message>
    <message>
        <source> It helps only the libraries listed here; the others have no %1 code either.</source>
        <translation>它只对这里列出的库有帮助;其他库同样没有 %1 的代码。</translation>
    </message>
    <message>
        <source>Rebuild with --offload-arch=%1 added to the targets you build.</source>
        <translation>在构建的目标中加上 --offload-arch=%1 后重新构建。</translation>
    </message>
    <message>
        <source>These files were built for a newer C library / C++ runtime than this system&apos;s (%1): the loader refuses them before any GPU call. Install the builds made for this distribution, or run them in a container of the distribution they were built on.</source>
        <translation>这些文件是为比本系统更新的 C 库 / C++ 运行时构建的(%1):加载器在任何 GPU 调用之前就拒绝它们。请安装为本发行版构建的版本,或在构建它们的那个发行版的容器中运行。</translation>
    </message>
    <message>
        <source>Python wheel</source>
        <translation>Python wheel 包</translation>
    </message>
    <message>
        <source>distribution package</source>
        <translation>发行版软件包</translation>
    </message>
    <message>
        <source>This %1 comes prebuilt (%2): install a build whose target list includes %3 (another PyTorch/ROCm wheel, AMD&apos;s ROCm release that supports %3, or a build from source with PYTORCH_ROCM_ARCH=%3). Rebuilding your own code does not change it.</source>
        <translation>这个 %1 是预构建的(%2):请安装目标列表中包含 %3 的版本(另一个 PyTorch/ROCm wheel、支持 %3 的 AMD ROCm 版本,或用 PYTORCH_ROCM_ARCH=%3 从源码构建)。重新构建你自己的代码不会改变它。</translation>
    </message>
    <message>
        <source>%1 is a vendor library%2: install a %1 release built for %3 (check the ROCm release notes&apos; GPU support list) or build %1 from source with -DGPU_TARGETS=%3 (older releases: AMDGPU_TARGETS). Rebuilding your own code with --offload-arch does not change it.</source>
        <translation>%1 是厂商库%2:请安装为 %3 构建的 %1 版本(查看 ROCm 发行说明中的 GPU 支持列表),或用 -DGPU_TARGETS=%3 从源码构建 %1(旧版本:AMDGPU_TARGETS)。用 --offload-arch 重新构建你自己的代码不会改变它。</translation>
    </message>
    <message>
        <source>Or, because %1 runs the same instruction set as %2, set %3=%4 for the process: the runtime then reports the device as %2 and loads the %2 code. Risk: not supported by AMD; it applies to every GPU of the process unless you use the per-device form (%3_&lt;n&gt;, ROCm 6.2+), and a kernel that relies on a difference between the two can fault or compute wrong results: check results with the library&apos;s own tests first.</source>
        <translation>或者,由于 %1 与 %2 的指令集相同,可为该进程设置 %3=%4:运行时随后会把设备报告为 %2 并加载 %2 的代码。风险:AMD 不支持这样做;除非使用按设备的形式(%3_&lt;n&gt;,ROCm 6.2+),否则它会作用于进程中的每块 GPU;依赖两者差异的内核可能崩溃或算出错误结果:请先用该库自带的测试检查结果。</translation>
    </message>
    <message>
        <source>the program&apos;s code objects</source>
        <translation>程序的代码对象</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 及另外 %2 个</translation>
    </message>
    <message>
        <source>No code object for %1 in %2</source>
        <translation>%2 中没有 %1 的代码对象</translation>
    </message>
    <message>
        <source>The runtime searched the code-object bundles for the device&apos;s ISA %1 and found none (&quot;Missing CO&quot;). It goes on loading the rest; a kernel of these files then fails when it is launched (invalid device function).</source>
        <translation>运行时在代码对象包中查找设备的 ISA %1,没有找到(&quot;Missing CO&quot;)。它会继续加载其余部分;这些文件中的内核随后在启动时失败(invalid device function)。</translation>
    </message>
    <message>
        <source>no code for %1</source>
        <translation>没有 %1 的代码</translation>
    </message>
    <message>
        <source>Rebuild with %1 added.</source>
        <translation>加上 %1 重新构建。</translation>
    </message>
    <message>
        <source>code objects the log does not list</source>
        <translation>日志未列出的代码对象</translation>
    </message>
    <message>
        <source>The GPU driver is older than the PTX it is given</source>
        <translation>GPU 驱动比交给它的 PTX 旧</translation>
    </message>
    <message>
        <source>The driver compiles PTX at load time and refuses PTX of a newer ISA version than it knows: the program&apos;s kernels were built by a CUDA toolkit newer than the installed driver supports.</source>
        <translation>驱动在加载时编译 PTX，并拒绝 ISA 版本比它所知更新的 PTX：程序的内核由比已安装驱动所支持的更新的 CUDA 工具包构建。</translation>
    </message>
    <message>
        <source>Update the NVIDIA driver to one that supports the toolkit the program was built with (nvidia-smi shows the newest CUDA the driver supports), or use a build of the program made with an older toolkit or with SASS for the GPU.</source>
        <translation>将 NVIDIA 驱动更新到支持程序构建所用工具包的版本（nvidia-smi 显示驱动支持的最新 CUDA），或使用以较旧工具包构建、或带有该 GPU 的 SASS 的程序版本。</translation>
    </message>
    <message>
        <source>The GPU driver lacks %1</source>
        <translation>GPU 驱动缺少 %1</translation>
    </message>
    <message>
        <source>%1 is a CUDA driver API function: the program (or its runtime) looks it up in the installed driver&apos;s library and it is not there, so the driver is older than the API the program was built for.</source>
        <translation>%1 是 CUDA 驱动 API 函数:程序(或其运行时)在已安装驱动的库中查找它,但找不到,说明驱动比程序构建时所用的 API 旧。</translation>
    </message>
    <message>
        <source>Update the NVIDIA driver (nvidia-smi shows the installed one and the newest CUDA it supports), or use a release of the program built for an older CUDA.</source>
        <translation>更新 NVIDIA 驱动(nvidia-smi 会显示已安装的驱动及其支持的最新 CUDA),或使用为较旧 CUDA 构建的程序版本。</translation>
    </message>
    <message>
        <source>the dynamic loader refuses %1 before any GPU call: it needs symbol versions this system&apos;s libraries lack (%2)</source>
        <translation>动态加载器在任何 GPU 调用之前就拒绝了 %1:它需要本系统的库所没有的符号版本(%2)</translation>
    </message>
    <message>
        <source>Install the build of %1 made for this distribution, or run it in a container of the distribution it was built on.</source>
        <translation>请安装为本发行版构建的 %1,或在构建它的发行版的容器中运行它。</translation>
    </message>
    <message>
        <source>the dynamic loader refuses %1 before any GPU call: it finds no %2</source>
        <translation>动态加载器在任何 GPU 调用之前就拒绝了 %1:找不到 %2</translation>
    </message>
    <message>
        <source>Install the package that provides %1, or add its directory to LD_LIBRARY_PATH / the binary&apos;s RUNPATH.</source>
        <translation>请安装提供 %1 的软件包,或把它所在的目录加入 LD_LIBRARY_PATH / 二进制文件的 RUNPATH。</translation>
    </message>
    <message>
        <source>Run with ROCm 6.3 or newer (the runtime is ROCm %1), or also build the specific target: %2</source>
        <translation>请使用 ROCm 6.3 或更新版本运行(当前运行时是 ROCm %1),或同时构建具体目标:%2</translation>
    </message>
    <message>
        <source>%1 holds no device code to load</source>
        <translation>%1 不含可加载的设备代码</translation>
    </message>
    <message>
        <source>ROCm %1 cannot read compressed offload bundles (read from about ROCm 6.2 on): %2 does not load</source>
        <translation>ROCm %1 无法读取压缩的 offload bundle(约从 ROCm 6.2 起才能读取):%2 无法加载</translation>
    </message>
    <message>
        <source>Run with ROCm 6.2 or newer, or build without --offload-compress.</source>
        <translation>请使用 ROCm 6.2 或更新版本运行,或不带 --offload-compress 构建。</translation>
    </message>
    <message>
        <source>%1; and past the loader: %2</source>
        <translation>%1;即使越过加载器:%2</translation>
    </message>
    <message>
        <source>This %1 comes prebuilt (%2): install a build whose CUDA architecture list includes %3 (a wheel built with a CUDA toolkit that supports %3, or a build from source with TORCH_CUDA_ARCH_LIST=%4). Rebuilding your own code does not change it.</source>
        <translation>这个 %1 是预构建的(%2):请安装 CUDA 架构列表中包含 %3 的版本(用支持 %3 的 CUDA 工具包构建的 wheel,或用 TORCH_CUDA_ARCH_LIST=%4 从源码构建)。重新构建你自己的代码不会改变它。</translation>
    </message>
    <message>
        <source>No override exists for NVIDIA GPUs: only a build with code for %1 (its SASS, or PTX of an older architecture that the driver compiles) runs on it.</source>
        <translation>NVIDIA GPU 没有这种覆盖方式:只有带 %1 代码的构建(它的 SASS,或驱动能编译的较旧架构的 PTX)才能在其上运行。</translation>
    </message>
    <message>
        <source>No HSA_OVERRIDE_GFX_VERSION helps here: %1 runs only code built for %1 (or a generic target that covers it); the override lets a GPU run a build for another member of its family, and no other target runs %1&apos;s instruction set. Only a build that lists %1 runs on it.</source>
        <translation>这里没有 HSA_OVERRIDE_GFX_VERSION 可用:%1 只运行为 %1(或覆盖它的通用目标)构建的代码;该覆盖只能让 GPU 运行为同一家族另一成员构建的代码,而没有别的目标运行 %1 的指令集。只有列出 %1 的构建才能在其上运行。</translation>
    </message>
    <message>
        <source> The device is %1 (%2).</source>
        <translation> 设备是 %1(%2)。</translation>
    </message>
    <message>
        <source>A launch returns this when the kernel has no code for the device (a library or wheel built for other GPU architectures) or was never registered.</source>
        <translation>当内核没有适合该设备的代码(库或 wheel 是为其他 GPU 架构构建的)或从未注册时,启动会返回此错误。</translation>
    </message>
    <message>
        <source>If the failing kernel is your own (a C++/HIP extension), rebuild it with %1.</source>
        <translation>如果出错的内核是你自己的(C++/HIP 扩展),请用 %1 重新构建它。</translation>
    </message>
    <message>
        <source>PyTorch wheel</source>
        <translation>PyTorch wheel</translation>
    </message>
    <message>
        <source>named in the paste %1</source>
        <translation>在粘贴内容 %1 中给出</translation>
    </message>
    <message>
        <source>the runtime does not choose from this code object (not a HIP entry)</source>
        <translation>运行时不会从这个代码对象中选择(不是 HIP 条目)</translation>
    </message>
    <message>
        <source>typed</source>
        <translation>手动输入</translation>
    </message>
    <message>
        <source>named in a pasted text</source>
        <translation>在粘贴的文本中给出</translation>
    </message>
    <message>
        <source>detected</source>
        <translation>已检测到</translation>
    </message>
    <message>
        <source>from a rocminfo listing</source>
        <translation>来自 rocminfo 列表</translation>
    </message>
    <message>
        <source>from a runtime log</source>
        <translation>来自运行时日志</translation>
    </message>
    <message>
        <source>from the session</source>
        <translation>来自会话</translation>
    </message>
    <message>
        <source>%1 on %2, in %3</source>
        <translation>%3 中的 %1,在 %2 上</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1,在 %2 上</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%2 中的 %1</translation>
    </message>
    <message>
        <source>No problem found in what was read.</source>
        <translation>在读取的内容中没有发现问题。</translation>
    </message>
    <message>
        <source>Nothing failed that this machine could check.</source>
        <translation>本机能检查的部分都没有失败。</translation>
    </message>
    <message>
        <source>%1 was named in a pasted text, not detected: that the GPU is %1 (with these xnack/sramecc settings) was not checked. On the GPU machine, rocminfo | grep gfx says it.</source>
        <translation>%1 是在粘贴的文本中给出的,并非检测所得:GPU 是否确为 %1(以及这些 xnack/sramecc 设置)没有检查。在 GPU 机器上运行 rocminfo | grep gfx 可以确认。</translation>
    </message>
    <message>
        <source>%1 was given, not detected: that the GPU is %1 (with these xnack/sramecc settings) was not checked. On the GPU machine, rocminfo | grep gfx says it.</source>
        <translation>%1 是给定的,并非检测所得:GPU 是否确为 %1(以及这些 xnack/sramecc 设置)没有检查。在 GPU 机器上运行 rocminfo | grep gfx 可以确认。</translation>
    </message>
    <message>
        <source>No GPU was named or detected: whether a code object fits the device was not checked. Name the GPU&apos;s target, or run on the GPU machine.</source>
        <translation>没有给出也没有检测到 GPU:代码对象是否适合设备没有检查。请给出 GPU 的目标,或在 GPU 机器上运行。</translation>
    </message>
    <message>
        <source>This machine&apos;s runtime sees no GPU: loading and launching were not tried here. Run the steps on the GPU machine, or connect to it.</source>
        <translation>本机的运行时看不到 GPU:这里没有尝试加载和启动。请在 GPU 机器上运行这些步骤,或连接到它。</translation>
    </message>
    <message>
        <source>the runtime&apos;s error alone does not prove this cause</source>
        <translation>仅凭运行时的错误无法证明是这个原因</translation>
    </message>
    <message>
        <source>the runtime version was inferred from a libamdhip64 on this machine, not given</source>
        <translation>运行时版本是从本机的一个 libamdhip64 推断出来的,并非给定</translation>
    </message>
    <message>
        <source>the runtime version is not known</source>
        <translation>运行时版本未知</translation>
    </message>
    <message>
        <source>the device code is there, inside the host object: it loads once linked into a program</source>
        <translation>设备代码就在主机目标文件里:链接进程序后即可加载</translation>
    </message>
    <message>
        <source>a library it depends on may bring the runtime in</source>
        <translation>它所依赖的某个库可能会把运行时带进来</translation>
    </message>
    <message>
        <source>a library carries fatbins per architecture and launches those of the GPU it runs on</source>
        <translation>库按架构各带 fatbin,只启动所运行 GPU 对应的那些</translation>
    </message>
    <message>
        <source>the file loads; only a launch of these fatbins&apos; kernels fails</source>
        <translation>文件可以加载;只有启动这些 fatbin 中的内核才会失败</translation>
    </message>
    <message>
        <source>gfx000 is the CPU agent: no GPU runs it</source>
        <translation>gfx000 是 CPU 代理:没有任何 GPU 能运行它</translation>
    </message>
    <message>
        <source>the load verdict does not count code objects v2/v3 as refused</source>
        <translation>加载判定不把 v2/v3 代码对象算作被拒绝</translation>
    </message>
    <message>
        <source>the runtime (ROCm %1) reads compressed bundles</source>
        <translation>该运行时(ROCm %1)能读取压缩的 bundle</translation>
    </message>
    <message>
        <source>the inputs load two different HIP runtimes into one process</source>
        <translation>这些输入把两个不同的 HIP 运行时加载进同一个进程</translation>
    </message>
    <message>
        <source>the log does not show that another file defines it</source>
        <translation>日志没有显示另一个文件定义了它</translation>
    </message>
    <message>
        <source>read from the command line, not from a link error</source>
        <translation>依据命令行得出,而非来自链接错误</translation>
    </message>
    <message>
        <source>no stage failed: the compile was interrupted or is still running</source>
        <translation>没有阶段失败:编译被中断了,或仍在进行</translation>
    </message>
    <message>
        <source>the entry&apos;s target is not known, so it was not compared with the device</source>
        <translation>该条目的目标未知,因此没有与设备比较</translation>
    </message>
    <message>
        <source>another entry of the same kernel fits the device</source>
        <translation>同一内核的另一个条目适用于该设备</translation>
    </message>
    <message>
        <source>a build-time variable: set for the run it does no harm</source>
        <translation>这是构建时变量:在运行时设置它并无害处</translation>
    </message>
    <message>
        <source>it resolves on this machine; the failing run had another library path or install</source>
        <translation>它在本机可以解析;失败的那次运行用的是另一个库路径或另一套安装</translation>
    </message>
    <message>
        <source>without the code object, a missing kernel cannot be told from a mangled, internal or non-kernel one</source>
        <translation>没有代码对象,就无法把缺失的内核与 C++ 修饰名、内部链接或并非内核的情况区分开</translation>
    </message>
    <message>
        <source>the text does not name the GPU</source>
        <translation>文本没有指明 GPU</translation>
    </message>
    <message>
        <source>%1&apos;s own warning: it compiles the kernels at first use, so the run is slower, not failing</source>
        <translation>这是 %1 自己的警告:它在首次使用时编译内核,所以运行变慢,而不是失败</translation>
    </message>
    <message>
        <source>the runtime rejected the ISA the override names</source>
        <translation>运行时拒绝了覆盖变量所指定的 ISA</translation>
    </message>
    <message>
        <source>the error also fits a damaged file, and the code object&apos;s version is not shown</source>
        <translation>该错误也可能是文件损坏所致,且文本没有显示代码对象的版本</translation>
    </message>
    <message>
        <source>files of two ROCm releases take part in the failing load</source>
        <translation>两个 ROCm 版本的文件参与了这次失败的加载</translation>
    </message>
    <message>
        <source>read from a failed compile on an old GPU; Triton itself does not say it</source>
        <translation>依据旧 GPU 上一次失败的编译得出;Triton 本身并没有这样说</translation>
    </message>
    <message>
        <source>read from a failed compile on a Blackwell GPU; no message says the architecture is unknown</source>
        <translation>依据 Blackwell GPU 上一次失败的编译得出;没有消息说该架构未知</translation>
    </message>
    <message>
        <source>code 35 also means a driver that is too old; the text does not tell which</source>
        <translation>代码 35 也可能表示驱动过旧;文本无法区分是哪一种</translation>
    </message>
    <message>
        <source>a dump does not say which runtime reads the file</source>
        <translation>转储无法说明由哪个运行时读取该文件</translation>
    </message>
    <message>
        <source>the GPU asked about is another machine&apos;s</source>
        <translation>所问的 GPU 在另一台机器上</translation>
    </message>
    <message>
        <source>nothing was asked of this machine&apos;s GPU yet</source>
        <translation>还没有向本机的 GPU 提出任何问题</translation>
    </message>
    <message>
        <source>No GPU on this machine</source>
        <translation>本机没有 GPU</translation>
    </message>
    <message>
        <source>If the GPU is on another machine: type its target to check the files against it, connect to that machine, or run the steps there.</source>
        <translation>如果 GPU 在另一台机器上:输入它的目标以便用它检查这些文件,连接到那台机器,或在那里运行这些步骤。</translation>
    </message>
    <message>
        <source>If this is the GPU machine: %1</source>
        <translation>如果这就是 GPU 机器:%1</translation>
    </message>
    <message>
        <source> The device is %1, named in the pasted text.</source>
        <translation> 设备是 %1,在粘贴的文本中给出。</translation>
    </message>
    <message>
        <source>Scanned %1: %2 libraries with device code.</source>
        <translation>已扫描 %1:%2 个带设备代码的库。</translation>
    </message>
    <message>
        <source>%1: %2 with code for it, %3 without.</source>
        <translation>%1:%2 个有适合它的代码,%3 个没有。</translation>
    </message>
    <message>
        <source>Libraries the dynamic loader refuses here: %1.</source>
        <translation>在此被动态加载器拒绝的库:%1。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>整个文件</translation>
    </message>
    <message>
        <source>entry %1 of compressed bundle @ %2</source>
        <translation>压缩 bundle 中的条目 %1 @ %2</translation>
    </message>
    <message>
        <source>entry %1 @ %2</source>
        <translation>条目 %1 @ %2</translation>
    </message>
    <message>
        <source>bundle @ %1</source>
        <translation>捆绑包 @ %1</translation>
    </message>
    <message>
        <source>bundle %1</source>
        <translation>捆绑包 %1</translation>
    </message>
    <message>
        <source>kernel %1 = %2</source>
        <translation>内核 %1 = %2</translation>
    </message>
    <message>
        <source>%1 matches %2</source>
        <translation>%1 与 %2 匹配</translation>
    </message>
    <message>
        <source>%1 covers %2</source>
        <translation>%1 覆盖 %2</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>ELF header</source>
        <translation>ELF 头</translation>
    </message>
    <message>
        <source>installed</source>
        <translation>已安装</translation>
    </message>
    <message>
        <source>.dynsym (undefined)</source>
        <translation>.dynsym（未定义）</translation>
    </message>
    <message>
        <source>demangled</source>
        <translation>反修饰名</translation>
    </message>
    <message>
        <source>offset 0</source>
        <translation>偏移 0</translation>
    </message>
</context>
<context>
    <name>hd::FindingCatalog</name>
    <message>
        <source>no device code object was produced</source>
        <translation>没有生成设备代码对象（编译失败）</translation>
    </message>
    <message>
        <source>a needed library resolves nowhere on the search path</source>
        <translation>所需的库在搜索路径中找不到</translation>
    </message>
    <message>
        <source>needs libX.so.N but only another major version is installed</source>
        <translation>需要 libX.so.N，但只装了另一个主版本</translation>
    </message>
    <message>
        <source>has HIP device code but does not depend on libamdhip64</source>
        <translation>含有 HIP 设备代码，却不依赖 libamdhip64</translation>
    </message>
    <message>
        <source>a symbol stays undefined at load time</source>
        <translation>有符号在加载时仍未定义</translation>
    </message>
    <message>
        <source>the runtime loads but sees no GPU</source>
        <translation>运行时可以加载，但看不到任何 GPU</translation>
    </message>
    <message>
        <source>more than one HIP runtime version reachable or loaded</source>
        <translation>可以找到或已加载多个 HIP 运行时版本</translation>
    </message>
    <message>
        <source>requested kernel absent, but a C++-mangled kernel demangles to that name</source>
        <translation>请求的内核不存在，但有一个 C++ 修饰名的内核解修饰后正是该名字</translation>
    </message>
    <message>
        <source>the name exists as a host or device function, not a kernel</source>
        <translation>该名字是主机函数或设备函数，不是内核</translation>
    </message>
    <message>
        <source>the kernel has internal linkage</source>
        <translation>该内核是内部链接（static）</translation>
    </message>
    <message>
        <source>no such kernel anywhere</source>
        <translation>任何地方都没有这个内核</translation>
    </message>
    <message>
        <source>no code object matches the device&apos;s processor</source>
        <translation>没有与设备处理器匹配的代码对象</translation>
    </message>
    <message>
        <source>processor matches, but xnack/sramecc settings do not</source>
        <translation>处理器匹配，但 xnack/sramecc 设置不一致</translation>
    </message>
    <message>
        <source>only a compiler-default target was built</source>
        <translation>只构建了编译器默认的目标</translation>
    </message>
    <message>
        <source>generic targets need code object v6 and a runtime that knows them</source>
        <translation>通用（generic）目标需要代码对象 v6 和支持它的较新运行时</translation>
    </message>
    <message>
        <source>the code object version is newer or older than the runtime accepts</source>
        <translation>代码对象版本比运行时可接受的更新或更旧</translation>
    </message>
    <message>
        <source>compressed offload bundle: needs a runtime that reads it</source>
        <translation>压缩的 offload bundle：需要能读取它的运行时</translation>
    </message>
    <message>
        <source>the file given to the module API is not device code</source>
        <translation>传给模块 API 的文件不是设备代码</translation>
    </message>
    <message>
        <source>HSA_OVERRIDE_GFX_VERSION makes the device report another processor</source>
        <translation>HSA_OVERRIDE_GFX_VERSION 让设备报告成另一个处理器</translation>
    </message>
    <message>
        <source>visibility variables leave no GPU</source>
        <translation>可见性变量把所有 GPU 都排除了</translation>
    </message>
    <message>
        <source>nvcc-only options given to hipcc/clang</source>
        <translation>把 nvcc 专用选项传给了 hipcc/clang</translation>
    </message>
    <message>
        <source>a HIP compile line without --offload-arch</source>
        <translation>HIP 编译命令没有 --offload-arch</translation>
    </message>
    <message>
        <source>linked without -lamdhip64 or hipcc</source>
        <translation>链接时没有 -lamdhip64，也没有用 hipcc</translation>
    </message>
    <message>
        <source>-fgpu-rdc objects linked without --hip-link</source>
        <translation>-fgpu-rdc 目标文件链接时没有 --hip-link</translation>
    </message>
    <message>
        <source>shared memory (LDS) over the device limit</source>
        <translation>共享内存（LDS）超过设备上限</translation>
    </message>
    <message>
        <source>the compiler cannot find the ROCm device libraries</source>
        <translation>编译器找不到 ROCm 设备库</translation>
    </message>
    <message>
        <source>a Triton cache entry stops at a stage</source>
        <translation>某个 Triton 缓存条目停在某一阶段</translation>
    </message>
    <message>
        <source>fails with the Triton path, passes without it</source>
        <translation>走 Triton 路径时失败，不走时通过</translation>
    </message>
    <message>
        <source>block size over the kernel&apos;s or the device&apos;s limit</source>
        <translation>线程块大小超过内核或设备的上限</translation>
    </message>
    <message>
        <source>launch arguments do not fit the kernel&apos;s kernarg layout</source>
        <translation>启动参数与内核的 kernarg 布局不符</translation>
    </message>
    <message>
        <source>the runtime library holds no reference to an environment variable that was set</source>
        <translation>设置了一个运行时库根本不读取的环境变量</translation>
    </message>
    <message>
        <source>Triton added hidden scratch pointer arguments to the kernel</source>
        <translation>Triton 给内核加了隐藏的 scratch 指针参数</translation>
    </message>
    <message>
        <source>device code is present but could not be read, so it was not checked against the device</source>
        <translation>设备代码存在但无法读取，因此未与设备比对</translation>
    </message>
    <message>
        <source>the runtime reported a load error whose cause the evidence does not pin down</source>
        <translation>运行时报告了加载错误，但现有证据不能确定原因</translation>
    </message>
    <message>
        <source>no failing layer could be recognised in a text</source>
        <translation>无法从文本中识别出失败的层</translation>
    </message>
    <message>
        <source>HIP code or HIP flags given to a compiler that does not compile HIP</source>
        <translation>把 HIP 代码或 HIP 选项交给了不能编译 HIP 的编译器</translation>
    </message>
    <message>
        <source>a source compiled as the wrong language (.cu as CUDA by clang, .hip by nvcc)</source>
        <translation>源文件按错误的语言编译（clang 把 .cu 当作 CUDA，nvcc 编译 .hip）</translation>
    </message>
    <message>
        <source>the GPU ran out of memory: not a load failure</source>
        <translation>GPU 内存不足：不是加载失败</translation>
    </message>
    <message>
        <source>a kernel faulted on GPU memory (page fault, illegal address): not a load failure</source>
        <translation>内核访问 GPU 内存出错（页错误、非法地址）：不是加载失败</translation>
    </message>
    <message>
        <source>the GPU hung or a launch timed out: not a load failure</source>
        <translation>GPU 挂起或启动超时：不是加载失败</translation>
    </message>
    <message>
        <source>step 1, the baseline vector add, fails: the base chain is broken</source>
        <translation>第 1 步（基线向量加法）失败：基础链路已断</translation>
    </message>
    <message>
        <source>step 2, the kernel alone in a clean process, fails</source>
        <translation>第 2 步：内核在干净进程中单独运行也失败</translation>
    </message>
    <message>
        <source>step 3: the project fails while the kernel passes alone</source>
        <translation>第 3 步：项目中失败，而内核单独运行通过</translation>
    </message>
    <message>
        <source>every step passes: the failure is not reproduced in isolation</source>
        <translation>所有步骤都通过：单独运行时无法重现该失败</translation>
    </message>
    <message>
        <source>Fix the first compiler error in the build output, then build again.</source>
        <translation>先修复构建输出中的第一个编译错误，然后重新构建。</translation>
    </message>
    <message>
        <source>Install the library or add its folder to LD_LIBRARY_PATH (or the binary&apos;s RUNPATH).</source>
        <translation>安装该库，或把它所在的目录加入 LD_LIBRARY_PATH（或程序的 RUNPATH）。</translation>
    </message>
    <message>
        <source>Rebuild against the installed version, or install the major version the binary asks for.</source>
        <translation>针对已安装的版本重新构建，或安装程序所需的主版本。</translation>
    </message>
    <message>
        <source>Link with hipcc or add -lamdhip64 to the link line.</source>
        <translation>用 hipcc 链接，或在链接命令中加上 -lamdhip64。</translation>
    </message>
    <message>
        <source>Load the library that defines the symbol, or rebuild against the installed runtime.</source>
        <translation>加载定义该符号的库，或针对已安装的运行时重新构建。</translation>
    </message>
    <message>
        <source>Check that the GPU driver is loaded and that this user may open /dev/kfd and /dev/dri (groups video, render).</source>
        <translation>确认 GPU 驱动已加载，且当前用户可以打开 /dev/kfd 和 /dev/dri（video、render 组）。</translation>
    </message>
    <message>
        <source>Keep one ROCm installation on the search path; remove the others from LD_LIBRARY_PATH.</source>
        <translation>搜索路径上只保留一套 ROCm；把其他的从 LD_LIBRARY_PATH 中去掉。</translation>
    </message>
    <message>
        <source>Declare the kernel extern &quot;C&quot; or ask for its mangled name.</source>
        <translation>把内核声明为 extern &quot;C&quot;，或使用它的修饰名（mangled name）。</translation>
    </message>
    <message>
        <source>Mark the function __global__, or ask for the kernel that calls it.</source>
        <translation>把该函数标记为 __global__，或改为请求调用它的内核。</translation>
    </message>
    <message>
        <source>Remove static or the anonymous namespace around the kernel so the module API can find it.</source>
        <translation>去掉内核的 static 或外层的匿名命名空间，让模块 API 能找到它。</translation>
    </message>
    <message>
        <source>Check the name against the Symbols table; the kernel may be in another file or not built.</source>
        <translation>对照“符号”表检查名字；内核可能在另一个文件中，或没有被编译。</translation>
    </message>
    <message>
        <source>Rebuild with --offload-arch for your GPU (rocminfo | grep gfx shows it).</source>
        <translation>用与你的 GPU 对应的 --offload-arch 重新构建（rocminfo | grep gfx 可查看）。</translation>
    </message>
    <message>
        <source>Rebuild for the device&apos;s xnack/sramecc setting, or build without the feature suffix.</source>
        <translation>按设备的 xnack/sramecc 设置重新构建，或构建时不带特性后缀。</translation>
    </message>
    <message>
        <source>Name the targets with --offload-arch instead of relying on the compiler&apos;s default.</source>
        <translation>用 --offload-arch 明确指定目标，不要依赖编译器默认值。</translation>
    </message>
    <message>
        <source>Use a runtime that knows generic targets (ROCm 6.1+), or build for the specific processor.</source>
        <translation>使用支持通用目标的运行时（ROCm 6.1 及以上），或针对具体处理器构建。</translation>
    </message>
    <message>
        <source>Build with a code object version the runtime accepts (-mcode-object-version=N).</source>
        <translation>用运行时接受的代码对象版本构建（-mcode-object-version=N）。</translation>
    </message>
    <message>
        <source>Use a runtime that reads compressed bundles, or build without --offload-compress.</source>
        <translation>使用能读取压缩 bundle 的运行时，或构建时去掉 --offload-compress。</translation>
    </message>
    <message>
        <source>Pass a code object (hipcc --genco output) to hipModuleLoad.</source>
        <translation>把代码对象（hipcc --genco 的输出）传给 hipModuleLoad。</translation>
    </message>
    <message>
        <source>Unset HSA_OVERRIDE_GFX_VERSION, or build for the processor it names.</source>
        <translation>取消 HSA_OVERRIDE_GFX_VERSION，或为它指定的处理器构建。</translation>
    </message>
    <message>
        <source>Unset the *_VISIBLE_DEVICES variables or list a GPU in them.</source>
        <translation>取消 *_VISIBLE_DEVICES 变量，或在其中列出一块 GPU。</translation>
    </message>
    <message>
        <source>Replace the nvcc-only options with their hipcc/clang equivalents.</source>
        <translation>把 nvcc 专用选项换成 hipcc/clang 的对应选项。</translation>
    </message>
    <message>
        <source>Add --offload-arch=&lt;your gfx target&gt; to the compile line.</source>
        <translation>在编译命令中加上 --offload-arch=&lt;你的 gfx 目标&gt;。</translation>
    </message>
    <message>
        <source>Link with hipcc or add -lamdhip64.</source>
        <translation>用 hipcc 链接，或加上 -lamdhip64。</translation>
    </message>
    <message>
        <source>Link -fgpu-rdc objects with --hip-link.</source>
        <translation>链接 -fgpu-rdc 目标文件时加上 --hip-link。</translation>
    </message>
    <message>
        <source>Use less shared memory per block (smaller tiles) or split the kernel.</source>
        <translation>减少每个线程块的共享内存（更小的分块），或拆分内核。</translation>
    </message>
    <message>
        <source>Install the ROCm device libraries or pass --rocm-path / --rocm-device-lib-path.</source>
        <translation>安装 ROCm 设备库，或传入 --rocm-path / --rocm-device-lib-path。</translation>
    </message>
    <message>
        <source>Look at the failing stage&apos;s output in the Triton cache entry; clear the cache after fixing.</source>
        <translation>查看 Triton 缓存条目中失败阶段的输出；修复后清空缓存。</translation>
    </message>
    <message>
        <source>Run the kernel without the Triton setup (step 3) to find what it changes.</source>
        <translation>不带 Triton 设置运行该内核（第 3 步），找出它改变了什么。</translation>
    </message>
    <message>
        <source>Launch with fewer threads per block (at most the limit shown).</source>
        <translation>减少每个线程块的线程数（不超过显示的上限）。</translation>
    </message>
    <message>
        <source>Pass the kernel&apos;s arguments in order with the sizes its kernarg layout gives.</source>
        <translation>按内核 kernarg 布局给出的顺序和大小传递参数。</translation>
    </message>
    <message>
        <source>Remove the variable or use one this runtime version reads.</source>
        <translation>去掉该变量，或改用此运行时版本会读取的变量。</translation>
    </message>
    <message>
        <source>Pass the hidden scratch pointers Triton added when launching the kernel yourself.</source>
        <translation>自行启动内核时，传入 Triton 添加的隐藏 scratch 指针。</translation>
    </message>
    <message>
        <source>Look at the reader&apos;s problems under the file in the Artifacts tree.</source>
        <translation>在“产物”树中该文件下查看读取问题。</translation>
    </message>
    <message>
        <source>Capture a runtime log (AMD_LOG_LEVEL=4) and open it here.</source>
        <translation>抓取一份运行时日志（AMD_LOG_LEVEL=4）并在这里打开。</translation>
    </message>
    <message>
        <source>Open the full output or a runtime log (AMD_LOG_LEVEL=4).</source>
        <translation>打开完整输出或运行时日志（AMD_LOG_LEVEL=4）。</translation>
    </message>
    <message>
        <source>Compile HIP code with hipcc or clang -x hip.</source>
        <translation>用 hipcc 或 clang -x hip 编译 HIP 代码。</translation>
    </message>
    <message>
        <source>Compile with -x hip (clang) or rename the source.</source>
        <translation>用 -x hip（clang）编译，或重命名源文件。</translation>
    </message>
    <message>
        <source>Use smaller batches or free memory; this is not a load failure.</source>
        <translation>减小批量或释放内存；这不是加载失败。</translation>
    </message>
    <message>
        <source>Check the kernel&apos;s indexing and buffer sizes; this is not a load failure.</source>
        <translation>检查内核的下标和缓冲区大小；这不是加载失败。</translation>
    </message>
    <message>
        <source>Look for a deadlock or an endless loop in the kernel; this is not a load failure.</source>
        <translation>检查内核中的死锁或死循环；这不是加载失败。</translation>
    </message>
    <message>
        <source>Fix the runtime and device first (direction 1): step 1 must pass before the others mean anything.</source>
        <translation>先修好运行时和设备（方向 1）：第 1 步通过后，其他步骤才有意义。</translation>
    </message>
    <message>
        <source>The kernel itself does not load: look at the symbol and code object findings (directions 2 and 3).</source>
        <translation>内核本身无法加载：查看符号和代码对象方面的发现（方向 2 和 3）。</translation>
    </message>
    <message>
        <source>The project&apos;s setup breaks the kernel: compare its environment and libraries with step 2&apos;s.</source>
        <translation>项目的设置导致内核失败：把它的环境和库与第 2 步对比。</translation>
    </message>
    <message>
        <source>The failure needs something of the original run: capture its log and environment.</source>
        <translation>失败依赖原始运行中的某些条件：抓取它的日志和环境。</translation>
    </message>
    <message>
        <source>a vendor library has no tuned data or precompiled kernels for the device (it compiles or falls back at run time)</source>
        <translation>厂商库没有适用于该设备的调优数据或预编译内核（它会在运行时编译或回退）</translation>
    </message>
    <message>
        <source>the device code uses an instruction or data type the target lacks</source>
        <translation>设备代码使用了目标所缺少的指令或数据类型</translation>
    </message>
    <message>
        <source>the compiler that must build the kernel does not support the GPU</source>
        <translation>必须构建内核的编译器不支持该 GPU</translation>
    </message>
    <message>
        <source>a device variable looked up by name is not in the code object</source>
        <translation>按名称查找的设备变量不在代码对象中</translation>
    </message>
    <message>
        <source>the compiler toolkit does not know the GPU architecture asked for</source>
        <translation>编译器工具包不认识所要求的 GPU 架构</translation>
    </message>
    <message>
        <source>the GPU compiler refuses the host compiler or its headers</source>
        <translation>GPU 编译器拒绝使用主机编译器或其头文件</translation>
    </message>
    <message>
        <source>the GPU driver is older than the runtime needs</source>
        <translation>GPU 驱动比运行时要求的旧</translation>
    </message>
    <message>
        <source>a library needs a C/C++ runtime symbol version the system lacks</source>
        <translation>某个库需要系统所缺少的 C/C++ 运行时符号版本</translation>
    </message>
    <message>
        <source>Expect a slow first run; install the vendor&apos;s databases for the GPU.</source>
        <translation>首次运行会较慢；请安装厂商为该 GPU 提供的数据库。</translation>
    </message>
    <message>
        <source>Use a data type the GPU has (fp16/fp32 instead of bf16/fp8), a code path that falls back on it, or a GPU with the feature.</source>
        <translation>使用 GPU 支持的数据类型（用 fp16/fp32 代替 bf16/fp8）、能在其上回退的代码路径，或具备该特性的 GPU。</translation>
    </message>
    <message>
        <source>Use a compiler release that knows the GPU (newer Triton / ptxas), or run without that compiler (eager mode) on an older GPU.</source>
        <translation>使用认识该 GPU 的编译器版本（更新的 Triton / ptxas），或在较旧的 GPU 上不使用该编译器运行（eager 模式）。</translation>
    </message>
    <message>
        <source>Declare the variable __device__ / __constant__, use it from device code, and build with -fgpu-rdc when it is defined in another file.</source>
        <translation>把变量声明为 __device__ / __constant__，在设备代码中使用它，并在它定义于另一个文件时用 -fgpu-rdc 构建。</translation>
    </message>
    <message>
        <source>Install a toolkit release that supports the architecture, or build for one it knows.</source>
        <translation>安装支持该架构的工具包版本，或为它认识的架构构建。</translation>
    </message>
    <message>
        <source>Use a host compiler the GPU toolkit supports (nvcc -ccbin, NVCC_CCBIN, CMAKE_CUDA_HOST_COMPILER) or a newer toolkit.</source>
        <translation>使用 GPU 工具包支持的主机编译器（nvcc -ccbin、NVCC_CCBIN、CMAKE_CUDA_HOST_COMPILER），或更新的工具包。</translation>
    </message>
    <message>
        <source>Install a newer GPU driver, or a runtime / framework build the installed driver supports.</source>
        <translation>安装更新的 GPU 驱动，或使用已安装驱动所支持的运行时 / 框架版本。</translation>
    </message>
    <message>
        <source>Let the system&apos;s libc / libstdc++ be found first (remove or update the bundled one), or use a build made for this system.</source>
        <translation>让系统的 libc / libstdc++ 优先被找到（删除或更新捆绑的副本），或使用为本系统构建的版本。</translation>
    </message>
</context>
<context>
    <name>hd::Verify</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：结果 %2</translation>
    </message>
    <message>
        <source>%1: %2: %3</source>
        <translation>%1：结果 %2：%3</translation>
    </message>
    <message>
        <source>passed (exit 0)</source>
        <translation>通过（退出码 0）</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <source>did not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>%1 → %2 (via %3)</source>
        <translation>%1 → %2（经由 %3 找到）</translation>
    </message>
    <message>
        <source>findings: %1</source>
        <translation>发现：%1</translation>
    </message>
    <message>
        <source>not run: cancelled</source>
        <translation>未运行:已取消</translation>
    </message>
    <message>
        <source> (died in phase %1)</source>
        <translation>(在阶段 %1 中终止)</translation>
    </message>
    <message>
        <source>The runtime loads but sees no GPU</source>
        <translation>运行时已加载,但看不到 GPU</translation>
    </message>
    <message>
        <source>The HIP runtime was found and initialised, and answered that there is no device. Nothing can be loaded or launched on this machine as it is.</source>
        <translation>已找到并初始化 HIP 运行时,它的回答是没有设备。在这台机器的现状下,无法加载或启动任何东西。</translation>
    </message>
    <message>
        <source>Run on a machine with a supported GPU and its kernel driver (amdgpu / /dev/kfd for AMD, the NVIDIA driver for CUDA)</source>
        <translation>在装有受支持 GPU 及其内核驱动的机器上运行(AMD 为 amdgpu / /dev/kfd,CUDA 为 NVIDIA 驱动)</translation>
    </message>
    <message>
        <source>Check that HIP_VISIBLE_DEVICES / ROCR_VISIBLE_DEVICES / CUDA_VISIBLE_DEVICES do not hide every GPU</source>
        <translation>检查 HIP_VISIBLE_DEVICES / ROCR_VISIBLE_DEVICES / CUDA_VISIBLE_DEVICES 没有隐藏所有 GPU</translation>
    </message>
    <message>
        <source>Check that the user may open /dev/kfd and /dev/dri/renderD* (groups render and video)</source>
        <translation>检查用户能否打开 /dev/kfd 和 /dev/dri/renderD*(render 和 video 组)</translation>
    </message>
    <message>
        <source>Step 1 (baseline) fails: the base chain — compiler, runtime link, runtime, device — is broken. Fix that first; the project&apos;s kernel cannot be judged until a plain vector add runs. (%1)</source>
        <translation>第 1 步(基线)失败:基础链——编译器、运行时链接、运行时、设备——有问题。请先修复它;在普通的向量加法能运行之前,无法判断项目的内核。(%1)</translation>
    </message>
    <message>
        <source>The baseline (step 1) fails</source>
        <translation>基线(第 1 步)失败</translation>
    </message>
    <message>
        <source>Follow the step 1 findings (runtime.*, layer.compile-failed) before looking at the project&apos;s kernel</source>
        <translation>先按第 1 步的发现(runtime.*、layer.compile-failed)处理,再看项目的内核</translation>
    </message>
    <message>
        <source> Step 3 still shows: %1</source>
        <translation>第 3 步仍然显示:%1</translation>
    </message>
    <message>
        <source> It fails the same way as the project (step 3: %1).</source>
        <translation>它的失败方式与项目相同(第 3 步:%1)。</translation>
    </message>
    <message>
        <source>%1The suspect operator fails on its own (step 2: %2): the artifact is at fault, direction %3 (%4).%5</source>
        <translation>%1可疑算子单独运行也失败(第 2 步:%2):问题在制品本身,方向 %3(%4)。%5</translation>
    </message>
    <message>
        <source>The baseline works (step 1). </source>
        <translation>基线正常(第 1 步)。</translation>
    </message>
    <message>
        <source>The operator fails in isolation (step 2)</source>
        <translation>算子单独运行失败(第 2 步)</translation>
    </message>
    <message>
        <source>Apply the step 2 findings&apos; fixes to the artifact (build flags, extern &quot;C&quot;, --offload-arch)</source>
        <translation>把第 2 步发现的修复应用到制品上(构建选项、extern &quot;C&quot;、--offload-arch)</translation>
    </message>
    <message>
        <source>Only the project fails, and only with the Triton path: as is it fails (%1), without Triton (%2) it passes%3. The process state Triton leaves behind breaks the HIP kernel.</source>
        <translation>只有项目失败,而且只在走 Triton 路径时失败:原样运行失败(%1),不走 Triton(%2)则通过%3。Triton 留下的进程状态破坏了 HIP 内核。</translation>
    </message>
    <message>
        <source>second command</source>
        <translation>第二条命令</translation>
    </message>
    <message>
        <source>, and the operator alone passes (step 2)</source>
        <translation>,且算子单独运行通过(第 2 步)</translation>
    </message>
    <message>
        <source>step 3: as-is</source>
        <translation>第 3 步:原样</translation>
    </message>
    <message>
        <source>step 3: without-triton</source>
        <translation>第 3 步:不走 Triton</translation>
    </message>
    <message>
        <source> The operator alone passes too (step 2).</source>
        <translation>算子单独运行也通过(第 2 步)。</translation>
    </message>
    <message>
        <source>The project fails (%1)%2%3, while the isolated steps pass: compare the project&apos;s build commands and link lines with the steps&apos; (recorded in the step 1 and 2 checks).</source>
        <translation>项目失败(%1)%2%3,而隔离的各步都通过:把项目的构建命令和链接命令与各步的(记录在第 1、2 步的检查中)进行对比。</translation>
    </message>
    <message>
        <source> with and without the Triton path (%1)</source>
        <translation>,无论走不走 Triton 路径(%1)</translation>
    </message>
    <message>
        <source>; its errors point at direction %1 (%2)</source>
        <translation>;其错误指向方向 %1(%2)</translation>
    </message>
    <message>
        <source>The project&apos;s command fails, the isolated steps do not</source>
        <translation>项目的命令失败,隔离的各步没有失败</translation>
    </message>
    <message>
        <source>Diff the project&apos;s compile and link commands (HIPCC_VERBOSE=1) against step 1&apos;s recorded commands: --offload-arch, -lamdhip64, rpath</source>
        <translation>把项目的编译和链接命令(HIPCC_VERBOSE=1)与第 1 步记录的命令对比:--offload-arch、-lamdhip64、rpath</translation>
    </message>
    <message>
        <source>Run step 2 on the exact artifact the project loads</source>
        <translation>对项目实际加载的那个制品运行第 2 步</translation>
    </message>
    <message>
        <source>No step ran: nothing to compare.</source>
        <translation>没有运行任何步骤:无可比较。</translation>
    </message>
    <message>
        <source>Everything that ran passes in isolation. If the project still fails elsewhere, compare its build commands and link lines with the steps&apos;.</source>
        <translation>运行过的各项在隔离环境中都通过。如果项目在别处仍然失败,请把它的构建命令和链接命令与各步的对比。</translation>
    </message>
    <message>
        <source>Every step that ran passes</source>
        <translation>运行过的每一步都通过</translation>
    </message>
    <message>
        <source>Compare the project&apos;s build and link lines (HIPCC_VERBOSE=1) with the steps&apos; recorded commands</source>
        <translation>把项目的构建和链接命令(HIPCC_VERBOSE=1)与各步记录的命令对比</translation>
    </message>
    <message>
        <source>%1 failed with %2 (%3)</source>
        <translation>%1 失败,错误为 %2(%3)</translation>
    </message>
    <message>
        <source>probe (GPU run)</source>
        <translation>probe(GPU 上运行)</translation>
    </message>
    <message>
        <source>phase %1: %2 returned %3 %4</source>
        <translation>阶段 %1:%2 返回 %3 %4</translation>
    </message>
    <message>
        <source>Build for the device&apos;s architecture (nvcc -arch=sm_XX / hipcc --offload-arch=gfxNNN), or include PTX so the driver can JIT it</source>
        <translation>为设备的架构构建(nvcc -arch=sm_XX / hipcc --offload-arch=gfxNNN),或包含 PTX 以便驱动即时编译</translation>
    </message>
    <message>
        <source>Declare the kernel extern &quot;C&quot;, or look it up by its mangled name</source>
        <translation>把内核声明为 extern &quot;C&quot;,或按修饰名查找</translation>
    </message>
    <message>
        <source>Kernel &apos;%1&apos; exists only C++-mangled as %2</source>
        <translation>内核 &apos;%1&apos; 只以 C++ 修饰名 %2 存在</translation>
    </message>
    <message>
        <source>Looking up &apos;%1&apos; fails (%2), while the same file&apos;s lookup of the mangled name %3 succeeds (record %4): the kernel lacks extern &quot;C&quot;.</source>
        <translation>查找 &apos;%1&apos; 失败(%2),而同一文件按修饰名 %3 查找成功(记录 %4):该内核缺少 extern &quot;C&quot;。</translation>
    </message>
    <message>
        <source>%1 found (demangles to %2)</source>
        <translation>找到 %1(反修饰为 %2)</translation>
    </message>
    <message>
        <source>Declare the kernel extern &quot;C&quot; so &apos;%1&apos; is its symbol name</source>
        <translation>把内核声明为 extern &quot;C&quot;,使 &apos;%1&apos; 成为其符号名</translation>
    </message>
    <message>
        <source>Or look it up by the mangled name: hipModuleGetFunction(&amp;f, module, &quot;%1&quot;) (cuModuleGetFunction on CUDA)</source>
        <translation>或按修饰名查找:hipModuleGetFunction(&amp;f, module, &quot;%1&quot;)(CUDA 上为 cuModuleGetFunction)</translation>
    </message>
    <message>
        <source>The runtime did not find %1. The error alone cannot tell whether the kernel is missing, only C++-mangled, not a kernel or internal: run &apos;hipdoctor-cli diagnose FILE --kernel NAME&apos; on the artifact.</source>
        <translation>运行时没有找到 %1。仅凭这个错误无法判断内核是不存在、只有 C++ 修饰名、不是内核还是内部链接:请打开该制品,并在内核名称框中输入内核名称。</translation>
    </message>
    <message>
        <source>Also possible with this error code (not shown by it alone): </source>
        <translation>此错误码也可能意味着(仅凭它无法显示):</translation>
    </message>
    <message>
        <source>%1: a symbolic link to %2, outside the folder: not read</source>
        <translation>%1:指向 %2 的符号链接,位于文件夹之外:未读取</translation>
    </message>
    <message>
        <source>%1: no such file or directory</source>
        <translation>%1:没有这个文件或目录</translation>
    </message>
    <message>
        <source>%1: no *.jsonl capture files</source>
        <translation>%1:没有 *.jsonl 捕获文件</translation>
    </message>
    <message>
        <source>%1: cannot read: %2</source>
        <translation>%1:无法读取:%2</translation>
    </message>
    <message>
        <source>%1:%2: not JSON (column %3: %4)</source>
        <translation>%1:%2:不是 JSON(第 %3 列:%4)</translation>
    </message>
    <message>
        <source>%1:%2: JSON, but not an object</source>
        <translation>%1:%2:是 JSON,但不是对象</translation>
    </message>
    <message>
        <source>%1:%2: not a capture record (schema &quot;%3&quot;)</source>
        <translation>%1:%2:不是捕获记录(schema &quot;%3&quot;)</translation>
    </message>
    <message>
        <source>%1 (%2, recorded on the GPU machine)</source>
        <translation>%1(%2,在 GPU 机器上记录)</translation>
    </message>
    <message>
        <source> (killed by %1%2)</source>
        <translation>(被 %1 终止%2)</translation>
    </message>
    <message>
        <source> in phase </source>
        <translation>,阶段 </translation>
    </message>
    <message>
        <source>exit status 0</source>
        <translation>退出状态 0</translation>
    </message>
    <message>
        <source>exit status %1</source>
        <translation>退出状态 %1</translation>
    </message>
    <message>
        <source>killed by %1</source>
        <translation>被 %1 终止</translation>
    </message>
    <message>
        <source>Baseline: vector add with the platform compiler (GPU run)</source>
        <translation>基线:用平台编译器做向量加法(GPU 上运行)</translation>
    </message>
    <message>
        <source>The suspect operator alone (GPU run)</source>
        <translation>可疑算子单独运行(GPU 上运行)</translation>
    </message>
    <message>
        <source>%1 of %2 recorded checks passed on the GPU machine</source>
        <translation>在 GPU 机器上记录的 %2 项检查中有 %1 项通过</translation>
    </message>
    <message>
        <source>no command given</source>
        <translation>没有给出命令</translation>
    </message>
    <message>
        <source>could not start %1: %2</source>
        <translation>无法启动 %1:%2</translation>
    </message>
    <message>
        <source>still running after %1 s: killed</source>
        <translation>%1 秒后仍在运行:已终止</translation>
    </message>
    <message>
        <source>PATH on %1</source>
        <translation>%1 上的 PATH</translation>
    </message>
    <message>
        <source>no hipcc or nvcc found; looked at: %1</source>
        <translation>没有找到 hipcc 或 nvcc;查找过:%1</translation>
    </message>
    <message>
        <source>No platform compiler found</source>
        <translation>没有找到平台编译器</translation>
    </message>
    <message>
        <source>Install hipcc (Debian: apt install hipcc) or set HIP_PATH / ROCM_PATH</source>
        <translation>安装 hipcc(Debian:apt install hipcc)或设置 HIP_PATH / ROCM_PATH</translation>
    </message>
    <message>
        <source>%1 (%2, found via %3)</source>
        <translation>%1(%2,通过 %3 找到)</translation>
    </message>
    <message>
        <source>%1 (found via %2) does not answer --version: %3</source>
        <translation>%1(通过 %2 找到)没有回应 --version:%3</translation>
    </message>
    <message>
        <source>given with --target</source>
        <translation>在“设备”中输入</translation>
    </message>
    <message>
        <source>the exact target of device 0 (%1)</source>
        <translation>设备 0 的确切目标(%1)</translation>
    </message>
    <message>
        <source>no --target and no device: using the documented default %1 (give --target for the GPU the project runs on)</source>
        <translation>没有输入目标也没有设备:使用文档中的默认值 %1(请在“设备”中输入项目运行所用 GPU 的目标)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a target id: %2</source>
        <translation>&apos;%1&apos; 不是目标 ID:%2</translation>
    </message>
    <message>
        <source>mktemp failed</source>
        <translation>mktemp 失败</translation>
    </message>
    <message>
        <source>cannot prepare the compile on %1: %2</source>
        <translation>无法在 %1 上准备编译:%2</translation>
    </message>
    <message>
        <source>the compiler exited 0 but wrote no %1</source>
        <translation>编译器以 0 退出,但没有写出 %1</translation>
    </message>
    <message>
        <source>the compiler&apos;s sub-commands for %1, as the program&apos;s compile ran them (-v)</source>
        <translation>%1 的编译器子命令,取自程序编译时的实际运行(-v)</translation>
    </message>
    <message>
        <source>the program&apos;s compile printed no sub-commands with -v</source>
        <translation>程序编译在 -v 下没有打印任何子命令</translation>
    </message>
    <message>
        <source>the program&apos;s compile printed no sub-commands: %1</source>
        <translation>程序编译没有打印任何子命令:%1</translation>
    </message>
    <message>
        <source>built %1 for %2</source>
        <translation>已为 %2 构建 %1</translation>
    </message>
    <message>
        <source>took the kernel&apos;s code object for %1 out of the program (%2): the same kernel, compiled once</source>
        <translation>从程序中取出内核针对 %1 的代码对象(%2):同一个内核,只编译一次</translation>
    </message>
    <message>
        <source>compile failed (%1)</source>
        <translation>编译失败(%1)</translation>
    </message>
    <message>
        <source>The baseline vector add does not compile</source>
        <translation>基线向量加法无法编译</translation>
    </message>
    <message>
        <source>compiler output</source>
        <translation>编译器输出</translation>
    </message>
    <message>
        <source>Fix the compiler installation first: every kernel build depends on it (see the output)</source>
        <translation>先修复编译器安装:每一次内核构建都依赖它(见输出)</translation>
    </message>
    <message>
        <source>source %1 not found (set --kernels-dir)</source>
        <translation>找不到源文件 %1(随 hipdoctor 安装的内核源码缺失:请重新安装)</translation>
    </message>
    <message>
        <source>could not read %1 as a host binary</source>
        <translation>无法把 %1 作为主机二进制读取</translation>
    </message>
    <message>
        <source>no libcudart dependency (static CUDA runtime)</source>
        <translation>没有 libcudart 依赖(静态 CUDA 运行时)</translation>
    </message>
    <message>
        <source>the program does not depend on libamdhip64</source>
        <translation>该程序不依赖 libamdhip64</translation>
    </message>
    <message>
        <source>%1 resolves nowhere; looked in %2</source>
        <translation>%1 无处可解析;查找过 %2</translation>
    </message>
    <message>
        <source>%1 is not found by the dynamic loader</source>
        <translation>动态加载器找不到 %1</translation>
    </message>
    <message>
        <source>Install the HIP runtime package or add its directory to LD_LIBRARY_PATH</source>
        <translation>安装 HIP 运行时软件包,或把其目录加入 LD_LIBRARY_PATH</translation>
    </message>
    <message>
        <source>running the vector-add program</source>
        <translation>正在运行向量加法程序</translation>
    </message>
    <message>
        <source>the runtime answers: no device (%1)</source>
        <translation>运行时回答:没有设备(%1)</translation>
    </message>
    <message>
        <source>loading and launching vector_add through the probe</source>
        <translation>正在通过 probe 加载并启动 vector_add</translation>
    </message>
    <message>
        <source>the runtime answers: no device — %1</source>
        <translation>运行时回答:没有设备 —— %1</translation>
    </message>
    <message>
        <source>compiler, runtime link, runtime and device work: the vector add runs as a program and through the module API on %1</source>
        <translation>编译器、运行时链接、运行时和设备都正常:向量加法作为程序以及通过模块 API 在 %1 上运行</translation>
    </message>
    <message>
        <source>compile and link work (vector add built for %1, runtime resolved), but the runtime answers: no device</source>
        <translation>编译和链接正常(已为 %1 构建向量加法,运行时已解析),但运行时回答:没有设备</translation>
    </message>
    <message>
        <source>the base chain fails at: %1</source>
        <translation>基础链在此处失败:%1</translation>
    </message>
    <message>
        <source>could not run: %1</source>
        <translation>无法运行:%1</translation>
    </message>
    <message>
        <source>Compiler sub-commands (-v)</source>
        <translation>编译器子命令(-v)</translation>
    </message>
    <message>
        <source>Compile and link the vector-add program</source>
        <translation>编译并链接向量加法程序</translation>
    </message>
    <message>
        <source>Compile the kernel as a code object</source>
        <translation>把内核编译为代码对象</translation>
    </message>
    <message>
        <source>Baseline: vector add with the platform compiler</source>
        <translation>基线:用平台编译器做向量加法</translation>
    </message>
    <message>
        <source>no program was built</source>
        <translation>没有构建出程序</translation>
    </message>
    <message>
        <source>Runtime and devices (probe)</source>
        <translation>运行时和设备(probe)</translation>
    </message>
    <message>
        <source>Platform compiler</source>
        <translation>平台编译器</translation>
    </message>
    <message>
        <source>Target to compile for</source>
        <translation>编译目标</translation>
    </message>
    <message>
        <source>The program&apos;s runtime library (loader path)</source>
        <translation>程序的运行时库(加载器路径)</translation>
    </message>
    <message>
        <source>the loader path is the node&apos;s (%1): the program&apos;s run below shows what its loader finds</source>
        <translation>加载器路径以节点上的为准(%1):下面程序的运行结果显示其加载器找到了什么</translation>
    </message>
    <message>
        <source>Run the program (hipLaunchKernelGGL, result checked)</source>
        <translation>运行程序(hipLaunchKernelGGL,检查结果)</translation>
    </message>
    <message>
        <source>Module API: load, look up and launch the code object (probe)</source>
        <translation>模块 API:加载、查找并启动代码对象(probe)</translation>
    </message>
    <message>
        <source>no code object was built</source>
        <translation>没有构建出代码对象</translation>
    </message>
    <message>
        <source>compiling the operator</source>
        <translation>正在编译算子</translation>
    </message>
    <message>
        <source>the compile command exited 0 but %1 does not exist</source>
        <translation>编译命令以 0 退出,但 %1 不存在</translation>
    </message>
    <message>
        <source>The operator does not compile</source>
        <translation>算子无法编译</translation>
    </message>
    <message>
        <source>Fix the compile error first (see the compiler output)</source>
        <translation>先修复编译错误(见编译器输出)</translation>
    </message>
    <message>
        <source>dlopen of %1 in a clean process</source>
        <translation>在干净的进程中 dlopen %1</translation>
    </message>
    <message>
        <source>%1: %2 code object(s) for %3; kernels: %4</source>
        <translation>%1:%2 个适用于 %3 的代码对象;内核:%4</translation>
    </message>
    <message>
        <source>; bundle at %1 extracted for the module API</source>
        <translation>;已为模块 API 提取位于 %1 的 bundle</translation>
    </message>
    <message>
        <source>%1 %2 through the probe</source>
        <translation>通过 probe %1 %2</translation>
    </message>
    <message>
        <source>the operator works in isolation: %1</source>
        <translation>算子在隔离环境中正常:%1</translation>
    </message>
    <message>
        <source>The suspect operator alone</source>
        <translation>可疑算子单独运行</translation>
    </message>
    <message>
        <source>no operator given (--artifact, --dlopen, --exec or --source)</source>
        <translation>没有给出算子:打开它的文件,或在第 2 步卡片上给出它的命令</translation>
    </message>
    <message>
        <source>Compile the operator</source>
        <translation>编译算子</translation>
    </message>
    <message>
        <source>The operator&apos;s file</source>
        <translation>算子的文件</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1:没有这个文件</translation>
    </message>
    <message>
        <source>dlopen the library in a clean process (probe)</source>
        <translation>在干净的进程中 dlopen 该库(probe)</translation>
    </message>
    <message>
        <source>Run the operator&apos;s program in a clean process</source>
        <translation>在干净的进程中运行算子的程序</translation>
    </message>
    <message>
        <source>What the file holds</source>
        <translation>文件包含什么</translation>
    </message>
    <message>
        <source>Module API: load, look up and launch the kernel (probe)</source>
        <translation>模块 API:加载、查找并启动内核(probe)</translation>
    </message>
    <message>
        <source>Module API: load and look up the kernel (probe)</source>
        <translation>模块 API:加载并查找内核(probe)</translation>
    </message>
    <message>
        <source>Diagnosis of the artifact and the logs</source>
        <translation>对制品和日志的诊断</translation>
    </message>
    <message>
        <source>both runs pass</source>
        <translation>两次运行都通过</translation>
    </message>
    <message>
        <source>the command passes</source>
        <translation>命令通过</translation>
    </message>
    <message>
        <source>as is: %1</source>
        <translation>原样:%1</translation>
    </message>
    <message>
        <source>; without Triton: %1</source>
        <translation>;不走 Triton:%1</translation>
    </message>
    <message>
        <source>Back to the project</source>
        <translation>回到项目</translation>
    </message>
    <message>
        <source>no project command given (--run … --)</source>
        <translation>没有给出项目命令:请在第 3 步卡片上给出</translation>
    </message>
    <message>
        <source>The project&apos;s command, as is</source>
        <translation>项目的命令,原样</translation>
    </message>
    <message>
        <source>The project&apos;s command without the Triton path</source>
        <translation>项目的命令,不走 Triton 路径</translation>
    </message>
    <message>
        <source>asking the runtime for its devices</source>
        <translation>正在向运行时查询其设备</translation>
    </message>
    <message>
        <source>no diagnosis engine in this build</source>
        <translation>此构建中没有诊断引擎</translation>
    </message>
    <message>
        <source>no findings</source>
        <translation>没有发现</translation>
    </message>
    <message>
        <source>step %1 (%2): %3 — %4</source>
        <translation>第 %1 步(%2):%3 —— %4</translation>
    </message>
    <message>
        <source>The project fails only with the Triton path: as is it fails (%1), without Triton (%2) it passes%3. The process state Triton leaves behind breaks the HIP kernel (steps 1 and 2 did not both run to compare with).</source>
        <translation>项目只在使用 Triton 路径时失败：原样运行失败（%1），去掉 Triton（%2）后通过%3。Triton 留下的进程状态破坏了 HIP 内核（步骤 1 和 2 未都运行，无法对比）。</translation>
    </message>
    <message>
        <source>The project fails (%1)%2%3. Steps 1 and 2 did not both run: run them to tell the base chain and the operator apart from the project.</source>
        <translation>项目失败（%1）%2%3。步骤 1 和 2 未都运行：运行它们，才能把基础链和算子与项目区分开。</translation>
    </message>
    <message>
        <source>cannot compile: %1; no temporary folder either (%2)</source>
        <translation>无法编译:%1;也无法创建临时文件夹(%2)</translation>
    </message>
    <message>
        <source>compile failed: no space left on the disk of %1</source>
        <translation>编译失败:%1 所在的磁盘没有剩余空间</translation>
    </message>
    <message>
        <source> (not cached: %1; built in %2, removed after the step)</source>
        <translation>(未缓存:%1;在 %2 中构建,该步骤结束后删除)</translation>
    </message>
    <message>
        <source> (the cached entry was damaged, %1: rebuilt)</source>
        <translation>(缓存的条目已损坏,%1:已重新构建)</translation>
    </message>
    <message>
        <source>Free space on the disk named above, or give --cache-dir on another disk: the compiler may well be fine</source>
        <translation>释放上面所指磁盘的空间,或以指向另一块磁盘的 XDG_CACHE_HOME 启动 hipdoctor:编译器很可能没有问题</translation>
    </message>
    <message>
        <source>The Triton path loads code without the device&apos;s architecture</source>
        <translation>Triton 路径加载的代码不含该设备的架构</translation>
    </message>
    <message>
        <source>The command fails (%1) with the Triton path and passes without it (%2). The error says a kernel has no code for the GPU: code that only the Triton path loads (kernels from Triton&apos;s cache, or an extension it imports) was built for another architecture. State shared between the two paths does not cause this error.</source>
        <translation>该命令在走 Triton 路径时失败(%1),不走时通过(%2)。错误表明某个内核没有该 GPU 的代码:只有 Triton 路径加载的代码(Triton 缓存中的内核,或它导入的扩展)是为其他架构构建的。两条路径共享的状态不会导致此错误。</translation>
    </message>
    <message>
        <source>Let Triton compile for this GPU: run with TRITON_CACHE_DIR set to a new folder (nothing is deleted), and check the target Triton reports for the device.</source>
        <translation>让 Triton 为此 GPU 编译:将 TRITON_CACHE_DIR 设为一个新文件夹后运行(不会删除任何内容),并检查 Triton 为该设备报告的目标。</translation>
    </message>
    <message>
        <source>Rebuild an extension on the Triton path for the device&apos;s architecture (TORCH_CUDA_ARCH_LIST / PYTORCH_ROCM_ARCH / --offload-arch), then run `hipdoctor-cli inspect` on it.</source>
        <translation>为设备的架构重新构建 Triton 路径上的扩展(TORCH_CUDA_ARCH_LIST / PYTORCH_ROCM_ARCH / --offload-arch),然后在这里打开它检查其目标。</translation>
    </message>
    <message>
        <source>The project fails only with the Triton path: as is it fails (%1), without Triton (%2) it passes%3. The error says a kernel has no code for the GPU: code only the Triton path loads was built for another architecture.</source>
        <translation>项目仅在走 Triton 路径时失败:原样运行失败(%1),不走 Triton(%2)时通过%3。错误表明某个内核没有该 GPU 的代码:只有 Triton 路径加载的代码是为其他架构构建的。</translation>
    </message>
    <message>
        <source>the probe&apos;s run on the GPU failed with this error</source>
        <translation>探针在 GPU 上的运行因这个错误而失败</translation>
    </message>
    <message>
        <source>the runtime&apos;s error alone cannot tell a missing kernel from a mangled, internal or non-kernel one</source>
        <translation>仅凭运行时的错误,无法把缺失的内核与 C++ 修饰名、内部链接或并非内核的情况区分开</translation>
    </message>
    <message>
        <source>the error code points at another cause first</source>
        <translation>该错误码首先指向另一个原因</translation>
    </message>
    <message>
        <source>Step 1 (baseline) was not run on a GPU here: this machine&apos;s runtime sees none. What it could check works (%1); run the steps on the GPU machine to compare them.</source>
        <translation>第 1 步(基线)没有在这里的 GPU 上运行:本机的运行时看不到 GPU。它能检查的部分正常(%1);请在 GPU 机器上运行这些步骤来比较它们。</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>error</source>
        <translation>出错</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>The project fails only with the Triton path: as is it fails (%1), without Triton (%2) it passes%3. The process state Triton leaves behind breaks the HIP kernel.</source>
        <translation>项目只在走 Triton 路径时失败：原样运行失败（%1），不用 Triton（%2）则通过%3。Triton 留下的进程状态破坏了 HIP 内核。</translation>
    </message>
</context>
<context>
    <name>hd::ui::ArtifactTreeModel</name>
    <message>
        <source>%1: offset 0x%2: %3</source>
        <translation>%1：偏移 0x%2：%3</translation>
    </message>
    <message numerus="yes">
        <source>%n code object(s), %1 kernels</source>
        <translation>
            <numerusform>%n 个代码对象，%1 个内核</numerusform>
        </translation>
    </message>
    <message>
        <source>bundle %1</source>
        <translation>捆绑包 %1</translation>
    </message>
    <message>
        <source>compressed (CCOB v%1, %2)</source>
        <translation>压缩（CCOB v%1，%2）</translation>
    </message>
    <message>
        <source>offload bundle</source>
        <translation>卸载捆绑包</translation>
    </message>
    <message numerus="yes">
        <source>%n entries @ 0x%1</source>
        <translation>
            <numerusform>%n 个条目 @ 0x%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>code object v%1, %n kernel(s)</source>
        <translation>
            <numerusform>代码对象 v%1，%n 个内核</numerusform>
        </translation>
    </message>
    <message>
        <source>host entry (empty)</source>
        <translation>主机条目（空）</translation>
    </message>
    <message>
        <source>entry @ +0x%1</source>
        <translation>条目 @ +0x%1</translation>
    </message>
    <message>
        <source>code object %1</source>
        <translation>代码对象 %1</translation>
    </message>
    <message numerus="yes">
        <source>PTX %1, %n kernel(s)</source>
        <translation>
            <numerusform>PTX %1，%n 个内核</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>cubin, %n kernel(s)</source>
        <translation>
            <numerusform>cubin，%n 个内核</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n arg(s), kernarg %1 B, LDS %2 B, VGPR %3</source>
        <translation>
            <numerusform>%n 个参数，kernarg %1 B，LDS %2 B，VGPR %3</numerusform>
        </translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>at offset 0x%1</source>
        <translation>位于偏移 0x%1</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Target / kind</source>
        <translation>目标 / 类型</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>target</source>
        <translation>目标</translation>
    </message>
    <message numerus="yes">
        <source>reading: %n bundle(s) so far…</source>
        <translation>
            <numerusform>读取中：已读 %n 个捆绑包…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hd::ui::Artifacts</name>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>host executable</source>
        <translation>主机可执行文件</translation>
    </message>
    <message>
        <source>host shared library</source>
        <translation>主机共享库</translation>
    </message>
    <message>
        <source>host object file</source>
        <translation>主机目标文件</translation>
    </message>
    <message>
        <source>AMDGPU code object</source>
        <translation>AMDGPU 代码对象</translation>
    </message>
    <message>
        <source>offload bundle</source>
        <translation>卸载捆绑包</translation>
    </message>
    <message>
        <source>compressed offload bundle</source>
        <translation>压缩卸载捆绑包</translation>
    </message>
    <message>
        <source>NVIDIA cubin</source>
        <translation>NVIDIA cubin</translation>
    </message>
    <message>
        <source>NVIDIA fatbin</source>
        <translation>NVIDIA fatbin 容器</translation>
    </message>
    <message>
        <source>PTX text</source>
        <translation>PTX 文本</translation>
    </message>
    <message>
        <source>directory</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
</context>
<context>
    <name>hd::ui::ArtifactsPanel</name>
    <message>
        <source>Symbol</source>
        <translation>符号</translation>
    </message>
    <message>
        <source>Kernarg segment</source>
        <translation>内核参数段</translation>
    </message>
    <message>
        <source>%1 bytes, align %2</source>
        <translation>%1 字节，对齐 %2</translation>
    </message>
    <message>
        <source>LDS (group segment)</source>
        <translation>LDS（组段）</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>Scratch (private segment)</source>
        <translation>Scratch（私有段）</translation>
    </message>
    <message>
        <source>Registers</source>
        <translation>寄存器</translation>
    </message>
    <message>
        <source>Spills</source>
        <translation>溢出</translation>
    </message>
    <message>
        <source>Wavefront size</source>
        <translation>Wavefront 大小</translation>
    </message>
    <message>
        <source>Max flat workgroup size</source>
        <translation>最大扁平工作组大小</translation>
    </message>
    <message>
        <source>Dynamic stack</source>
        <translation>动态栈</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>offset</source>
        <translation>偏移</translation>
    </message>
    <message>
        <source>size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>address space</source>
        <translation>地址空间</translation>
    </message>
    <message>
        <source>name / type</source>
        <translation>名称 / 类型</translation>
    </message>
    <message>
        <source>Code object version</source>
        <translation>代码对象版本</translation>
    </message>
    <message>
        <source>ELF flags</source>
        <translation>ELF 标志</translation>
    </message>
    <message>
        <source>xnack / sramecc</source>
        <translation>xnack / sramecc</translation>
    </message>
    <message>
        <source>Offset in file</source>
        <translation>文件内偏移</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Symbols</source>
        <translation>符号</translation>
    </message>
    <message>
        <source>Undefined symbols</source>
        <translation>未定义符号</translation>
    </message>
    <message>
        <source>Open files…</source>
        <translation>打开文件…</translation>
    </message>
    <message>
        <source>Open folder…</source>
        <translation>打开文件夹…</translation>
    </message>
    <message>
        <source>Open the demo</source>
        <translation>打开演示</translation>
    </message>
    <message>
        <source>Name your code asks for:</source>
        <translation>代码请求的名称：</translation>
    </message>
    <message>
        <source>the kernel name passed to hipModuleGetFunction, e.g. vector_add</source>
        <translation>传给 hipModuleGetFunction 的内核名，例如 vector_add</translation>
    </message>
    <message>
        <source>Filter symbols (mangled or demangled, as you type)</source>
        <translation>过滤符号（修饰名或还原名，随输随筛）</translation>
    </message>
    <message>
        <source>Kernels only</source>
        <translation>仅内核</translation>
    </message>
    <message>
        <source>Select a kernel or code object in the tree.</source>
        <translation>在树中选择一个内核或代码对象。</translation>
    </message>
    <message>
        <source>Kernel metadata</source>
        <translation>内核元数据</translation>
    </message>
    <message>
        <source>Needed libraries</source>
        <translation>依赖库</translation>
    </message>
    <message numerus="yes">
        <source>%n symbol(s)</source>
        <translation>
            <numerusform>%n 个符号</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n symbol(s)</source>
        <translation>
            <numerusform>%1 / %n 个符号</numerusform>
        </translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>修复：</translation>
    </message>
    <message>
        <source>Show in symbol table</source>
        <translation>在符号表中显示</translation>
    </message>
    <message>
        <source>Per code object</source>
        <translation>按代码对象</translation>
    </message>
    <message>
        <source>One row per symbol of each code object instead of one row per name</source>
        <translation>每个代码对象的每个符号各占一行，而不是每个名称一行</translation>
    </message>
    <message>
        <source>your GPU&apos;s target, e.g. gfx90a:sramecc+:xnack- (rocminfo | grep gfx)</source>
        <translation>你的 GPU 的目标，例如 gfx90a:sramecc+:xnack-（rocminfo | grep gfx）</translation>
    </message>
    <message>
        <source>Add to findings</source>
        <translation>加入发现</translation>
    </message>
    <message>
        <source>Keep this name: the diagnosis looks it up and the report includes it</source>
        <translation>保留这个名称：诊断会查找它，报告也会包含它</translation>
    </message>
    <message>
        <source>reading symbols…</source>
        <translation>正在读取符号…</translation>
    </message>
    <message>
        <source>reading symbols… %1 of %2</source>
        <translation>正在读取符号… 第 %1 个,共 %2 个</translation>
    </message>
    <message>
        <source>%1 of %2 read, the first %3 shown</source>
        <translation>已读取 %1 / %2 个,显示前 %3 个</translation>
    </message>
    <message>
        <source>%1 symbols read, ordering the rows…</source>
        <translation>已读取 %1 个符号,正在排列各行…</translation>
    </message>
</context>
<context>
    <name>hd::ui::Charts</name>
    <message>
        <source>Phase timeline per step</source>
        <translation>各步骤阶段时间线</translation>
    </message>
    <message>
        <source>ms from the start of each check</source>
        <translation>自各检查开始的毫秒数</translation>
    </message>
    <message>
        <source>Time per phase across runs</source>
        <translation>各次运行的阶段耗时</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>Launch latency over repeats</source>
        <translation>多次重复的启动延迟</translation>
    </message>
    <message>
        <source>ms per launch</source>
        <translation>每次启动毫秒数</translation>
    </message>
    <message>
        <source>launches</source>
        <translation>启动次数</translation>
    </message>
    <message>
        <source>library-load</source>
        <translation>加载库</translation>
    </message>
    <message>
        <source>runtime-init</source>
        <translation>运行时初始化</translation>
    </message>
    <message>
        <source>device-query</source>
        <translation>查询设备</translation>
    </message>
    <message>
        <source>module-load</source>
        <translation>加载模块</translation>
    </message>
    <message>
        <source>function-lookup</source>
        <translation>查找函数</translation>
    </message>
    <message>
        <source>allocation</source>
        <translation>分配内存</translation>
    </message>
    <message>
        <source>copy-h2d</source>
        <translation>拷贝到设备</translation>
    </message>
    <message>
        <source>launch</source>
        <translation>启动</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>内核执行</translation>
    </message>
    <message>
        <source>synchronize</source>
        <translation>同步</translation>
    </message>
    <message>
        <source>copy-d2h</source>
        <translation>拷贝回主机</translation>
    </message>
    <message>
        <source>validation</source>
        <translation>校验结果</translation>
    </message>
    <message>
        <source>compiler</source>
        <translation>编译器</translation>
    </message>
    <message>
        <source>compiler-commands</source>
        <translation>编译器命令</translation>
    </message>
    <message>
        <source>compile-program</source>
        <translation>编译程序</translation>
    </message>
    <message>
        <source>compile-code-object</source>
        <translation>编译代码对象</translation>
    </message>
    <message>
        <source>runtime-dependency</source>
        <translation>运行时依赖</translation>
    </message>
    <message>
        <source>run-program</source>
        <translation>运行程序</translation>
    </message>
    <message>
        <source>inspect</source>
        <translation>检查文件</translation>
    </message>
    <message>
        <source>diagnose</source>
        <translation>诊断</translation>
    </message>
</context>
<context>
    <name>hd::ui::CompatMatrixModel</name>
    <message>
        <source>✓ loads</source>
        <translation>✓ 可加载</translation>
    </message>
    <message>
        <source>✓ generic</source>
        <translation>✓ 通用目标</translation>
    </message>
    <message>
        <source>✓ PTX JIT</source>
        <translation>✓ PTX JIT</translation>
    </message>
    <message>
        <source>✗ other GPU</source>
        <translation>✗ 其他 GPU</translation>
    </message>
    <message>
        <source>✗ xnack/sramecc</source>
        <translation>✗ xnack/sramecc</translation>
    </message>
    <message>
        <source>✗ runtime too old</source>
        <translation>✗ 运行时过旧</translation>
    </message>
    <message numerus="yes">
        <source>%n code object(s) of %1 built for %2</source>
        <translation>
            <numerusform>%1 中为 %2 构建的 %n 个代码对象</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hd::ui::DevicesModel</name>
    <message>
        <source>live (probe)</source>
        <translation>实时（探针）</translation>
    </message>
    <message>
        <source>rocminfo dump</source>
        <translation>rocminfo 输出</translation>
    </message>
    <message>
        <source>typed target</source>
        <translation>手动输入的目标</translation>
    </message>
    <message>
        <source>saved session</source>
        <translation>已保存的会话</translation>
    </message>
    <message>
        <source>(target only)</source>
        <translation>（仅目标）</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Target ID</source>
        <translation>目标 ID</translation>
    </message>
    <message>
        <source>CUs</source>
        <translation>CU 数</translation>
    </message>
    <message>
        <source>Wavefront</source>
        <translation>波前宽度</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>运行时</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>驱动</translation>
    </message>
    <message>
        <source>Runtime library loaded</source>
        <translation>已加载的运行时库</translation>
    </message>
    <message>
        <source>From</source>
        <translation>来源</translation>
    </message>
</context>
<context>
    <name>hd::ui::DevicesPanel</name>
    <message>
        <source>&lt;b&gt;System&lt;/b&gt; where the session was made (collected %1)</source>
        <translation>&lt;b&gt;系统&lt;/b&gt;:生成会话的机器(收集于 %1)</translation>
    </message>
    <message>
        <source>&lt;b&gt;System&lt;/b&gt; of the GPU node %2 (collected %1)</source>
        <translation>&lt;b&gt;系统&lt;/b&gt;:GPU 节点 %2(收集于 %1)</translation>
    </message>
    <message>
        <source>&lt;b&gt;System&lt;/b&gt; of this machine (collected %1)</source>
        <translation>&lt;b&gt;系统&lt;/b&gt;:本机(收集于 %1)</translation>
    </message>
    <message>
        <source>&lt;b&gt;GPU node&lt;/b&gt; %1, over ssh</source>
        <translation>&lt;b&gt;GPU 节点&lt;/b&gt; %1,经 ssh</translation>
    </message>
    <message>
        <source>&lt;b&gt;This machine&lt;/b&gt;</source>
        <translation>&lt;b&gt;本机&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Query devices</source>
        <translation>查询设备</translation>
    </message>
    <message>
        <source>Ask the GPU runtime, in a clean probe process, which devices it sees</source>
        <translation>在干净的探针进程中询问 GPU 运行时能看到哪些设备</translation>
    </message>
    <message>
        <source>or type a target id: gfx90a:sramecc+:xnack-, sm_90</source>
        <translation>或输入目标 ID：gfx90a:sramecc+:xnack-、sm_90</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Remove device</source>
        <translation>移除设备</translation>
    </message>
    <message>
        <source>&lt;b&gt;Compatibility&lt;/b&gt;: devices × code objects of the open artifacts</source>
        <translation>&lt;b&gt;兼容性&lt;/b&gt;：设备 × 已打开产物的代码对象</translation>
    </message>
    <message>
        <source>Devices not queried yet. Query the runtime, or type the target id of the GPU where the failure happens.</source>
        <translation>尚未查询设备。请查询运行时，或输入出错机器上 GPU 的目标 ID。</translation>
    </message>
    <message numerus="yes">
        <source>%n device(s) seen by %1 %2 (%3).</source>
        <translation>
            <numerusform>%1 %2（%3）看到 %n 个设备。</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;No GPU runtime found.&lt;/b&gt; Tried: %1</source>
        <translation>&lt;b&gt;未找到 GPU 运行时。&lt;/b&gt;已尝试：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;No device.&lt;/b&gt; The runtime %1 %2 (%3) loads but sees no GPU: %4</source>
        <translation>&lt;b&gt;没有设备。&lt;/b&gt;运行时 %1 %2（%3）可以加载，但看不到 GPU：%4</translation>
    </message>
    <message>
        <source>Add the target id of the GPU where the failure happens to check the code objects against it.</source>
        <translation>添加出错机器上 GPU 的目标 ID，即可用它检查代码对象。</translation>
    </message>
    <message>
        <source>Add a device (live or typed) to see which code objects load on it.</source>
        <translation>添加一个设备（实时或手动输入），查看哪些代码对象能在其上加载。</translation>
    </message>
    <message>
        <source>Open an artifact to see which of its code objects load on these devices.</source>
        <translation>打开一个产物，查看其中哪些代码对象能在这些设备上加载。</translation>
    </message>
    <message>
        <source>Green: the runtime loads that code object on that device. Red: it does not (hover for the reason).</source>
        <translation>绿色：运行时会在该设备上加载该代码对象。红色：不会（悬停查看原因）。</translation>
    </message>
    <message numerus="yes">
        <source>All %n fact(s)</source>
        <translation>
            <numerusform>全部 %n 项信息</numerusform>
        </translation>
    </message>
    <message>
        <source>not available: %1</source>
        <translation>不可用：%1</translation>
    </message>
    <message>
        <source>%1
source: %2</source>
        <translation>%1
来源：%2</translation>
    </message>
</context>
<context>
    <name>hd::ui::EnvPanel</name>
    <message>
        <source>Presets:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <source>Quiet</source>
        <translation>安静</translation>
    </message>
    <message>
        <source>AMD_LOG_LEVEL=4 + HIP_LAUNCH_BLOCKING=1</source>
        <translation>AMD_LOG_LEVEL=4 + HIP_LAUNCH_BLOCKING=1</translation>
    </message>
    <message>
        <source>Serialize everything</source>
        <translation>全部串行化</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Find a variable</source>
        <translation>查找变量</translation>
    </message>
    <message>
        <source>Add variable…</source>
        <translation>添加变量…</translation>
    </message>
    <message>
        <source>Save profile…</source>
        <translation>保存配置…</translation>
    </message>
    <message>
        <source>Load profile…</source>
        <translation>加载配置…</translation>
    </message>
    <message>
        <source>Add variable</source>
        <translation>添加变量</translation>
    </message>
    <message>
        <source>NAME=VALUE:</source>
        <translation>名称=值：</translation>
    </message>
    <message>
        <source>Save environment profile</source>
        <translation>保存环境配置</translation>
    </message>
    <message>
        <source>Env profiles (*.json)</source>
        <translation>环境配置 (*.json)</translation>
    </message>
    <message>
        <source>Load environment profile</source>
        <translation>加载环境配置</translation>
    </message>
    <message>
        <source>No variables set: the steps run with a clean environment.</source>
        <translation>未设置变量：各步骤在干净的环境中运行。</translation>
    </message>
    <message>
        <source>Applied to every process of every step: %1</source>
        <translation>应用于每个步骤的每个进程：%1</translation>
    </message>
    <message>
        <source>Some values are not valid; fix them before running a step.</source>
        <translation>部分取值无效；请在运行步骤前修正。</translation>
    </message>
</context>
<context>
    <name>hd::ui::EnvTableModel</name>
    <message>
        <source>(not in the catalogue)</source>
        <translation>（不在目录中）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid variable name</source>
        <translation>“%1”不是有效的变量名</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>set, but the loaded runtime does not read it</source>
        <translation>已设置，但已加载的运行时不读取它</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>已应用</translation>
    </message>
    <message>
        <source>Variable</source>
        <translation>变量</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Validation</source>
        <translation>校验</translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation>含义</translation>
    </message>
    <message>
        <source>Allowed values</source>
        <translation>允许的值</translation>
    </message>
    <message>
        <source>applied; the runtime reads it</source>
        <translation>已应用；运行时会读取它</translation>
    </message>
    <message>
        <source>Whether the runtime reads it is checked when a step runs.</source>
        <translation>运行步骤时会检查运行时是否读取它。</translation>
    </message>
    <message>
        <source>%1=%2: invalid value; allowed: %3</source>
        <translation>%1=%2：无效的值；允许：%3</translation>
    </message>
</context>
<context>
    <name>hd::ui::FindingsModel</name>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Which layer failed (compile / build)</source>
        <translation>哪一层失败（编译 / 构建）</translation>
    </message>
    <message>
        <source>Direction 1: runtime link and initialization</source>
        <translation>方向 1：运行时链接与初始化</translation>
    </message>
    <message>
        <source>Direction 2: symbols</source>
        <translation>方向 2：符号</translation>
    </message>
    <message>
        <source>Direction 3: code object vs. device and context</source>
        <translation>方向 3：代码对象与设备及上下文</translation>
    </message>
    <message>
        <source>Other findings</source>
        <translation>其他发现</translation>
    </message>
    <message>
        <source>Finding / evidence</source>
        <translation>发现 / 证据</translation>
    </message>
    <message>
        <source>Id / source</source>
        <translation>ID / 来源</translation>
    </message>
    <message>
        <source>Severity / location</source>
        <translation>严重性 / 位置</translation>
    </message>
    <message>
        <source>%1. The engine&apos;s report (English, with the names it found):
%2</source>
        <translation>%1。引擎的报告（英文原文，含它找到的名字）：
%2</translation>
    </message>
    <message>
        <source>Direction 1: the runtime link and initialization</source>
        <translation>方向 1：运行时链接与初始化</translation>
    </message>
    <message>
        <source>Direction 2: the symbol names</source>
        <translation>方向 2：符号名</translation>
    </message>
    <message>
        <source>Direction 3: the code object against the device and context</source>
        <translation>方向 3：代码对象与设备及上下文</translation>
    </message>
    <message>
        <source>No direction named</source>
        <translation>未指明方向</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1。%2</translation>
    </message>
    <message>
        <source>%1. The engine&apos;s verdict (English): %2</source>
        <translation>%1。引擎的结论（英文原文）：%2</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>Severity: %1 — %2</source>
        <translation>严重性：%1 — %2</translation>
    </message>
</context>
<context>
    <name>hd::ui::FindingsPanel</name>
    <message>
        <source>No findings yet. Open artifacts and run the verification steps.</source>
        <translation>暂无发现。请打开产物并运行验证步骤。</translation>
    </message>
    <message>
        <source>Copy fix</source>
        <translation>复制修复方法</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>修复</translation>
    </message>
    <message numerus="yes">
        <source>Seen %n times (shown once).</source>
        <translation>
            <numerusform>出现 %n 次（只显示一次）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hd::ui::InspectProgress</name>
    <message>
        <source>Inspecting %1: bundle %2 of %3</source>
        <translation>正在检查 %1：第 %2 个捆绑包，共 %3 个</translation>
    </message>
    <message>
        <source>Inspecting %1: code object %2 of %3</source>
        <translation>正在检查 %1：第 %2 个代码对象，共 %3 个</translation>
    </message>
    <message>
        <source>Inspecting %1…</source>
        <translation>正在检查 %1…</translation>
    </message>
    <message>
        <source> (file %1 of %2)</source>
        <translation>（第 %1 个文件，共 %2 个）</translation>
    </message>
</context>
<context>
    <name>hd::ui::LibrariesModel</name>
    <message>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>Searched, in order:
%1</source>
        <translation>按顺序搜索过：
%1</translation>
    </message>
    <message>
        <source>Needed library</source>
        <translation>依赖库</translation>
    </message>
    <message>
        <source>Resolves to</source>
        <translation>解析到</translation>
    </message>
    <message>
        <source>Found via</source>
        <translation>查找途径</translation>
    </message>
    <message>
        <source>Needed by</source>
        <translation>被依赖于</translation>
    </message>
    <message>
        <source>Other versions installed</source>
        <translation>已安装的其他版本</translation>
    </message>
</context>
<context>
    <name>hd::ui::LogModel</name>
    <message>
        <source>always</source>
        <translation>总是</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>debug</source>
        <translation>调试</translation>
    </message>
    <message>
        <source>trace</source>
        <translation>跟踪</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>From</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Runtime source</source>
        <translation>运行时源码位置</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>微秒</translation>
    </message>
</context>
<context>
    <name>hd::ui::LogsPanel</name>
    <message>
        <source>Levels:</source>
        <translation>级别：</translation>
    </message>
    <message>
        <source>Errors only</source>
        <translation>仅错误</translation>
    </message>
    <message>
        <source>API:</source>
        <translation>API：</translation>
    </message>
    <message>
        <source>Search the log</source>
        <translation>搜索日志</translation>
    </message>
</context>
<context>
    <name>hd::ui::MainWindow</name>
    <message>
        <source>Coverage</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <source>Ctrl+Return</source>
        <translation>Ctrl+Return</translation>
    </message>
    <message>
        <source>Paste log</source>
        <translation>粘贴日志</translation>
    </message>
    <message>
        <source>Paste what the failing build or run printed: the compiler&apos;s errors, a Python traceback, the program&apos;s own error lines, an AMD_LOG_LEVEL log. It is diagnosed with the files you opened.</source>
        <translation>粘贴失败的构建或运行所打印的内容：编译器的错误、Python 回溯、程序自己的错误行、AMD_LOG_LEVEL 日志。它会与你打开的文件一起诊断。</translation>
    </message>
    <message>
        <source>Diagnose</source>
        <translation>诊断</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n line(s) to diagnose</source>
        <translation>
            <numerusform>%1：%n 行待诊断</numerusform>
        </translation>
    </message>
    <message>
        <source>Paste &amp;log…</source>
        <translation>粘贴日志(&amp;L)…</translation>
    </message>
    <message>
        <source>Runs on: %1 (ssh)</source>
        <translation>运行于:%1(ssh)</translation>
    </message>
    <message>
        <source>Runs on: this machine</source>
        <translation>运行于:本机</translation>
    </message>
    <message>
        <source>Devices, the system inventory and the steps run on the GPU node %1 over ssh; File &gt; Use this machine goes back</source>
        <translation>设备、系统清单和各步骤通过 ssh 在 GPU 节点 %1 上运行;“文件 &gt; 使用本机”可切回</translation>
    </message>
    <message>
        <source>File &gt; Connect to GPU node… runs them on a node over ssh</source>
        <translation>“文件 &gt; 连接到 GPU 节点…”可通过 ssh 在节点上运行它们</translation>
    </message>
    <message>
        <source>Connect to &amp;GPU node…</source>
        <translation>连接到 &amp;GPU 节点…</translation>
    </message>
    <message>
        <source>Use &amp;this machine</source>
        <translation>使用本机(&amp;T)</translation>
    </message>
    <message>
        <source>hipdoctor — why won&apos;t my GPU kernel load?</source>
        <translation>hipdoctor — 我的 GPU 内核为什么加载不了？</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Walkthrough</source>
        <translation>引导</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>Timings</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>Cancel the running work (Esc)</source>
        <translation>取消正在运行的工作（Esc）</translation>
    </message>
    <message>
        <source>Open artifacts</source>
        <translation>打开产物</translation>
    </message>
    <message>
        <source>Open a folder of artifacts or a Triton cache</source>
        <translation>打开产物文件夹或 Triton 缓存</translation>
    </message>
    <message>
        <source>Open a binary, a code object or a Triton cache — or start the walkthrough (F1).</source>
        <translation>打开二进制文件、代码对象或 Triton 缓存——或开始引导（F1）。</translation>
    </message>
    <message>
        <source>No panel called &quot;%1&quot;; panels: %2</source>
        <translation>没有名为“%1”的面板；可用面板：%2</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>&amp;Open files…</source>
        <translation>打开文件(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;folder…</source>
        <translation>打开文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>Open the &amp;demo</source>
        <translation>打开演示(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Recent files</source>
        <translation>最近的文件(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Close all</source>
        <translation>全部关闭(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;New case</source>
        <translation>新建案例(&amp;N)</translation>
    </message>
    <message>
        <source>Close every input and forget the names, targets, step settings and results of this case</source>
        <translation>关闭所有输入，并清除此案例的名称、目标、步骤设置和结果</translation>
    </message>
    <message>
        <source>Save &amp;screenshot of the window…</source>
        <translation>保存窗口截图(&amp;S)…</translation>
    </message>
    <message>
        <source>Save screenshot of a &amp;panel</source>
        <translation>保存面板截图(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Query devices</source>
        <translation>查询设备(&amp;Q)</translation>
    </message>
    <message>
        <source>Run step &amp;%1</source>
        <translation>运行步骤 &amp;%1</translation>
    </message>
    <message>
        <source>Run &amp;all steps</source>
        <translation>运行全部步骤(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Filter symbols</source>
        <translation>过滤符号</translation>
    </message>
    <message>
        <source>Name your code asks for</source>
        <translation>代码请求的名称</translation>
    </message>
    <message>
        <source>&amp;Reset layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Guided &amp;walkthrough</source>
        <translation>引导模式(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;About hipdoctor</source>
        <translation>关于 hipdoctor(&amp;A)</translation>
    </message>
    <message>
        <source>About hipdoctor</source>
        <translation>关于 hipdoctor</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;p&gt;Finds out why a GPU kernel will not load or launch: at which layer it fails and why, with evidence, and what to change.&lt;/p&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;p&gt;找出 GPU 内核无法加载或启动的原因：在哪一层失败、为什么，附带证据，并说明该改什么。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Demo</source>
        <translation>演示</translation>
    </message>
    <message>
        <source>The demo programs were not found. Set HIPDOCTOR_DEMO_DIR to the folder of the compiled kernels/ programs.</source>
        <translation>未找到演示程序。请将 HIPDOCTOR_DEMO_DIR 设为已编译的 kernels/ 程序所在文件夹。</translation>
    </message>
    <message>
        <source>Save screenshot</source>
        <translation>保存截图</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Screenshot saved to %1</source>
        <translation>截图已保存到 %1</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Session saved to %1</source>
        <translation>会话已保存到 %1</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>Session %1 opened</source>
        <translation>已打开会话 %1</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Report copied to the clipboard (Markdown, secrets redacted)</source>
        <translation>报告已复制到剪贴板（Markdown，敏感信息已脱敏）</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>报告已写入 %1</translation>
    </message>
    <message>
        <source>Open &amp;session…</source>
        <translation>打开会话(&amp;S)…</translation>
    </message>
    <message>
        <source>hipdoctor sessions (*.json)</source>
        <translation>hipdoctor 会话 (*.json)</translation>
    </message>
    <message>
        <source>Save session &amp;as…</source>
        <translation>会话另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Copy report (Markdown)</source>
        <translation>复制报告（Markdown）(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Export report…</source>
        <translation>导出报告(&amp;E)…</translation>
    </message>
    <message>
        <source>Markdown (*.md);;HTML (*.html)</source>
        <translation>Markdown (*.md);;HTML (*.html)</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Copy report</source>
        <translation>复制报告</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Screenshot</source>
        <translation>截图</translation>
    </message>
    <message>
        <source>No translation for &quot;%1&quot; in this build; English stays.</source>
        <translation>此版本没有“%1”的翻译，仍使用英文。</translation>
    </message>
    <message>
        <source>GPU code and libraries (*.so *.so.* *.co *.hsaco *.o *.out *.bin *.cubin *.fatbin *.ptx *.hipfb *.bc);;Runtime logs and captured output (*.log *.txt);;hipdoctor sessions (*.json);;All files (*)</source>
        <translation>GPU 代码和库 (*.so *.so.* *.co *.hsaco *.o *.out *.bin *.cubin *.fatbin *.ptx *.hipfb *.bc);;运行时日志和捕获的输出 (*.log *.txt);;hipdoctor 会话 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Step 2 needs the file your code loads: open it (Open files…) or type its path in step 2&apos;s File field.</source>
        <translation>步骤 2 需要你的代码加载的文件：请打开它（打开文件…），或在步骤 2 的“文件”栏中输入它的路径。</translation>
    </message>
    <message numerus="yes">
        <source>%n open files hold device code: type the one your code loads in step 2&apos;s File field.</source>
        <translation>
            <numerusform>已打开的 %n 个文件都含有设备代码：请在步骤 2 的“文件”栏中输入你的代码加载的那一个。</numerusform>
        </translation>
    </message>
    <message>
        <source>Step 2 needs the kernel name your code asks for: type it in the &quot;Name your code asks for&quot; box or in step 2&apos;s Kernel field.</source>
        <translation>步骤 2 需要你的代码请求的内核名：请在“代码请求的名称”框或步骤 2 的“内核”栏中输入。</translation>
    </message>
    <message>
        <source>Artifacts &amp; Symbols</source>
        <translation>构件与符号</translation>
    </message>
    <message>
        <source>Report copied to the clipboard (Markdown, secrets redacted).</source>
        <translation>报告已复制到剪贴板（Markdown，已隐去机密）。</translation>
    </message>
    <message>
        <source>Report written to %1.</source>
        <translation>报告已写入 %1。</translation>
    </message>
    <message>
        <source>Trimmed to GitHub&apos;s 65,536 characters; attach the whole report: %1</source>
        <translation>已裁剪到 GitHub 的 65,536 个字符；请附上完整报告：%1</translation>
    </message>
    <message>
        <source>Demo &amp;cases</source>
        <translation>演示案例(&amp;C)</translation>
    </message>
    <message>
        <source>All cases at once</source>
        <translation>一次打开所有案例</translation>
    </message>
    <message>
        <source>Keep home folders and the host name (else ~ and &lt;host&gt;)</source>
        <translation>保留主目录和主机名（否则显示为 ~ 和 &lt;host&gt;）</translation>
    </message>
    <message>
        <source>A report pasted into an issue is read by strangers: by default the paths under your home folder start with ~ and this machine&apos;s name reads &lt;host&gt;.</source>
        <translation>贴到 issue 中的报告会被陌生人阅读：默认情况下，主目录下的路径以 ~ 开头，本机名称显示为 &lt;host&gt;。</translation>
    </message>
    <message>
        <source>Scenario %1 of docs/scenarios.md</source>
        <translation>docs/scenarios.md 中的场景 %1</translation>
    </message>
</context>
<context>
    <name>hd::ui::NameLookup</name>
    <message>
        <source>Type the kernel name your code passes to hipModuleGetFunction.</source>
        <translation>输入代码传给 hipModuleGetFunction 的内核名。</translation>
    </message>
    <message>
        <source>Open an artifact first: the name is looked up in its code objects.</source>
        <translation>请先打开一个产物：名称将在其代码对象中查找。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a kernel, but with internal linkage.</source>
        <translation>“%1”是内核，但具有内部链接。</translation>
    </message>
    <message>
        <source>The kernel is static or in an anonymous namespace, so its symbol is local to the code object and the module API may not find it by name.</source>
        <translation>该内核是 static 的或位于匿名命名空间中，因此其符号只在代码对象内部可见，模块 API 可能无法按名称找到它。</translation>
    </message>
    <message>
        <source>Give the kernel external linkage: remove &quot;static&quot; or move it out of the anonymous namespace, and declare it extern &quot;C&quot;.</source>
        <translation>让内核具有外部链接：去掉 “static” 或将其移出匿名命名空间，并声明为 extern &quot;C&quot;。</translation>
    </message>
    <message numerus="yes">
        <source>Found in %n code object target(s): %1.</source>
        <translation>
            <numerusform>在 %n 个代码对象目标中找到：%1。</numerusform>
        </translation>
    </message>
    <message>
        <source>No kernel is called &quot;%1&quot;; the kernel is there under its C++-mangled name.</source>
        <translation>没有名为“%1”的内核；该内核以 C++ 修饰名的形式存在。</translation>
    </message>
    <message>
        <source>%1 demangles to %2. The module API looks names up exactly, so &quot;%3&quot; is not found (hipErrorNotFound). The kernel was compiled without extern &quot;C&quot;.</source>
        <translation>%1 还原后为 %2。模块 API 按名称精确查找，因此找不到“%3”（hipErrorNotFound）。该内核编译时没有 extern &quot;C&quot;。</translation>
    </message>
    <message>
        <source>It also has internal linkage (static or anonymous namespace).</source>
        <translation>它还具有内部链接（static 或匿名命名空间）。</translation>
    </message>
    <message>
        <source>Declare the kernel extern &quot;C&quot; __global__ void %1(...), or look it up by its mangled name: hipModuleGetFunction(&amp;f, module, &quot;%2&quot;).</source>
        <translation>将内核声明为 extern &quot;C&quot; __global__ void %1(...)，或按修饰名查找：hipModuleGetFunction(&amp;f, module, &quot;%2&quot;)。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; exists, but as a host function, not a kernel.</source>
        <translation>“%1”存在，但它是主机函数，不是内核。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; exists, but as a device function, not a kernel.</source>
        <translation>“%1”存在，但它是设备函数，不是内核。</translation>
    </message>
    <message>
        <source>A kernel has a kernel descriptor (%1.kd) next to its code; this function has none, so the module API cannot launch it. A common cause is a port (hipify) that dropped __global__.</source>
        <translation>内核在代码旁边有一个内核描述符（%1.kd）；这个函数没有，因此模块 API 无法启动它。常见原因是移植（hipify）时丢掉了 __global__。</translation>
    </message>
    <message>
        <source>Mark the function __global__ (and extern &quot;C&quot;), and compile it as device code with hipcc --offload-arch=&lt;your GPU&gt;.</source>
        <translation>将函数标记为 __global__（并加 extern &quot;C&quot;），并用 hipcc --offload-arch=&lt;你的 GPU&gt; 编译为设备代码。</translation>
    </message>
    <message>
        <source>No kernel or function called &quot;%1&quot; in the open artifacts.</source>
        <translation>已打开的产物中没有名为“%1”的内核或函数。</translation>
    </message>
    <message>
        <source>The open artifacts hold no kernels at all.</source>
        <translation>已打开的产物中没有任何内核。</translation>
    </message>
    <message>
        <source>Nearest kernel names: %1.</source>
        <translation>最接近的内核名：%1。</translation>
    </message>
    <message>
        <source>Check the spelling and that the file you load is the one built from the source holding the kernel.</source>
        <translation>请检查拼写，并确认加载的文件正是由包含该内核的源码构建的。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a kernel in code objects for %2 only: which GPU do you have?</source>
        <translation>“%1”是内核，但只存在于为 %2 构建的代码对象中：你的 GPU 是哪一款？</translation>
    </message>
    <message>
        <source>hipModuleGetFunction finds the name once the module loads, and the module loads only on a GPU whose target matches one of these. Run &quot;rocminfo | grep gfx&quot; on the machine where it fails, or Query devices (F5), and type the target below.</source>
        <translation>模块加载之后 hipModuleGetFunction 才能找到这个名称，而模块只会在目标与其中之一匹配的 GPU 上加载。请在出错的机器上运行“rocminfo | grep gfx”，或查询设备（F5），然后在下方输入目标。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a kernel, but only for %2: %3 gets no code object.</source>
        <translation>“%1”是内核，但只面向 %2：%3 得不到任何代码对象。</translation>
    </message>
    <message>
        <source>The module does not load on this GPU (hipErrorNoBinaryForGpu), so the name is never looked up.</source>
        <translation>模块无法在这块 GPU 上加载（hipErrorNoBinaryForGpu），因此根本不会去查找这个名称。</translation>
    </message>
    <message>
        <source>Rebuild with --offload-arch=%1 (the device&apos;s target).</source>
        <translation>用 --offload-arch=%1（该设备的目标）重新构建。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a kernel and %2 loads its code object: hipModuleGetFunction finds it.</source>
        <translation>“%1”是内核，且 %2 能加载它的代码对象：hipModuleGetFunction 能找到它。</translation>
    </message>
    <message>
        <source>Not loadable on: %1.</source>
        <translation>无法在以下设备上加载：%1。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a host function of %2&apos;s API, not a kernel.</source>
        <translation>“%1”是 %2 的 API 中的主机函数，不是内核。</translation>
    </message>
    <message>
        <source>%1 exports it for host code, with a family of entry points of the same prefix: your program calls it directly and the library launches its own kernels. hipModuleGetFunction finds kernels of a code object only, so it never finds this name; nothing was lost in a port.</source>
        <translation>%1 为主机代码导出它，与同一前缀的一组入口函数一起：你的程序直接调用它，由库启动它自己的内核。hipModuleGetFunction 只查找代码对象中的内核，因此永远找不到这个名字；移植中并没有丢失任何东西。</translation>
    </message>
    <message>
        <source>Call %1 from host code, linked against %2 (or dlopen %2 and find it with dlsym).</source>
        <translation>在主机代码中调用 %1，并链接 %2（或 dlopen %2 后用 dlsym 查找它）。</translation>
    </message>
    <message>
        <source>The module loads, but the code object the runtime picks for this GPU does not hold the kernel: hipModuleGetFunction returns hipErrorNotFound.</source>
        <translation>模块能加载,但运行时为这块 GPU 选中的代码对象不包含该内核:hipModuleGetFunction 返回 hipErrorNotFound。</translation>
    </message>
    <message>
        <source>Only logs or texts are open: the name is looked up in code objects. Open the file that should hold it; what the open text says is in Findings.</source>
        <translation>只打开了日志或文本：名称要在代码对象中查找。请打开应当包含它的文件；已打开文本的诊断结果在“发现”中。</translation>
    </message>
</context>
<context>
    <name>hd::ui::StepCard</name>
    <message>
        <source>on %1</source>
        <translation>在 %1 上</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Run this step alone (F%1)</source>
        <translation>单独运行此步骤（F%1）</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>%1 (cached)</source>
        <translation>%1（缓存）</translation>
    </message>
    <message>
        <source>Needs:</source>
        <translation>需要：</translation>
    </message>
    <message>
        <source>Out of date:</source>
        <translation>已过时：</translation>
    </message>
    <message>
        <source>Run the step again for the case as it is now.</source>
        <translation>请按当前案例重新运行此步骤。</translation>
    </message>
</context>
<context>
    <name>hd::ui::SymbolTableModel</name>
    <message>
        <source>undefined</source>
        <translation>未定义</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>kernel descriptor</source>
        <translation>内核描述符</translation>
    </message>
    <message>
        <source>device function</source>
        <translation>设备函数</translation>
    </message>
    <message>
        <source>host function</source>
        <translation>主机函数</translation>
    </message>
    <message>
        <source>object</source>
        <translation>数据对象</translation>
    </message>
    <message>
        <source>section</source>
        <translation>节</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message numerus="yes">
        <source>%n code object(s): %1</source>
        <translation>
            <numerusform>%n 个代码对象：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Mangled name</source>
        <translation>修饰名</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Binding</source>
        <translation>绑定</translation>
    </message>
    <message>
        <source>Visibility</source>
        <translation>可见性</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>节</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Code objects</source>
        <translation>代码对象</translation>
    </message>
</context>
<context>
    <name>hd::ui::TimingChart</name>
    <message>
        <source>No timings yet: run a verification step.</source>
        <translation>暂无耗时数据：请运行一个验证步骤。</translation>
    </message>
    <message>
        <source>launches</source>
        <translation>启动次数</translation>
    </message>
    <message>
        <source>failed (outline)</source>
        <translation>失败（红色边框）</translation>
    </message>
</context>
<context>
    <name>hd::ui::TimingsPanel</name>
    <message>
        <source>Phase timeline per step</source>
        <translation>各步骤阶段时间线</translation>
    </message>
    <message>
        <source>Phases across runs</source>
        <translation>各次运行的阶段</translation>
    </message>
    <message>
        <source>Launch latency distribution</source>
        <translation>启动延迟分布</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>导出 PNG…</translation>
    </message>
    <message>
        <source>Export PDF…</source>
        <translation>导出 PDF…</translation>
    </message>
    <message>
        <source>Chart:</source>
        <translation>图表：</translation>
    </message>
    <message>
        <source>wheel: zoom · drag: pan</source>
        <translation>滚轮：缩放 · 拖动：平移</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>step %1 #%2</source>
        <translation>步骤 %1 #%2</translation>
    </message>
    <message>
        <source>step %1 #%2 (%3)</source>
        <translation>步骤 %1 #%2（%3）</translation>
    </message>
    <message>
        <source>The steps ran, but none recorded phases: phases come from the probe loading and launching a kernel on a GPU (none did here).</source>
        <translation>步骤已运行，但都没有记录阶段：阶段来自探针在 GPU 上加载并启动内核（这里没有发生）。</translation>
    </message>
    <message>
        <source>No launch was timed: latencies come from step 2&apos;s repeated launches on a GPU (none ran here, or step 2 did not launch).</source>
        <translation>没有计时的启动：延迟来自步骤 2 在 GPU 上的重复启动（这里没有运行，或步骤 2 没有启动内核）。</translation>
    </message>
    <message>
        <source>The steps that ran recorded no timings.</source>
        <translation>已运行的步骤没有记录耗时。</translation>
    </message>
    <message>
        <source>No launch story: nothing was loaded and launched on a device (without a GPU there is none).</source>
        <translation>没有启动过程：没有在设备上加载和启动任何东西（没有 GPU 时就没有）。</translation>
    </message>
    <message>
        <source>Analysis (compiling, running the programs, the diagnosis): %1; each check&apos;s time is on its step card.</source>
        <translation>分析（编译、运行程序、诊断）：%1；每项检查的用时见其步骤卡片。</translation>
    </message>
</context>
<context>
    <name>hd::ui::VerifyPanel</name>
    <message>
        <source>Step 1 — Baseline</source>
        <translation>步骤 1 — 基线</translation>
    </message>
    <message>
        <source>Step 2 — The suspect operator alone</source>
        <translation>步骤 2 — 单独运行可疑算子</translation>
    </message>
    <message>
        <source>Step 3 — Back to the project</source>
        <translation>步骤 3 — 回到项目</translation>
    </message>
    <message>
        <source>Compiles a plain vector add for the device, runs it as a program and loads it through the module API. Proves compiler, runtime link, runtime and device work at all.</source>
        <translation>为设备编译一个简单的向量加法，作为程序运行，并通过模块 API 加载。证明编译器、运行时链接、运行时和设备本身都能工作。</translation>
    </message>
    <message>
        <source>Loads and launches your kernel alone in a clean process (or dlopen&apos;s your library, or runs your executable). Does the error persist without the rest of the project?</source>
        <translation>在干净的进程中单独加载并启动你的内核（或 dlopen 你的库、运行你的可执行文件）。脱离项目的其余部分，错误是否依然存在？</translation>
    </message>
    <message>
        <source>Runs your command as is and without the Triton path, in clean processes, and compares the failure signatures.</source>
        <translation>在干净的进程中分别按原样、以及去掉 Triton 路径运行你的命令，并比较失败特征。</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>could not run</source>
        <translation>无法运行</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>Run all steps</source>
        <translation>运行全部步骤</translation>
    </message>
    <message>
        <source>Run steps 1, 2 and 3 in order, then compare (F9)</source>
        <translation>依次运行步骤 1、2、3，然后比较（F9）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>device&apos;s target (default: live device or gfx90a)</source>
        <translation>设备目标（默认：实时设备或 gfx90a）</translation>
    </message>
    <message>
        <source>Target:</source>
        <translation>目标：</translation>
    </message>
    <message>
        <source>Code object / bundle / binary: load + launch</source>
        <translation>代码对象 / 捆绑包 / 二进制：加载 + 启动</translation>
    </message>
    <message>
        <source>Shared library: dlopen</source>
        <translation>共享库：dlopen</translation>
    </message>
    <message>
        <source>Executable: run</source>
        <translation>可执行文件：运行</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>模式：</translation>
    </message>
    <message>
        <source>file holding the kernel</source>
        <translation>包含内核的文件</translation>
    </message>
    <message>
        <source>File for step 2</source>
        <translation>步骤 2 的文件</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>kernel name your code asks for</source>
        <translation>代码请求的内核名</translation>
    </message>
    <message>
        <source>Kernel:</source>
        <translation>内核：</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>参数：</translation>
    </message>
    <message>
        <source>grid</source>
        <translation>网格</translation>
    </message>
    <message>
        <source>block</source>
        <translation>线程块</translation>
    </message>
    <message>
        <source>×</source>
        <translation>×</translation>
    </message>
    <message>
        <source>Launch:</source>
        <translation>启动：</translation>
    </message>
    <message>
        <source>your command, e.g. python train.py --steps 1</source>
        <translation>你的命令，例如 python train.py --steps 1</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <source>working directory (default: current)</source>
        <translation>工作目录（默认：当前目录）</translation>
    </message>
    <message>
        <source>In:</source>
        <translation>目录：</translation>
    </message>
    <message>
        <source>Without Triton:</source>
        <translation>不用 Triton：</translation>
    </message>
    <message>
        <source>or a second command</source>
        <translation>或第二条命令</translation>
    </message>
    <message>
        <source>Or run:</source>
        <translation>或运行：</translation>
    </message>
    <message>
        <source>Select a check to see its command, environment, output and exit status.</source>
        <translation>选择一项检查以查看其命令、环境、输出和退出状态。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Comparison&lt;/b&gt;: run the steps; their outcomes together name the direction to look in.</source>
        <translation>&lt;b&gt;比较&lt;/b&gt;：运行各步骤；它们的结果合起来指明应排查的方向。</translation>
    </message>
    <message>
        <source>Comparison:</source>
        <translation>比较：</translation>
    </message>
    <message>
        <source>in %1
</source>
        <translation>目录 %1
</translation>
    </message>
    <message>
        <source>killed by %1
</source>
        <translation>被 %1 终止
</translation>
    </message>
    <message>
        <source>exit status %1
</source>
        <translation>退出状态 %1
</translation>
    </message>
    <message>
        <source>timed out
</source>
        <translation>超时
</translation>
    </message>
    <message>
        <source>duration %1
</source>
        <translation>耗时 %1
</translation>
    </message>
    <message>
        <source>stdout</source>
        <translation>标准输出</translation>
    </message>
    <message>
        <source>stderr</source>
        <translation>标准错误</translation>
    </message>
    <message>
        <source>runtime log</source>
        <translation>运行时日志</translation>
    </message>
    <message>
        <source>Compile command of the session, then load its output</source>
        <translation>会话中的编译命令，然后加载其输出</translation>
    </message>
    <message>
        <source>optional: a variable that turns Triton off, e.g. USE_TRITON=0</source>
        <translation>可选：关闭 Triton 的变量，例如 USE_TRITON=0</translation>
    </message>
    <message>
        <source>optional, to launch: e.g. buf:f32:1048576:rand, i32:1048576</source>
        <translation>可选，用于启动：例如 buf:f32:1048576:rand, i32:1048576</translation>
    </message>
    <message>
        <source>Your question:</source>
        <translation>你的问题：</translation>
    </message>
    <message>
        <source>Not checked here:</source>
        <translation>此处未能检查：</translation>
    </message>
    <message>
        <source>loading and launching on the GPU (the runtime sees none on this machine): run the steps on the GPU machine, File &gt; Connect to GPU node…</source>
        <translation>在 GPU 上加载和启动（运行时在这台机器上看不到 GPU）：请在有 GPU 的机器上运行这些步骤，文件 &gt; 连接到 GPU 节点…</translation>
    </message>
    <message>
        <source>Answer:</source>
        <translation>回答:</translation>
    </message>
    <message>
        <source>The engine&apos;s text (English): %1</source>
        <translation>引擎原文（英文）：%1</translation>
    </message>
</context>
<context>
    <name>hd::ui::WalkthroughPanel</name>
    <message>
        <source>The Verification panel shows each sub-check with its command, environment, output, exit status and time. On a machine without a GPU, the compile and link checks pass and the runtime answers &quot;no device&quot;. Is the GPU in a node you reach with ssh? File &gt; Connect to GPU node… runs the devices query and every step there (the status bar says where they run).</source>
        <translation>“验证”面板显示每个子检查的命令、环境、输出、退出状态和耗时。在没有 GPU 的机器上，编译和链接检查会通过，运行时则回答“没有设备”。GPU 在需要通过 ssh 访问的节点上？“文件 &gt; 连接到 GPU 节点…”会在那里运行设备查询和每个步骤(状态栏显示它们在哪里运行)。</translation>
    </message>
    <message>
        <source>The method</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>A kernel that will not load fails in one layer: it was never compiled into a device code object, or the runtime cannot load or find it. hipdoctor walks the same path an experienced engineer takes: find the layer, then check three directions, then verify with three small experiments whose outcomes point at the cause.</source>
        <translation>无法加载的内核总是在某一层失败：要么从未被编译成设备代码对象，要么运行时无法加载或找到它。hipdoctor 沿着资深工程师的思路排查：先找出失败的层，再检查三个方向，最后用三个小实验验证，由实验结果指向原因。</translation>
    </message>
    <message>
        <source>Open your own artifacts (the executable, the .so or the .hsaco/.co file, a Triton cache folder) or use the built-in demo: small real programs, some broken on purpose.</source>
        <translation>打开你自己的产物（可执行文件、.so、.hsaco/.co 文件、Triton 缓存文件夹），或使用内置演示：一些真实的小程序，其中部分是故意写坏的。</translation>
    </message>
    <message>
        <source>Open the demo</source>
        <translation>打开演示</translation>
    </message>
    <message>
        <source>1. Which layer failed?</source>
        <translation>1. 哪一层失败了？</translation>
    </message>
    <message>
        <source>If no device code object exists, the failure is in compilation (a Triton stage or a hipcc step). If a code object exists, the runtime refused to load or find it.</source>
        <translation>如果不存在设备代码对象，失败发生在编译阶段（Triton 的某个阶段或 hipcc 的某一步）。如果代码对象存在，则是运行时拒绝加载或找不到它。</translation>
    </message>
    <message>
        <source>Look at the tree in Artifacts &amp; Symbols: every bundle, code object and kernel that was found, with the target each was built for. Problems reading a file are listed under it.</source>
        <translation>查看“产物与符号”中的树：列出找到的每个捆绑包、代码对象和内核，以及各自的构建目标。读取文件时的问题列在该文件下。</translation>
    </message>
    <message>
        <source>2. Direction 1: runtime link and initialization</source>
        <translation>2. 方向 1：运行时链接与初始化</translation>
    </message>
    <message>
        <source>Is libamdhip64 a dependency at all, which file does the loader pick (RPATH, LD_LIBRARY_PATH, RUNPATH, the ld.so cache, default dirs), and is it the major version the binary needs? Undefined symbols surface here too.</source>
        <translation>libamdhip64 到底是不是依赖？加载器选中了哪个文件（RPATH、LD_LIBRARY_PATH、RUNPATH、ld.so 缓存、默认目录）？它的主版本是否是二进制需要的？未定义符号也会在这里暴露。</translation>
    </message>
    <message>
        <source>Open the &quot;Needed libraries&quot; tab next to the symbol table: each needed library with where it resolves, or &quot;not found&quot; and the other versions installed.</source>
        <translation>打开符号表旁的“依赖库”标签页：每个依赖库解析到哪里，或显示“未找到”及已安装的其他版本。</translation>
    </message>
    <message>
        <source>Show needed libraries</source>
        <translation>显示依赖库</translation>
    </message>
    <message>
        <source>3. Direction 2: symbols</source>
        <translation>3. 方向 2：符号</translation>
    </message>
    <message>
        <source>hipModuleGetFunction looks a kernel up by its exact symbol name. A kernel without extern &quot;C&quot; is only there C++-mangled; a function that lost __global__ is not a kernel; static kernels have internal linkage.</source>
        <translation>hipModuleGetFunction 按精确的符号名查找内核。没有 extern &quot;C&quot; 的内核只以 C++ 修饰名存在；丢了 __global__ 的函数不是内核；static 内核具有内部链接。</translation>
    </message>
    <message>
        <source>Type the name your code asks for into the &quot;Name your code asks for&quot; box: it says whether the name is there exactly, only mangled, not a kernel, or missing (with the nearest names).</source>
        <translation>在“代码请求的名称”框中输入代码请求的名称：它会告诉你该名称是精确存在、只有修饰名、不是内核，还是不存在（并给出最接近的名称）。</translation>
    </message>
    <message>
        <source>Try a name</source>
        <translation>试一个名称</translation>
    </message>
    <message>
        <source>4. Direction 3: code object vs. device and context</source>
        <translation>4. 方向 3：代码对象与设备及上下文</translation>
    </message>
    <message>
        <source>The runtime loads a code object only if its processor equals the device&apos;s and its xnack/sramecc settings fit. Environment overrides (HSA_OVERRIDE_GFX_VERSION) and leftover process state from Triton belong here too.</source>
        <translation>只有当代码对象的处理器与设备相同且 xnack/sramecc 设置匹配时，运行时才会加载它。环境变量覆盖（HSA_OVERRIDE_GFX_VERSION）以及 Triton 遗留的进程状态也属于这一方向。</translation>
    </message>
    <message>
        <source>5. Verify, step 1: baseline</source>
        <translation>5. 验证，步骤 1：基线</translation>
    </message>
    <message>
        <source>A plain vector add compiled for the device and run two ways (a program and the module API). If this fails, nothing built on top can work: the problem is the base chain (compiler, runtime link, driver, device) — direction 1.</source>
        <translation>为设备编译一个简单的向量加法，并以两种方式运行（程序和模块 API）。如果这一步失败，上层的一切都无法工作：问题在基础链路（编译器、运行时链接、驱动、设备）——方向 1。</translation>
    </message>
    <message>
        <source>Run step 1</source>
        <translation>运行步骤 1</translation>
    </message>
    <message>
        <source>6. Verify, step 2: the suspect operator alone</source>
        <translation>6. 验证，步骤 2：单独运行可疑算子</translation>
    </message>
    <message>
        <source>Your kernel loaded and launched alone in a clean process, with the same shapes and dtypes. If it fails the same way as in the project, the artifact itself is the cause (direction 2 or 3).</source>
        <translation>在干净的进程中，用相同的形状和数据类型单独加载并启动你的内核。如果它和在项目中以同样方式失败，原因就在产物本身（方向 2 或 3）。</translation>
    </message>
    <message>
        <source>Run step 2</source>
        <translation>运行步骤 2</translation>
    </message>
    <message>
        <source>7. Verify, step 3: back to the project</source>
        <translation>7. 验证，步骤 3：回到项目</translation>
    </message>
    <message>
        <source>Your command run as is and without the Triton path. If only the run with Triton fails, the cause is process state shared with Triton: synchronize before switching and do not reset the context.</source>
        <translation>按原样、以及去掉 Triton 路径分别运行你的命令。如果只有带 Triton 的运行失败，原因是与 Triton 共享的进程状态：切换前先同步，且不要重置上下文。</translation>
    </message>
    <message>
        <source>Give the command and the env switch (or second command) on the step 3 card.</source>
        <translation>在步骤 3 卡片上填写命令以及环境开关（或第二条命令）。</translation>
    </message>
    <message>
        <source>8. The conclusion and the report</source>
        <translation>8. 结论与报告</translation>
    </message>
    <message>
        <source>The comparison of the three steps names the direction; the findings say what was seen, where (with links to the symbol, log line or variable) and what to change.</source>
        <translation>三个步骤的比较指明方向；发现说明看到了什么、在哪里（链接到符号、日志行或变量）以及该改什么。</translation>
    </message>
    <message>
        <source>Read the Findings panel, then use Copy report to paste a Markdown report into an issue, or Save screenshot for a picture of any panel.</source>
        <translation>阅读“发现”面板，然后用“复制报告”把 Markdown 报告粘贴到 issue 中，或用“保存截图”保存任意面板的图片。</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Show me</source>
        <translation>带我去看</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Nothing is open yet.</source>
        <translation>尚未打开任何内容。</translation>
    </message>
    <message numerus="yes">
        <source>%n artifact(s) open.</source>
        <translation>
            <numerusform>已打开 %n 个产物。</numerusform>
        </translation>
    </message>
    <message>
        <source>Open an artifact to see its layer.</source>
        <translation>打开一个产物以查看它的层。</translation>
    </message>
    <message>
        <source>%1 of the open files hold no device code object: for those, the failure is in compilation (or they are host code that never had device code).</source>
        <translation>已打开的文件中有 %1 个不含设备代码对象：对它们而言，失败发生在编译阶段（或者它们是从未包含设备代码的主机代码）。</translation>
    </message>
    <message numerus="yes">
        <source>Every open file holds device code (%n code object(s) in all): the compile layer did its job; look at loading.</source>
        <translation>
            <numerusform>每个已打开的文件都包含设备代码（共 %n 个代码对象）：编译层工作正常；请排查加载。</numerusform>
        </translation>
    </message>
    <message>
        <source>No host binary is open, so there are no needed libraries to resolve.</source>
        <translation>未打开主机二进制文件，因此没有需要解析的依赖库。</translation>
    </message>
    <message>
        <source>All %1 needed libraries resolve.</source>
        <translation>全部 %1 个依赖库都能解析。</translation>
    </message>
    <message>
        <source>%1 of %2 needed libraries do not resolve: that alone stops the program.</source>
        <translation>%2 个依赖库中有 %1 个无法解析：仅此一点就会让程序无法运行。</translation>
    </message>
    <message>
        <source>No device yet: query the runtime or type a target id.</source>
        <translation>还没有设备：请查询运行时或输入目标 ID。</translation>
    </message>
    <message>
        <source>No code object is open yet.</source>
        <translation>尚未打开任何代码对象。</translation>
    </message>
    <message>
        <source>%1 of %2 device × code object pairs do not load.</source>
        <translation>%2 个“设备 × 代码对象”组合中有 %1 个无法加载。</translation>
    </message>
    <message>
        <source>Not run yet.</source>
        <translation>尚未运行。</translation>
    </message>
    <message>
        <source>Result: %1 — %2</source>
        <translation>结果：%1 — %2</translation>
    </message>
    <message>
        <source>No comparison yet.</source>
        <translation>尚无比较结果。</translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s).</source>
        <translation>
            <numerusform>%n 条发现。</numerusform>
        </translation>
    </message>
    <message>
        <source>What and why:</source>
        <translation>检查什么、为什么：</translation>
    </message>
    <message>
        <source>Where to look:</source>
        <translation>看哪里：</translation>
    </message>
    <message>
        <source>On your inputs:</source>
        <translation>针对你的输入：</translation>
    </message>
    <message>
        <source>The Devices panel lists the GPUs the runtime sees, or lets you type the target id of the machine where it failed (run &quot;rocminfo | grep gfx&quot; there). The compatibility matrix shows each device against each code object: green loads, red does not (hover for why). Without a device nothing can say that a code object loads.</source>
        <translation>“设备”面板列出运行时看到的 GPU，也可以输入出错机器的目标 ID（在那台机器上运行“rocminfo | grep gfx”）。兼容性矩阵展示每个设备与每个代码对象的组合：绿色可加载，红色不可加载（悬停查看原因）。没有设备，就无法断定某个代码对象能否加载。</translation>
    </message>
    <message>
        <source>Type your GPU&apos;s target</source>
        <translation>输入你的 GPU 的目标</translation>
    </message>
    <message>
        <source>&quot;Run step 2&quot; takes the open file holding your kernel and the name from the name box (or fill the step 2 card yourself), runs it, and the sub-checks and the runtime log show in the Logs panel.</source>
        <translation>“运行步骤 2”会取已打开的、包含你的内核的文件以及名称框中的名称（也可以自己填写步骤 2 卡片），运行它，子检查和运行时日志会显示在“日志”面板中。</translation>
    </message>
    <message>
        <source>Needed first:</source>
        <translation>需要先提供：</translation>
    </message>
    <message>
        <source>Your question: %1.</source>
        <translation>你的问题：%1。</translation>
    </message>
    <message>
        <source>Not checked here: the runtime sees no GPU on this machine, so loading and launching on the device could not be tried; run the steps on the GPU machine (File &gt; Connect to GPU node…).</source>
        <translation>此处未能检查：运行时在这台机器上看不到 GPU，因此无法尝试在设备上加载和启动；请在有 GPU 的机器上运行这些步骤（文件 &gt; 连接到 GPU 节点…）。</translation>
    </message>
    <message>
        <source>Answer: %1</source>
        <translation>回答:%1</translation>
    </message>
    <message>
        <source>Not checked here: %1</source>
        <translation>此处未检查:%1</translation>
    </message>
</context>
<context>
    <name>hd::ui::Case</name>
    <message>
        <source>this machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>It ran on %1; the steps now run on %2.</source>
        <translation>它在 %1 上运行；现在步骤在 %2 上运行。</translation>
    </message>
    <message>
        <source>It ran with other environment variables than the Environment panel's now.</source>
        <translation>它运行时使用的环境变量与“环境”面板当前的不同。</translation>
    </message>
    <message>
        <source>It ran for %1; the target is now %2.</source>
        <translation>它是为 %1 运行的；现在的目标是 %2。</translation>
    </message>
    <message>
        <source>It ran on %1 (kernel %2); step 2 now names %3 (kernel %4).</source>
        <translation>它在 %1（内核 %2）上运行；步骤 2 现在指定的是 %3（内核 %4）。</translation>
    </message>
    <message>
        <source>%1 is no longer open.</source>
        <translation>%1 已不再打开。</translation>
    </message>
    <message>
        <source>%1 changed on disk after the step ran.</source>
        <translation>步骤运行后，%1 在磁盘上已更改。</translation>
    </message>
    <message>
        <source>It ran another command than step 3's now.</source>
        <translation>它运行的命令与步骤 3 当前的命令不同。</translation>
    </message>
</context>
<context>
    <name>hd::ui::InputsController</name>
    <message>
        <source>pasted log %1</source>
        <translation>粘贴的日志 %1</translation>
    </message>
    <message>
        <source>Asking the GPU runtime on %1 for devices…</source>
        <translation>正在向 %1 上的 GPU 运行时查询设备…</translation>
    </message>
    <message numerus="yes">
        <source>Inspecting %n input(s)…</source>
        <translation>
            <numerusform>正在检查 %n 个输入…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n artifact(s) open</source>
        <translation>
            <numerusform>已打开 %n 个产物</numerusform>
        </translation>
    </message>
    <message>
        <source>Inspection cancelled</source>
        <translation>检查已取消</translation>
    </message>
    <message>
        <source>Asking the GPU runtime for devices…</source>
        <translation>正在向 GPU 运行时查询设备…</translation>
    </message>
    <message>
        <source>Diagnosing…</source>
        <translation>正在诊断…</translation>
    </message>
    <message>
        <source>Inspecting %1 (%2 of %3)…</source>
        <translation>正在检查 %1（第 %2 个，共 %3 个）…</translation>
    </message>
    <message>
        <source>A kernel without extern &quot;C&quot;, looked up by its plain name</source>
        <translation>没有 extern &quot;C&quot; 的内核，按普通名字查找</translation>
    </message>
    <message>
        <source>Built for another GPU</source>
        <translation>为另一种 GPU 构建</translation>
    </message>
    <message>
        <source>The xnack setting differs</source>
        <translation>xnack 设置不同</translation>
    </message>
    <message>
        <source>Built for ROCm 7, run on ROCm 5</source>
        <translation>为 ROCm 7 构建，在 ROCm 5 上运行</translation>
    </message>
    <message>
        <source>The runtime left off the link line</source>
        <translation>链接命令中缺少运行时</translation>
    </message>
    <message>
        <source>__global__ lost in porting</source>
        <translation>移植时丢失了 __global__</translation>
    </message>
    <message>
        <source>No --offload-arch on a build host without a GPU</source>
        <translation>在没有 GPU 的构建机上未指定 --offload-arch</translation>
    </message>
    <message>
        <source>A clean build</source>
        <translation>正常的构建</translation>
    </message>
    <message>
        <source>Triton caches: a failed compile and a kernel for another GPU</source>
        <translation>Triton 缓存：一次失败的编译和一个为另一种 GPU 构建的内核</translation>
    </message>
    <message>
        <source>NVIDIA: an sm_80-only fatbin</source>
        <translation>NVIDIA：只含 sm_80 的 fatbin</translation>
    </message>
    <message>
        <source>Runtime log of a missing code object</source>
        <translation>缺少代码对象时的运行时日志</translation>
    </message>
    <message>
        <source>An extension with a missing C++ symbol</source>
        <translation>缺少 C++ 符号的扩展模块</translation>
    </message>
    <message>
        <source>The runtime library not installed</source>
        <translation>未安装运行时库</translation>
    </message>
    <message>
        <source>CUDA flags given to hipcc</source>
        <translation>把 CUDA 选项传给了 hipcc</translation>
    </message>
    <message>
        <source>A host object where a code object is expected</source>
        <translation>需要代码对象的地方给了主机目标文件</translation>
    </message>
</context>
<context>
    <name>hd::ui::VerificationController</name>
    <message>
        <source>step %1 · %2</source>
        <translation>步骤 %1 · %2</translation>
    </message>
    <message>
        <source>Running step(s) %1…</source>
        <translation>正在运行步骤 %1…</translation>
    </message>
    <message>
        <source>Verification finished</source>
        <translation>验证完成</translation>
    </message>
    <message>
        <source>Verification cancelled</source>
        <translation>验证已取消</translation>
    </message>
    <message>
        <source>Verification finished: the Comparison (Verification panel) gives the verdict</source>
        <translation>验证完成：结论见“验证”面板中的“比较”一行</translation>
    </message>
    <message>
        <source>Step 2 needs the file your code loads: open it (Open files…) or type its path in step 2&apos;s File field.</source>
        <translation>步骤 2 需要你的代码加载的文件：请打开它（打开文件…），或在步骤 2 的“文件”栏中输入它的路径。</translation>
    </message>
    <message numerus="yes">
        <source>%n open files hold device code: type the one your code loads in step 2&apos;s File field.</source>
        <translation>
            <numerusform>已打开的 %n 个文件都含有设备代码：请在步骤 2 的“文件”栏中输入你的代码加载的那一个。</numerusform>
        </translation>
    </message>
    <message>
        <source>Step 2 needs the kernel name your code asks for: type it in the &quot;Name your code asks for&quot; box or in step 2&apos;s Kernel field.</source>
        <translation>步骤 2 需要你的代码请求的内核名：请在“代码请求的名称”框或步骤 2 的“内核”栏中输入。</translation>
    </message>
    <message>
        <source>Step 3 runs your project&apos;s command: type it in Command, with the switch that turns Triton off (or a second command) to compare the two runs.</source>
        <translation>步骤 3 运行你的项目命令：在“命令”中输入它，并给出关闭 Triton 的开关（或第二条命令），以便比较两次运行。</translation>
    </message>
</context>
<context>
    <name>hd::ui::Workspace</name>
    <message numerus="yes">
        <source>%n finding(s)</source>
        <translation>
            <numerusform>%n 条发现</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hd::ui::ConnectDialog</name>
    <message>
        <source>Connect to GPU node</source>
        <translation>连接到 GPU 节点</translation>
    </message>
    <message>
        <source>Devices, the system inventory and the verification steps run on the node over your own ssh (keys, agent, ~/.ssh/config); the inspector and the diagnosis stay here. Nothing is asked: the node's host key must already be known.</source>
        <translation>设备、系统清单和验证步骤通过您自己的 ssh(密钥、agent、~/.ssh/config)在节点上运行;检查器和诊断仍在本机进行。不会询问任何问题:节点的主机密钥必须已知。</translation>
    </message>
    <message>
        <source>node17, me@gpu.example.org, an alias</source>
        <translation>node17、me@gpu.example.org 或别名</translation>
    </message>
    <message>
        <source>&amp;Node:</source>
        <translation>节点(&amp;N):</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>连接(&amp;C)</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>Not connected: %1</source>
        <translation>未连接:%1</translation>
    </message>
    <message>
        <source>Connected to %1 (%2)</source>
        <translation>已连接到 %1(%2)</translation>
    </message>
</context>
<context>
    <name>hd::ui::TargetsController</name>
    <message>
        <source>Scan cancelled</source>
        <translation>扫描已取消</translation>
    </message>
    <message>
        <source>Scanning %1…</source>
        <translation>正在扫描 %1…</translation>
    </message>
    <message numerus="yes">
        <source>Scanned: %n librar(ies) with device code</source>
        <translation>
            <numerusform>已扫描：%n 个库包含设备代码</numerusform>
        </translation>
    </message>
    <message>
        <source>Scanning %1: %2</source>
        <translation>正在扫描 %1：%2</translation>
    </message>
    <message>
        <source>Looking for libraries in %1…</source>
        <translation>正在 %1 中查找库…</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n file(s) read</source>
        <translation>
            <numerusform>已读取 %1 / %Ln 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>Asking the GPU runtime on %1 for devices…</source>
        <translation>正在向 %1 上的 GPU 运行时查询设备…</translation>
    </message>
    <message>
        <source>Asking the GPU runtime for devices…</source>
        <translation>正在向 GPU 运行时查询设备…</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>Not connected: %1</source>
        <translation>未连接:%1</translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation>已连接到 %1</translation>
    </message>
</context>
<context>
    <name>hd::ui::DiagnosisController</name>
    <message>
        <source>Diagnosing…</source>
        <translation>正在诊断…</translation>
    </message>
</context>
<context>
    <name>hd::ui::CoveragePanel</name>
    <message>
        <source>Scanning %1: the table comes when the scan ends.</source>
        <translation>正在扫描 %1:扫描结束后显示表格。</translation>
    </message>
    <message>
        <source>Scan a folder…</source>
        <translation>扫描文件夹…</translation>
    </message>
    <message>
        <source>Scan a folder of libraries (a ROCm prefix, torch/lib, a kernel folder)</source>
        <translation>扫描库文件夹（ROCm 前缀、torch/lib、内核文件夹）</translation>
    </message>
    <message>
        <source>Which installed libraries have code for your GPUs: a ROCm prefix, a Python environment&apos;s torch/lib, a kernel folder, the CUDA toolkit. Each folder scanned joins the table; Clear empties it.</source>
        <translation>哪些已安装的库包含适用于你的 GPU 的代码：ROCm 前缀、Python 环境的 torch/lib、内核文件夹、CUDA 工具包。每个扫描过的文件夹都会加入表格；“清除”会清空表格。</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Forget the folders scanned</source>
        <translation>忘掉已扫描的文件夹</translation>
    </message>
    <message>
        <source>Nothing scanned yet.</source>
        <translation>尚未扫描。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2, %3.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2，%3。</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) looked at</source>
        <translation>
            <numerusform>查看了 %Ln 个文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n librar(ies) with device code</source>
        <translation>
            <numerusform>%n 个库包含设备代码</numerusform>
        </translation>
    </message>
    <message>
        <source>No device known: query the devices or type a target in the Devices panel for a verdict per library.</source>
        <translation>没有已知设备：在“设备”面板中查询设备或输入目标，即可得到每个库的结论。</translation>
    </message>
    <message>
        <source>%1: %2 with code for it, %3 without.</source>
        <translation>%1：%2 个有适用代码，%3 个没有。</translation>
    </message>
    <message>
        <source>Stopped after %1 files.</source>
        <translation>在 %1 个文件后停止。</translation>
    </message>
    <message numerus="yes">
        <source>%n more</source>
        <translation>
            <numerusform>另外 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Fixes&lt;/b&gt;&lt;br&gt;</source>
        <translation>&lt;b&gt;修复方法&lt;/b&gt;&lt;br&gt;</translation>
    </message>
    <message>
        <source>Libraries the dynamic loader refuses here: %1.</source>
        <translation>在此被动态加载器拒绝的库:%1。</translation>
    </message>
</context>
<context>
    <name>hd::ui::CoverageModel</name>
    <message>
        <source>yes (generic)</source>
        <translation>是（通用目标）</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>NO</source>
        <translation>否</translation>
    </message>
    <message>
        <source>NO (closest %1)</source>
        <translation>否（最接近 %1）</translation>
    </message>
    <message>
        <source>needs from the system: %1</source>
        <translation>需要系统提供：%1</translation>
    </message>
    <message>
        <source>Folder scanned</source>
        <translation>扫描的文件夹</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>库</translation>
    </message>
    <message>
        <source>Product</source>
        <translation>产品</translation>
    </message>
    <message>
        <source>Architectures it has</source>
        <translation>包含的架构</translation>
    </message>
    <message>
        <source>NO (the loader refuses it)</source>
        <translation>否(加载器拒绝它)</translation>
    </message>
    <message>
        <source>NO (the loader refuses it; no code for it)</source>
        <translation>否(加载器拒绝它;也没有适合的代码)</translation>
    </message>
    <message>
        <source>NO (the loader refuses it; closest %1)</source>
        <translation>否(加载器拒绝它;最接近 %1)</translation>
    </message>
    <message>
        <source>NO (runtime too old)</source>
        <translation>否(运行时太旧)</translation>
    </message>
</context>
<context>
    <name>hd::EnvCatalogue</name>
    <message>
        <source>HIP runtime log verbosity on stderr: 0 always-printed only, 1 errors, 2 warnings, 3 info, 4 debug, 5 extra debug</source>
        <translation>HIP 运行时在 stderr 上的日志详细程度：0 仅总是打印的内容，1 错误，2 警告，3 信息，4 调试，5 额外调试</translation>
    </message>
    <message>
        <source>which runtime components log (bits: API 0x1, CMD 0x2, …, CODE 0x4000, LOCATION 0x10000)</source>
        <translation>哪些运行时组件写日志（位：API 0x1、CMD 0x2、…、CODE 0x4000、LOCATION 0x10000）</translation>
    </message>
    <message>
        <source>unsigned integer, decimal or 0x-hex</source>
        <translation>无符号整数，十进制或 0x 十六进制</translation>
    </message>
    <message>
        <source>write the runtime log to this file instead of stderr</source>
        <translation>把运行时日志写到这个文件，而不是 stderr</translation>
    </message>
    <message>
        <source>a file path</source>
        <translation>文件路径</translation>
    </message>
    <message>
        <source>wait for the device around each kernel: 1 before, 2 after, 3 both</source>
        <translation>在每个内核前后等待设备：1 之前，2 之后，3 前后都等</translation>
    </message>
    <message>
        <source>wait for the device around each copy: 1 before, 2 after, 3 both</source>
        <translation>在每次拷贝前后等待设备：1 之前，2 之后，3 前后都等</translation>
    </message>
    <message>
        <source>every launch waits for the kernel to finish (= serialize after), so an error surfaces at the call that caused it</source>
        <translation>每次启动都等待内核结束（= 之后串行化），因此错误会在引起它的调用处出现</translation>
    </message>
    <message>
        <source>0 or 1</source>
        <translation>0 或 1</translation>
    </message>
    <message>
        <source>which GPUs the HIP runtime shows, by index</source>
        <translation>HIP 运行时显示哪些 GPU（按序号）</translation>
    </message>
    <message>
        <source>comma-separated indices; empty hides every GPU</source>
        <translation>逗号分隔的序号；为空则隐藏所有 GPU</translation>
    </message>
    <message>
        <source>which GPUs the ROCr (HSA) runtime shows, by index or UUID</source>
        <translation>ROCr（HSA）运行时显示哪些 GPU（按序号或 UUID）</translation>
    </message>
    <message>
        <source>comma-separated indices or UUIDs; empty hides every GPU</source>
        <translation>逗号分隔的序号或 UUID；为空则隐藏所有 GPU</translation>
    </message>
    <message>
        <source>which GPUs the runtime shows (OpenCL-style)</source>
        <translation>运行时显示哪些 GPU（OpenCL 方式）</translation>
    </message>
    <message>
        <source>comma-separated indices</source>
        <translation>逗号分隔的序号</translation>
    </message>
    <message>
        <source>which GPUs CUDA (and HIP on NVIDIA, and HIP on AMD as an alias) shows</source>
        <translation>CUDA（以及 NVIDIA 上的 HIP，和作为别名的 AMD 上的 HIP）显示哪些 GPU</translation>
    </message>
    <message>
        <source>comma-separated indices or GPU-UUIDs; empty hides every GPU</source>
        <translation>逗号分隔的序号或 GPU-UUID；为空则隐藏所有 GPU</translation>
    </message>
    <message>
        <source>make the device report another processor (gfx version N.N.N), e.g. 10.3.0 for gfx1030; per GPU as HSA_OVERRIDE_GFX_VERSION_&lt;n&gt; from ROCm 6.2</source>
        <translation>让设备报告为另一种处理器（gfx 版本 N.N.N），例如 gfx1030 为 10.3.0；从 ROCm 6.2 起可按 GPU 设为 HSA_OVERRIDE_GFX_VERSION_&lt;n&gt;</translation>
    </message>
    <message>
        <source>N.N.N (major.minor.stepping, e.g. 10.3.0 or 9.0.a)</source>
        <translation>N.N.N（主版本.次版本.步进，例如 10.3.0 或 9.0.a）</translation>
    </message>
    <message>
        <source>run with XNACK (GPU page-fault retry) on or off</source>
        <translation>以开启或关闭 XNACK（GPU 缺页重试）的方式运行</translation>
    </message>
    <message>
        <source>use the SDMA copy engines (0 = blit kernels)</source>
        <translation>使用 SDMA 拷贝引擎（0 = 用 blit 内核）</translation>
    </message>
    <message>
        <source>put kernel arguments in device memory</source>
        <translation>把内核参数放在设备内存中</translation>
    </message>
    <message>
        <source>dump every code object the runtime loads</source>
        <translation>转储运行时加载的每个代码对象</translation>
    </message>
    <message>
        <source>0 = load all code objects at start, so load errors surface at once</source>
        <translation>0 = 启动时加载所有代码对象，使加载错误立即出现</translation>
    </message>
    <message>
        <source>claimed to make module loading verbose</source>
        <translation>据称会让模块加载输出详细信息</translation>
    </message>
    <message>
        <source>any</source>
        <translation>任意值</translation>
    </message>
    <message>
        <source>read by no runtime source we could find: check whether the loaded runtime reads it before relying on it</source>
        <translation>我们找到的运行时源码都不读取它：依赖它之前，先确认所加载的运行时是否读取</translation>
    </message>
    <message>
        <source>directories the dynamic loader searches before the ld.so cache (which libamdhip64 a process gets)</source>
        <translation>动态加载器在 ld.so 缓存之前搜索的目录（决定进程得到哪个 libamdhip64）</translation>
    </message>
    <message>
        <source>&apos;:&apos;-separated directories</source>
        <translation>以 “:” 分隔的目录</translation>
    </message>
    <message>
        <source>keep comgr&apos;s intermediate files</source>
        <translation>保留 comgr 的中间文件</translation>
    </message>
    <message>
        <source>verbose comgr logs</source>
        <translation>详细的 comgr 日志</translation>
    </message>
    <message>
        <source>where comgr logs go</source>
        <translation>comgr 日志的去向</translation>
    </message>
    <message>
        <source>stdout, stderr or a file path</source>
        <translation>stdout、stderr 或文件路径</translation>
    </message>
    <message>
        <source>hipcc prints the commands it runs (bits: 1 commands, 2 env, 4 args)</source>
        <translation>hipcc 打印它运行的命令（位：1 命令，2 环境，4 参数）</translation>
    </message>
    <message>
        <source>which platform hipcc compiles for</source>
        <translation>hipcc 为哪个平台编译</translation>
    </message>
    <message>
        <source>amd or nvidia (old names: hcc, nvcc)</source>
        <translation>amd 或 nvidia（旧名称：hcc、nvcc）</translation>
    </message>
    <message>
        <source>ROCm installation root (hipcc, device libraries)</source>
        <translation>ROCm 安装根目录（hipcc、设备库）</translation>
    </message>
    <message>
        <source>a directory</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>HIP installation root (hipcc looks here first)</source>
        <translation>HIP 安装根目录（hipcc 首先在这里查找）</translation>
    </message>
    <message>
        <source>where the compiler finds the ROCm device libraries</source>
        <translation>编译器查找 ROCm 设备库的位置</translation>
    </message>
    <message>
        <source>extra flags hipcc adds to every compile</source>
        <translation>hipcc 在每次编译时追加的额外选项</translation>
    </message>
    <message>
        <source>compiler flags</source>
        <translation>编译器选项</translation>
    </message>
    <message>
        <source>which compressed offload bundle (CCOB) version the bundler writes</source>
        <translation>打包器写出哪个版本的压缩 offload bundle（CCOB）</translation>
    </message>
    <message>
        <source>Triton&apos;s kernel cache (default ~/.triton/cache)</source>
        <translation>Triton 的内核缓存（默认 ~/.triton/cache）</translation>
    </message>
    <message>
        <source>recompile even when the cache has the kernel</source>
        <translation>即使缓存中已有内核也重新编译</translation>
    </message>
    <message>
        <source>dump the MLIR of every Triton pass</source>
        <translation>转储每个 Triton pass 的 MLIR</translation>
    </message>
    <message>
        <source>1, or a kernel name</source>
        <translation>1，或一个内核名</translation>
    </message>
    <message>
        <source>dump Triton&apos;s LLVM IR</source>
        <translation>转储 Triton 的 LLVM IR</translation>
    </message>
    <message>
        <source>dump Triton&apos;s AMDGCN assembly</source>
        <translation>转储 Triton 的 AMDGCN 汇编</translation>
    </message>
    <message>
        <source>the libamdhip64 Triton loads</source>
        <translation>Triton 加载的 libamdhip64</translation>
    </message>
    <message>
        <source>Triton debug mode (device asserts)</source>
        <translation>Triton 调试模式（设备端断言）</translation>
    </message>
</context>
<context>
    <name>hd::SystemInventory</name>
    <message>
        <source>not available: %1</source>
        <translation>不可用：%1</translation>
    </message>
    <message>
        <source>%1: not available (%2)</source>
        <translation>%1：不可用（%2）</translation>
    </message>
    <message>
        <source>not available (%1)</source>
        <translation>不可用（%1）</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>Packages</source>
        <translation>软件包</translation>
    </message>
    <message>
        <source>Python, PyTorch, Triton</source>
        <translation>Python、PyTorch、Triton</translation>
    </message>
    <message>
        <source>Device access</source>
        <translation>设备访问</translation>
    </message>
    <message>
        <source>GPUs (vendor tools)</source>
        <translation>GPU（厂商工具）</translation>
    </message>
    <message>
        <source>Kernel driver</source>
        <translation>内核驱动</translation>
    </message>
    <message>
        <source>HIP runtime</source>
        <translation>HIP 运行时</translation>
    </message>
    <message>
        <source>Compilers</source>
        <translation>编译器</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <source>Device nodes and groups</source>
        <translation>设备节点与用户组</translation>
    </message>
    <message>
        <source>Runtime and compilers</source>
        <translation>运行时与编译器</translation>
    </message>
    <message>
        <source>Environment variables</source>
        <translation>环境变量</translation>
    </message>
</context>
<context>
    <name>hd::Remote</name>
    <message>
        <source>the ssh client (%1) could not be started</source>
        <translation>无法启动 ssh 客户端（%1）</translation>
    </message>
    <message>
        <source>%1 cannot be reached</source>
        <translation>无法访问 %1</translation>
    </message>
    <message>
        <source>%1 refused every key offered (add yours with ssh-copy-id, or load it into the agent)</source>
        <translation>%1 拒绝了提供的所有密钥（用 ssh-copy-id 添加你的密钥，或把它加载到 agent 中）</translation>
    </message>
    <message>
        <source>the host key of %1 is not known: refused (check its fingerprint and add it with a plain `ssh %1` first)</source>
        <translation>%1 的主机密钥未知：已拒绝（先核对其指纹，再用普通的 `ssh %1` 添加它）</translation>
    </message>
    <message>
        <source>the host key of %1 CHANGED since it was recorded: refused</source>
        <translation>%1 的主机密钥自记录以来已改变：已拒绝</translation>
    </message>
    <message>
        <source>no space left on %1</source>
        <translation>%1 上没有剩余空间</translation>
    </message>
    <message>
        <source>no hipcc on %1 (not on its PATH)</source>
        <translation>%1 上没有 hipcc（不在其 PATH 中）</translation>
    </message>
    <message>
        <source>%1 is not on %2 (not on its PATH)</source>
        <translation>%2 上没有 %1（不在其 PATH 中）</translation>
    </message>
    <message>
        <source>the probe does not run on %1</source>
        <translation>探针无法在 %1 上运行</translation>
    </message>
    <message>
        <source>the connection to %1 was lost</source>
        <translation>与 %1 的连接已断开</translation>
    </message>
    <message>
        <source>%1 gave a reply hipdoctor refuses</source>
        <translation>%1 返回了 hipdoctor 拒绝接受的回复</translation>
    </message>
    <message>
        <source>hipdoctor refuses this destination</source>
        <translation>hipdoctor 拒绝这个目标地址</translation>
    </message>
    <message>
        <source>%1 did not answer in time</source>
        <translation>%1 没有及时应答</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>ssh to %1 failed</source>
        <translation>ssh 连接 %1 失败</translation>
    </message>
    <message>
        <source> (the node answered without a home folder: is its login shell a POSIX shell?)</source>
        <translation>（节点的应答中没有主目录：它的登录 shell 是 POSIX shell 吗？）</translation>
    </message>
</context>
<context>
    <name>hd::Capture</name>
    <message>
        <source>the image holds %1, not %2: %3</source>
        <translation>该映像包含 %1，而不是 %2：%3</translation>
    </message>
    <message>
        <source>it never returned: the program ended inside it</source>
        <translation>该调用没有返回：程序在其中结束</translation>
    </message>
    <message>
        <source>that image holds %1, not %2</source>
        <translation>该映像包含 %1，而不是 %2</translation>
    </message>
    <message>
        <source>declare it extern &quot;C&quot; or look up the mangled name %1</source>
        <translation>将其声明为 extern &quot;C&quot;，或按修饰名 %1 查找</translation>
    </message>
    <message>
        <source>that image holds %1 with internal linkage</source>
        <translation>该映像中的 %1 为内部链接</translation>
    </message>
    <message>
        <source>remove static or the anonymous namespace from the kernel</source>
        <translation>去掉内核的 static 或匿名命名空间</translation>
    </message>
    <message>
        <source>%1 in that image is a function, not a kernel</source>
        <translation>该映像中的 %1 是函数，不是内核</translation>
    </message>
    <message>
        <source>mark the function __global__</source>
        <translation>将该函数标记为 __global__</translation>
    </message>
    <message>
        <source>that image holds no kernel named %1</source>
        <translation>该映像中没有名为 %1 的内核</translation>
    </message>
    <message>
        <source>that image holds no kernel named %1; it holds %2</source>
        <translation>该映像中没有名为 %1 的内核；它包含 %2</translation>
    </message>
    <message>
        <source>call %1, %2 returned %3</source>
        <translation>第 %1 次调用，%2 返回 %3</translation>
    </message>
    <message>
        <source>call %1, %2 would fail on %3</source>
        <translation>第 %1 次调用，%2 在 %3 上会失败</translation>
    </message>
    <message>
        <source>call %1, %2</source>
        <translation>第 %1 次调用，%2</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>call %1, pid %2</source>
        <translation>第 %1 次调用，进程 %2</translation>
    </message>
</context>
</TS>
