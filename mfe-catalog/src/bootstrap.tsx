import { mountApp } from '@printpool/platform';
import CatalogRoutes from './routes/index.js';

// Started alone for development (open /customers or /items); inside the product the shell renders ./routes.
mountApp(<CatalogRoutes />);
