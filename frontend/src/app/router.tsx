import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RouteError } from './errors/RouteError';
import { Layout } from './Layout';
import { AccountPage, LoginPage, SignupPage } from './routes/AccountPages';
import { AskPage } from './routes/AskPage';
import { DocumentPage } from './routes/DocumentPage';
import { NotFoundPage } from './routes/NotFoundPage';
import { ResultPage } from './routes/ResultPage';

export const pages: RouteObject[] = [
  { path: '/', element: <AskPage /> },
  { path: '/searches/:id', element: <ResultPage /> },
  { path: '/documents/:pmid', element: <DocumentPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/signup', element: <SignupPage /> },
  { path: '/account', element: <AccountPage /> },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * The route tree around the pages. A page that throws is caught by the pathless route's `errorElement`, which
 * renders inside the Layout (header and footer stay); the root's `errorElement` catches the Layout itself.
 */
export function buildRoutes(children: RouteObject[]): RouteObject[] {
  return [
    {
      element: <Layout />,
      errorElement: <RouteError />,
      children: [{ errorElement: <RouteError />, children }],
    },
  ];
}

export const routes: RouteObject[] = buildRoutes(pages);

export const createAppRouter = () => createBrowserRouter(routes);
