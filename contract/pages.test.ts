import { describe, expect, it } from 'vitest';
import { PAGE_ACCESS, findPage, pageLayouts, pagePaths, pages, type Page } from './pages.js';

describe('the page table', () => {
  it('when a page is written without an access, then the type checker refuses it (and the build, vite.config.ts)', () => {
    // @ts-expect-error: every page says who may open it; the router draws that guard.
    const open: Page = { path: '/open', module: 'src/routes/open.tsx' };
    expect(open).not.toHaveProperty('access');
    for (const page of [...Object.values(pages), ...Object.values(pageLayouts)]) {
      expect(PAGE_ACCESS).toContain(page.access);
    }
  });

  it('when a link to a page with a parameter is built, then the value fills its one segment, URL-encoded', () => {
    expect(pagePaths.product('5f1d7c1e-0000-4000-8000-000000000001')).toBe(
      '/products/5f1d7c1e-0000-4000-8000-000000000001',
    );
    expect(pagePaths.payment('a b/c?d')).toBe('/dashboard/payment/a%20b%2Fc%3Fd');
    expect(pagePaths.orderDetails('5f1d7c1e-0000-4000-8000-000000000001')).toBe(
      '/dashboard/myOrder/5f1d7c1e-0000-4000-8000-000000000001',
    );
  });

  it('when a link to a page without parameters is taken, then it is the page path itself', () => {
    expect(pagePaths.blog).toBe('/blog');
    expect(pagePaths.myOrder).toBe('/dashboard/myOrder');
    expect(pagePaths.root).toBe('/');
  });

  it('when every link the table builds is looked up, then it finds its own page', () => {
    for (const [name, path] of Object.entries(pagePaths)) {
      const url = typeof path === 'string' ? path : path('some-id');
      expect(findPage(url), url).toBe(name);
    }
  });

  it.each([
    ['/', 'root'],
    ['/home', 'home'],
    ['/Blog', 'blog'],
    ['/blog/', 'blog'],
    ['/dashboard/myorder', 'myOrder'],
    ['/products/any-one-segment', 'product'],
    ['/products/a%2Fb', 'product'],
    ['/bl%6Fg', 'blog'],
    ['/dashboard/payment/x', 'payment'],
    ['/cart', 'cart'],
    ['/Cart/', 'cart'],
    ['/checkout', 'checkout'],
    ['/dashboard/myOrder/x', 'orderDetails'],
    ['/dashboard/myorder/x/', 'orderDetails'],
  ] as const)('when %s is looked up, then it is the page %s (as React Router matches)', (url, page) => {
    expect(findPage(url)).toBe(page);
  });

  it.each([
    '/no/such/page',
    '/index.html',
    '/blogs',
    '/blog/x',
    '/products',
    '/products/',
    '/products/a/b',
    '/dashboard/payment',
    '/dashboard/payment/a/b',
    '/dashboard/nothing',
    '/auth',
    '/cart/x',
    '/checkout/x',
    '/dashboard/myOrder/a/b',
  ])('when %s is looked up, then no page has it', (url) => {
    expect(findPage(url)).toBeUndefined();
  });

  it('when a page sits in a layout, then its path starts with the layout path', () => {
    for (const page of Object.values(pages)) {
      if (!('layout' in page)) continue;
      const base = pageLayouts[page.layout].path;
      expect(page.path === base || page.path.startsWith(`${base}/`), page.path).toBe(true);
    }
  });
});
