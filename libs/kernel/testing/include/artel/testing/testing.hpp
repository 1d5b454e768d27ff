#pragma once

// Helpers the C++ tests of every domain share: a user row, and the artel::Error a call throws.

#include <gtest/gtest.h>

#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <string_view>

#include "artel/core/error.hpp"
#include "artel/db/testing/database.hpp"

namespace artel::testing {

/// Inserts a user named `name` (e-mail `<name>@test.local`, no usable password) and returns its id.
std::int64_t MakeUser(db::testing::TestDatabase& db, std::string_view name);

/// The artel::Error `work` throws; a test failure (and an Internal error) when it throws none.
template <class T>
Error ErrorOf(db::testing::TestDatabase& db, boost::asio::awaitable<T> work) {
  try {
    db.Run(std::move(work));
  } catch (const Error& error) {
    return error;
  }
  ADD_FAILURE() << "expected an artel::Error";
  return Error(ErrorCode::kInternal);
}

/// ErrorOf(...).Code().
template <class T>
ErrorCode CodeOf(db::testing::TestDatabase& db, boost::asio::awaitable<T> work) {
  return ErrorOf(db, std::move(work)).Code();
}

/// The first message key of `field` in a ValidationFailed error ("<no error on field>" when none).
std::string FieldKey(const Error& error, std::string_view field);

}  // namespace artel::testing
