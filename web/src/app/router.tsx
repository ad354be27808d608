import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { RootLayout } from './RootLayout';

/**
 * Every screen is its own chunk, so the home page loads only what it needs. Declarative routes
 * (BrowserRouter + Routes) rather than a data router: the store loads its data with TanStack Query,
 * and the data router's code was 17 KB gzip of the first download (docs/decisions/0013).
 */
const page = (load: () => Promise<{ Component: ComponentType }>) =>
  lazy(() => load().then((module) => ({ default: module.Component })));

const Home = page(() => import('../routes/home'));
const Blog = page(() => import('../routes/blog'));
const Portfolio = page(() => import('../routes/portfolio'));
const Login = page(() => import('../routes/login'));
const Register = page(() => import('../routes/register'));
const PopupDone = page(() => import('../routes/popup-done'));
const Product = page(() => import('../routes/product'));
const DashboardLayout = page(() => import('../routes/dashboard/layout'));
const Profile = page(() => import('../routes/dashboard/profile'));
const MakeAdmin = page(() => import('../routes/dashboard/make-admin'));
const AddProduct = page(() => import('../routes/dashboard/add-product'));
const ManageProducts = page(() => import('../routes/dashboard/manage-products'));
const Review = page(() => import('../routes/dashboard/review'));
const MyOrder = page(() => import('../routes/dashboard/my-order'));
const Payment = page(() => import('../routes/dashboard/payment'));
const NotFound = page(() => import('../routes/not-found'));

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RootLayout />}>
        <Route index element={<Home />} />
        <Route path="home" element={<Home />} />
        <Route path="blog" element={<Blog />} />
        <Route path="portfolio" element={<Portfolio />} />
        <Route path="login" element={<Login />} />
        <Route path="register" element={<Register />} />
        <Route path="auth/popup-done" element={<PopupDone />} />
        <Route path="products/:productsId" element={<Product />} />
        <Route path="dashboard" element={<DashboardLayout />}>
          <Route index element={<Profile />} />
          <Route path="makeadmin" element={<MakeAdmin />} />
          <Route path="addproduct" element={<AddProduct />} />
          <Route path="manageproduct" element={<ManageProducts />} />
          <Route path="review" element={<Review />} />
          <Route path="myOrder" element={<MyOrder />} />
          <Route path="payment/:id" element={<Payment />} />
          <Route path="*" element={<NotFound />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
