<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
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
</context>
<context>
    <name>hd::VerifyChecks</name>
    <message>
        <source>Baseline: vector add with the platform compiler</source>
        <translation>基线：用平台编译器做向量加法</translation>
    </message>
    <message>
        <source>The suspect operator alone</source>
        <translation>单独运行可疑算子</translation>
    </message>
    <message>
        <source>Back to the project</source>
        <translation>回到项目</translation>
    </message>
    <message>
        <source>Runtime and devices (probe)</source>
        <translation>运行时与设备（探针）</translation>
    </message>
    <message>
        <source>Diagnosis of the artifact and the logs</source>
        <translation>产物与日志的诊断</translation>
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
        <source>Compiler sub-commands (-###)</source>
        <translation>编译器子命令（-###）</translation>
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
        <source>The program&apos;s runtime library (loader path)</source>
        <translation>程序的运行时库（加载器路径）</translation>
    </message>
    <message>
        <source>Run the program (hipLaunchKernelGGL, result checked)</source>
        <translation>运行程序（hipLaunchKernelGGL，检查结果）</translation>
    </message>
    <message>
        <source>Module API: load, look up and launch the code object (probe)</source>
        <translation>模块 API：加载、查找并启动代码对象（探针）</translation>
    </message>
    <message>
        <source>Compile the operator</source>
        <translation>编译该算子</translation>
    </message>
    <message>
        <source>The operator&apos;s file</source>
        <translation>算子的文件</translation>
    </message>
    <message>
        <source>dlopen the library in a clean process (probe)</source>
        <translation>在干净进程中 dlopen 该库（探针）</translation>
    </message>
    <message>
        <source>Run the operator&apos;s program in a clean process</source>
        <translation>在干净进程中运行算子的程序</translation>
    </message>
    <message>
        <source>What the file holds</source>
        <translation>文件里有什么</translation>
    </message>
    <message>
        <source>The project&apos;s command, as is</source>
        <translation>项目命令（原样）</translation>
    </message>
    <message>
        <source>The project&apos;s command without the Triton path</source>
        <translation>项目命令（不走 Triton 路径）</translation>
    </message>
</context>
<context>
    <name>hd::ui::ArtifactTreeModel</name>
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
        <translation>NVIDIA fatbin</translation>
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
        <translation>Wavefront</translation>
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
</context>
<context>
    <name>hd::ui::StepCard</name>
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
</context>
<context>
    <name>hd::ui::WalkthroughPanel</name>
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
        <source>The Verification panel shows each sub-check with its command, environment, output, exit status and time. On a machine without a GPU, the compile and link checks pass and the runtime answers &quot;no device&quot;.</source>
        <translation>“验证”面板显示每个子检查的命令、环境、输出、退出状态和耗时。在没有 GPU 的机器上，编译和链接检查会通过，运行时则回答“没有设备”。</translation>
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
</context>
<context>
    <name>hd::ui::InputsController</name>
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
</TS>
