import { readFileSync } from 'node:fs';
import path from 'node:path';

interface RoutePage {
  /** The route's path segments; `$name` matches any one segment. */
  segments: string[];
  /** An index route (`admin.index`): preferred over the layout route of the same path. */
  index: boolean;
  /** The app shell for the route, relative to the client build: its chunks linked, #root empty. */
  page: string;
  /** The server's template for the route's rendering: its styles inline, no script but the entry (older builds: none). */
  rendered?: string;
}

/**
 * The HTML pages for a client route (written by scripts/prerender.mjs into pages/ with
 * pages/routes.json): the app shell with the route's chunks linked, so a phone fetches the route's
 * code with the page, and the template the server renders into. Undefined for a path no route
 * matches, or a build without route pages.
 */
export function routePages(clientDir: string): (urlPath: string) => Pick<RoutePage, 'page' | 'rendered'> | undefined {
  let table: RoutePage[] = [];
  try {
    table = JSON.parse(readFileSync(path.join(clientDir, 'pages/routes.json'), 'utf8')) as RoutePage[];
  } catch {
    // No route pages in this build: every route gets shell.html.
  }
  const ordered = [...table].sort((a, b) => Number(b.index) - Number(a.index));
  return (urlPath) => {
    const segments = urlPath.split('/').filter(Boolean);
    const match = ordered.find((route) => route.segments.length === segments.length && route.segments.every((s, i) => s.startsWith('$') || s === segments[i]));
    return match && { page: match.page, rendered: match.rendered };
  };
}
