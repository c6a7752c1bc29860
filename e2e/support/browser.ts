import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { ROOT } from './server';

/** Debian's Chromium; playwright-core downloads no browser. Override with CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SCREENSHOT_DIR = path.join(ROOT, 'e2e/screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

export interface PageOptions {
  /** Relative `page.goto('/x')` resolves against it. */
  baseUrl: string;
  viewport?: { width: number; height: number };
}

export interface TrackedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions thrown in the page so far (assert it stays empty). */
  pageErrors: Error[];
  /** console.error messages so far (failed requests show up here too). */
  consoleErrors: string[];
}

/** A fresh context (own cookies and storage) with one page that records page errors. */
export async function newPage(browser: Browser, options: PageOptions): Promise<TrackedPage> {
  const context = await browser.newContext({
    baseURL: options.baseUrl,
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  return { context, page, pageErrors, consoleErrors };
}

/** Saves a full-page PNG as e2e/screenshots/<name>.png (git-ignored) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9._-]+/gi, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Signs in on the login page and waits to leave /auth. */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}
