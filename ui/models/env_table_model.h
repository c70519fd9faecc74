#pragma once

#include <QAbstractTableModel>
#include <QMap>
#include <QStringList>

#include <functional>

namespace hd::ui {

// One environment variable the steps can set: from the engine's catalogue or typed by the user.
struct EnvVarRow {
    QString name;
    QString meaning;
    QString allowed;  // "0-5", "N.N.N", "0|1" — shown to the user
    QString category; // "runtime", "build", "triton", ...
    bool enabled = false;
    QString value;
    // Whether the runtime the steps loaded reads it, as checked after a run (its libraries'
    // strings): unknown until then.
    enum class Read { Unknown, Yes, No } read = Read::Unknown;
    QString note; // the catalogue's caveat, after the meaning
};

// Returns "" when the value is valid for the variable, else a sentence saying why not.
using EnvValidator = std::function<QString(const QString &name, const QString &value)>;

// The environment profile as an editable table: a checkbox to apply the variable, its value
// (validated as it is typed), meaning, allowed values, and the validation result.
class EnvTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Value, Status, Meaning, Allowed, ColumnCount };

    explicit EnvTableModel(QObject *parent = nullptr);

    void setCatalogue(QList<EnvVarRow> rows);
    void setValidator(EnvValidator validator);
    const QList<EnvVarRow> &rows() const { return m_rows; }
    int rowOf(const QString &name) const;
    // Adds a variable the catalogue does not know (enabled, empty value); returns its row.
    int addVariable(const QString &name, const QString &value = {});
    // Enables exactly the given variables with these values; everything else is switched off.
    void applyProfile(const QMap<QString, QString> &values);
    // The enabled variables, valid or not.
    QMap<QString, QString> profile() const;
    // "" when valid, else the reason (also for disabled rows).
    QString validationError(int row) const;
    bool hasErrors() const; // an enabled row does not validate
    // After a run: which variables the runtime reads (names not listed become unknown).
    void setRuntimeReads(const QMap<QString, bool> &reads);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

signals:
    void profileChanged();

private:
    QVariant display(int row, int column) const; // DisplayRole and SortRole
    QString statusText(int row) const;
    // The catalogue's English meaning (and caveat) and allowed values, translated.
    static QString catalogueText(const QString &english);
    static QString meaningText(const EnvVarRow &r);
    QList<EnvVarRow> m_rows;
    EnvValidator m_validator;
};

} // namespace hd::ui
