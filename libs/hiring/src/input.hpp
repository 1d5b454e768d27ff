#pragma once

// The input rules of the response routes, private to the library (unit-tested in tests/input_test.cpp).

#include <cstdint>
#include <optional>
#include <string>

#include "artel/hiring/hiring.hpp"

namespace artel::web {
class JsonReader;
}  // namespace artel::web

namespace artel::hiring {

/// {resume_id | vacancy_id (`id_field`), letter ≤ kMaxLetterLength}; problems recorded in `reader`.
struct SendInput {
  std::int64_t id = 0;
  std::string letter;
};
SendInput ReadSendInput(web::JsonReader& reader, std::string_view id_field);

/// The optional body of a transition: reason (≤ kMaxReasonLength), resume_id, letter.
ActionInput ReadActionInput(web::JsonReader& reader);

/// The transitions POST /api/responses/{id}/{action} takes (not apply or invite, which create one).
std::optional<Action> ParseTransition(std::string_view name) noexcept;

}  // namespace artel::hiring
