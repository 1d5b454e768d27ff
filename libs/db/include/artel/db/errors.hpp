#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace artel::db {

/// Any database failure. `SqlState()` is the five-character SQLSTATE ("" for client-side failures).
class Error : public std::runtime_error {
 public:
  Error(std::string message, std::string sqlstate, std::string constraint = {})
      : std::runtime_error(std::move(message)),
        sqlstate_(std::move(sqlstate)),
        constraint_(std::move(constraint)) {}

  const std::string& SqlState() const noexcept { return sqlstate_; }
  /// PG_DIAG_CONSTRAINT_NAME when the server named one: lets domains map a violation to a field.
  const std::string& Constraint() const noexcept { return constraint_; }

 private:
  std::string sqlstate_;
  std::string constraint_;
};

// Class 23: integrity constraint violations (→ 409/422 in the web layer).
class IntegrityError : public Error {
  using Error::Error;
};
class UniqueViolation final : public IntegrityError {
  using IntegrityError::IntegrityError;
};  // 23505
class ForeignKeyViolation final : public IntegrityError {
  using IntegrityError::IntegrityError;
};  // 23503
class CheckViolation final : public IntegrityError {
  using IntegrityError::IntegrityError;
};  // 23514
class NotNullViolation final : public IntegrityError {
  using IntegrityError::IntegrityError;
};  // 23502
class ExclusionViolation final : public IntegrityError {
  using IntegrityError::IntegrityError;
};  // 23P01

// Retryable transaction outcomes (see WithRetry).
class TransactionRollback : public Error {
  using Error::Error;
};
class SerializationFailure final : public TransactionRollback {
  using TransactionRollback::TransactionRollback;
};  // 40001
class DeadlockDetected final : public TransactionRollback {
  using TransactionRollback::TransactionRollback;
};  // 40P01

class QueryCanceled final : public Error {
  using Error::Error;
};  // 57014 (statement_timeout)
class DataError final : public Error {
  using Error::Error;
};  // class 22: bad input reached SQL
class SyntaxError final : public Error {
  using Error::Error;
};  // class 42: a bug in our SQL

/// The server is unreachable, the connection broke, or shut down (class 08, 57P01..57P03).
/// The web layer answers 503; the pool drops the connection and reconnects for later requests.
class ConnectionError final : public Error {
  using Error::Error;
};
/// No connection became free within the pool's acquire timeout (→ 503).
class PoolTimeout final : public Error {
  using Error::Error;
};

/// Throws the typed exception for a SQLSTATE.
[[noreturn]] void ThrowForSqlState(std::string message, std::string_view sqlstate,
                                   std::string constraint = {});

}  // namespace artel::db
