#include "artel/db/errors.hpp"

namespace artel::db {

void ThrowForSqlState(std::string message, std::string_view sqlstate, std::string constraint) {
  std::string state(sqlstate);
  if (state == "23505") throw UniqueViolation(std::move(message), state, std::move(constraint));
  if (state == "23503") throw ForeignKeyViolation(std::move(message), state, std::move(constraint));
  if (state == "23514") throw CheckViolation(std::move(message), state, std::move(constraint));
  if (state == "23502") throw NotNullViolation(std::move(message), state, std::move(constraint));
  if (state == "23P01") throw ExclusionViolation(std::move(message), state, std::move(constraint));
  if (state.starts_with("23")) throw IntegrityError(std::move(message), state, std::move(constraint));
  if (state == "40001") throw SerializationFailure(std::move(message), state);
  if (state == "40P01") throw DeadlockDetected(std::move(message), state);
  if (state.starts_with("40")) throw TransactionRollback(std::move(message), state);
  if (state == "57014") throw QueryCanceled(std::move(message), state);
  if (state.starts_with("08") || state == "57P01" || state == "57P02" || state == "57P03") {
    throw ConnectionError(std::move(message), state);
  }
  if (state.starts_with("22")) throw DataError(std::move(message), state);
  if (state.starts_with("42")) throw SyntaxError(std::move(message), state);
  throw Error(std::move(message), state, std::move(constraint));
}

}  // namespace artel::db
