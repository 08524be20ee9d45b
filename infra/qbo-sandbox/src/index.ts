export { createQboSandbox, type QboSandbox } from './app.js';
export type { CompanySpec, OAuthClientConfig, QboSandboxOptions, SandboxLimits, WebhookConfig, WebhookFormat } from './config.js';
export { AdminControl, type CompanySummary } from './admin/control.js';
export type { FaultKind, FaultRequest } from './api/fault-injection.js';
export {
  generateCompany,
  INTUIT_FIXTURES_DIR,
  loadRecordedEntities,
  realmIdFor,
  recordedCompany,
  type GenerateOptions,
  type RecordedEntities,
} from './seed/index.js';
export { intuitSignature } from './webhooks/signature.js';
export type { WebhookChange } from './webhooks/change.js';
export type { MergeResult } from './admin/merge.js';
export type { ChangeEvent, EntityName, QboObject } from './store/types.js';
export { loadSandboxOptions, SANDBOX_SETTINGS } from './env.js';
