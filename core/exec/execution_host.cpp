#include "exec/execution_host.h"

#include <QSysInfo>

#include <QThread>

#include <algorithm>

namespace hd {

QString LocalHost::nodeName() const {
    return QSysInfo::machineHostName();
}

void LocalHost::runProcess(const ProcessSpec &spec, CheckRecord &check) {
    hd::runProcess(spec, check);
}

ProbeResult LocalHost::runProbe(const ProbeRequest &request, const ProbeOptions &options) {
    return ProbeClient(options).run(request);
}

QString LocalHost::stageToHost(const QString &localPath, QString *) {
    return localPath;
}

QString LocalHost::fetchFromHost(const QString &hostPath, QString *) {
    return hostPath;
}

int LocalHost::concurrency() const {
    return std::max(1, QThread::idealThreadCount());
}

std::shared_ptr<ExecutionHost> localHost() {
    return std::make_shared<LocalHost>();
}

} // namespace hd
