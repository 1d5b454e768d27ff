// The typed edge's request checks (web::Api's ReadInput, libs/web/include/artel/web/api.hpp): a request
// body read as JSON (Request::JsonBody), checked and normalized against its operation's schema
// (Contract::CheckBody), or a query string read against the operation's parameters (Contract::ReadQuery),
// then converted into the handler's input type (kernel::FromJson) where the domain exports it. Every part of
// the contract is loaded (libs/web/api.yaml and each libs/<domain>/api.yaml, as the binary compiles them in).
// Input: "<operationId>\n<body JSON or query string>" (fuzz/contract.dict lists the operationIds).
//
// What must hold: nothing but artel::Error escapes reading a body; a body CheckBody accepts converts into the
// input type without an exception, and checking its normalized form again is accepted unchanged.

#include "artel/web/contract.hpp"

#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <cstddef>
#include <cstdint>
#include <map>
#include <regex>
#include <string>
#include <string_view>

#include "artel/articles/articles.hpp"
#include "artel/core/error.hpp"
#include "artel/help/help.hpp"
#include "artel/kernel/json.hpp"
#include "artel/web/http.hpp"
#include "fuzz.hpp"
#include "parts.hpp"

namespace artel::web {
std::string_view PlatformContract();
}  // namespace artel::web

namespace artel::fuzz::parts {
#define ARTEL_FUZZ_DECLARE(domain) std::string_view domain();
ARTEL_FUZZ_PARTS(ARTEL_FUZZ_DECLARE)
#undef ARTEL_FUZZ_DECLARE
}  // namespace artel::fuzz::parts

using namespace artel;

namespace {

struct Loaded {
  web::Contract contract;
  std::map<std::string, const web::Operation*, std::less<>> operations;
};

void AddOperations(Loaded& loaded, std::string_view yaml) {
  static const std::regex kOperationId(R"(operationId:\s*([A-Za-z0-9_]+))");
  const std::string text(yaml);
  for (std::sregex_iterator it(text.begin(), text.end(), kOperationId), end; it != end; ++it) {
    const std::string id = (*it)[1];
    try {
      loaded.operations.emplace(id, &loaded.contract.Find(id));
    } catch (const std::logic_error&) {
      // No x-access: an operation no web::Api binds (a pending one); the edge never reads its requests.
    }
  }
}

const Loaded& Contract() {
  static const Loaded* loaded = [] {
    auto* made = new Loaded;
    made->contract.AddPart("platform", web::PlatformContract());
#define ARTEL_FUZZ_ADD(domain) made->contract.AddPart(#domain, fuzz::parts::domain());
    ARTEL_FUZZ_PARTS(ARTEL_FUZZ_ADD)
#undef ARTEL_FUZZ_ADD
    AddOperations(*made, web::PlatformContract());
#define ARTEL_FUZZ_OPERATIONS(domain) AddOperations(*made, fuzz::parts::domain());
    ARTEL_FUZZ_PARTS(ARTEL_FUZZ_OPERATIONS)
#undef ARTEL_FUZZ_OPERATIONS
    return made;
  }();
  return *loaded;
}

template <class Input>
void Convert(const boost::json::value& checked) {
  Input input{};
  kernel::FromJson(checked, input);
}

/// The handler's input type where the domain exports it (the others are private to their routes).
void ReadTyped(std::string_view id, const boost::json::value& checked) {
  if (id == "createArticle" || id == "updateArticle" || id == "adminCreateArticle" ||
      id == "adminUpdateArticle") {
    Convert<articles::ArticleInput>(checked);
  } else if (id == "adminReturnArticle" || id == "adminBlockArticle") {
    Convert<articles::ModerationInput>(checked);
  } else if (id == "adminCreateArticleCategory" || id == "adminUpdateArticleCategory") {
    Convert<articles::CategoryInput>(checked);
  } else if (id == "createFaqCategory" || id == "updateFaqCategory") {
    Convert<help::CategoryInput>(checked);
  } else if (id == "createFaqQuestion" || id == "updateFaqQuestion") {
    Convert<help::QuestionInput>(checked);
  } else if (id == "createHelpTicket") {
    Convert<help::TicketInput>(checked);
  } else if (id == "answerAdminTicket") {
    Convert<help::AnswerInput>(checked);
  } else if (id == "updateAdminPage") {
    Convert<help::PageInput>(checked);
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  Contract();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes = fuzz::View(data, size);
  const auto newline = bytes.find('\n');
  if (newline == std::string_view::npos) return 0;
  const Loaded& loaded = Contract();
  const auto found = loaded.operations.find(bytes.substr(0, newline));
  if (found == loaded.operations.end()) return 0;
  const web::Operation& operation = *found->second;
  const std::string_view rest = bytes.substr(newline + 1);

  web::Request request;
  request.method = operation.method;
  request.path = operation.path;
  if (operation.body != nullptr) {
    request.body = std::string(rest);
    boost::json::value body;
    try {
      body = request.JsonBody();
    } catch (const Error&) {
      return 0;  // 400: invalid UTF-8, malformed JSON, not an object
    }
    ValidationErrors errors;
    loaded.contract.CheckBody(operation, body, errors);
    if (!errors.Empty()) return 0;  // 422
    ReadTyped(operation.id, body);
    // The normalized body is itself valid and normalizes to itself.
    boost::json::value again = body;
    ValidationErrors errors_again;
    loaded.contract.CheckBody(operation, again, errors_again);
    ARTEL_FUZZ_CHECK(errors_again.Empty());
    ARTEL_FUZZ_CHECK(again == body);
  } else {
    request.query = std::string(rest);
    request.target = request.path + "?" + request.query;
    ValidationErrors errors;
    const boost::json::object query = loaded.contract.ReadQuery(operation, request, errors);
    if (!errors.Empty()) return 0;
    for (const auto& [name, value] : query) {
      // Every value read is one of the operation's parameters.
      bool declared = false;
      for (const auto& parameter : operation.query) declared = declared || parameter.name == name;
      ARTEL_FUZZ_CHECK(declared);
    }
  }
  return 0;
}
