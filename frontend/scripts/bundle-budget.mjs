// Prints the gzip size of the JavaScript the first route (main, `/{lang}`) needs: the entry chunks plus the
// main route's lazy chunk, from dist/build-manifest.json. Exits 1 above the budget (issue 3: ≤ 170 KB gzip).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const kBudgetBytes = 170 * 1024;
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = path.join(dist, 'build-manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`bundle-budget: ${manifestPath} is missing; run \`npm run build\` first`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const files = [...new Set([...(manifest.entries.main ?? []), ...(manifest.routes['route-main'] ?? [])])];
if (files.length === 0) {
  console.error('bundle-budget: the manifest lists no JavaScript for the first route');
  process.exit(2);
}

let total = 0;
for (const file of files) {
  const full = path.join(dist, file);
  const size = existsSync(`${full}.gz`)
    ? readFileSync(`${full}.gz`).length
    : zlib.gzipSync(readFileSync(full), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(8)} KiB  ${file}`);
}
const verdict = total <= kBudgetBytes ? 'within' : 'OVER';
console.log(
  `first-route JS: ${(total / 1024).toFixed(1)} KiB gzip (${total} bytes), budget ${kBudgetBytes / 1024} KiB: ${verdict}`,
);
process.exit(total <= kBudgetBytes ? 0 : 1);
