import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Layout } from './Layout';
import { AccountPage, LoginPage, SignupPage } from './routes/AccountPages';
import { AskPage } from './routes/AskPage';
import { DocumentPage } from './routes/DocumentPage';
import { NotFoundPage } from './routes/NotFoundPage';
import { ResultPage } from './routes/ResultPage';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <AskPage /> },
      { path: '/searches/:id', element: <ResultPage /> },
      { path: '/documents/:pmid', element: <DocumentPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/account', element: <AccountPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
