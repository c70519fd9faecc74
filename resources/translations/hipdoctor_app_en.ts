<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>hd::Diagnosis</name>
    <message>
        <source> The runtime version was inferred from %1; pass --runtime-version to be sure.</source>
        <translation> The runtime version was inferred from %1; query the runtime in Devices to be sure.</translation>
    </message>
    <message>
        <source> (no device given: pass --target to check it against your GPU)</source>
        <translation> (no device given: type your GPU&apos;s target in Devices to check it against your GPU)</translation>
    </message>
    <message>
        <source>Reproduce with TRITON_ALWAYS_COMPILE=1 and an empty TRITON_CACHE_DIR, then give the cache folder to `hipdoctor-cli diagnose` for the stage-by-stage view.</source>
        <translation>Reproduce with TRITON_ALWAYS_COMPILE=1 and an empty TRITON_CACHE_DIR, then open the cache folder here (File &gt; Open folder) for the stage-by-stage view.</translation>
    </message>
    <message>
        <source>Check that the file loaded is the one built from the kernel&apos;s source (list its kernels with `hipdoctor-cli inspect`).</source>
        <translation>Check that the file loaded is the one built from the kernel&apos;s source (open it here: the Symbols panel lists its kernels).</translation>
    </message>
    <message>
        <source>Check which targets a binary holds with `roc-obj-ls FILE` or `hipdoctor-cli inspect FILE`.</source>
        <translation>Check which targets a binary holds with `roc-obj-ls FILE`, or open it here (the Artifacts panel).</translation>
    </message>
    <message>
        <source>The log does not name the device; pass --target or a rocminfo dump to see which target is missing.</source>
        <translation>The log does not name the device; type your GPU&apos;s target in Devices, or open a rocminfo dump, to see which target is missing.</translation>
    </message>
    <message>
        <source>Run `hipdoctor-cli diagnose CODE_OBJECT --kernel %1` on the file the program loads.</source>
        <translation>Open the file the program loads here and type %1 in the kernel name box.</translation>
    </message>
    <message>
        <source>The program selected a device index the runtime does not have: list the GPUs it sees (rocminfo, hipdoctor-cli devices) and select one of them.</source>
        <translation>The program selected a device index the runtime does not have: list the GPUs it sees (rocminfo, the Devices panel) and select one of them.</translation>
    </message>
    <message>
        <source>The HSA loader could not load the code object&apos;s format: most often a code object version the runtime does not know (v6 needs ROCm 6.3), else a damaged file. `hipdoctor-cli inspect FILE` shows the version.</source>
        <translation>The HSA loader could not load the code object&apos;s format: most often a code object version the runtime does not know (v6 needs ROCm 6.3), else a damaged file. Opened here, the Artifacts panel shows the version.</translation>
    </message>
    <message>
        <source>List the GPUs the runtime sees (rocminfo / nvidia-smi, hipdoctor-cli devices) and select one of those indices.</source>
        <translation>List the GPUs the runtime sees (rocminfo / nvidia-smi, the Devices panel) and select one of those indices.</translation>
    </message>
    <message>
        <source>A launch returns this when the kernel has no code for the device (a library or wheel built for other GPU architectures) or was never registered. The error alone cannot tell which: give the binary and --target.</source>
        <translation>A launch returns this when the kernel has no code for the device (a library or wheel built for other GPU architectures) or was never registered. The error alone cannot tell which: open the binary and type your GPU&apos;s target in Devices.</translation>
    </message>
    <message>
        <source>Check the binary&apos;s targets (hipdoctor-cli inspect FILE, roc-obj-ls) against the GPU&apos;s (rocminfo | grep gfx); rebuild or install a build for that target.</source>
        <translation>Check the binary&apos;s targets (the Artifacts panel, roc-obj-ls) against the GPU&apos;s (rocminfo | grep gfx); rebuild or install a build for that target.</translation>
    </message>
    <message>
        <source>Run hipdoctor-cli diagnose CODE_OBJECT --kernel NAME.</source>
        <translation>Open the code object here and type the kernel&apos;s name in the kernel name box.</translation>
    </message>
    <message>
        <source>Give the file to hipdoctor-cli diagnose FILE to see what it is.</source>
        <translation>Open the file here to see what it is.</translation>
    </message>
    <message>
        <source>Give the code object and --target to check its targets.</source>
        <translation>Open the code object and type your GPU&apos;s target in Devices to check its targets.</translation>
    </message>
    <message>
        <source>a directory that is neither a Triton cache (no folders of .ttir/.llir/.hsaco files) nor a kernel library folder (Tensile, MIOpen); `hipdoctor-cli scan` reads whole installs</source>
        <translation>a directory that is neither a Triton cache (no folders of .ttir/.llir/.hsaco files) nor a kernel library folder (Tensile, MIOpen); the Coverage panel reads whole installs</translation>
    </message>
    <message>
        <source>%1 ships its GPU kernels as one library file per architecture, and the one it looked for is missing: usually a GPU the installed build does not support (or an incomplete install). The GPU is not named; --target or a rocminfo dump names it.</source>
        <translation>%1 ships its GPU kernels as one library file per architecture, and the one it looked for is missing: usually a GPU the installed build does not support (or an incomplete install). The GPU is not named; type your GPU&apos;s target in Devices, or open a rocminfo dump, to name it.</translation>
    </message>
    <message>
        <source>`hipdoctor-cli inspect` on the code object lists the variables it holds.</source>
        <translation>Opened here, the code object&apos;s symbol table lists the variables it holds.</translation>
    </message>
</context>
<context>
    <name>hd::Verify</name>
    <message>
        <source>The runtime did not find %1. The error alone cannot tell whether the kernel is missing, only C++-mangled, not a kernel or internal: run &apos;hipdoctor-cli diagnose FILE --kernel NAME&apos; on the artifact.</source>
        <translation>The runtime did not find %1. The error alone cannot tell whether the kernel is missing, only C++-mangled, not a kernel or internal: open the artifact and type the kernel&apos;s name in the kernel name box.</translation>
    </message>
    <message>
        <source>given with --target</source>
        <translation>typed in Devices</translation>
    </message>
    <message>
        <source>no --target and no device: using the documented default %1 (give --target for the GPU the project runs on)</source>
        <translation>no target typed and no device: using the documented default %1 (type the target of the GPU the project runs on in Devices)</translation>
    </message>
    <message>
        <source>source %1 not found (set --kernels-dir)</source>
        <translation>source %1 not found (the kernel sources installed with hipdoctor are missing: reinstall it)</translation>
    </message>
    <message>
        <source>no operator given (--artifact, --dlopen, --exec or --source)</source>
        <translation>no operator given: open its file, or give its command on the step 2 card</translation>
    </message>
    <message>
        <source>no project command given (--run … --)</source>
        <translation>no project command given: give it on the step 3 card</translation>
    </message>
    <message>
        <source>Free space on the disk named above, or give --cache-dir on another disk: the compiler may well be fine</source>
        <translation>Free space on the disk named above, or start hipdoctor with XDG_CACHE_HOME on another disk: the compiler may well be fine</translation>
    </message>
    <message>
        <source>Rebuild an extension on the Triton path for the device&apos;s architecture (TORCH_CUDA_ARCH_LIST / PYTORCH_ROCM_ARCH / --offload-arch), then run `hipdoctor-cli inspect` on it.</source>
        <translation>Rebuild an extension on the Triton path for the device&apos;s architecture (TORCH_CUDA_ARCH_LIST / PYTORCH_ROCM_ARCH / --offload-arch), then open it here to check its targets.</translation>
    </message>
</context>
<context>
    <name>hd::ui::ArtifactTreeModel</name>
    <message numerus="yes">
        <source>%n code object(s), %1 kernels</source>
        <translation>
            <numerusform>%Ln code object, %1 kernels</numerusform>
            <numerusform>%Ln code objects, %1 kernels</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entries @ 0x%1</source>
        <translation>
            <numerusform>%Ln entry @ 0x%1</numerusform>
            <numerusform>%Ln entries @ 0x%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>code object v%1, %n kernel(s)</source>
        <translation>
            <numerusform>code object v%1, %Ln kernel</numerusform>
            <numerusform>code object v%1, %Ln kernels</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>PTX %1, %n kernel(s)</source>
        <translation>
            <numerusform>PTX %1, %Ln kernel</numerusform>
            <numerusform>PTX %1, %Ln kernels</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>cubin, %n kernel(s)</source>
        <translation>
            <numerusform>cubin, %Ln kernel</numerusform>
            <numerusform>cubin, %Ln kernels</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n arg(s), kernarg %1 B, LDS %2 B, VGPR %3</source>
        <translation>
            <numerusform>%Ln arg, kernarg %1 B, LDS %2 B, VGPR %3</numerusform>
            <numerusform>%Ln args, kernarg %1 B, LDS %2 B, VGPR %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>reading: %n bundle(s) so far…</source>
        <translation>
            <numerusform>reading: %Ln bundle so far…</numerusform>
            <numerusform>reading: %Ln bundles so far…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hd::ui::ArtifactsPanel</name>
    <message numerus="yes">
        <source>%n symbol(s)</source>
        <translation>
            <numerusform>%Ln symbol</numerusform>
            <numerusform>%Ln symbols</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n symbol(s)</source>
        <translation>
            <numerusform>%1 of %Ln symbol</numerusform>
            <numerusform>%1 of %Ln symbols</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hd::ui::CompatMatrixModel</name>
    <message numerus="yes">
        <source>%n code object(s) of %1 built for %2</source>
        <translation>
            <numerusform>%Ln code object of %1 built for %2</numerusform>
            <numerusform>%Ln code objects of %1 built for %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hd::ui::DevicesPanel</name>
    <message numerus="yes">
        <source>%n device(s) seen by %1 %2 (%3).</source>
        <translation>
            <numerusform>%Ln device seen by %1 %2 (%3).</numerusform>
            <numerusform>%Ln devices seen by %1 %2 (%3).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n fact(s)</source>
        <translation>
            <numerusform>All %Ln fact</numerusform>
            <numerusform>All %Ln facts</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hd::ui::FindingsPanel</name>
    <message numerus="yes">
        <source>Seen %n times (shown once).</source>
        <translation>
            <numerusform>Seen once.</numerusform>
            <numerusform>Seen %Ln times (shown once).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hd::ui::MainWindow</name>
    <message numerus="yes">
        <source>%1: %n line(s) to diagnose</source>
        <translation>
            <numerusform>%1: %Ln line to diagnose</numerusform>
            <numerusform>%1: %Ln lines to diagnose</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hd::ui::NameLookup</name>
    <message numerus="yes">
        <source>Found in %n code object target(s): %1.</source>
        <translation>
            <numerusform>Found in %Ln code object target: %1.</numerusform>
            <numerusform>Found in %Ln code object targets: %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hd::ui::SymbolTableModel</name>
    <message numerus="yes">
        <source>%n code object(s): %1</source>
        <translation>
            <numerusform>%Ln code object: %1</numerusform>
            <numerusform>%Ln code objects: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hd::ui::WalkthroughPanel</name>
    <message numerus="yes">
        <source>%n artifact(s) open.</source>
        <translation>
            <numerusform>%Ln artifact open.</numerusform>
            <numerusform>%Ln artifacts open.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Every open file holds device code (%n code object(s) in all): the compile layer did its job; look at loading.</source>
        <translation>
            <numerusform>Every open file holds device code (%Ln code object in all): the compile layer did its job; look at loading.</numerusform>
            <numerusform>Every open file holds device code (%Ln code objects in all): the compile layer did its job; look at loading.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s).</source>
        <translation>
            <numerusform>%Ln finding.</numerusform>
            <numerusform>%Ln findings.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hd::ui::InputsController</name>
    <message numerus="yes">
        <source>Inspecting %n input(s)…</source>
        <translation>
            <numerusform>Inspecting %Ln input…</numerusform>
            <numerusform>Inspecting %Ln inputs…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n artifact(s) open</source>
        <translation>
            <numerusform>%Ln artifact open</numerusform>
            <numerusform>%Ln artifacts open</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hd::ui::VerificationController</name>
    <message numerus="yes">
        <source>%n open files hold device code: type the one your code loads in step 2&apos;s File field.</source>
        <translation>
            <numerusform>%Ln open file holds device code: type the one your code loads in step 2&apos;s File field.</numerusform>
            <numerusform>%Ln open files hold device code: type the one your code loads in step 2&apos;s File field.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hd::ui::Workspace</name>
    <message numerus="yes">
        <source>%n finding(s)</source>
        <translation>
            <numerusform>%Ln finding</numerusform>
            <numerusform>%Ln findings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hd::ui::CoveragePanel</name>
    <message numerus="yes">
        <source>%n more</source>
        <translation>
            <numerusform>%Ln more</numerusform>
            <numerusform>%Ln more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) looked at</source>
        <translation>
            <numerusform>%Ln file looked at</numerusform>
            <numerusform>%Ln files looked at</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n librar(ies) with device code</source>
        <translation>
            <numerusform>%Ln library with device code</numerusform>
            <numerusform>%Ln libraries with device code</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hd::ui::TargetsController</name>
    <message numerus="yes">
        <source>Scanned: %n librar(ies) with device code</source>
        <translation>
            <numerusform>Scanned: %Ln library with device code</numerusform>
            <numerusform>Scanned: %Ln libraries with device code</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n file(s) read</source>
        <translation>
            <numerusform>%1 of %Ln file read</numerusform>
            <numerusform>%1 of %Ln files read</numerusform>
        </translation>
    </message>
</context>
</TS>
