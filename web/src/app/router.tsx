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
      { path: 'login', lazy: () => import('../routes/login') },
      { path: 'register', lazy: () => import('../routes/register') },
      { path: 'auth/popup-done', lazy: () => import('../routes/popup-done') },
      { path: 'products/:productsId', lazy: () => import('../routes/product') },
      {
        path: 'dashboard',
        lazy: () => import('../routes/dashboard/layout'),
        children: [
          { index: true, lazy: () => import('../routes/dashboard/profile') },
          { path: 'makeadmin', lazy: () => import('../routes/dashboard/make-admin') },
          { path: 'addproduct', lazy: () => import('../routes/dashboard/add-product') },
          { path: 'manageproduct', lazy: () => import('../routes/dashboard/manage-products') },
          { path: 'review', lazy: () => import('../routes/dashboard/review') },
          { path: 'myOrder', lazy: () => import('../routes/dashboard/my-order') },
          { path: 'payment/:id', lazy: () => import('../routes/dashboard/payment') },
          { path: '*', lazy: () => import('../routes/not-found') },
        ],
      },
      { path: '*', lazy: () => import('../routes/not-found') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
