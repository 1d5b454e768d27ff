#pragma once

// Files a private context stored before private files existed (migrations 0046–0048) live in the public
// namespace, where GET /api/files serves them to anybody. Each private owner's upload sweep moves a batch of
// them per round with MovePrivateFiles, until none is left.

#include <boost/asio/awaitable.hpp>
#include <cstddef>
#include <string_view>

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::storage {

class FileStore;
class FileReferences;

/// A private owner's table of stored files: columns `id` (bigint), `file_name`, `thumbnail_name` (NULL when
/// none) and `stored_private` (false for a row whose files may still be public only).
struct PrivateTable {
  /// The owner's name in FileReferences ("messenger").
  std::string_view owner;
  /// "messenger.attachments".
  std::string_view table;
};

/// One round over at most `batch` rows with `stored_private = false`, taken FOR UPDATE SKIP LOCKED so
/// instances never handle a row twice: each file gets its private copy (FileStore::MakePrivate), the public
/// copy is removed when no public owner uses it (a public upload of the same bytes keeps it: public by that
/// upload) and it was stored more than FileStore::kSweepGrace ago (an identical public upload may be racing
/// this round), and the row is marked `stored_private` once none of its files is left public by this rule
/// alone. A row whose public copy is still too recent waits for a later round. Idempotent; the rows marked.
boost::asio::awaitable<std::size_t> MovePrivateFiles(db::Pool& pool, const FileStore& files,
                                                     const FileReferences& references, PrivateTable table,
                                                     int batch = 200);

}  // namespace artel::storage
