// The events of the runtimes and math libraries (text_events_p.h): results by name, number
// or message through the one runtime-error table, AMD_LOG_LEVEL lines with the AMD log
// parser's reading of each, and the producer catalogues' messages (producer_catalog.h).

#include "text_events_p.h"

#include "diagnosis/producer_catalog.h"
#include "logs/amd_log.h"
#include "model/runtime_errors.h"

#include <QDir>
#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

namespace hd::detail::ev {

// What a runtime result line says: the status name, the API it belongs to, the function that
// returned it, its number and its row of the runtime-error table.
struct RuntimeStatus {
    QString name, api, fn;
    int code = -1;
    const RuntimeErrorMeaning *meaning = nullptr;
};

// A status named on line i: a message of the runtime-error table (also wrapped onto the next
// line), a status name, or "code=N (name)".
void namedStatus(Reader &r, int i, RuntimeStatus &s) {
    const QString &t = r.at(i)->trimmed;
    static const QRegularExpression codeParen(
        QStringLiteral(R"(\bcode\s*[=:]\s*(\d{1,5})\s*\(\s*(\w+)\s*\))"));
    static const QRegularExpression anyName(QStringLiteral(
        R"(\b(hipError[A-Za-z]+|CUDA_ERROR_[A-Z_]+|cudaError[A-Za-z]+|HSA_STATUS_ERROR_[A-Z_]+|HIPBLAS_STATUS_[A-Z_]+|CUBLAS_STATUS_[A-Z_]+|rocblas_status_[a-z_]+|miopenStatus[A-Za-z]+)\b)"));
    QString matched;
    const RuntimeErrorMeaning *inText = runtimeErrorMeaningInText(t, &matched);
    if (!inText && (t.endsWith(QLatin1String(" for")) || t.endsWith(QLatin1String(" on")) ||
                    t.endsWith(QLatin1String(" is")) || t.endsWith(QLatin1String(" the")) ||
                    t.endsWith(QLatin1String(" available")) || t.endsWith(QLatin1String(" not")))) {
        // A message wrapped onto the next line ("no kernel image is available for\nexecution").
        if (const PreparedLine *n = r.at(i + 1))
            inText = runtimeErrorMeaningInText(t + QLatin1Char(' ') + n->trimmed, &matched);
    }
    if (const RuntimeErrorMeaning *m = inText) {
        s.meaning = m;
        s.name = matched;
        s.api = runtimeStatusApi(matched);
        s.code = m->code;
    }
    if (!s.meaning) {
        if (const auto n = anyName.match(t); n.hasMatch()) {
            s.name = n.captured(1);
            s.api = runtimeStatusApi(s.name);
        }
    }
    if (const auto c = codeParen.match(t); c.hasMatch() && s.name.isEmpty()) {
        s.name = c.captured(2);
        s.code = c.captured(1).toInt();
        s.api = runtimeStatusApi(s.name);
    }
}

// A status given by its number only: a call that returned it, an assertion that it is 0, "HIP
// error 98". False when the line shows none, or a number that is no error of the API (a
// count, success).
bool numberedStatus(const QString &t, const QString &platform, RuntimeStatus &s) {
    static const QRegularExpression callReturned(QStringLiteral(
        R"(\b((?:hip|cu|cuda|hsa_|rocblas_|hipblas|miopen|cublas)[A-Za-z_]\w*)\s*(?:\([^()]*(?:\([^()]*\)[^()]*)*\))?\s*(?:(?:returned|returns|failed with|failed:|failed|error|=|->|:)\s*(?:error\s*)?(?:code\s*)?(?:[:=]\s*)?)(-?\d{1,5})\b(?!\.\d|\s*(?:MiB|MB|GB|KB|bytes|%)))"));
    static const QRegularExpression assertZero(QStringLiteral(
        R"(\(\s*(\d{1,4})\s*==\s*0\s*\)|\b(?:Check failed|Assertion)\b[^\n]*?\b(\d{1,4}) == 0\b)"));
    static const QRegularExpression errorNumber(QStringLiteral(
        R"(\b(HIP|CUDA|Hip|Cuda|hip|cuda|HSA|hsa|CUDA Runtime|CUDA driver)(?: runtime| driver| API| Runtime API)?\s+(?:error|Error|ERROR|failure|status)(?:\s+code)?\s*[:=#(]?\s*(-?\d{1,5})\b)"));
    if (const auto c = callReturned.match(t); c.hasMatch()) {
        s.fn = c.captured(1);
        s.api = apiOfFunction(s.fn);
        s.code = c.captured(2).toInt();
        // Shapes like "hipGetDeviceCount: 2" print a count, not an error: only codes the
        // API knows as errors count, and 0 is success.
        s.name = runtimeStatusName(s.api, s.code);
        if (s.name.isEmpty() && s.code != 0)
            return false;
    } else if (const auto z = assertZero.match(t); z.hasMatch()) {
        s.code = (z.captured(1).isEmpty() ? z.captured(2) : z.captured(1)).toInt();
        s.api = platform;
        s.name = runtimeStatusName(s.api, s.code);
        if (s.name.isEmpty() || s.code == 0)
            return false;
    } else if (const auto e = errorNumber.match(t); e.hasMatch()) {
        const QString who = e.captured(1).toLower();
        s.api = who.startsWith(QLatin1String("hip"))    ? QStringLiteral("hip")
                : who.startsWith(QLatin1String("hsa"))  ? QStringLiteral("hsa")
                : who.contains(QLatin1String("driver")) ? QStringLiteral("cuda-driver")
                                                        : QStringLiteral("cuda-runtime");
        s.code = e.captured(2).toInt();
        s.name = runtimeStatusName(s.api, s.code);
        if (s.name.isEmpty())
            return false;
    } else {
        return false;
    }
    s.meaning = runtimeErrorMeaningByName(s.name);
    return true;
}

// The event of a runtime result at line i; success places nothing.
void addRuntimeEvent(Reader &r, int i, const QString &platform, const RuntimeStatus &s) {
    const bool success = s.name == QLatin1String("hipSuccess") ||
                         s.name == QLatin1String("cudaSuccess") ||
                         s.name == QLatin1String("CUDA_SUCCESS") || s.code == 0;
    QString producer = s.api.isEmpty() ? platform : s.api;
    TextEvent &e = r.add(EventKind::RuntimeResult, producer,
                         success ? std::nullopt : std::optional<TextLayer>(TextLayer::Runtime), i,
                         i, !success, r.at(i)->trimmed);
    e.fields.insert(QStringLiteral("name"), s.name);
    if (s.code >= 0)
        e.fields.insert(QStringLiteral("code"), QString::number(s.code));
    if (!s.fn.isEmpty())
        e.fields.insert(QStringLiteral("api"), s.fn);
    // A lookup of a device variable, named on the line or in the lines around it.
    static const QRegularExpression variableApi(QStringLiteral(
        R"(\b(\w*(?:MemcpyToSymbol|MemcpyFromSymbol|GetSymbolAddress|GetSymbolSize|ModuleGetGlobal|GetGlobal\w*|GlobalVariable\w*|DeviceGlobal\w*|device_global\w*))\b)"));
    for (int k = std::max(0, i - 3); k < r.count() && k <= i + 6; ++k)
        if (const PreparedLine *n = r.at(k))
            if (const auto vm = variableApi.match(n->trimmed); vm.hasMatch()) {
                e.fields.insert(QStringLiteral("variable-api"), vm.captured(1));
                break;
            }
    if (s.meaning) {
        e.fields.insert(
            QStringLiteral("meaning"),
            QString::fromLatin1(s.meaning->hipName ? s.meaning->hipName : s.meaning->cudaName));
        e.fields.insert(QStringLiteral("ids"), findingIdsOf(*s.meaning).join(QLatin1Char(' ')));
    }
}

// Runtime and math-library results: names, and numbers in every shape programs print them.
bool runtimeResult(Reader &r, int i, const QString &platform) {
    RuntimeStatus s;
    namedStatus(r, i, s);
    if (s.name.isEmpty() && !numberedStatus(r.at(i)->trimmed, platform, s))
        return false;
    if (s.name.isEmpty() && !s.meaning)
        return false;
    if (s.code < 0 && !s.name.isEmpty()) {
        // A name without a meaning row still has its family's number.
        s.code = hipErrorCode(s.name);
        if (s.code < 0)
            s.code = cudaErrorCode(s.name);
    }
    addRuntimeEvent(r, i, platform, s);
    return true;
}

// An AMD_LOG_LEVEL line (":3:hip_module.cpp ..."): a runtime result when it names one, else a
// line of the runtime's log.
bool amdLogLine(Reader &r, int i) {
    static const QRegularExpression amdLog(QStringLiteral(R"(^:\d:)"));
    const QString &t = r.at(i)->trimmed;
    if (!amdLog.match(t).hasMatch())
        return false;
    if (!runtimeResult(r, i, QStringLiteral("hip")))
        r.add(EventKind::RuntimeLog, QStringLiteral("hip"), TextLayer::Runtime, i, i,
              textSaysError(t), t);
    else
        r.out.last().kind = EventKind::RuntimeLog;
    // The AMD log parser's reading of the line (logs/amd_log.h): the rules read it here.
    const AmdLogLine l = parseAmdLogLine(t, i + 1);
    TextEvent &e = r.out.last();
    const auto put = [&e](const char *key, const QString &value) {
        if (!value.isEmpty() && e.field(QLatin1String(key)).isEmpty())
            e.fields.insert(QLatin1String(key), value);
    };
    if (l.level >= 0) {
        put("level", QString::number(l.level));
        put("source", l.sourceLine > 0
                          ? QStringLiteral("%1:%2").arg(l.sourceFile, QString::number(l.sourceLine))
                          : l.sourceFile);
        put("log-message", l.message.trimmed());
        put("log-api", l.apiName);
        put("log-api-args", l.apiArgs);
        put("returned", l.returnedError);
        put("function", l.missingFunction);
    }
    // A run of the runtime's chatter (no error, no API call or return, no name) is one event:
    // a log of a hundred thousand lines stays within the event bound, and its failures too.
    static const QSet<QString> chatterKeys = {QStringLiteral("level"), QStringLiteral("source"),
                                              QStringLiteral("log-message")};
    const auto chatter = [](const TextEvent &x) {
        if (x.kind != EventKind::RuntimeLog || x.error)
            return false;
        for (auto it = x.fields.cbegin(); it != x.fields.cend(); ++it)
            if (!chatterKeys.contains(it.key()))
                return false;
        return true;
    };
    if (r.out.size() >= 2 && chatter(r.out.last()) && chatter(r.out.at(r.out.size() - 2)) &&
        r.out.at(r.out.size() - 2).lastLine == i) {
        r.out.removeLast();
        r.out.last().lastLine = i + 1;
    }
    return true;
}

// Lines that hold a catalogued message (producer_catalog.h): the event that holds the line
// gets the entry's id and the names it fills in; a line no reader took becomes an event of
// the entry's producer and layer.
void catalogEvents(Reader &r) {
    QList<int> holder(r.count(), -1);
    for (int k = 0; k < r.out.size(); ++k)
        for (int n = std::max(1, r.out.at(k).firstLine);
             n <= r.out.at(k).lastLine && n <= r.count(); ++n)
            if (holder[n - 1] < 0)
                holder[n - 1] = k;
    QList<TextEvent> added;
    for (int i = 0; i < r.count(); ++i) {
        const PreparedLine *l = r.at(i);
        if (!l)
            continue;
        const std::optional<CatalogMatch> m = matchCatalog(l->trimmed);
        if (!m)
            continue;
        TextEvent *e = nullptr;
        if (holder.at(i) >= 0) {
            e = &r.out[holder.at(i)];
        } else if (r.out.size() + added.size() < kMaxEvents) {
            TextEvent n;
            n.kind = EventKind::Message;
            n.producer = QString::fromLatin1(m->entry->producer);
            n.layer = m->entry->layer;
            n.firstLine = n.lastLine = i + 1;
            n.error = m->entry->error;
            n.text = makeLine(i + 1, l->trimmed).text;
            added.append(n);
            e = &added.last();
        } else {
            continue;
        }
        if (e->field(QStringLiteral("catalog")).isEmpty())
            e->fields.insert(QStringLiteral("catalog"), QString::fromLatin1(m->entry->id));
        for (const auto &[key, value] : m->fields)
            if (!value.isEmpty() && e->field(key).isEmpty())
                e->fields.insert(key, value);
    }
    if (added.isEmpty())
        return;
    // In the order of their lines, the events already read keeping theirs.
    QList<TextEvent> merged;
    merged.reserve(r.out.size() + added.size());
    qsizetype a = 0;
    for (const TextEvent &e : std::as_const(r.out)) {
        while (a < added.size() && added.at(a).firstLine < e.firstLine)
            merged.append(added.at(a++));
        merged.append(e);
    }
    while (a < added.size())
        merged.append(added.at(a++));
    r.out = std::move(merged);
}

} // namespace hd::detail::ev
