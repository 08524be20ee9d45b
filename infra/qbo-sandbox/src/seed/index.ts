export { generateCompany, realmIdFor, type GenerateOptions } from './generate.js';
export { Prng } from './prng.js';
export { INTUIT_FIXTURES_DIR, loadRecordedEntities, recordedCompany, type RecordedEntities } from './recorded.js';
export { companyFrom } from './company.js';
