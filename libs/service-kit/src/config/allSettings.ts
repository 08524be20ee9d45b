import { STREAM_SETTINGS } from '../events/streamRetention.js';
import { TELEMETRY_SETTINGS } from '../telemetry/tracing.js';
import { PROCESS_SETTINGS } from './processSettings.js';

/** Every variable service-kit declares, in the order docs/configuration.md lists them. */
export const SERVICE_KIT_SETTINGS = [PROCESS_SETTINGS, STREAM_SETTINGS, TELEMETRY_SETTINGS] as const;
