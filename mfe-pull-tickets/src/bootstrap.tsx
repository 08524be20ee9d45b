import { mountApp } from '@printpool/platform';
import PullTicketsRoutes from './routes/index.js';

// Started alone for development; inside the product the shell renders ./routes.
mountApp(<PullTicketsRoutes />);
