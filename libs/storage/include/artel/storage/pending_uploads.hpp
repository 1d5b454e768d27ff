#pragma once

// Uploads that wait for their use, end to end: a domain stores an upload (FileStore) and records it in its
// own table of pending uploads (its rows carry domain columns: the uploader, the original name, the order or
// chat it is attached to later), and registers that table here at install time. Storage runs one job,
// storage.sweep_uploads: each round, for every registered table, the rows nothing attached that are older
// than storage.upload_retention are deleted, and their files leave the disk when no registered owner of
// either kind (storage::FileReferences) uses them any more.

#include <boost/asio/awaitable.hpp>
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/storage/storage.hpp"

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::storage {

/// A domain's table of uploads (or of files its rows stopped using), as PendingUploads::Register takes it.
/// Every identifier is a lower-case SQL name, checked once at registration; values stay parameters.
struct UploadTable {
  /// The owner's name in FileReferences ("orders"): its registered uses protect the files.
  std::string owner;
  /// "orders.attachments".
  std::string table;
  /// The rows' key column ("id"; "name" for a list of dropped files keyed by the file).
  std::string key = "id";
  /// The column that, once set, attaches a row to its use, which the sweep then never takes ("order_id");
  /// nullopt for a list of files the domain's rows stopped using (every row waits to be swept).
  std::optional<std::string> attached_by;
  /// When the row was made (or the file dropped): the retention counts from it.
  std::string created_at = "created_at";
  /// The columns naming stored files (NULL for none): {"file_name", "thumbnail_name"}.
  std::vector<std::string> files;
  /// The space the files are stored in.
  Space space = Space::kPublic;
  /// The table's rows use their files (an upload, attached or not, keeps its file): registered here as the
  /// owner's use in FileReferences. False for a list of dropped files, whose owner registers the uses of its
  /// own rows (a company's logo) with FileReferences::Add.
  bool rows_use_files = true;
  /// A private context whose rows may still name files stored before private files existed (column
  /// `stored_private`; the key `id`, the files `file_name` and `thumbnail_name`): each round moves a batch
  /// first (MovePrivateFiles), rows not moved yet are never swept, and FileReferences::AddPrivateTable is
  /// registered instead of a plain table use.
  bool moves_from_public = false;
};

/// What one sweep of one table did.
struct UploadSweep {
  /// Rows deleted.
  std::size_t removed = 0;
  /// The stored files of those rows nothing uses any more (what was offered to the disk).
  std::vector<std::string> unused_files;
  /// How many of them left the disk (FileStore::RemoveUnused: not those stored again within its grace).
  std::size_t files_removed = 0;
};

/// The registry of pending-upload tables and their sweep. A service of the storage module; domains register
/// their tables in their Install. Not thread-safe while registering (install time), read-only afterwards.
class PendingUploads final {
 public:
  PendingUploads(db::Pool& pool, const FileStore& files, FileReferences& references);

  /// Checks the identifiers (std::invalid_argument naming the table otherwise; std::logic_error for a
  /// table registered twice) and registers the table's uses with FileReferences (rows_use_files).
  void Register(UploadTable table);
  const std::vector<UploadTable>& Tables() const noexcept { return tables_; }

  /// One statement over the registered `table`: deletes at most `batch` of its unattached rows made before
  /// `cutoff`, oldest first, skipping rows others hold (FOR UPDATE SKIP LOCKED); then removes from disk
  /// each of their files no registered owner uses (the deleted rows left out), unless it was stored again
  /// within FileStore::kSweepGrace. std::logic_error for a table nobody registered.
  boost::asio::awaitable<UploadSweep> Sweep(std::string_view table, TimePoint cutoff, int batch = kBatch);

  /// The job's round: for every registered table, a batch of MovePrivateFiles (moves_from_public), then
  /// sweeps of `batch` rows until one comes back short (at most kMaxBatchesPerRound). A table whose sweep
  /// fails is logged and the others still run. The rows deleted in all.
  boost::asio::awaitable<std::size_t> SweepAll(TimePoint cutoff, int batch = kBatch);

  static constexpr int kBatch = 500;
  static constexpr int kMaxBatchesPerRound = 20;

 private:
  std::string SweepSql(const UploadTable& table) const;

  db::Pool& pool_;
  const FileStore& files_;
  FileReferences& references_;
  std::vector<UploadTable> tables_;
};

}  // namespace artel::storage
