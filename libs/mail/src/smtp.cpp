#include "smtp.hpp"

#include <curl/curl.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "mime.hpp"

namespace artel::mail {
namespace {

// Bounds the blocking call; the worker's lease (5 minutes) is far longer.
constexpr long kConnectTimeoutSeconds = 15;
constexpr long kTotalTimeoutSeconds = 60;

struct Upload {
  const std::string* data;
  std::size_t offset = 0;
};

std::size_t ReadChunk(char* buffer, std::size_t size, std::size_t count, void* user) {
  auto* upload = static_cast<Upload*>(user);
  std::size_t n = std::min(size * count, upload->data->size() - upload->offset);
  std::memcpy(buffer, upload->data->data() + upload->offset, n);
  upload->offset += n;
  return n;
}

bool IsLoopback(std::string_view url) {
  for (std::string_view prefix : {"smtp://localhost", "smtp://127.", "smtp://[::1]"}) {
    if (url.starts_with(prefix)) {
      char next = url.size() > prefix.size() ? url[prefix.size()] : '/';
      if (prefix.back() == '.' || next == ':' || next == '/') return true;
    }
  }
  return false;
}

void GlobalInit() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (CURLcode code = curl_global_init(CURL_GLOBAL_DEFAULT); code != CURLE_OK) {
      throw std::runtime_error(fmt::format("curl_global_init: {}", curl_easy_strerror(code)));
    }
  });
}

struct EasyDeleter {
  void operator()(CURL* curl) const { curl_easy_cleanup(curl); }
};
struct ListDeleter {
  void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};

}  // namespace

void SendSmtp(const MailConfig& config, const std::string& to, const std::string& message) {
  GlobalInit();
  std::unique_ptr<CURL, EasyDeleter> curl(curl_easy_init());
  if (!curl) throw std::runtime_error("curl_easy_init failed");

  const std::string mail_from = "<" + ParseMailbox(config.from).address + ">";
  ValidateAddress(to);
  curl_slist* raw_list = curl_slist_append(nullptr, ("<" + to + ">").c_str());
  if (raw_list == nullptr) throw std::runtime_error("curl_slist_append failed");
  std::unique_ptr<curl_slist, ListDeleter> recipients(raw_list);

  Upload upload{&message};
  char error_buffer[CURL_ERROR_SIZE] = {};
  CURL* h = curl.get();
  auto set = [&](CURLoption option, auto value) {
    if (CURLcode code = curl_easy_setopt(h, option, value); code != CURLE_OK) {
      throw std::runtime_error(
          fmt::format("curl_easy_setopt({}): {}", static_cast<int>(option), curl_easy_strerror(code)));
    }
  };
  set(CURLOPT_ERRORBUFFER, error_buffer);
  set(CURLOPT_URL, config.smtp_url.c_str());
  // Protocols limited to SMTP so a misconfigured URL cannot make the worker fetch files or web pages.
  set(CURLOPT_PROTOCOLS_STR, "smtp,smtps");
  // smtps:// is TLS from the start; for smtp:// STARTTLS is used whenever the server offers it, and is
  // required when a password would otherwise cross the network in clear (a stripped STARTTLS offer).
  if (config.smtp_url.starts_with("smtp://")) {
    const bool password_off_host = !config.smtp_user.empty() && !IsLoopback(config.smtp_url);
    set(CURLOPT_USE_SSL, static_cast<long>(password_off_host ? CURLUSESSL_ALL : CURLUSESSL_TRY));
  }
  if (!config.smtp_user.empty()) {
    set(CURLOPT_USERNAME, config.smtp_user.c_str());
    set(CURLOPT_PASSWORD, config.smtp_password.c_str());
  }
  set(CURLOPT_MAIL_FROM, mail_from.c_str());
  set(CURLOPT_MAIL_RCPT, recipients.get());
  set(CURLOPT_READFUNCTION, &ReadChunk);
  set(CURLOPT_READDATA, static_cast<void*>(&upload));
  set(CURLOPT_UPLOAD, 1L);
  set(CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(message.size()));
  set(CURLOPT_CONNECTTIMEOUT, kConnectTimeoutSeconds);
  set(CURLOPT_TIMEOUT, kTotalTimeoutSeconds);
  // Worker threads must not receive SIGALRM from libcurl's resolver timeouts.
  set(CURLOPT_NOSIGNAL, 1L);

  if (CURLcode code = curl_easy_perform(h); code != CURLE_OK) {
    // The URL is left out of the message: it may carry credentials.
    std::string reason = error_buffer[0] != '\0' ? error_buffer : curl_easy_strerror(code);
    long response = 0;
    if (curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &response) == CURLE_OK && response != 0) {
      reason += fmt::format(" (server reply {})", response);
    }
    throw std::runtime_error("SMTP: " + reason);
  }
}

}  // namespace artel::mail
