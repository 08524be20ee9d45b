import { mountApp } from '@printpool/platform';
import SalesOrdersRoutes from './routes/index.js';

// Started alone for development; inside the product the shell renders ./routes and ./widgets.
mountApp(<SalesOrdersRoutes />);
