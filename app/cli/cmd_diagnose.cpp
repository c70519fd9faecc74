// hipdoctor-cli diagnose: findings with evidence and fixes for any mix of inputs.

#include "cli.h"
#include "diagnosis_print.h"

#include "diagnosis/diagnosis.h"
#include "probe/probe_client.h"
#include "remote_option.h"

#include <algorithm>

namespace hd::cli {

namespace {

void usage(QTextStream &s) {
    s << "usage: hipdoctor-cli diagnose INPUT... [--kernel NAME]... [--target ID]...\n"
         "                                [--env NAME=VALUE]... [--runtime-version X.Y]\n"
         "                                [--probe [--remote HOST]] [--json [--pretty]]\n"
         "\n"
         "INPUT: code objects, offload bundles, host executables / .so / .o, NVIDIA cubin /\n"
         "fatbin / PTX, a Triton cache folder (or one kernel's folder), or text: AMD_LOG_LEVEL\n"
         "output, Python tracebacks, compiler / linker / hipcc output, rocminfo dumps.\n"
         "  --kernel NAME          the name the program looks up (hipModuleGetFunction)\n"
         "  --target ID            the device: gfx90a:sramecc+:xnack-, gfx1100, sm_90 ...\n"
         "  --env NAME=VALUE       an environment variable the program runs with\n"
         "  --runtime-version X.Y  the HIP runtime (ROCm) version it runs with\n"
         "  --probe                ask hipdoctor-probe for the live devices when no --target\n"
         "  --remote HOST          ask the probe on the GPU node HOST over ssh (docs/remote.md)\n"
         "                         and no rocminfo dump is given\n"
         "  --json                 one hipdoctor.diagnosis/1 document on stdout (compact)\n"
         "  --pretty               the same, indented for reading (implies --json)\n"
         "exit codes: 0 no error findings, 1 error findings, 2 usage or unreadable input,\n"
         "3 internal failure\n";
}

QString wrap(const QString &text, int indent, int width = 100) {
    QString out, line;
    const QString pad(indent, QLatin1Char(' '));
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const QString &w : words) {
        if (!line.isEmpty() && line.size() + 1 + w.size() > width - indent) {
            out += line + QLatin1Char('\n') + pad;
            line.clear();
        }
        line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + w;
    }
    return out + line;
}

} // namespace

void printDiagnosis(QTextStream &s, const Diagnosis &d, bool showInputs) {
    int counts[3] = {0, 0, 0};
    for (const Finding &f : d.findings) {
        const int rank = f.severity == Severity::Error     ? 0
                         : f.severity == Severity::Warning ? 1
                                                           : 2;
        ++counts[rank];
        const QString sev = severityName(f.severity).toUpper();
        s << sev.leftJustified(8) << f.id << "\n";
        s << "        " << wrap(f.title, 8) << "\n";
        if (f.occurrences > 1)
            s << "        seen " << f.occurrences << " times\n";
        if (!f.detail.isEmpty())
            s << "        " << wrap(f.detail, 8) << "\n";
        for (const Evidence &e : f.evidence) {
            QString ev = e.source;
            if (!e.location.isEmpty())
                ev += QStringLiteral(" [") + e.location + QLatin1Char(']');
            if (!e.text.isEmpty())
                ev += QStringLiteral(": ") + e.text;
            s << "        evidence: " << wrap(ev, 18) << "\n";
        }
        for (int i = 0; i < f.fix.size(); ++i)
            s << "        " << (i == 0 ? "fix:      " : "          ") << wrap(f.fix[i], 18) << "\n";
        s << "\n";
    }
    if (d.findings.isEmpty())
        s << "No findings.\n\n";
    if (showInputs) {
        s << "Inputs:\n";
        for (const DiagnosisInput &in : d.inputs) {
            s << "  " << in.path << "\n    " << in.kind;
            if (!in.summary.isEmpty())
                s << ": " << in.summary;
            s << "\n";
            for (const Problem &p : in.problems)
                s << "    problem: " << p.toString() << "\n";
        }
        s << "Devices (" << d.devicesFrom << "):";
        if (d.devices.isEmpty())
            s << " none known — device-dependent checks were skipped (give --target)";
        for (const DeviceInfo &dev : d.devices)
            s << " " << dev.label();
        s << "\n";
        if (!d.runtimeVersion.isEmpty())
            s << "Runtime: " << (d.runtimeBackend == QLatin1String("cuda") ? "CUDA " : "ROCm ")
              << d.runtimeVersion << " (" << d.runtimeVersionFrom << ")\n";
        if (!d.kernels.isEmpty())
            s << "Kernels looked up: " << d.kernels.join(QStringLiteral(", ")) << "\n";
    }
    s << "Summary: " << counts[0] << " error(s), " << counts[1] << " warning(s), " << counts[2]
      << " info\n";
}

int diagnosisExitCode(const Diagnosis &d) {
    if (!d.usageError.isEmpty() || d.inputError)
        return ExitUsage;
    // Nothing could be read (every input empty, unrecognised, not a regular file, ...): the
    // absence of findings says nothing, so not 0 (docs/cli.md "Exit codes").
    const bool noneRead =
        !d.inputs.isEmpty() && std::all_of(d.inputs.cbegin(), d.inputs.cend(), [](const auto &in) {
            return std::any_of(in.problems.cbegin(), in.problems.cend(),
                               [](const Problem &p) { return p.fatal; });
        });
    if (noneRead && !d.hasErrors())
        return ExitUsage;
    return d.hasErrors() ? ExitFindings : ExitOk;
}

int diagnose(const QStringList &args) {
    DiagnoseRequest req;
    bool json = false, pretty = false, probe = false;
    QString remote;
    auto value = [&](qsizetype &i, const QString &name, QString *out) {
        const QString &a = args[i];
        if (a.startsWith(name + QLatin1Char('='))) {
            *out = a.mid(name.size() + 1);
            return true;
        }
        if (a == name) {
            if (i + 1 >= args.size()) {
                err() << "hipdoctor-cli diagnose: " << name << " needs a value\n";
                return false;
            }
            *out = args[++i];
            return true;
        }
        return false;
    };
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        QString v;
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            usage(out());
            return ExitOk;
        } else if (a == QLatin1String("--json") || a == QLatin1String("--pretty")) {
            json = true;
            pretty |= a == QLatin1String("--pretty");
        } else if (a == QLatin1String("--probe")) {
            probe = true;
        } else if (a == QLatin1String("--remote")) {
            if (!value(i, QStringLiteral("--remote"), &remote))
                return ExitUsage;
        } else if (a.startsWith(QLatin1String("--kernel"))) {
            if (!value(i, QStringLiteral("--kernel"), &v))
                return ExitUsage;
            req.kernels << v;
        } else if (a.startsWith(QLatin1String("--target"))) {
            if (!value(i, QStringLiteral("--target"), &v))
                return ExitUsage;
            req.targets << v;
        } else if (a.startsWith(QLatin1String("--env"))) {
            if (!value(i, QStringLiteral("--env"), &v))
                return ExitUsage;
            const qsizetype eq = v.indexOf(QLatin1Char('='));
            if (eq <= 0) {
                err() << "hipdoctor-cli diagnose: --env expects NAME=VALUE, got '" << v << "'\n";
                return ExitUsage;
            }
            req.env.append({v.left(eq), v.mid(eq + 1)});
        } else if (a.startsWith(QLatin1String("--runtime-version"))) {
            if (!value(i, QStringLiteral("--runtime-version"), &v))
                return ExitUsage;
            req.runtimeVersion = v;
        } else if (a.startsWith(QLatin1String("--")) && a.size() > 2) {
            err() << "hipdoctor-cli diagnose: unknown option '" << a << "'\n\n";
            usage(err());
            return ExitUsage;
        } else {
            if (parseRemotePath(a)) { // HOST:/path: the node's file, read through ssh
                QString error;
                const QString copy = localCopyOf(nullptr, a, &error);
                if (copy.isEmpty()) {
                    err() << "hipdoctor-cli diagnose: " << a << ": " << error << "\n";
                    return ExitInternal;
                }
                req.inputs << copy;
            } else {
                req.inputs << a;
            }
        }
    }
    if (req.inputs.isEmpty()) {
        err() << "hipdoctor-cli diagnose: no INPUT given\n\n";
        usage(err());
        return ExitUsage;
    }
    if (probe && req.targets.isEmpty()) {
        ProbeRequest dev;
        dev.kind = ProbeRequest::Kind::Devices;
        const ProbeResult r =
            runProbeOn(remote.isEmpty() ? nullptr : makeRemoteHost(remote), dev, {});
        req.probeRan = r.helloSeen && r.status != QLatin1String("no-runtime");
        if (req.runtimeVersion.isEmpty() && r.hello.backend == QLatin1String("hip"))
            req.runtimeVersion = r.hello.runtimeVersion;
        req.probeDevices = r.devices;
        req.probeLibrary = r.hello.library;
        if (!r.helloSeen)
            err() << "hipdoctor-cli diagnose: the probe gave no answer (" << r.message
                  << "); devices stay unknown\n";
    }

    const Diagnosis d = hd::diagnose(req);
    if (!d.usageError.isEmpty()) {
        err() << "hipdoctor-cli diagnose: " << d.usageError << "\n";
        if (!json)
            return ExitUsage;
    }
    if (json)
        printJson(d.toJson(), pretty);
    else
        printDiagnosis(out(), d);
    for (const DiagnosisInput &in : d.inputs)
        for (const Problem &p : in.problems)
            if (p.fatal)
                err() << "hipdoctor-cli diagnose: " << p.toString() << "\n";
    return diagnosisExitCode(d);
}

} // namespace hd::cli
