#include "controllers/inputs_controller.h"

#include <QJsonObject>

#include "artifacts/inspector.h"
#include "common/capped_output.h"
#include "env/env_catalogue.h"
#include "env/env_profile.h"
#include "logs/amd_log.h"
#include "model/session.h"

#include "models/artifact_tree_model.h"
#include "models/env_table_model.h"
#include "models/libraries_model.h"
#include "models/symbol_table_model.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <utility>

namespace hd::ui {

namespace {

const QString kInspect = QStringLiteral("inspect");

QList<EnvVarRow> catalogueRows() {
    QList<EnvVarRow> rows;
    for (const EnvVarInfo &v : envCatalogue()) {
        EnvVarRow r;
        r.name = v.name;
        r.meaning = v.meaning; // English: the model shows them translated
        r.note = v.note;
        r.allowed = v.allowedValues;
        r.category = envGroupName(v.group);
        rows.append(r);
    }
    return rows;
}

// The files to inspect for the paths the user gave: a folder is searched for artifacts (a
// Triton cache folder is one input: the search finds its files).
QStringList filesOf(const QStringList &paths) {
    QStringList files;
    for (const QString &p : paths) {
        const QFileInfo fi(p);
        if (fi.isDir())
            files += InputsController::artifactFilesIn(fi.absoluteFilePath());
        else
            files.append(fi.absoluteFilePath());
    }
    return files;
}

// A runtime log or build output: the Logs panel shows it, the diagnosis reads it; it has no
// code objects.
QList<LogModel::Entry> readLogInput(const QString &path) {
    QList<LogModel::Entry> entries;
    QFile text(path);
    if (text.open(QIODevice::ReadOnly)) {
        const AmdLog log = parseAmdLog(QString::fromUtf8(text.read(32 << 20)));
        for (const AmdLogLine &l : log.lines)
            entries.append({path, l});
    }
    return entries;
}

} // namespace

InputsController::InputsController(QObject *parent)
    : QObject(parent), m_symbols(new SymbolTableModel(this)),
      m_symbolProxy(new SymbolFilterProxy(this)), m_tree(new ArtifactTreeModel(this)),
      m_libraries(new LibrariesModel(this)), m_env(new EnvTableModel(this)) {
    m_symbolProxy->setSourceModel(m_symbols);
    m_rowsPool.setMaxThreadCount(1);
    m_idlePool.setMaxThreadCount(1);
    m_idlePool.setThreadPriority(QThread::IdlePriority);
    m_env->setCatalogue(catalogueRows());
    m_env->setValidator(
        [](const QString &name, const QString &value) { return validateEnvValue(name, value); });
}

InputsController::~InputsController() {
    // Raise every cancel flag so background work stops early; results are dropped by QPointer.
    m_jobs.cancel(kInspect);
    m_jobs.cancel(QStringLiteral("hashes")); // m_idlePool waits for it
}

// ---------------------------------------------------------------------- artifacts and logs

QString InputsController::demoDirectory() {
    const QString env = qEnvironmentVariable("HIPDOCTOR_DEMO_DIR");
    if (!env.isEmpty() && QFileInfo(env).isDir())
        return QFileInfo(env).absoluteFilePath();
    const QString exeDir = QCoreApplication::applicationDirPath();
    for (const QString &rel :
         {QStringLiteral("/../kernels"), QStringLiteral("/../share/hipdoctor/demo")}) {
        const QFileInfo fi(exeDir + rel);
        if (fi.isDir())
            return fi.canonicalFilePath();
    }
    return {};
}

QList<InputsController::DemoScenario> InputsController::demoScenarios() {
    const QString dir = demoDirectory();
    if (dir.isEmpty())
        return {};
    // docs/scenarios.md's rows; the files are named after them (s01_…, libs04_…).
    const QList<QPair<int, const char *>> titles{
        {1, QT_TR_NOOP("A kernel without extern \"C\", looked up by its plain name")},
        {2, QT_TR_NOOP("Built for another GPU")},
        {3, QT_TR_NOOP("The xnack setting differs")},
        {4, QT_TR_NOOP("Built for ROCm 7, run on ROCm 5")},
        {5, QT_TR_NOOP("The runtime left off the link line")},
        {6, QT_TR_NOOP("__global__ lost in porting")},
        {7, QT_TR_NOOP("No --offload-arch on a build host without a GPU")},
        {8, QT_TR_NOOP("A clean build")},
        {9, QT_TR_NOOP("Triton caches: a failed compile and a kernel for another GPU")},
        {11, QT_TR_NOOP("NVIDIA: an sm_80-only fatbin")},
        {12, QT_TR_NOOP("Runtime log of a missing code object")},
        {13, QT_TR_NOOP("An extension with a missing C++ symbol")},
        {14, QT_TR_NOOP("The runtime library not installed")},
        {15, QT_TR_NOOP("CUDA flags given to hipcc")},
        {16, QT_TR_NOOP("A host object where a code object is expected")},
    };
    static const QRegularExpression number(QStringLiteral("^(?:lib)?s(\\d+)_"));
    QMap<int, QStringList> files;
    for (const QString &f : artifactFilesIn(dir)) {
        const QString rel = QDir(dir).relativeFilePath(f);
        const auto m = number.match(QFileInfo(f).fileName());
        if (rel.contains(QLatin1String("/triton/")))
            files[9].append(f.left(f.indexOf(QLatin1String("/triton/")) + 7));
        else if (rel.contains(QLatin1String("/nvidia/")))
            files[11].append(f);
        else if (m.hasMatch())
            files[m.captured(1).toInt()].append(f);
    }
    QList<DemoScenario> out;
    for (const auto &[n, title] : titles) {
        QStringList paths = files.value(n);
        paths.removeDuplicates();
        if (!paths.isEmpty())
            out.append({n, tr(title), paths});
    }
    return out;
}

bool InputsController::openDemo(int scenario) {
    const QString dir = demoDirectory();
    if (dir.isEmpty())
        return false;
    QStringList paths{dir};
    if (scenario > 0) {
        paths.clear();
        for (const DemoScenario &s : demoScenarios())
            if (s.number == scenario)
                paths = s.paths;
        if (paths.isEmpty())
            return false;
        closeAll(); // one case at a time
    }
    m_demoOpened = true;
    openPaths(paths);
    return true;
}

bool InputsController::demoIsOpen() const {
    const QString demo = demoDirectory();
    return m_demoOpened && !demo.isEmpty() &&
           std::all_of(m_inputs.begin(), m_inputs.end(),
                       [&demo](const QString &p) { return p.startsWith(demo + QLatin1Char('/')); });
}

QStringList InputsController::artifactFilesIn(const QString &dir, int limit) {
    QStringList files;
    QDirIterator it(dir, QDir::Files | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext() && files.size() < limit) {
        const QString path = it.next();
        const QFileInfo fi(path);
        // Build-system droppings and sources are not artifacts; detection reads only a header.
        if (fi.size() == 0 || fi.fileName().startsWith(QLatin1Char('.')) ||
            path.contains(QLatin1String("/CMakeFiles/")))
            continue;
        const ArtifactKind k = detectArtifactKind(path);
        // Text counts when it is a log or captured output (a runtime log, a traceback, build
        // output); sources and build scripts are not inputs.
        const QString suffix = fi.suffix().toLower();
        const bool textInput = k == ArtifactKind::Text &&
                               (suffix == QLatin1String("log") || suffix == QLatin1String("txt"));
        if (textInput ||
            (k != ArtifactKind::Unknown && k != ArtifactKind::Text && k != ArtifactKind::Directory))
            files.append(path);
    }
    files.sort();
    return files;
}

void InputsController::openPaths(const QStringList &paths) {
    if (paths.isEmpty())
        return;
    // The demo folder itself (not one of its files) counts as opening the demo.
    const QString demo = demoDirectory();
    for (const QString &p : paths)
        if (!demo.isEmpty() && QFileInfo(p).absoluteFilePath() == demo)
            m_demoOpened = true;
    const JobTracker::Ticket ticket = m_jobs.start(kInspect);
    emit busyChanged(kInspect, true, tr("Inspecting %n input(s)…", nullptr, int(paths.size())));
    runInBackground(
        this,
        [this, paths, open = Inspected{m_artifacts, m_inputs, {}}, ticket,
         guard = QPointer<QObject>(this)]() { return inspect(paths, open, ticket, guard); },
        [this, ticket](Inspected r) {
            if (!m_jobs.isCurrent(ticket))
                return; // superseded or cancelled: drop the stale result
            m_jobs.finish(ticket);
            m_inputLogs += r.logs;
            emit inputLogsChanged();
            // The tree and the findings first; the symbol table's rows follow from a worker
            // (librocsparse 6.4: 180k rows from 1.84M symbols, about two seconds).
            m_symbols->setRows({});
            setArtifacts(std::move(r.artifacts), std::move(r.inputs));
            emit busyChanged(kInspect, false,
                             tr("%n artifact(s) open", nullptr, int(m_artifacts.size())));
            m_hashesPending = true;
            rebuildSymbolRows();
        });
}

InputsController::Inspected InputsController::inspect(const QStringList &paths, Inspected r,
                                                      const JobTracker::Ticket &ticket,
                                                      const QPointer<QObject> &guard) {
    const QStringList files = filesOf(paths);
    QSet<QString> have;
    for (const ArtifactReport &a : r.artifacts)
        have.insert(a.path);
    InspectOptions options;
    options.cancel = ticket.cancel.get();
    options.verifyCcobHash = false; // checked afterwards: checkHashes()
    int done = 0;
    for (const QString &f : files) {
        if (ticket.cancel->load())
            break;
        postToGui(guard, [this, done, n = int(files.size()), f] {
            emit progress(
                kInspect, done, n,
                tr("Inspecting %1 (%2 of %3)…")
                    .arg(QFileInfo(f).fileName(), QString::number(done + 1), QString::number(n)));
        });
        ++done;
        if (have.contains(f))
            continue;
        have.insert(f);
        r.inputs.append(f);
        if (detectArtifactKind(f) == ArtifactKind::Text) {
            r.logs += readLogInput(f);
            continue;
        }
        options.progress = forwardInspectProgress(
            guard, f, done - 1, int(files.size()),
            [this, ticket](const InspectSnapshot &s) { showPartialInspection(ticket, s); });
        r.artifacts.append(inspectFile(f, options));
    }
    return r;
}

void InputsController::showPartialInspection(const JobTracker::Ticket &ticket,
                                             const InspectSnapshot &s) {
    if (!m_jobs.isCurrent(ticket))
        return;
    const InspectProgress &p = s.counts;
    emit progress(kInspect, p.bundlesExpected > 1 ? p.bundlesDone : p.codeObjectsDone,
                  std::max(1, p.bundlesExpected > 1 ? p.bundlesExpected : p.codeObjectsQueued),
                  inspectProgressText(s));
    if (!s.partial.bundles.isEmpty())
        m_tree->setArtifacts(QList<ArtifactReport>(m_artifacts) << s.partial,
                             int(m_artifacts.size()));
}

void InputsController::setSymbolGrouping(SymbolGrouping grouping) {
    if (grouping == m_grouping)
        return;
    m_grouping = grouping;
    // The other grouping's rows go first ("reading symbols…" meanwhile): both at once were
    // the peak of memory (librocsparse 6.4: 180k rows beside 1.84M).
    rebuildSymbolRows();
    m_symbols->setRows({});
}

void InputsController::rebuildSymbolRows() {
    const JobTracker::Ticket ticket = m_jobs.start(QStringLiteral("symbols"));
    m_symbolsRead = m_symbolsTotal = 0;
    runInBackground(
        this,
        [this, artifacts = m_artifacts, grouping = m_grouping, ticket,
         sortColumn = m_symbolProxy->sortColumn(), guard = QPointer<QObject>(this)]() {
            // A live count while a big library's rows are built (1.84M per code object), and
            // per code object the first rows shown meanwhile.
            const auto count = [this, ticket, guard](qint64 done, qint64 total) {
                postToGui(guard, [this, ticket, done, total] {
                    if (!m_jobs.isCurrent(ticket))
                        return;
                    m_symbolsRead = done;
                    m_symbolsTotal = total;
                    emit symbolsProgress();
                });
            };
            SymbolRowsPreview preview;
            preview.show = [this, ticket, guard, sortColumn](SymbolRows first) {
                if (sortColumn >= 0) // as for the whole table: not on the GUI thread
                    (void)first.ranks(sortColumn);
                postToGui(guard, [this, ticket, first = std::move(first)]() mutable {
                    if (!m_jobs.isCurrent(ticket))
                        return;
                    m_symbols->setFirstRows(std::move(first));
                    emit symbolsProgress();
                });
            };
            SymbolRows rows = buildSymbolRows(artifacts, grouping, count, preview);
            // A sorted table needs its column's ranks at once: made here, not on the GUI
            // thread (the others follow on a worker, SymbolTableModel::setRows()).
            if (sortColumn >= 0)
                (void)rows.ranks(sortColumn);
            return rows;
        },
        [this, ticket](SymbolRows rows) {
            if (!m_jobs.isCurrent(ticket))
                return;
            m_jobs.finish(ticket);
            m_symbols->setRows(std::move(rows));
            emit symbolsRebuilt();
            resumeIdleWork();
        },
        &m_rowsPool);
}

void InputsController::resumeIdleWork() {
    if (!m_hashesPending || isListingSymbols() || (m_idleWaitsFor && m_idleWaitsFor()))
        return;
    m_hashesPending = false;
    checkHashes();
}

void InputsController::checkHashes() {
    // Every open artifact not checked yet, those of a check superseded before it finished too
    // (an artifact counts as checked once its job's result is taken).
    QList<ArtifactReport> unchecked;
    int bundles = 0;
    for (const ArtifactReport &a : std::as_const(m_artifacts)) {
        const auto n = std::count_if(a.bundles.cbegin(), a.bundles.cend(),
                                     [](const Bundle &b) { return b.compressed; });
        if (n > 0 && !m_hashesChecked.contains(a.path)) {
            unchecked.append(a);
            bundles += int(n);
        }
    }
    if (unchecked.isEmpty())
        return;
    QStringList paths;
    for (const ArtifactReport &a : std::as_const(unchecked))
        paths.append(a.path);
    const JobTracker::Ticket ticket = m_jobs.start(QStringLiteral("hashes"));
    runInBackground(
        this,
        [unchecked, cancel = ticket.cancel] {
            QHash<QString, QList<Problem>> found;
            for (const ArtifactReport &a : unchecked)
                if (const QList<Problem> p = checkCcobHashes(a.path, a, cancel.get()); !p.isEmpty())
                    found.insert(a.path, p);
            return found;
        },
        [this, ticket, bundles, paths](const QHash<QString, QList<Problem>> &found) {
            if (!m_jobs.isCurrent(ticket))
                return;
            m_jobs.finish(ticket);
            for (const QString &p : paths)
                m_hashesChecked.insert(p);
            int mismatches = 0;
            for (ArtifactReport &a : m_artifacts)
                for (const Problem &p : found.value(a.path)) {
                    a.problems.append(p);
                    ++mismatches;
                }
            if (mismatches > 0) // rare: the tree and the findings show them
                setArtifacts(m_artifacts, m_inputs);
            emit hashesChecked(bundles, mismatches);
        },
        &m_idlePool);
}

void InputsController::cancelInspection() {
    if (!m_jobs.isRunning(kInspect))
        return;
    m_jobs.cancel(kInspect);
    emit busyChanged(kInspect, false, tr("Inspection cancelled"));
}

QString InputsController::addPastedText(const QString &text) {
    if (text.trimmed().isEmpty())
        return {};
    const QString name = tr("pasted log %1").arg(++m_pastedCount);
    // Kept as the CLI keeps standard input: the first and last halves of the text limit, the
    // middle counted (docs/limits.md "Standard input and pastes").
    const qsizetype half = qsizetype(DiagnoseRequest{}.maxTextBytes / 2);
    DiagnoseText kept{name, {}};
    kept.content = cappedText(text, half, half, &kept.droppedBytes, &kept.droppedLines);
    m_pasted.append(std::move(kept));
    emit pastedTextsChanged();
    return name;
}

void InputsController::closeAll() {
    m_jobs.cancel(kInspect);
    m_jobs.cancel(QStringLiteral("symbols"));
    m_jobs.cancel(QStringLiteral("hashes"));
    m_hashesPending = false;
    m_hashesChecked.clear();
    m_symbols->setRows({});
    m_inputLogs.clear();
    emit inputLogsChanged();
    if (!m_pasted.isEmpty()) {
        m_pasted.clear();
        emit pastedTextsChanged();
    }
    // Nothing was open (a new case on a fresh window): nothing changed.
    if (!m_artifacts.isEmpty() || !m_inputs.isEmpty())
        setArtifacts({}, {});
}

void InputsController::setArtifacts(QList<ArtifactReport> artifacts, QStringList inputs) {
    m_artifacts = std::move(artifacts);
    m_inputs = std::move(inputs);
    QStringList names;
    for (const ArtifactReport &a : m_artifacts)
        names.append(QFileInfo(a.path).fileName());
    m_symbols->setArtifactNames(names);
    m_tree->setArtifacts(m_artifacts);
    m_libraries->setArtifacts(m_artifacts);
    emit artifactsChanged();
}

// ------------------------------------------------------------------------------------- env

QMap<QString, QString> InputsController::envProfile() const {
    return m_env->profile();
}

void InputsController::applyEnvPreset(const QMap<QString, QString> &preset) {
    m_presetEnv = preset;
    m_env->applyProfile(preset);
}

void InputsController::applyEnvProfile(const QMap<QString, QString> &profile) {
    m_env->applyProfile(profile);
}

void InputsController::setEnvVariable(const QString &name, const QString &value) {
    m_env->addVariable(name, value);
}

void InputsController::setRuntimeReads(const QMap<QString, bool> &reads) {
    m_env->setRuntimeReads(reads);
}

void InputsController::restoreFromSession(const Session &session) {
    m_env->applyProfile(session.env.enabledMap());
    QList<DiagnoseText> pasted;
    for (const QJsonValue &v : session.inputs.value(QStringLiteral("gui_pasted")).toArray()) {
        const QJsonObject o = v.toObject();
        const QString text = o.value(QStringLiteral("text")).toString().left(kMaxSavedPasteChars);
        QString name = o.value(QStringLiteral("name")).toString().left(200);
        if (text.trimmed().isEmpty() || pasted.size() >= kMaxSavedPastes)
            continue;
        if (name.trimmed().isEmpty())
            name = tr("pasted log %1").arg(m_pastedCount + 1);
        ++m_pastedCount;
        pasted.append({name, text});
    }
    if (!pasted.isEmpty() || !m_pasted.isEmpty()) {
        m_pasted = pasted;
        emit pastedTextsChanged();
    }
}

QJsonArray InputsController::pastedTextsJson() const {
    QJsonArray out;
    for (const DiagnoseText &t : m_pasted.mid(0, kMaxSavedPastes))
        out.append(QJsonObject{{QStringLiteral("name"), t.name},
                               {QStringLiteral("text"), t.content.left(kMaxSavedPasteChars)}});
    return out;
}

} // namespace hd::ui
