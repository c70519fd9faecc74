// The events of the kernel, the driver and the OS (text_events_p.h): amdgpu and NVRM kernel
// log lines, the banners of tools' dumps (rocminfo, amd-smi, nvidia-smi, collect_env, pip),
// and hexdumps holding a known magic number.

#include "text_events_p.h"

#include <QDir>
#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

namespace hd::detail::ev {

// xxd / hexdump -C / od lines; the dump is one event with the magic numbers it shows.
int hexdump(Reader &r, int i) {
    static const QRegularExpression hexLine(QStringLiteral(
        R"(^(?:0x)?[0-9a-fA-F]{6,16}:?\s+(?:[0-9a-fA-F]{2,8}\s+){3,}[0-9a-fA-F]{0,8}(?:\s+\|?.*)?$)"));
    int j = i;
    QString hex, ascii;
    while (j < r.count() && j < i + 4000) {
        const PreparedLine *l = r.at(j);
        if (!l || !hexLine.match(l->trimmed).hasMatch())
            break;
        const QStringList parts = l->trimmed.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        for (int k = 1; k < parts.size(); ++k) {
            static const QRegularExpression group(QStringLiteral(R"(^[0-9a-fA-F]{2,8}$)"));
            if (group.match(parts[k]).hasMatch() && parts[k].size() % 2 == 0)
                hex += parts[k].toLower();
            else {
                ascii += parts.mid(k).join(QLatin1Char(' '));
                break;
            }
        }
        ++j;
    }
    if (j - i < 1 || hex.size() < 16)
        return 0;
    // Byte order: xxd and hexdump -C print bytes in order; `hexdump` / `od -x` print 16-bit
    // little-endian words, so the magic also appears with each byte pair swapped.
    QString swapped = hex;
    for (qsizetype k = 0; k + 3 < swapped.size(); k += 4) {
        const QString a = swapped.mid(k, 2), b = swapped.mid(k + 2, 2);
        swapped.replace(k, 4, b + a);
    }
    QStringList magics;
    auto has = [&](const char *h) {
        return hex.contains(QLatin1String(h)) || swapped.contains(QLatin1String(h));
    };
    if (has("43434f42") || ascii.contains(QLatin1String("CCOB")))
        magics << QStringLiteral("CCOB");
    if (has("5f5f434c414e475f4f46464c4f41445f42554e444c455f5f") ||
        ascii.contains(QLatin1String("__CLANG_OFFLOAD_BUN")))
        magics << QStringLiteral("__CLANG_OFFLOAD_BUNDLE__");
    if (has("7f454c46") || ascii.contains(QLatin1String(".ELF")))
        magics << QStringLiteral("ELF");
    if (magics.isEmpty())
        return 0;
    TextEvent &e = r.add(EventKind::Hexdump, QStringLiteral("hexdump"), std::nullopt, i, j - 1,
                         false, r.at(i)->trimmed);
    e.fields.insert(QStringLiteral("magic"), magics.join(QLatin1Char(' ')));
    return j - i;
}

// Kernel log lines: amdgpu faults and resets, NVIDIA Xid.
bool kernelLog(Reader &r, int i) {
    const QString &t = r.at(i)->trimmed;
    static const QRegularExpression amdgpu(
        QStringLiteral(
            R"((?:^\[\s*[\d.]+\]\s*)?(amdgpu|kfd|amdgpu_cs_ioctl)\b[^:]*:.*?(page fault|GPU reset|ring \w+ timeout|GPU fault|VM fault|timeout|Failed to|failed|error))"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression xid(QStringLiteral(R"(NVRM: Xid \([^)]*\):\s*(\d+))"));
    if (const auto x = xid.match(t); x.hasMatch()) {
        TextEvent &e = r.add(EventKind::KernelLog, QStringLiteral("nvidia-driver"),
                             TextLayer::Device, i, i, true, t);
        e.fields.insert(QStringLiteral("xid"), x.captured(1));
        return true;
    }
    if (const auto a = amdgpu.match(t); a.hasMatch() && !t.startsWith(QLatin1Char(':'))) {
        TextEvent &e =
            r.add(EventKind::KernelLog, QStringLiteral("amdgpu"), TextLayer::Device, i, i, true, t);
        e.fields.insert(QStringLiteral("what"), a.captured(2).toLower());
        return true;
    }
    return false;
}

// A tool's banner or dump: one event at its first line; the lines stay readable on their own.
bool toolDump(Reader &r, int i, QSet<QString> &seen) {
    const QString &t = r.at(i)->trimmed;
    struct Banner {
        const char *producer;
        QRegularExpression re;
    };
    static const QList<Banner> banners{
        {"rocminfo",
         QRegularExpression(QStringLiteral(
             R"(^(?:ROCk module (?:version \S+ )?is loaded|HSA System Attributes|=====================\s*$))"))},
        {"amd-smi",
         QRegularExpression(QStringLiteral(
             R"(^(?:\+?[-=]+\s*)?(?:AMD[- ]SMI|amd-smi)\b|^=+ ROCm System Management Interface =+)"))},
        {"nvidia-smi",
         QRegularExpression(QStringLiteral(
             R"(NVIDIA-SMI\s+([\d.]+)\s+Driver Version:\s*([\d.]+)(?:\s+CUDA Version:\s*([\d.]+))?)"))},
        {"collect_env",
         QRegularExpression(QStringLiteral(
             R"(^(?:Collecting environment information|PyTorch version:\s*(\S+)))"))},
        {"pip", QRegularExpression(QStringLiteral(R"(^Package\s+Version\s*$)"))},
    };
    for (const Banner &b : banners) {
        const auto m = b.re.match(t);
        if (!m.hasMatch() || seen.contains(QLatin1String(b.producer)))
            continue;
        if (QLatin1String(b.producer) == QLatin1String("rocminfo") &&
            t.startsWith(QLatin1Char('=')))
            continue;
        seen.insert(QLatin1String(b.producer));
        TextEvent &e =
            r.add(EventKind::ToolDump, QLatin1String(b.producer), std::nullopt, i, i, false, t);
        if (QLatin1String(b.producer) == QLatin1String("nvidia-smi")) {
            e.fields.insert(QStringLiteral("driver"), m.captured(2));
            e.fields.insert(QStringLiteral("cuda"), m.captured(3));
        }
        if (QLatin1String(b.producer) == QLatin1String("collect_env") && !m.captured(1).isEmpty())
            e.fields.insert(QStringLiteral("torch"), m.captured(1));
        return true;
    }
    return false;
}

} // namespace hd::detail::ev
