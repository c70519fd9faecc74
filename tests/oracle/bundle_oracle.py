#!/usr/bin/env python3
"""An independent reader of HIP device code, written apart from the engine, to check its counts.

For each FILE (a host ELF with .hip_fatbin, an offload bundle, a CCOB, an AMDGPU code object)
it prints one JSON line: bundles, entries, code objects, kernels and the targets of the code
objects. It follows only the public layouts (docs/formats.md "Offload bundles"): bundles sit on
4096-byte boundaries of .hip_fatbin, CCOB v2/v3 store their total size, zstd payloads are
decompressed by the zstd command-line tool, zlib ones by Python's zlib. A kernel is a symbol
named "<name>.kd" of type OBJECT (code object v3+) or of type STT_AMDGPU_HSA_KERNEL (10, v2).

usage: bundle_oracle.py FILE...
"""
import json
import struct
import subprocess
import sys
import zlib

BUNDLE = b"__CLANG_OFFLOAD_BUNDLE__"
CCOB = b"CCOB"
ELF = b"\x7fELF"
EM_AMDGPU = 224


def sections(data):
    """(name, offset, size, type, link, entsize) of each section of a 64-bit little-endian ELF."""
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    raw = []
    for i in range(shnum):
        name, typ, _flags, _addr, off, size, link, _info, _align, entsize = struct.unpack_from(
            "<IIQQQQIIQQ", data, shoff + i * shentsize)
        raw.append((name, off, size, typ, link, entsize))
    stroff = raw[shstrndx][1]
    out = []
    for name, off, size, typ, link, entsize in raw:
        end = data.index(b"\0", stroff + name)
        out.append((data[stroff + name:end].decode(), off, size, typ, link, entsize))
    return out


def count_kernels(elf):
    kernels = 0
    secs = sections(elf)
    for _name, off, size, typ, link, entsize in secs:
        if typ != 2:  # SHT_SYMTAB
            continue
        stroff = secs[link][1]
        for i in range(size // (entsize or 24)):
            st_name, st_info = struct.unpack_from("<IB", elf, off + i * 24)
            stype = st_info & 0xF
            if stype == 10:
                kernels += 1
                continue
            if stype != 1:  # STT_OBJECT
                continue
            end = elf.index(b"\0", stroff + st_name)
            if elf[end - 3:end] == b".kd":
                kernels += 1
    return kernels


def decompress(data, pos):
    """The uncompressed bundle of the CCOB at data[pos:], and the CCOB's size."""
    version, method = struct.unpack_from("<HH", data, pos + 4)
    if version == 2:
        total, = struct.unpack_from("<I", data, pos + 8)
        header = 24
    elif version == 3:
        total, = struct.unpack_from("<Q", data, pos + 8)
        header = 32
    else:
        raise ValueError("CCOB v%d is not read by this oracle" % version)
    payload = data[pos + header:pos + total]
    if method == 1:
        out = subprocess.run(["zstd", "-d", "-c", "-q"], input=payload, stdout=subprocess.PIPE,
                             check=True).stdout
    else:
        out = zlib.decompress(payload)
    return out, total


class Counts:
    def __init__(self):
        self.bundles = 0
        self.entries = 0
        self.code_objects = 0
        self.kernels = 0
        self.targets = set()

    def code_object(self, elf, target=None):
        if elf[:4] != ELF or struct.unpack_from("<H", elf, 18)[0] != EM_AMDGPU:
            return
        self.code_objects += 1
        self.kernels += count_kernels(elf)
        if target:
            self.targets.add(target)

    def bundle(self, data, pos):
        """Reads the plain bundle at data[pos:]; returns its size."""
        count, = struct.unpack_from("<Q", data, pos + 24)
        at = pos + 32
        end = 0
        self.bundles += 1
        for _ in range(count):
            off, size, idlen = struct.unpack_from("<QQQ", data, at)
            ident = data[at + 24:at + 24 + idlen].decode()
            at += 24 + idlen
            self.entries += 1
            end = max(end, off + size)
            if size and ident.split("-")[0] in ("hip", "hipv4", "hcc"):
                target = ident.split("--", 1)[1] if "--" in ident else ident.split("-", 4)[-1]
                self.code_object(data[pos + off:pos + off + size], target)
        return end

    def region(self, data, begin, end):
        pos = begin
        while pos < end:
            used = 1
            if data[pos:pos + 24] == BUNDLE:
                used = self.bundle(data, pos)
            elif data[pos:pos + 4] == CCOB:
                inner, used = decompress(data, pos)
                self.bundle(inner, 0)
            pos += max(used, 1)
            pos = (pos + 4095) // 4096 * 4096


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    c = Counts()
    if data[:24] == BUNDLE:
        c.bundle(data, 0)
    elif data[:4] == CCOB:
        inner, _ = decompress(data, 0)
        c.bundle(inner, 0)
    elif data[:4] == ELF and struct.unpack_from("<H", data, 18)[0] == EM_AMDGPU:
        c.code_object(data)
    elif data[:4] == ELF:
        for name, off, size, _typ, _link, _entsize in sections(data):
            if name == ".hip_fatbin":
                c.region(data, off, off + size)
    return {"file": path, "bundles": c.bundles, "entries": c.entries,
            "code_objects": c.code_objects, "kernels": c.kernels,
            "targets": sorted(c.targets)}


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    for path in sys.argv[1:]:
        print(json.dumps(read(path), sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
