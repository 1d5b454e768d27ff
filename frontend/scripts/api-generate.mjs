// Generates the typed RTK Query endpoints from docs/api/openapi.yaml into src/features/<domain>/api/*.generated.ts.
// With --check, generates into a temporary copy and fails when the committed files differ (stale client).
import { mkdtempSync, mkdirSync, readFileSync, rmSync, existsSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { generateEndpoints } from '@rtk-query/codegen-openapi';

const frontend = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemaFile = path.resolve(frontend, '../docs/api/openapi.yaml');
const check = process.argv.includes('--check');

// One output per backend domain; the path decides the domain.
const outputs = [
  {
    file: 'src/features/identity/api/identity.generated.ts',
    exportName: 'identityGeneratedApi',
    // /api/user/welcome is the marketplace's welcome flow: it belongs to the users output below.
    matches: (p) =>
      (p.startsWith('/api/user/') && p !== '/api/user/welcome') || p.startsWith('/api/admin/users/'),
  },
  {
    file: 'src/features/marketing/api/marketing.generated.ts',
    exportName: 'marketingGeneratedApi',
    matches: (p) => p === '/api/utm-data',
  },
  // The marketplace vertical (issue 4): one output per backend domain, all in the orders feature, since its
  // screens (order detail: bids, invitations, reviews; filters: catalog) use them together and features do not
  // import each other.
  {
    file: 'src/features/orders/api/catalog.generated.ts',
    exportName: 'catalogGeneratedApi',
    matches: (p) => p === '/api/catalog',
  },
  {
    file: 'src/features/orders/api/orders.generated.ts',
    exportName: 'ordersGeneratedApi',
    matches: (p) =>
      (p.startsWith('/api/orders') &&
        !/^\/api\/orders\/\{id\}\/(bids|select|invitations|reviews)$/.test(p)) ||
      p === '/api/users/{id}/orders',
  },
  {
    file: 'src/features/orders/api/bids.generated.ts',
    exportName: 'bidsGeneratedApi',
    matches: (p) =>
      /^\/api\/orders\/\{id\}\/(bids|select|invitations)$/.test(p) ||
      p.startsWith('/api/bids/') ||
      p === '/api/job-offers' ||
      p.startsWith('/api/invitations'),
  },
  {
    file: 'src/features/orders/api/reviews.generated.ts',
    exportName: 'reviewsGeneratedApi',
    matches: (p) =>
      p === '/api/orders/{id}/reviews' || p.startsWith('/api/reviews/') || p === '/api/users/{id}/reviews',
  },
  {
    file: 'src/features/orders/api/notifications.generated.ts',
    exportName: 'notificationsGeneratedApi',
    matches: (p) => p.startsWith('/api/notifications'),
  },
  {
    file: 'src/features/orders/api/users.generated.ts',
    exportName: 'usersGeneratedApi',
    matches: (p) => p === '/api/user/welcome' || p === '/api/users/{id}',
  },
];

// Every path of the contract gets exactly one client (an unmatched path would silently have none), except the
// ones no RTK Query endpoint calls: probes, the XSRF cookie's ping, and files used as plain URLs.
const serverOnly = new Set(['/healthz', '/readyz', '/api/ping', '/api/files/{name}']);
const contractPaths = [...readFileSync(schemaFile, 'utf8').matchAll(/^ {2}(\/[^:\s]*):\s*$/gm)].map(
  (m) => m[1],
);
const unassigned = contractPaths.filter(
  (p) => !serverOnly.has(p) && outputs.filter((output) => output.matches(p)).length !== 1,
);

const root = check ? mkdtempSync(path.join(os.tmpdir(), 'artel-api-check-')) : frontend;
try {
  if (check) {
    // Formatted with the project's Prettier settings, as the committed files are.
    copyFileSync(path.join(frontend, '.prettierrc.json'), path.join(root, '.prettierrc.json'));
  }
  let stale = 0;
  for (const output of outputs) {
    const outputFile = path.join(root, output.file);
    mkdirSync(path.dirname(outputFile), { recursive: true });
    await generateEndpoints({
      schemaFile,
      // Not starting with '.', so the generator writes this import as it is.
      apiFile: '@/lib/api/base-api',
      apiImport: 'baseApi',
      exportName: output.exportName,
      outputFile,
      hooks: false,
      tag: false,
      prettierConfigFile: path.join(root, '.prettierrc.json'),
      filterEndpoints: (_name, definition) => output.matches(definition.path),
      // X-Requested-With and Accept-Language are added by the base query, never by callers.
      endpointOverrides: [
        { pattern: /.*/, parameterFilter: (_name, parameter) => parameter.in !== 'header' },
      ],
    });
    if (check) {
      const committed = path.join(frontend, output.file);
      const fresh = readFileSync(outputFile, 'utf8');
      if (!existsSync(committed) || readFileSync(committed, 'utf8') !== fresh) {
        console.error(`api:check: ${output.file} is stale; run \`npm run api:generate\` and commit it`);
        stale += 1;
      }
    } else {
      console.log(`generated ${output.file}`);
    }
  }
  for (const p of unassigned) {
    console.error(`api:generate: ${p} belongs to no output (or to several); add it to one in this script`);
  }
  if (check && stale === 0) console.log('api:check: generated clients match docs/api/openapi.yaml');
  process.exitCode = stale === 0 && unassigned.length === 0 ? 0 : 1;
} finally {
  if (check) rmSync(root, { recursive: true, force: true });
}
