// Reports: the Markdown against a golden file, its GitHub-issue structure, redaction (on by
// default, listed, switchable), and the self-contained HTML with and without a chart renderer.
#include "common/format.h"
#include "common/shell.h"
#include "model/finding_catalog.h"
#include "report/report.h"
#include "sample_session.h"
#include "session/make_session.h"
#include "testpaths.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace hd;

namespace {
QString golden(const QString &name) {
    return hdtest::sourceDir() + QStringLiteral("/tests/report/golden/") + name;
}

// Every code fence is closed and every <details> too (what GitHub needs to render the rest).
void checkBalanced(const QString &md) {
    QCOMPARE(md.count(QLatin1String("<details>")), md.count(QLatin1String("</details>")));
    QString open;
    for (const QString &l : md.split(QLatin1Char('\n'))) {
        const QString t = l.trimmed();
        if (open.isEmpty()) {
            static const QRegularExpression fence(QStringLiteral("^(`{3,})"));
            const auto m = fence.match(t);
            if (m.hasMatch())
                open = m.captured(1);
        } else if (t == open) {
            open.clear();
        }
    }
    QVERIFY2(open.isEmpty(), "a code fence is never closed");
}

// A session with many checks and long logs: a CI job at AMD_LOG_LEVEL=4.
Session bigSession(int checks, int lines) {
    Session s = hdtest::sampleSession();
    StepRecord st;
    st.step = 3;
    st.title = QStringLiteral("Back to the project");
    st.status = CheckStatus::Fail;
    for (int c = 0; c < checks; ++c) {
        CheckRecord r;
        r.id = QStringLiteral("run-%1").arg(c);
        r.title = QStringLiteral("run %1").arg(c);
        r.status = CheckStatus::Fail;
        r.command = {QStringLiteral("python3"), QStringLiteral("train.py"),
                     QStringLiteral("--seed=%1").arg(c)};
        QString log;
        for (int i = 0; i < lines; ++i)
            log += QStringLiteral(":3:rocdevice.cpp :416 : %1 us: [tid:0x7f23] line %2 of a "
                                  "long runtime log that explains nothing in particular\n")
                       .arg(950176413 + i)
                       .arg(i);
        r.stderrText = log;
        st.checks << r;
    }
    s.steps << st;
    return s;
}

// Emoji (and the variation selector that makes a character one) need an emoji font.
bool hasEmoji(const QString &s) {
    for (qsizetype i = 0; i < s.size(); ++i) {
        const char32_t c = s[i].isHighSurrogate() && i + 1 < s.size()
                               ? QChar::surrogateToUcs4(s[i], s[i + 1])
                               : s[i].unicode();
        if ((c >= 0x2600 && c <= 0x27BF) || c >= 0x1F000 || c == 0xFE0F || c == 0x23ED ||
            c == 0x23F9 || c == 0x2139)
            return true;
    }
    return false;
}

} // namespace

class TestReport : public QObject {
    Q_OBJECT
private slots:
    // Regenerate with HIPDOCTOR_UPDATE_GOLDEN=1 after an intended change, and review the diff.
    void markdownMatchesGolden() {
        const QString md = markdownReport(hdtest::sampleSession());
        const QString path = golden(QStringLiteral("sample-session.md"));
        if (qEnvironmentVariableIsSet("HIPDOCTOR_UPDATE_GOLDEN")) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(md.toUtf8());
        }
        QFile f(path);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
        const QString expected = QString::fromUtf8(f.readAll());
        if (md != expected) {
            const QStringList a = md.split(QLatin1Char('\n')),
                              b = expected.split(QLatin1Char('\n'));
            for (qsizetype i = 0; i < std::max(a.size(), b.size()); ++i)
                if (a.value(i) != b.value(i))
                    QFAIL(qPrintable(QStringLiteral("line %1 differs:\n got: %2\nwant: %3")
                                         .arg(i + 1)
                                         .arg(a.value(i), b.value(i))));
        }
    }

    // Issue 41: home folders read "~" and the host names "<host>" by default, in Markdown and
    // HTML; ReportOptions::keepPlaces keeps them (the control).
    void placesLeftOutByDefault() {
        Session s = hdtest::sampleSession();
        s.host = QStringLiteral("gpu-node17");
        s.steps[0].checks[0].env.insert(QStringLiteral("HOME"), QStringLiteral("/srv/alice"));
        s.steps[0].checks[0].command << QStringLiteral("/srv/alice/proj/a.co");
        Finding f = makeFinding(QStringLiteral("symbol.mangled-name"),
                                QStringLiteral("vecAdd is mangled in /home/bob/b.co on gpu-node17"),
                                QStringLiteral("/home/bob/b.co, /srv/alice2/c.co"));
        s.findings << f;
        for (const bool html : {false, true}) {
            const QString r = html ? htmlReport(s) : markdownReport(s);
            for (const char *gone : {"/srv/alice/", "/home/bob", "gpu-node17", "/home/u/"})
                QVERIFY2(!r.contains(QLatin1String(gone)), gone);
            QVERIFY(r.contains(QLatin1String("~/proj/a.co")));
            QVERIFY(r.contains(QLatin1String("~/b.co")));
            QVERIFY(r.contains(QLatin1String("/srv/alice2/c.co"))); // another folder
            QVERIFY(r.contains(html ? QLatin1String("&lt;host&gt;") : QLatin1String("\\<host>")));
            QVERIFY(r.contains(QLatin1String("Home folders are shown as ~")));
            ReportOptions keep;
            keep.keepPlaces = true;
            const QString kept = html ? htmlReport(s, keep) : markdownReport(s, keep);
            QVERIFY(kept.contains(QLatin1String("/srv/alice/proj/a.co")));
            QVERIFY(kept.contains(QLatin1String("gpu-node17")));
            QVERIFY(!kept.contains(QLatin1String("Home folders are shown as ~")));
        }
    }

    // Issue 41: no HTML entities to read in Markdown: "&&", "2>&1", "a < b" and "->" stay as
    // typed; a '<' that would open a tag is backslash-escaped (CommonMark), not "&lt;".
    void markdownWithoutEntities() {
        Session s = hdtest::sampleSession();
        Finding f = makeFinding(QStringLiteral("arch.no-compatible-code-object"),
                                QStringLiteral("No code for gfx1031 -> rebuild"),
                                QStringLiteral("a < b && c"));
        f.fix << QStringLiteral("Pass --offload-arch=<gfx...> explicitly: make 2>&1 | tee x && "
                                "echo &amp; done");
        s.findings << f;
        const QString md = markdownReport(s);
        // In the finding's prose (the <summary> lines are HTML, where entities belong).
        int lines = 0;
        for (const QString &line : md.split(QLatin1Char('\n'))) {
            if (!line.contains(QLatin1String("gfx1031")) &&
                !line.contains(QLatin1String("a < b")) &&
                !line.contains(QLatin1String("offload-arch=")))
                continue;
            if (line.contains(QLatin1String("<summary>")))
                continue;
            ++lines;
            for (const char *entity : {"&lt;", "&gt;", "&amp;lt", "&#"})
                QVERIFY2(!line.contains(QLatin1String(entity)), qPrintable(line));
        }
        QVERIFY(lines >= 3);
        QVERIFY(md.contains(QLatin1String("--offload-arch=\\<gfx...> explicitly: make 2>&1 | "
                                          "tee x && echo \\&amp; done")));
        QVERIFY(md.contains(QLatin1String("No code for gfx1031 -> rebuild")));
        QVERIFY(md.contains(QLatin1String("a < b && c")));
    }

    // Issue 41: the environment profile as the steps ran with it (their records), not the
    // panel's value now; a variant's own switch is not part of it. Without steps: the profile.
    void environmentAsTheStepsRan() {
        Session s = hdtest::sampleSession();
        s.env = {};
        s.env.set(QStringLiteral("AMD_LOG_LEVEL"), QStringLiteral("1")); // changed since
        const QString md = markdownReport(s);
        const QString section = md.section(QStringLiteral("Environment profile"), 1, 1)
                                    .section(QStringLiteral("\n## "), 0, 0);
        QVERIFY2(section.contains(QLatin1String("As the steps ran with it")), qPrintable(section));
        QVERIFY2(section.contains(QLatin1String("| `AMD_LOG_LEVEL` | `4` |")), qPrintable(section));
        QVERIFY2(!section.contains(QLatin1String("`1`")), qPrintable(section));
        QVERIFY2(!section.contains(QLatin1String("USE_TRITON")), qPrintable(section));
        QVERIFY(htmlReport(s).contains(
            QLatin1String("<td><code>AMD_LOG_LEVEL</code></td><td><code>4</code>")));
        s.steps.clear(); // the control: nothing ran, the profile is what there is
        const QString none = markdownReport(s).section(QStringLiteral("Environment profile"), 1, 1);
        QVERIFY(none.contains(QLatin1String("| `AMD_LOG_LEVEL` | `1` |")));
    }

    // Issue 41: a run without a command line (the app's) has each step's whole command in the
    // session and at the report's top.
    void everyStepHasItsCommand() {
        VerifyOptions o;
        o.step1.target = QStringLiteral("gfx90a");
        o.step2.mode = Step2Options::Mode::Artifact;
        o.step2.file = QStringLiteral("/work/proj/my kernels.co");
        o.step2.kernel = QStringLiteral("vecAdd");
        o.step3.argv = {QStringLiteral("python3"), QStringLiteral("train.py"),
                        QStringLiteral("--epochs"), QStringLiteral("1")};
        o.step3.switchEnv = QStringLiteral("USE_TRITON=0");
        o.env.set(QStringLiteral("AMD_LOG_LEVEL"), QStringLiteral("4"));
        VerifyResult r;
        for (int n : {1, 2, 3}) {
            StepRecord st;
            st.step = n;
            st.status = CheckStatus::Fail;
            r.steps << st;
        }
        const Session s = sessionFromResult(o, r);
        QCOMPARE(s.steps[0].rerun, QStringLiteral("hipdoctor-cli verify --step 1 --env "
                                                  "AMD_LOG_LEVEL=4 --target gfx90a"));
        QCOMPARE(s.steps[1].rerun,
                 QStringLiteral("hipdoctor-cli verify --step 2 --env AMD_LOG_LEVEL=4 --target "
                                "gfx90a --artifact '/work/proj/my kernels.co' --kernel vecAdd"));
        QCOMPARE(s.steps[2].rerun,
                 QStringLiteral("hipdoctor-cli verify --step 3 --env AMD_LOG_LEVEL=4 --target "
                                "gfx90a --run python3 train.py --epochs 1 -- --switch "
                                "USE_TRITON=0"));
        QVERIFY(markdownReport(s).contains(QLatin1String("**Run it again:**")));
    }

    // Issue 41: a runtime's coloured log lines reach the reports as words, without the
    // terminal's escape sequences, in Markdown and HTML alike.
    void terminalEscapesStripped() {
        Session s = hdtest::sampleSession();
        const QString esc1 = QStringLiteral("\x1b[31m:1:hip_code_object.cpp:616 : 0123 us: "
                                            "hipErrorNoBinaryForGpu\x1b[0m");
        s.steps.first().checks.first().stderrText = esc1 + QLatin1Char('\n');
        s.findings.first().evidence.append({QStringLiteral("log"), QStringLiteral("line 3"), esc1});
        for (const QString &out : {markdownReport(s), htmlReport(s)}) {
            QVERIFY(!out.contains(QChar(0x1b)));
            QVERIFY(!out.contains(QLatin1String("[31m")));
            QVERIFY(out.contains(QLatin1String("hip_code_object.cpp:616")));
        }
        QCOMPARE(withoutTerminalEscapes(QStringLiteral("\x1b]0;title\x07"
                                                       "a\x1b[1;32mb\x1b[0m")),
                 QStringLiteral("ab"));
    }

    void markdownStructure() {
        const QString md = markdownReport(hdtest::sampleSession());
        // Summary and findings come before any command or log.
        // The case verdict first, then the steps' verdict.
        const qsizetype answer = md.indexOf(QLatin1String("**Answer:**"));
        const qsizetype verdict = md.indexOf(QLatin1String("**The steps:**"));
        QVERIFY(answer >= 0 && verdict > answer);
        const qsizetype findings = md.indexOf(QLatin1String("## Findings"));
        // (The first <details> of all is the full system inventory, under "## System".)
        const qsizetype firstDetails = md.indexOf(QLatin1String("<details>"), findings);
        const qsizetype firstCommand = md.indexOf(QLatin1String("**Command**"));
        QVERIFY(verdict >= 0 && findings > verdict);
        QVERIFY(firstDetails > findings);
        QVERIFY(firstCommand > firstDetails);
        QVERIFY(md.contains(QLatin1String("`context.triton-state`")));
        QVERIFY(md.contains(QLatin1String("## Timings")));
        QVERIFY(md.contains(QLatin1String("| Step | Check | Status | Duration | Cached |")));
        // Every <details> is closed, and GitHub needs a blank line after </summary>.
        QCOMPARE(md.count(QLatin1String("<details>")), md.count(QLatin1String("</details>")));
        QVERIFY(!md.contains(QRegularExpression(QStringLiteral("</summary>\n[^\n]"))));
        // A log holding ``` cannot close its fence early: it gets a longer fence.
        QVERIFY(md.contains(QLatin1String("````text\nTraceback")));
        // Commands are shell-quoted so they can be pasted back.
        QVERIFY(md.contains(QLatin1String("python3 train.py")));
        QVERIFY(md.contains(QLatin1String("--name 'a b'")));
        // Fences balance: every code block is closed.
        const QStringList lines = md.split(QLatin1Char('\n'));
        QString open;
        for (const QString &l : lines) {
            const QString t = l.trimmed();
            if (open.isEmpty()) {
                static const QRegularExpression fence(QStringLiteral("^(`{3,})"));
                const auto m = fence.match(t);
                if (m.hasMatch())
                    open = m.captured(1);
            } else if (t == open) {
                open.clear();
            }
        }
        QVERIFY2(open.isEmpty(), "a code fence is never closed");
    }

    void redactionByDefault() {
        const Session s = hdtest::sampleSession();
        const QString md = markdownReport(s);
        const QString html = htmlReport(s);
        for (const QString &out : {md, html}) {
            QVERIFY(
                !out.contains(QLatin1String("hf_abcdef123456"))); // HF_TOKEN's value, everywhere
            QVERIFY(!out.contains(QLatin1String("s3cr3tpass")));  // URL credentials
            QVERIFY(!out.contains(QLatin1String("alice:")));
            QVERIFY(!out.contains(QLatin1String("sk-live-999"))); // --api-key=
            QVERIFY(out.contains(QLatin1String("https://[redacted]@example.com/model.bin")));
            QVERIFY(out.contains(QLatin1String("Redactions")));
        }
        QVERIFY(md.contains(QStringLiteral("- env HF_TOKEN — ")));
        QVERIFY(md.contains(QStringLiteral("URL credentials — ")));
        QVERIFY(md.contains(QStringLiteral("secret option or assignment — ")));
        // Ordinary values are left alone.
        QVERIFY(md.contains(QLatin1String("`AMD_LOG_LEVEL=4`")));
    }

    void redactionOff() {
        ReportOptions o;
        o.redact = false;
        const QString md = markdownReport(hdtest::sampleSession(), o);
        QVERIFY(md.contains(QLatin1String("hf_abcdef123456")));
        QVERIFY(md.contains(QLatin1String("s3cr3tpass")));
        QVERIFY(md.contains(QLatin1String("Redaction was turned off")));
    }

    void redactText_data() {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::addColumn<int>("count");
        QTest::newRow("url") << "git clone https://bob:pw@github.com/x.git"
                             << "git clone https://[redacted]@github.com/x.git" << 1;
        QTest::newRow("token url") << "https://ghp_token123@github.com/x"
                                   << "https://[redacted]@github.com/x" << 1;
        QTest::newRow("plain url") << "see https://github.com/x/y"
                                   << "see https://github.com/x/y" << 0;
        QTest::newRow("option") << "--password=hunter22 --x"
                                << "--password=[redacted] --x" << 1;
        QTest::newRow("option space") << "--auth-token abc.def"
                                      << "--auth-token [redacted]" << 1;
        QTest::newRow("assignment") << "export AWS_SECRET_ACCESS_KEY=AKIA999 && run"
                                    << "export AWS_SECRET_ACCESS_KEY=[redacted] && run" << 1;
        QTest::newRow("known value") << "key is topsecretvalue."
                                     << "key is [redacted]." << 1;
        QTest::newRow("monkey business") << "HIP_VISIBLE_DEVICES=0"
                                         << "HIP_VISIBLE_DEVICES=0" << 0;
    }
    void redactText() {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QFETCH(int, count);
        int n = -1;
        QCOMPARE(hd::redactText(in, {QStringLiteral("topsecretvalue")}, &n), out);
        QCOMPARE(n, count);
    }

    void secretNames_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("secret");
        QTest::newRow("GITHUB_TOKEN") << "GITHUB_TOKEN" << true;
        QTest::newRow("hf_token") << "hf_token" << true;
        QTest::newRow("DB_PASSWORD") << "DB_PASSWORD" << true;
        QTest::newRow("AWS_SECRET_ACCESS_KEY") << "AWS_SECRET_ACCESS_KEY" << true;
        QTest::newRow("OPENAI_API_KEY") << "OPENAI_API_KEY" << true;
        QTest::newRow("AMD_LOG_LEVEL") << "AMD_LOG_LEVEL" << false;
        QTest::newRow("PATH") << "PATH" << false;
    }
    void secretNames() {
        QFETCH(QString, name);
        QFETCH(bool, secret);
        QCOMPARE(isSecretEnvName(name), secret);
    }

    // The maintainers' first questions come first: the inventory right after the verdict.
    void inventoryOnTop() {
        const Session s = hdtest::sampleSession();
        const QString md = markdownReport(s);
        const QString html = htmlReport(s);
        QVERIFY(md.indexOf(QLatin1String("## System")) > md.indexOf(QLatin1String("**Verdict:**")));
        QVERIFY(md.indexOf(QLatin1String("## System")) < md.indexOf(QLatin1String("## Findings")));
        QVERIFY(html.indexOf(QLatin1String("<h2>System</h2>")) <
                html.indexOf(QLatin1String("<h2>Findings</h2>")));
        for (const QString &out : {md, html}) {
            // The sample's device is a typed target: asked about, never shown as detected.
            QVERIFY(out.contains(QStringLiteral("GPU asked about (typed, not detected)")));
            QVERIFY(out.contains(QStringLiteral("the runtime reported no device")));
            QVERIFY(
                !out.contains(QStringLiteral("#0 gfx90a:sramecc+:xnack- — AMD Instinct MI210")));
            QVERIFY(out.contains(QLatin1String("Ubuntu 22.04.4 LTS, Linux 6.5.0-35-generic, "
                                               "x86_64, glibc 2.35")));
            QVERIFY(out.contains(QLatin1String("amdgpu: 6.7.0")));
            QVERIFY(out.contains(QLatin1String(
                "torch.cuda.get_arch_list(): gfx900 gfx906 gfx908 gfx90a gfx1030 gfx1100 gfx942")));
            QVERIFY(out.contains(QLatin1String("hipcc: HIP version: 6.1.40091")));
            QVERIFY(out.contains(QStringLiteral("… and 2 more (full inventory below)")));
            QVERIFY(out.contains(QLatin1String("HIP_VISIBLE_DEVICES=0")));
            QVERIFY(out.contains(QLatin1String("Full system inventory (30 facts")));
            QVERIFY(out.contains(QLatin1String("HSA_STATUS_ERROR_OUT_OF_RESOURCES")));
            // Secrets of the inventory's environment are redacted like the rest.
            QVERIFY(!out.contains(QLatin1String("hf_abcdef123456")));
            QVERIFY(out.contains(QLatin1String("HF_TOKEN=[redacted]")));
        }
        // No access to /dev/kfd is flagged in the summary.
        QVERIFY(md.contains(QStringLiteral("| **Device access** | ⚠️ /dev/kfd: crw-rw---- "
                                           "root:render, this user: no access")));
        QVERIFY(html.contains(QLatin1String("<th>Device access</th><td><span class=\"badge "
                                            "warn\">")));
        // A session without an inventory says how to get one.
        Session none = s;
        none.inventory = {};
        QVERIFY(markdownReport(none).contains(QLatin1String("`hipdoctor-cli sysinfo` prints it")));
        QVERIFY(htmlReport(none).contains(QLatin1String("<code>hipdoctor-cli sysinfo</code>")));
    }

    void evidenceReads() {
        const Session s = hdtest::sampleSession();
        const QString md = markdownReport(s);
        const QString html = htmlReport(s);
        // -### lines are folded at argument boundaries, each argument whole.
        QVERIFY(md.contains(QLatin1String("(1 long line folded at argument boundaries")));
        QVERIFY(html.contains(QLatin1String("1 long line folded at argument boundaries")));
        QVERIFY(!md.contains(QLatin1String("\"-target-cpu\" \\\n")) ||
                md.contains(QLatin1String("\"-target-cpu\" \\\n     \"gfx90a\"")));
        for (const QString &l : md.split(QLatin1Char('\n')))
            if (l.startsWith(QLatin1String(" \"/usr/lib/llvm-15/bin/clang\"")) ||
                l.startsWith(QLatin1String("     \"")))
                QVERIFY2(l.size() <= 112, qPrintable(l));
        QVERIFY(md.contains(QLatin1String(" \"/usr/lib/llvm-15/bin/clang\" \"-cc1\" ")));
        QVERIFY(md.contains(QLatin1String("\"/src/kernels/vector_add_main.hip\"\n")));
        // The probe's JSON lines are collapsed.
        QVERIFY(md.contains(QLatin1String(
            "<details>\n<summary>stdout: raw probe output (3 JSON lines)</summary>\n\n```json\n")));
        QVERIFY(html.contains(QLatin1String(
            "<details class=\"raw\"><summary>stdout: raw probe output (3 JSON lines)")));
        // A passing check with an error line in its output is flagged; the failing one with
        // its traceback is not (its status says it).
        QCOMPARE(md.count(QLatin1String("**Passed, but its output holds an error line:**")), 1);
        QVERIFY(md.contains(QLatin1String("**Passed, but its output holds an error line:** "
                                          "`error: kernel cache at ~/.triton is not "
                                          "writable`")));
        QVERIFY(
            md.contains(QStringLiteral("✅ ⚠️ error line in output <b>without-triton</b>")));
        QCOMPARE(html.count(QLatin1String("Passed, but its output holds an error line")), 1);
        // A traceback is named by its exception (what hipcc --version prints on a machine
        // without /sys/class/kfd, through rocm_agent_enumerator).
        Session tb = s;
        tb.steps[0].checks[0].stdoutText = QStringLiteral(
            "HIP version: 5.2.21153-0\nTraceback (most recent call last):\n"
            "  File \"/usr/bin/rocm_agent_enumerator\", line 257, in <module>\n    main()\n"
            "FileNotFoundError: [Errno 2] No such file or directory: "
            "'/sys/class/kfd/kfd/topology/nodes/'\n");
        QVERIFY(markdownReport(tb).contains(
            QStringLiteral("error line:** `Traceback … FileNotFoundError: [Errno 2] No such file "
                           "or directory: '/sys/class/kfd/kfd/topology/nodes/'`")));
        // Long commands are folded into shell continuation lines (still one shell command).
        Session longCmd = s;
        CheckRecord &c = longCmd.steps[0].checks[0];
        for (int i = 0; i < 30; ++i)
            c.command << QStringLiteral("-I/opt/rocm/include/dir%1").arg(i);
        c.command << QStringLiteral("it's");
        const QString folded = markdownReport(longCmd);
        const qsizetype at = folded.indexOf(QLatin1String("```sh\n/usr/bin/hipcc"));
        QVERIFY(at > 0);
        const QString block =
            folded.mid(at + 6, folded.indexOf(QLatin1String("\n```"), at + 6) - at - 6);
        QVERIFY(block.count(QLatin1Char('\n')) >= 3);
        QStringList joined;
        for (QString l : block.split(QLatin1Char('\n'))) {
            QVERIFY2(l.size() <= 112, qPrintable(l));
            if (l.endsWith(QLatin1String(" \\")))
                l.chop(2);
            joined << l.trimmed();
        }
        QCOMPARE(shellSplit(joined.join(QLatin1Char(' '))), c.command);
    }

    void htmlWithoutEmojiAndWithCodeSpans() {
        Session s = hdtest::sampleSession();
        s.findings[0].title = QStringLiteral("Set `USE_TRITON=0` <b>now</b>");
        const QString html = htmlReport(s);
        QVERIFY(!hasEmoji(html));
        QVERIFY(hasEmoji(markdownReport(s))); // GitHub renders them in the Markdown
        QVERIFY(
            html.contains(QLatin1String("Set <code>USE_TRITON=0</code> &lt;b&gt;now&lt;/b&gt;")));
        // Outside <pre> blocks (logs shown as they are), no backtick is left.
        static const QRegularExpression pre(QStringLiteral("<pre>.*?</pre>"),
                                            QRegularExpression::DotMatchesEverythingOption);
        QString prose = html;
        prose.remove(pre);
        QVERIFY2(!prose.contains(QLatin1Char('`')),
                 qPrintable(
                     prose.mid(std::max<qsizetype>(0, prose.indexOf(QLatin1Char('`')) - 80), 160)));
        QVERIFY(html.contains(QLatin1String("<span class=\"badge pass\">pass</span>")));
    }

    // A finding with another severity than its id's shows why, in both reports, escaped and
    // capped like its other fields (docs/findings.md, "Severity"); one with its catalog
    // severity shows no such line.
    void severityReasonShown() {
        Session s = hdtest::sampleSession();
        QVERIFY(!markdownReport(s).contains(QLatin1String("Severity: ")));
        QVERIFY(!htmlReport(s).contains(QLatin1String("Severity: ")));
        Finding f = makeFinding(
            QStringLiteral("bundle.compressed"),
            SeverityChange(Severity::Warning, Text(QStringLiteral("the runtime version is not "
                                                                  "known <b>`x`</b>"))),
            QStringLiteral("a.co holds a compressed offload bundle"));
        s.findings << f;
        QString md = markdownReport(s);
        QVERIFY2(
            md.contains(QStringLiteral("*Severity: warning — the runtime version is not known")),
            qPrintable(md));
        const QString html = htmlReport(s);
        QVERIFY2(
            html.contains(QStringLiteral("<p><i>Severity: warning — the runtime version is not "
                                         "known &lt;b&gt;<code>x</code>&lt;/b&gt;</i></p>")),
            qPrintable(html));
        // A reason as long as a log is cut like the other fields.
        s.findings.last().severityReason = Text(QString(200000, QLatin1Char('r')));
        const QString cut = htmlReport(s);
        QVERIFY(!cut.contains(QString(70000, QLatin1Char('r'))));
        QVERIFY(cut.contains(QString(1000, QLatin1Char('r'))));
    }

    // GitHub refuses a body over 65,536 characters: logs are shortened, and when that is not
    // enough, sections cut; the note says so and names the full report.
    void markdownFitsGitHub_data() {
        QTest::addColumn<int>("checks");
        QTest::addColumn<int>("lines");
        QTest::addColumn<QString>("how");
        QTest::newRow("fits") << 0 << 0 << QString();
        QTest::newRow("long logs") << 12 << 400 << QStringLiteral("each log shows its last");
        QTest::newRow("many checks") << 400 << 50 << QStringLiteral("are cut");
    }
    void markdownFitsGitHub() {
        QFETCH(int, checks);
        QFETCH(int, lines);
        QFETCH(QString, how);
        const Session s = checks ? bigSession(checks, lines) : hdtest::sampleSession();
        const MarkdownForIssue md = markdownForIssue(s, {}, QStringLiteral("report.full.md"));
        QVERIFY(md.text.size() <= kGitHubBodyLimit);
        checkBalanced(md.text);
        if (how.isEmpty()) {
            QVERIFY(!md.trimmed);
            QCOMPARE(md.text, markdownReport(s));
            return;
        }
        QVERIFY(md.trimmed);
        QCOMPARE(md.full, markdownReport(s));
        QVERIFY(md.full.size() > kGitHubBodyLimit);
        QVERIFY(md.text.startsWith(QLatin1String(
            "# hipdoctor verification report\n\n> **Trimmed to fit GitHub's 65536-character "
            "limit**")));
        QVERIFY(md.text.contains(how));
        QVERIFY(md.text.contains(QLatin1String("**report.full.md**: attach it to the issue")));
        // What matters most survives: the answer, the verdict, the system and the findings.
        QVERIFY(md.text.contains(QLatin1String("**Answer:**")));
        QVERIFY(md.text.contains(QLatin1String("**The steps:**")));
        QVERIFY(md.text.contains(QLatin1String("## System")));
        QVERIFY(md.text.contains(QLatin1String("## Findings")));
        QCOMPARE(fullReportPath(QStringLiteral("/x/report.md")),
                 QStringLiteral("/x/report.full.md"));
        QCOMPARE(fullReportPath(QStringLiteral("out.txt")), QStringLiteral("out.txt.full.md"));
    }

    void htmlWithCharts() {
        // A real 1x1 PNG, standing in for the QCustomPlot renderer of the desktop build.
        static const QByteArray png =
            QByteArray::fromBase64("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+"
                                   "M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==");
        QList<ChartSpec> asked;
        ReportOptions o;
        o.chartRenderer = [&](const ChartSpec &c, QSize size) {
            asked << c;
            return size.isValid() ? png : QByteArray();
        };
        const QString html = htmlReport(hdtest::sampleSession(), o);
        QVERIFY(html.startsWith(QLatin1String("<!DOCTYPE html>")));
        QVERIFY(html.contains(QLatin1String("<style>")));
        QCOMPARE(html.count(QLatin1String("<img class=\"chart\"")), asked.size());
        QVERIFY(html.contains(QLatin1String("src=\"data:image/png;base64,") +
                              QString::fromLatin1(png.toBase64())));
        // Self-contained: nothing is fetched from elsewhere.
        QVERIFY(!html.contains(QLatin1String("<link")));
        QVERIFY(!html.contains(QLatin1String("<script")));
        QVERIFY(!html.contains(QRegularExpression(QStringLiteral("src=\"(?!data:)"))));
        // The charts asked for: a timeline, phase bars and the launch-latency histogram.
        QStringList kinds;
        for (const ChartSpec &c : asked)
            kinds << chartKindName(c.kind);
        QCOMPARE(kinds, (QStringList{QStringLiteral("timeline"), QStringLiteral("bars"),
                                     QStringLiteral("histogram")}));
        QCOMPARE(asked[2].series[0].values.size(), 5);
        QCOMPARE(asked[1].categories,
                 (QStringList{QStringLiteral("runtime-init"), QStringLiteral("module-load"),
                              QStringLiteral("launch")}));
        QCOMPARE(asked[1].series.size(), 2); // step 1 probe-launch vs step 2 probe-load
    }

    void htmlWithoutRendererFallsBackToTables() {
        const QString html = htmlReport(hdtest::sampleSession());
        QVERIFY(!html.contains(QLatin1String("<img")));
        QVERIFY(html.contains(QLatin1String("<h2>Timings</h2>")));
        QVERIFY(html.contains(QLatin1String("<td>probe-launch</td>")));
        QVERIFY(html.contains(QLatin1String("Charts need the chart renderer")));
        // Logs are escaped, not interpreted.
        QVERIFY(html.contains(QLatin1String("File &quot;train.py&quot;")));
    }
};

QTEST_GUILESS_MAIN(TestReport)
#include "tst_report.moc"
