import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ComponentType, ReactElement } from 'react';
import { MemoryRouter, Route, Routes, matchRoutes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNKNOWN_PAGE_PATHS } from '@contract/pages.examples';
import {
  NOT_FOUND_MODULE,
  findPage,
  pageLayouts,
  pagePaths,
  pages,
  type PageAccess,
  type PageName,
} from '@contract/pages';
import { AuthContext, type Auth, type AuthState } from '../features/auth/auth-context';
import { jsonResponse } from '../test/render';
import { appRoutes, routeComponents, routeModules } from './router';

/** The components the router draws at a URL path, outermost first (the root layout included). */
function drawnAt(url: string): ComponentType[] {
  const matches = matchRoutes(appRoutes, url) ?? [];
  return matches.map((match) => (match.route.element as ReactElement).type as ComponentType);
}

const componentOf = (module: string) => routeComponents.get(module);
const pageNames = Object.keys(pages) as PageName[];
/** A link to each page, any parameter filled in. */
const linkTo = (name: PageName) => {
  const path = pagePaths[name];
  return typeof path === 'string' ? path : path('00000000-0000-4000-8000-000000000001');
};

describe('the router and the page table', () => {
  it.each(pageNames)('when the page %s is opened, then the router draws its route module, in its layout', (name) => {
    const page = pages[name];
    const drawn = drawnAt(linkTo(name));
    expect(drawn.at(-1)).toBe(componentOf(page.module));
    expect(drawn).toHaveLength('layout' in page ? 3 : 2);
    if ('layout' in page) expect(drawn[1]).toBe(componentOf(pageLayouts[page.layout].module));
  });

  it.each([
    ...UNKNOWN_PAGE_PATHS,
    '/auth/popup-done/x',
    '/Blog',
    '/blog/',
    '/dashboard/MYORDER',
    '/products/a%2Fb',
    '/bl%6Fg',
    '/products/%E2%9C%93',
    '//blog',
  ])('when %s is opened, then the router draws the not-found screen exactly where the server finds no page', (url) => {
    const page = findPage(url);
    const leaf = drawnAt(url).at(-1);
    if (page === undefined) expect(leaf).toBe(componentOf(NOT_FOUND_MODULE));
    else expect(leaf).toBe(componentOf(pages[page].module));
  });

  it('when the route modules are listed, then each is a page, a layout or the not-found screen of the table', () => {
    const named = new Set([
      ...Object.values(pages).map((page) => page.module),
      ...Object.values(pageLayouts).map((layout) => layout.module),
      NOT_FOUND_MODULE,
    ]);
    expect(Object.keys(routeModules).sort()).toEqual([...named].sort());
  });

  it('when each route module the table names is loaded, then it exports a Component for the router to draw', async () => {
    for (const [module, load] of Object.entries(routeModules)) {
      expect(typeof (await load()).Component, module).toBe('function');
    }
  });
});

/** Where a guard sent the visitor. */
function Where() {
  return <p>{`at ${useLocation().pathname}`}</p>;
}

const signedInAs = (role: 'customer' | 'admin'): AuthState => ({
  status: 'signedIn',
  user: { email: `${role}@example.com`, displayName: role, photoURL: null },
  role,
});

/** Opens a page's path as `state`, the server saying whether the user is an admin or a customer. */
function openAs(state: AuthState, path: string, url: string, module: string) {
  const never = () => Promise.reject(new Error('not in this test'));
  const auth: Auth = { ...state, signIn: never, register: never, signInWithGoogle: never, signOut: never };
  const admin = state.status === 'signedIn' && state.role === 'admin';
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input) =>
      Promise.resolve(jsonResponse(String(input).includes('admin') ? { admin } : { users: !admin })),
    ),
  );
  const Drawn = routeComponents.get(module) as ComponentType;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={<Drawn />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

/** Who each access turns away, and where to. */
const turnedAway: Record<PageAccess, [who: AuthState, to: string][]> = {
  anyone: [],
  signedIn: [[{ status: 'signedOut' }, '/login']],
  customer: [
    [{ status: 'signedOut' }, '/login'],
    [signedInAs('admin'), '/'],
  ],
  admin: [
    [{ status: 'signedOut' }, '/login'],
    [signedInAs('customer'), '/login'],
  ],
};

const guarded = [
  ...pageNames.map((name) => [name, pages[name]] as const),
  ...Object.entries(pageLayouts).map(([name, layout]) => [`layout ${name}`, layout] as const),
].flatMap(([name, page]) =>
  turnedAway[page.access].map(
    ([who, to]) => [name, who.status === 'signedIn' ? who.role : who.status, page, who, to] as const,
  ),
);

describe('the guard of each page comes from the page table', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(guarded)(
    'when %s is opened %s, then the router turns the visitor away as its access says',
    async (_name, _who, page, who, to) => {
      const url = page.path.replace(/:[\w-]+/g, '00000000-0000-4000-8000-000000000001');
      openAs(who, page.path, url, page.module);
      expect(await screen.findByText(`at ${to}`)).toBeInTheDocument();
    },
  );

  it('when the route modules are read, then none guards itself: the router alone draws the guards', () => {
    const routes = join(import.meta.dirname, '..', 'routes');
    const files = readdirSync(routes, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'),
    );
    expect(files.length).toBeGreaterThan(10);
    const guarding = files.filter((file) =>
      /\bRequire(Auth|Admin|Customer)\b/.test(readFileSync(join(routes, file), 'utf8')),
    );
    expect(guarding).toEqual([]);
  });
});
