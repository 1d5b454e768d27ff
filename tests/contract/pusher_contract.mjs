// The contract test's client (issue 10, "Contract"): the stock `pusher-js` from npm (frontend/node_modules,
// unmodified; its Node build brings its own WebSocket transport) connects to a running artel the way the SPA
// does, authorises a private channel through POST /api/broadcasting/auth with the session cookie and the XSRF
// header, and reports what it receives. Driven by tests/functional/test_pusher_contract.py:
//
//   ARTEL_URL=http://127.0.0.1:PORT ARTEL_COOKIE='name=value; …' ARTEL_XSRF=… ARTEL_CHANNEL=private-user.7 \
//   ARTEL_EVENTS=chat.newMsg,chat.message node tests/contract/pusher_contract.mjs
//
// Writes one JSON object per line on stdout: {"state": "<pusher connection state>"} on each change,
// {"subscribed": channel} once the subscription succeeded, {"event", "channel", "data"} per event listed in
// ARTEL_EVENTS, {"error": …} on a subscription or connection error. Exits 0 after ARTEL_COUNT events (default
// 1), 1 on an error, 2 after ARTEL_TIMEOUT_MS (default 30 s).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '..', '..', 'frontend', 'package.json'));
const PusherModule = require('pusher-js');
const Pusher = PusherModule.default ?? PusherModule;

const base = required('ARTEL_URL').replace(/\/$/, '');
const cookie = required('ARTEL_COOKIE');
const xsrf = required('ARTEL_XSRF');
const channelName = required('ARTEL_CHANNEL');
const events = (process.env.ARTEL_EVENTS ?? 'chat.newMsg').split(',').filter(Boolean);
const wanted = Number(process.env.ARTEL_COUNT ?? '1');
const timeoutMs = Number(process.env.ARTEL_TIMEOUT_MS ?? '30000');

function required(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`pusher_contract: ${name} is required`);
    process.exit(64);
  }
  return value;
}

function emit(object) {
  process.stdout.write(`${JSON.stringify(object)}\n`);
}

const headers = { 'X-Requested-With': 'XMLHttpRequest', Cookie: cookie };

// The SPA reads the key and the socket port from the server instead of a build-time constant.
const configResponse = await fetch(`${base}/api/broadcasting/config`, { headers });
if (!configResponse.ok) {
  emit({ error: `GET /api/broadcasting/config: ${configResponse.status} ${await configResponse.text()}` });
  process.exit(1);
}
const config = await configResponse.json();
const host = new URL(base).hostname;

const pusher = new Pusher(config.key, {
  wsHost: host,
  wsPort: config.ws_port,
  forceTLS: false,
  enabledTransports: ['ws'],
  cluster: 'artel',
  disableStats: true,
  channelAuthorization: {
    endpoint: '/api/broadcasting/auth',
    transport: 'ajax',
    // Node has no cookie jar: the handler posts what pusher-js's ajax transport would (form-encoded socket_id
    // and channel_name) with the session cookie and the XSRF header the SPA sends. The answer's channel_data (the
    // session that authorised the subscription) goes on with pusher:subscribe, as pusher-js sends it for every
    // channel type.
    customHandler: ({ socketId, channelName: name }, callback) => {
      const body = new URLSearchParams({ socket_id: socketId, channel_name: name });
      fetch(`${base}/api/broadcasting/auth`, {
        method: 'POST',
        headers: { ...headers, 'X-XSRF-TOKEN': xsrf, 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      })
        .then(async (response) => {
          const text = await response.text();
          if (!response.ok) throw new Error(`broadcasting/auth ${response.status}: ${text}`);
          callback(null, JSON.parse(text));
        })
        .catch((error) => callback(error, null));
    },
  },
});

const timer = setTimeout(() => {
  emit({ error: `timeout after ${timeoutMs} ms` });
  pusher.disconnect();
  process.exit(2);
}, timeoutMs);

function finish(status) {
  clearTimeout(timer);
  pusher.disconnect();
  // Let the close frame go out before the process ends.
  setTimeout(() => process.exit(status), 100);
}

pusher.connection.bind('state_change', ({ current }) => emit({ state: current, socket_id: pusher.connection.socket_id }));
pusher.connection.bind('error', (error) => emit({ error: 'connection', detail: JSON.stringify(error) }));

let received = 0;
const channel = pusher.subscribe(channelName);
channel.bind('pusher:subscription_succeeded', () => emit({ subscribed: channelName }));
channel.bind('pusher:subscription_error', (error) => {
  emit({ error: 'subscription', detail: JSON.stringify(error) });
  finish(1);
});
for (const event of events) {
  channel.bind(event, (data) => {
    emit({ event, channel: channelName, data });
    received += 1;
    if (received >= wanted) finish(0);
  });
}
