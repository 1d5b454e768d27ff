import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import path from 'node:path';

// Starts what the functional harness starts (tests/functional/conftest.py): an SMTP sink, then
// `artel create-admin` and `artel serve` on a throwaway embedded PostgreSQL, serving the built frontend/dist.
// Exposes E2E_BASE_URL and E2E_MAIL_DIR to the tests; the returned function stops everything.

const kRepo = path.resolve(__dirname, '../..');
export const kAdminEmail = 'admin@test.local';
export const kAdminPassword = 'Admin#12345';

function startMailSink(directory: string): Promise<{ process: ChildProcess; port: number }> {
  const sink = spawn('/usr/bin/python3', [path.join(__dirname, 'mail_sink.py'), directory], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    sink.once('exit', (code) => reject(new Error(`mail sink exited with ${code}`)));
    createInterface({ input: sink.stdout! }).once('line', (line) =>
      resolve({ process: sink, port: Number(line) }),
    );
  });
}

async function waitReady(url: string, server: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`artel exited with ${server.exitCode}:\n${readFileSync(log, 'utf8').slice(-4000)}`);
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
      last = `${response.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `GET /readyz not 200 within 90 s (last: ${last})\n${readFileSync(log, 'utf8').slice(-4000)}`,
  );
}

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const binary = path.resolve(kRepo, process.env.ARTEL_BIN ?? 'build/dev/apps/artel/artel');
  if (!existsSync(binary)) throw new Error(`artel binary not found at ${binary}: build it or set ARTEL_BIN`);
  // The checkout whose db/migrations and i18n the server reads (normally this one).
  const serverRoot = path.resolve(process.env.E2E_SERVER_ROOT ?? kRepo);
  const dist = path.join(kRepo, 'frontend', 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} has no build: run npm run build`);

  mkdirSync(path.join(__dirname, 'artifacts'), { recursive: true });
  // Under /tmp and world-traversable: the embedded PostgreSQL runs as `postgres` and must reach its directory.
  const work = mkdtempSync('/tmp/artel-e2e-');
  chmodSync(work, 0o755);
  const data = path.join(work, 'var');
  const mailDir = path.join(work, 'mail');
  const sink = await startMailSink(mailDir);

  const port = 20000 + Math.floor(Math.random() * 20000);
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('ARTEL_')),
  );
  Object.assign(env, {
    ARTEL_DATA_DIR: data,
    ARTEL_DATABASE_EMBEDDED_DIR: path.join(data, 'pgdata'),
    ARTEL_SERVER_HOST: '127.0.0.1',
    ARTEL_SERVER_PORT: String(port),
    ARTEL_SERVER_PUBLIC_URL: url,
    ARTEL_SERVER_THREADS: '2',
    ARTEL_SERVER_STATIC_DIR: dist,
    ARTEL_MAIL_SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    ARTEL_MAIL_OUTBOX_DIR: path.join(data, 'mail'),
    ARTEL_STORAGE_DIR: path.join(data, 'uploads'),
    ARTEL_I18N_DIR: path.join(serverRoot, 'i18n'),
    ARTEL_SECURITY_ARGON2_MEMORY_KIB: '8192',
    // Every browser of the suite comes from 127.0.0.1: the per-IP limits (20 failed sign-ins and registrations,
    // 300 sign-ins per window) would count the whole suite's accounts as one visitor's attempts. The per-account
    // limits stay as configured.
    ARTEL_SECURITY_AUTH_ATTEMPTS_PER_IP: '500',
    ARTEL_SECURITY_SIGN_INS_PER_IP: '5000',
    // The same for the contract's per-user limits (x-rate-limit): the demo customer posts the whole suite's
    // orders. tests/functional/test_rate_limits.py proves them.
    ARTEL_RATE_LIMITS_ENFORCE: 'false',
    ARTEL_LOG_LEVEL: 'info',
    // The socket listener on a free port (GET /api/broadcasting/config tells the SPA which).
    ARTEL_REALTIME_PORT: '0',
  });

  const admin = spawnSync(
    binary,
    ['create-admin', '--email', kAdminEmail, '--password', kAdminPassword, '--name', 'Admin'],
    { cwd: serverRoot, env, encoding: 'utf8', timeout: 180_000 },
  );
  if (admin.status !== 0) {
    await stop(sink.process);
    throw new Error(`artel create-admin exited ${admin.status}\n${admin.stdout}\n${admin.stderr}`);
  }

  const log = path.join(__dirname, 'artifacts', 'artel.log');
  const out = openSync(log, 'w');
  const server = spawn(binary, ['serve'], {
    cwd: serverRoot,
    env,
    stdio: ['ignore', out, out],
  });
  try {
    await waitReady(url, server, log);
  } catch (error) {
    await stop(server);
    await stop(sink.process);
    throw error;
  }

  process.env.E2E_BASE_URL = url;
  process.env.E2E_MAIL_DIR = mailDir;
  return async () => {
    await stop(server);
    await stop(sink.process);
  };
}
