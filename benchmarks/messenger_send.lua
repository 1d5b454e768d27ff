-- wrk script for POST /api/chats/{id}/messages (benchmarks/run.sh realtime): every request is a new message
-- (a fresh client_id) in the next chat of the pairs file given after `--` (lines "chat_id sender_bearer_token",
-- written by run.sh from realtime_setup.py's output), sent as that chat's first user. Each thread starts at a
-- different pair. Other headers (X-Requested-With, Content-Type) come from wrk's -H options (wrk.format with a
-- header table drops them, so they are copied into it).
local chats = {}
local next_index = 1
local counter = 0
local prefix = ""

-- setup() runs in the main Lua state and numbers the threads; each thread's state gets its own global.
local threads_made = 0
function setup(thread)
  threads_made = threads_made + 1
  thread:set("thread_number", threads_made)
end

function init(args)
  local file = assert(io.open(args[1] or "", "r"), "messenger_send.lua: give the pairs file after --")
  for line in file:lines() do
    local chat, token = line:match("^(%d+)%s+(%S+)")
    if chat then chats[#chats + 1] = {path = "/api/chats/" .. chat .. "/messages", auth = "Bearer " .. token} end
  end
  file:close()
  assert(#chats > 0, "messenger_send.lua: no pairs in " .. args[1])
  math.randomseed(os.time() + (thread_number or 0) * 7919)
  next_index = 1 + (math.random(#chats) - 1)
  -- A client_id per request, unique across threads and runs: a random 48-bit run/thread prefix and a counter.
  prefix = string.format("%08x-%04x", math.random(0, 0x7fffffff), (thread_number or 0) % 0x10000)
end

function request()
  local pair = chats[next_index]
  next_index = next_index % #chats + 1
  counter = counter + 1
  local body = string.format('{"client_id":"%s-4000-8000-%012x","text":"wrk message %d","attachment_ids":[]}',
    prefix, counter, counter)
  local headers = {}
  for name, value in pairs(wrk.headers) do headers[name] = value end
  headers["Authorization"] = pair.auth
  return wrk.format("POST", pair.path, headers, body)
end
