// Largest Contentful Paint of Artel's first screens as a phone on a slow network sees them (issue 26): headless
// Debian Chromium at 390×844, a cold cache (a new context per load, the cache disabled), DevTools' "Fast 3G"
// profile (562.5 ms RTT, 1.44 Mbit/s down, 675 Kbit/s up). Each page loads BENCH_LCP_RUNS times (default 3);
// the median is printed beside a baseline measured in the same run on the same emulated network: a static page
// with the same kind of first screen (a heading and a paragraph, no script), served from loopback by this script.
// The ratio page / baseline is what the network alone cannot explain.
//
// Usage: node benchmarks/lcp.mjs <artel base URL> [path ...]   (default paths: /ru /ru/orders /ru/freelancers)
// Needs playwright-core (frontend/node_modules) and /usr/bin/chromium.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '../frontend/package.json'));
const { chromium } = require('playwright-core');

const [base, ...given] = process.argv.slice(2);
if (base === undefined) {
  console.error('usage: node benchmarks/lcp.mjs <base URL> [path ...]');
  process.exit(2);
}
const pages = given.length > 0 ? given : ['/ru', '/ru/orders', '/ru/freelancers'];
const runs = Number(process.env.BENCH_LCP_RUNS ?? 3);
// Chrome DevTools' "Fast 3G" (its throttling presets: 562.5 ms latency, 1.44 Mbps down, 675 Kbps up, in bytes/s).
const kFast3g = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.44 * 1000 * 1000) / 8,
  uploadThroughput: (675 * 1000) / 8,
};
const kBaselineHtml = `<!doctype html><html lang="ru"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Baseline</title></head>
<body><main><h1 style="font:700 2rem sans-serif">Найдите исполнителей для своих задач — или работу для себя</h1>
<p style="font:1rem sans-serif">Artel объединяет заказчиков и фрилансеров, работодателей и соискателей.</p></main></body></html>`;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function lcpOf(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  // Guests see the cookie notice after 3 s; it must not become the largest paint of a slow load.
  await context.addCookies([{ name: 'cookie_consent', value: '1', url }]);
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', kFast3g);
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  // LCP stops at the first input; until then the last entry is the answer.
  const lcp = await page.evaluate(() => window.__lcp);
  await context.close();
  return lcp;
}

const baseline = createServer((_request, response) => {
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(kBaselineHtml);
});
await new Promise((resolve) => baseline.listen(0, '127.0.0.1', resolve));
const baselineUrl = `http://127.0.0.1:${baseline.address().port}/`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const measure = async (url) => {
    const values = [];
    for (let i = 0; i < runs; i += 1) values.push(await lcpOf(browser, url));
    return { median: median(values), values };
  };
  const floor = await measure(baselineUrl);
  console.log(`| page | LCP median (ms) | runs (ms) | ÷ static baseline |`);
  console.log(`| --- | --- | --- | --- |`);
  console.log(`| static baseline | ${floor.median.toFixed(0)} | ${floor.values.map((v) => v.toFixed(0)).join(', ')} | 1.00 |`);
  for (const pagePath of pages) {
    const result = await measure(new URL(pagePath, base).href);
    console.log(
      `| ${pagePath} | ${result.median.toFixed(0)} | ${result.values.map((v) => v.toFixed(0)).join(', ')} | ${(result.median / floor.median).toFixed(2)} |`,
    );
  }
} finally {
  await browser.close();
  baseline.close();
}
