#include "input.hpp"

#include <algorithm>

#include "artel/web/json.hpp"

namespace artel::hiring {

SendInput ReadSendInput(web::JsonReader& reader, std::string_view id_field) {
  SendInput input;
  auto id = reader.Int(id_field);
  if (id && *id < 1) reader.AddError(std::string(id_field), {"validation:type.integer", {}});
  if (id) input.id = *id;
  input.letter = reader.String("letter", {.max_length = kMaxLetterLength, .required = false}).value_or("");
  return input;
}

ActionInput ReadActionInput(web::JsonReader& reader) {
  ActionInput input;
  input.reason = reader.String("reason", {.max_length = kMaxReasonLength, .required = false});
  input.resume_id = reader.Int("resume_id", false);
  if (input.resume_id && *input.resume_id < 1) reader.AddError("resume_id", {"validation:type.integer", {}});
  input.letter = reader.String("letter", {.max_length = kMaxLetterLength, .required = false});
  return input;
}

std::optional<Action> ParseTransition(std::string_view name) noexcept {
  auto action = ParseAction(name);
  if (!action || std::ranges::find(kTransitions, *action) == std::end(kTransitions)) return std::nullopt;
  return action;
}

}  // namespace artel::hiring
