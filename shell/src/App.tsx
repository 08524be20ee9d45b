import { useAuth, useRedirectWhenUnauthorized } from '@printpool/platform';
import { AppRoutes } from './routes/AppRoutes.js';
import { PublicRoutes } from './routes/PublicRoutes.js';

export function App() {
  const { isAuthenticated, isLoading } = useAuth();
  useRedirectWhenUnauthorized();
  return isAuthenticated ? <AppRoutes /> : <PublicRoutes authLoading={isLoading} />;
}
