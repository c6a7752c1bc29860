import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './server';

/**
 * Every route of the web app, read from the route tables themselves (apps/web/src/app/router.tsx,
 * dashboard-pages.ts, tenant-pages.ts) so a page added there is walked by e2e/accessibility.spec.ts without
 * touching the spec. Redirect-only routes (`<Navigate>`, `<RedirectTo>`, `<AppRedirect>`) and catch-alls are skipped;
 * `/dashboard/*` and `/tenant/*` expand to their page tables.
 */
export type RouteArea = 'public' | 'auth' | 'portal' | 'dashboard' | 'tenant';

export interface AppRoute {
  /** e.g. '/dashboard/properties/:id' */
  pattern: string;
  area: RouteArea;
}

const APP_DIR = path.join(ROOT, 'apps/web/src/app');

interface Node {
  text: string;
  parent: Node | null;
  start: number;
}

/** A brace-aware walk over the object literals of a route table: every `{ … }` that has `path:` or `index: true`. */
function routeObjects(source: string): { full: string; text: string }[] {
  const found: { full: string; text: string }[] = [];
  const stack: Node[] = [];
  let quote: string | null = null;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') {
      quote = char;
      continue;
    }
    if (char === '{') {
      stack.push({ text: '', parent: stack.at(-1) ?? null, start: i });
      continue;
    }
    if (char === '}') {
      const node = stack.pop();
      if (!node) continue;
      node.text = source.slice(node.start, i + 1);
      const own = /^\{\s*(?:(index):\s*true|path:\s*'([^']*)')/.exec(node.text);
      if (!own) continue;
      const parts: string[] = [own[2] ?? ''];
      for (let walk: Node | null = node.parent; walk; walk = walk.parent) {
        const parentPath = /^\{\s*path:\s*'([^']*)'/.exec(source.slice(walk.start, walk.start + 200));
        if (parentPath) parts.unshift(parentPath[1]!);
      }
      found.push({ full: parts.filter(Boolean).join('/'), text: node.text });
    }
  }
  return found;
}

const REDIRECT = /element:\s*<(Navigate|RedirectTo|AppRedirect)\b/;

function tablePaths(file: string): string[] {
  const source = readFileSync(path.join(APP_DIR, file), 'utf8');
  return [...source.matchAll(/^(?: {4}| {2}\{ )path: '([^']*)'/gm)].map((match) => match[1]!);
}

function areaOf(pattern: string): RouteArea {
  if (pattern.startsWith('/auth')) return 'auth';
  if (/^\/(create-ticket|track-ticket|tenant-portal|assignee-portal|invitation)\//.test(pattern))
    return 'portal';
  return 'public';
}

export function appRoutes(): AppRoute[] {
  const routes: AppRoute[] = [];
  const top = routeObjects(readFileSync(path.join(APP_DIR, 'router.tsx'), 'utf8'));
  for (const { full, text } of top) {
    if (REDIRECT.test(text)) continue;
    if (full === '*') routes.push({ pattern: '/no-such-page', area: 'public' });
    else if (full.endsWith('*') && !/^(dashboard|tenant)\/\*$/.test(full)) continue;
    else if (full === 'dashboard/*') {
      for (const sub of tablePaths('dashboard-pages.ts'))
        routes.push({ pattern: `/dashboard${sub ? `/${sub}` : ''}`, area: 'dashboard' });
    } else if (full === 'tenant/*') {
      for (const sub of tablePaths('tenant-pages.ts'))
        routes.push({ pattern: `/tenant${sub ? `/${sub}` : ''}`, area: 'tenant' });
    } else {
      const pattern = `/${full}`;
      routes.push({ pattern, area: areaOf(pattern) });
    }
  }
  const seen = new Set<string>();
  return routes.filter((route) => !seen.has(route.pattern) && seen.add(route.pattern));
}
