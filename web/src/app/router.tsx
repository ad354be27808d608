import { lazy, type ComponentType, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { NOT_FOUND_MODULE, pageLayouts, pages, type Page, type PageAccess } from '@contract/pages';
import { RequireAdmin, RequireAuth, RequireCustomer } from '../features/auth/components/guards';
import { RootLayout } from './RootLayout';

/**
 * The routes of the contract's page table. Every route module is its own chunk, loaded when a page
 * first needs it, so the home page loads only what it draws. Declarative routes (useRoutes) rather
 * than a data router: the store loads its data with TanStack Query, and the data router's code was
 * 17 KB gzip of the first download (docs/decisions/0013).
 */

type RouteModule = { Component: ComponentType };

/**
 * Every route module, by the name the page table and Vite's manifest give it (`src/routes/home.tsx`).
 * The glob becomes one literal `import()` per file, which is what lets Vite make each its own chunk.
 */
export const routeModules: Readonly<Record<string, () => Promise<RouteModule>>> = Object.fromEntries(
  Object.entries(import.meta.glob<RouteModule>(['../routes/**/*.tsx', '!../routes/**/*.test.tsx'])).map(
    ([file, load]) => [file.replace(/^\.\.\//, 'src/'), load],
  ),
);

/** The guard the page table's `access` names, drawn around the route module by the router alone. */
export const guards: Readonly<Record<PageAccess, ComponentType<{ children: ReactNode }> | undefined>> = {
  anyone: undefined,
  signedIn: RequireAuth,
  customer: RequireCustomer,
  admin: RequireAdmin,
};

/** One component per route module, its guard around it: `/` and `/home` draw the same one. */
export const routeComponents = new Map<string, ComponentType>();
const accessOfModule = new Map<string, PageAccess>();

function elementOf(module: string, access: PageAccess) {
  if (!(access in guards)) throw new Error(`${module}: the page table gives it no access the router knows`);
  if ((accessOfModule.get(module) ?? access) !== access)
    throw new Error(`${module} is drawn by pages of different access: give each its own module`);
  accessOfModule.set(module, access);
  let Component = routeComponents.get(module);
  if (!Component) {
    const load = routeModules[module];
    if (!load) throw new Error(`The page table names ${module}, which is not a module of web/src/routes`);
    const Page = lazy(() => load().then((loaded) => ({ default: loaded.Component })));
    const Guard = guards[access];
    // The guard before the module: a visitor is sent to log in without loading the page's code.
    Component = Guard
      ? () => (
          <Guard>
            <Page />
          </Guard>
        )
      : Page;
    routeComponents.set(module, Component);
  }
  return <Component />;
}

/** A page's route under the parent route at `parentPath`: the parent's index when the paths are equal. */
function routeOf(page: Page, parentPath: string): RouteObject {
  const path = page.path.slice(parentPath.length).replace(/^\//, '');
  const element = elementOf(page.module, page.access);
  return path === '' ? { index: true, element } : { path, element };
}

const notFound = (): RouteObject => ({ path: '*', element: elementOf(NOT_FOUND_MODULE, 'anyone') });

const allPages: readonly Page[] = Object.values(pages);

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      ...allPages.filter((page) => !page.layout).map((page) => routeOf(page, '/')),
      ...Object.entries(pageLayouts).map(([name, layout]) => ({
        path: layout.path.slice(1),
        element: elementOf(layout.module, layout.access),
        children: [
          ...allPages.filter((page) => page.layout === name).map((page) => routeOf(page, layout.path)),
          // Inside the layout, so an unknown dashboard path still shows the dashboard around it.
          notFound(),
        ],
      })),
      notFound(),
    ],
  },
];

export function AppRoutes() {
  return useRoutes(appRoutes);
}
