#pragma once

// Where the inventory's facts are read (docs/schema-sysinfo.md): this machine's files and
// system calls (LocalSource, the fast path of `sysinfo` and of the sessions made here), or a
// GPU node's, each source one argv run through an ExecutionHost (HostSource,
// docs/remote.md "The node's inventory"). The fact functions of system_inventory.cpp ask only
// this interface, so both paths give the same facts in the same order.

#include <QByteArray>
#include <QHash>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace hd {

class ExecutionHost;

class InventorySource {
public:
    virtual ~InventorySource() = default;

    struct Run {
        bool ok = false;  // started, exited normally with status 0, in time
        bool ran = false; // started and exited normally, whatever its status
        QString why;      // when not ok
        QByteArray out;   // stdout (also when not ok)
    };
    struct Uname {
        QString sysname, release, version, machine;
        QString why; // set when it could not be read
    };

    // A text file, trimmed, at most 1 MiB; "" and *why when it cannot be read.
    virtual QString readText(const QString &path, QString *why) = 0;
    // Several small text files at once (the KFD topology): path → text, missing ones absent.
    virtual QHash<QString, QString> readTexts(const QStringList &paths) = 0;
    virtual bool exists(const QString &path) = 0;
    // The names in dir (folders, or everything else), sorted; nullopt when dir does not exist
    // or cannot be listed (then *why says why).
    virtual std::optional<QStringList> entries(const QString &dir, bool folders, QString *why) = 0;
    virtual Uname uname() = 0;
    virtual QString glibc(QString *why) = 0;
    // "crw-rw---- root:render, this user: read+write" for each path that exists; *why set
    // when they could not be looked at.
    virtual QHash<QString, QString> nodeDescriptions(const QStringList &paths, QString *why) = 0;
    // The user's name, primary group and groups; false with *why when unknown.
    virtual bool identity(QString *user, QString *primary, QStringList *groups, QString *why) = 0;
    // A tool on the environment's PATH; "" when none.
    virtual QString tool(const QString &name) = 0;
    // argv only, never a shell; killed after the timeout.
    virtual Run run(const QString &program, const QStringList &args) = 0;
    // The environment the tools run in; *why set when it could not be read.
    virtual QProcessEnvironment environment(QString *why) = 0;
    // The file ld.so would load for the first of sonames it finds (LD_LIBRARY_PATH, then
    // /etc/ld.so.cache), resolved to its real path; "" when none.
    virtual QString findLibrary(const QStringList &sonames) = 0;

    // Where uname, glibc, the device nodes and the identity came from, for the facts' source.
    virtual QString unameSource() const = 0;
    virtual QString glibcSource() const = 0;
    virtual QString nodeSource() const = 0;
    virtual QString userSource() const = 0;
    virtual QString groupsSource() const = 0;
};

struct InventoryOptions;

// This machine, in the options' environment.
std::unique_ptr<InventorySource> makeLocalSource(const InventoryOptions &options);
// A host (a GPU node over ssh): files read with cat/grep/find, identity from id, the tools'
// PATH and the variables from the host's own environment (env -0), ld.so.cache fetched and
// read here.
std::unique_ptr<InventorySource> makeHostSource(ExecutionHost &host,
                                                const InventoryOptions &options);

} // namespace hd
