import { describeEventBusContract } from './busContract.js';
import { createInProcessBus } from '../src/events/inProcessBus.js';
import { createLogger } from '../src/logger.js';

const logger = createLogger('test', 'silent');

describeEventBusContract('in-process bus', async (policy) => createInProcessBus({ logger, ...policy }));
