import { createBrowserRouter } from 'react-router';
import { LoadingSpinner } from '../components/LoadingSpinner';
import { RootLayout } from './RootLayout';

/** Every screen is its own chunk, so the home page loads only what it needs. */
export const routes = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: LoadingSpinner,
    children: [
      { index: true, lazy: () => import('../routes/home') },
      { path: 'home', lazy: () => import('../routes/home') },
      { path: 'blog', lazy: () => import('../routes/blog') },
      { path: 'portfolio', lazy: () => import('../routes/portfolio') },
      { path: 'products/:productsId', lazy: () => import('../routes/product') },
      { path: '*', lazy: () => import('../routes/not-found') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
