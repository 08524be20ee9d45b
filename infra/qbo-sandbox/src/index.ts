export { createQboSandbox, type QboSandbox } from './app.js';
export type { CompanySpec, OAuthClientConfig, QboSandboxOptions, SandboxLimits, WebhookConfig } from './config.js';
export { AdminControl, type CompanySummary } from './admin/control.js';
export type { FaultKind, FaultRequest } from './api/fault-injection.js';
export { generateCompany, realmIdFor, type GenerateOptions } from './seed/index.js';
export { intuitSignature } from './webhooks/signature.js';
export type { ChangeEvent, EntityName, QboObject } from './store/types.js';
export { loadSandboxOptions } from './env.js';
