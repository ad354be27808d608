import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { NOT_FOUND_MODULE, pageLayouts, pages, type Page } from '@contract/pages';
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

/** One lazy component per route module: `/` and `/home` draw the same one. */
export const routeComponents = new Map<string, ComponentType>();

function elementOf(module: string) {
  let Component = routeComponents.get(module);
  if (!Component) {
    const load = routeModules[module];
    if (!load) throw new Error(`The page table names ${module}, which is not a module of web/src/routes`);
    Component = lazy(() => load().then((loaded) => ({ default: loaded.Component })));
    routeComponents.set(module, Component);
  }
  return <Component />;
}

/** A page's route under the parent route at `parentPath`: the parent's index when the paths are equal. */
function routeOf(page: Page, parentPath: string): RouteObject {
  const path = page.path.slice(parentPath.length).replace(/^\//, '');
  return path === '' ? { index: true, element: elementOf(page.module) } : { path, element: elementOf(page.module) };
}

const notFound = (): RouteObject => ({ path: '*', element: elementOf(NOT_FOUND_MODULE) });

const allPages: readonly Page[] = Object.values(pages);

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      ...allPages.filter((page) => !page.layout).map((page) => routeOf(page, '/')),
      ...Object.entries(pageLayouts).map(([name, layout]) => ({
        path: layout.path.slice(1),
        element: elementOf(layout.module),
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
