#pragma once

#include "scan/scan.h"

#include <QAbstractTableModel>
#include <QHash>

namespace hd::ui {

// A scan of installed libraries (hipdoctor-cli scan, docs/schema-scan.md): one row per library
// or kernel folder with device code, one column per device with its verdict and the closest
// target present; host libraries without device code are left out, as the CLI's table does.
// Several folders scanned together: each row names the folder it was found under and its
// path there ("rocblas/5/library/", not a second "library").
class CoverageModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Folder, Library, Product, Targets, FirstDevice };

    explicit CoverageModel(QObject *parent = nullptr);
    void setResult(ScanResult result);
    const ScanResult &result() const { return m_result; }
    // The library of a row (rows skip the libraries without device code).
    const ScanLibrary &library(int row) const { return m_result.libraries[m_rows[row]]; }
    // How a library (a ScanLibrary::path of the result) is named: its path below the scanned
    // folder it lies under, as the CLI's table names it; a kernel folder ends with '/'.
    QString shownPath(const QString &path) const { return m_shown.value(path, path); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    ScanResult m_result;
    QList<int> m_rows; // indices into m_result.libraries, with device code
    // Per library path: its shown path and the scanned folder it lies under (worked out once:
    // it asks the file system).
    QHash<QString, QString> m_shown, m_folder;
};

} // namespace hd::ui
