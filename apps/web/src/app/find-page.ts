import { matchPath } from 'react-router';

/** The page entry of `pages` (paths relative to `base`, maybe with :params) that `pathname` opens. */
export function findPageDef<T extends { path: string }>(
  pages: readonly T[],
  base: string,
  pathname: string,
): T | undefined {
  const relative = pathname.replace(new RegExp(`^${base}/?`), '').replace(/\/+$/, '');
  return pages.find((page) =>
    page.path.includes(':')
      ? matchPath({ path: page.path, end: true }, `/${relative}`) !== null
      : page.path === relative,
  );
}
