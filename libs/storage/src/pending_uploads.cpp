#include "artel/storage/pending_uploads.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <exception>
#include <stdexcept>
#include <utility>

#include "artel/core/log.hpp"
#include "artel/db/pool.hpp"
#include "artel/storage/private_move.hpp"

namespace artel::storage {

PendingUploads::PendingUploads(db::Pool& pool, const FileStore& files, FileReferences& references)
    : pool_(pool), files_(files), references_(references) {}

void PendingUploads::Register(UploadTable table) {
  const bool names_ok =
      IsSqlName(table.owner) && IsSqlName(table.table, true) && IsSqlName(table.key) &&
      IsSqlName(table.created_at) && !table.files.empty() &&
      std::ranges::all_of(table.files, [](const auto& column) { return IsSqlName(column); }) &&
      (!table.attached_by || IsSqlName(*table.attached_by));
  if (!names_ok) {
    throw std::invalid_argument("storage: pending uploads " + table.table +
                                ": the owner, table, key, attached_by, created_at and file columns must be "
                                "lower-case SQL names");
  }
  if (table.moves_from_public &&
      (table.space != Space::kPrivate || table.key != "id" || !table.rows_use_files ||
       table.files != std::vector<std::string>{"file_name", "thumbnail_name"})) {
    throw std::invalid_argument("storage: pending uploads " + table.table +
                                ": a table moved from public files is private, keyed by id, with file_name "
                                "and thumbnail_name");
  }
  if (std::ranges::any_of(tables_, [&](const auto& known) { return known.table == table.table; })) {
    throw std::logic_error("storage: pending uploads " + table.table + " registered twice");
  }
  if (table.moves_from_public) {
    references_.AddPrivateTable(table.owner, table.table);
  } else if (table.rows_use_files) {
    references_.AddTable(table.owner, {table.table, table.key, table.files, false}, table.space);
  }
  tables_.push_back(std::move(table));
}

std::string PendingUploads::SweepSql(const UploadTable& table) const {
  // One statement: the rows go, and each of their files is checked against every registered use. A data-
  // modifying CTE's main query still sees the deleted rows, so the table's own use leaves them out
  // (FileReferences::Deleting). The count comes from `gone` itself, so a round reports rows without files.
  std::string unattached;
  if (table.attached_by) unattached += *table.attached_by + " IS NULL AND ";
  if (table.moves_from_public) unattached += "stored_private AND ";
  std::string returning = table.key;
  std::string names;
  for (const auto& column : table.files) {
    if (column != table.key) returning += ", " + column;
    if (!names.empty()) names += "\n  UNION\n  ";
    names += fmt::format("SELECT {0} AS name FROM gone WHERE {0} IS NOT NULL", column);
  }
  const std::string keys = fmt::format("SELECT {} FROM gone", table.key);
  const std::string uses =
      references_.Uses("n.name", table.space, FileReferences::Deleting{table.table, keys});
  return fmt::format(R"sql(
WITH gone AS (
  DELETE FROM {table}
  WHERE {key} IN (
    SELECT {key} FROM {table}
    WHERE {unattached}{created_at} < $1
    ORDER BY {created_at}
    LIMIT $2
    FOR UPDATE SKIP LOCKED)
  RETURNING {returning}
),
names AS (
  {names}
)
SELECT c.removed, n.name, n.name IS NOT NULL AND NOT ({uses}) AS unused
FROM (SELECT count(*) AS removed FROM gone) c LEFT JOIN names n ON true
)sql",
                     fmt::arg("table", table.table), fmt::arg("key", table.key),
                     fmt::arg("unattached", unattached), fmt::arg("created_at", table.created_at),
                     fmt::arg("returning", returning), fmt::arg("names", names), fmt::arg("uses", uses));
}

boost::asio::awaitable<UploadSweep> PendingUploads::Sweep(std::string_view table, TimePoint cutoff,
                                                          int batch) {
  const auto found = std::ranges::find_if(tables_, [&](const auto& known) { return known.table == table; });
  if (found == tables_.end()) {
    throw std::logic_error("storage: no pending uploads registered as " + std::string(table));
  }
  const std::string sql = SweepSql(*found);
  const Space space = found->space;
  auto rows = co_await pool_.Query(std::string_view(sql), cutoff, std::int64_t{batch});
  UploadSweep sweep;
  for (auto row : rows) {
    sweep.removed = static_cast<std::size_t>(row.Get<std::int64_t>("removed"));
    if (row.Get<bool>("unused")) sweep.unused_files.push_back(row.Get<std::string>("name"));
  }
  sweep.files_removed = files_.RemoveUnused(sweep.unused_files, space);
  co_return sweep;
}

boost::asio::awaitable<std::size_t> PendingUploads::SweepAll(TimePoint cutoff, int batch) {
  std::size_t total = 0;
  for (const auto& table : tables_) {
    try {
      if (table.moves_from_public) {
        const PrivateTable moving{table.owner, table.table};
        const auto moved = co_await MovePrivateFiles(pool_, files_, references_, moving);
        if (moved > 0) log::Info("storage: {} rows of {} moved to private files", moved, table.table);
      }
      std::size_t removed = 0;
      std::size_t files_removed = 0;
      for (int round = 0; round < kMaxBatchesPerRound; ++round) {
        auto sweep = co_await Sweep(table.table, cutoff, batch);
        removed += sweep.removed;
        files_removed += sweep.files_removed;
        if (sweep.removed < static_cast<std::size_t>(batch)) break;
      }
      if (removed > 0) {
        log::Info("storage: {} unattached rows of {} swept, {} files removed from disk", removed, table.table,
                  files_removed);
      }
      total += removed;
    } catch (const std::exception& e) {
      log::Warning("storage: the upload sweep of {} failed: {}", table.table, e.what());
    }
  }
  co_return total;
}

}  // namespace artel::storage
