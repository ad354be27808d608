import type { ComponentType, ReactElement } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_PAGE_PATHS } from '@contract/pages.examples';
import { NOT_FOUND_MODULE, findPage, pageLayouts, pagePaths, pages, type PageName } from '@contract/pages';
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
