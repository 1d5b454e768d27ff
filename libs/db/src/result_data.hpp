#pragma once

#include <libpq-fe.h>

#include <memory>
#include <string>
#include <vector>

namespace artel::db::detail {

struct PgResultDeleter {
  void operator()(PGresult* result) const noexcept { PQclear(result); }
};
using PgResultPtr = std::unique_ptr<PGresult, PgResultDeleter>;

/// The data behind a Result: one PGresult (TUPLES_OK or COMMAND_OK) and its column names.
struct ResultData {
  explicit ResultData(PgResultPtr pg_result);

  PgResultPtr result;
  std::vector<std::string> columns;
};

}  // namespace artel::db::detail
