import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type Browser, type Page } from '@playwright/test';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (url === undefined) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
  return url;
}

function mails(): Mail[] {
  const directory = process.env.E2E_MAIL_DIR ?? '';
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(directory, name), 'utf8')) as Mail);
}

// The newest mail to `to` among those that arrived after `seen` mails to that address.
export async function waitForMail(to: string, seen = 0, timeoutMs = 20_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mine = mails().filter((mail) => mail.to.includes(to.toLowerCase()));
    const last = mine[mine.length - 1];
    if (mine.length > seen && last !== undefined) return last;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

export function linkIn(mail: Mail): string {
  const links = mail.text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  const ours = links.find((link) => link.startsWith(`${baseUrl()}/`));
  if (ours === undefined) throw new Error(`no Artel link in mail "${mail.subject}":\n${mail.text}`);
  return ours.replace(/[.,;:!?)]+$/, '');
}

// Full-page screenshot under tests/e2e/artifacts/ (git-ignored), after toasts and animations settle.
// Dialogs and toasts are fixed to the viewport: take those with fullPage false.
// In the phone project the name gets a `-phone` suffix.
// No horizontal scroll: the page is at most as wide as the window (a soft check, so a spec goes on).
export async function expectFits(page: Page, what: string): Promise<void> {
  const { width, inner } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect.soft(width, `${what}: ${width} px in a ${inner} px window`).toBeLessThanOrEqual(inner);
}

export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.waitForLoadState('networkidle');
  const suffix = test.info().project.name === 'phone' ? '-phone' : '';
  await page.screenshot({
    path: path.join(__dirname, 'artifacts', `${name}${suffix}.png`),
    fullPage,
  });
}

export interface ServerUser {
  id?: number;
  name?: string;
  lang?: string;
}

// What the server thinks of the browser's session (shares the page's cookies).
// Picks `option` in the PrimeReact Dropdown or MultiSelect whose input is `trigger` (its inputId): a click on the
// widget's box opens its panel (the input itself is visually hidden), then the option of that panel.
export async function choose(page: Page, trigger: string, option: string): Promise<void> {
  await page.locator(`.p-dropdown:has(${trigger}), .p-multiselect:has(${trigger})`).click();
  await page
    .locator('.p-dropdown-panel, .p-multiselect-panel')
    .getByRole('option', { name: option, exact: true })
    .click();
}

export async function serverUser(page: Page): Promise<ServerUser> {
  const response = await page.request.get(`${baseUrl()}/api/user/info`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  return (await response.json()) as ServerUser;
}

// An unsafe API call with the page's cookies and the XSRF double submit, as the SPA makes it: a 419 answer
// carries a fresh XSRF cookie, so one retry reads it.
export async function unsafeApi(
  page: Page,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data: unknown,
) {
  const send = async () => {
    const cookies = await page.context().cookies(baseUrl());
    const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    return page.request.fetch(`${baseUrl()}${path}`, {
      method,
      data,
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
    });
  };
  const first = await send();
  return first.status() === 419 ? send() : first;
}

// GET /api/catalog, the parts the tests read.
export interface CatalogShape {
  categories: {
    id: number;
    code: string;
    names: { en: string; ru: string };
    specializations: { id: number; names: { en: string; ru: string } }[];
  }[];
  countries: { id: number; names: { en: string; ru: string } }[];
}

export async function catalogOf(page: Page): Promise<CatalogShape> {
  const response = await page.request.get(`${baseUrl()}/api/catalog`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  return (await response.json()) as CatalogShape;
}

// A signed-in account made through the API in its own browser context: registered, verified from the mail link
// (unless `verify` is false), logged in, and (unless `intent` is null) past the welcome question, so its dialog
// does not cover the pages. The cookie notice is accepted unless `acceptCookies` is false.
export interface Account {
  page: Page;
  id: number;
  email: string;
}

export interface SignUpOptions {
  verify?: boolean;
  lastname?: string;
  viewport?: { width: number; height: number };
  intent?: 'customer' | 'performer' | null;
  acceptCookies?: boolean;
}

export const kTestPassword = 'Start#Pass1';

export async function signUpByApi(
  browser: Browser,
  name: string,
  lang: 'en' | 'ru',
  options: SignUpOptions = {},
): Promise<Account> {
  const context = await browser.newContext({
    locale: lang === 'ru' ? 'ru-RU' : 'en-US',
    ...(options.viewport === undefined ? {} : { viewport: options.viewport }),
  });
  const page = await context.newPage();
  if (options.acceptCookies !== false) {
    await page.addInitScript(() => window.localStorage.setItem('artel.cookies-accepted', '1'));
  }
  await page.goto(`${baseUrl()}/${lang}`);
  await page.waitForLoadState('networkidle');
  const email = `e2e-${name.toLowerCase()}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
  const registered = await unsafeApi(page, 'POST', '/api/user/register', {
    name,
    lastname: options.lastname ?? 'Tester',
    email,
    password: kTestPassword,
    lang,
    accept_terms: true,
  });
  if (!registered.ok()) throw new Error(`register ${registered.status()}: ${await registered.text()}`);
  const mail = await waitForMail(email);
  if (options.verify !== false) {
    await page.goto(linkIn(mail));
    await page.locator('.form-alert-success').waitFor();
  }
  const login = await unsafeApi(page, 'POST', '/api/user/login', {
    email,
    password: kTestPassword,
    remember: true,
  });
  if (!login.ok()) throw new Error(`login ${login.status()}: ${await login.text()}`);
  const { id } = (await login.json()) as { id: number };
  const intent = options.intent === undefined ? 'customer' : options.intent;
  if (intent !== null) {
    const countryId = intent === 'performer' ? (await catalogOf(page)).countries[0]!.id : null;
    const welcome = await unsafeApi(page, 'POST', '/api/user/welcome', { intent, job_country_id: countryId });
    if (!welcome.ok()) throw new Error(`welcome ${welcome.status()}: ${await welcome.text()}`);
  }
  return { page, id, email };
}
