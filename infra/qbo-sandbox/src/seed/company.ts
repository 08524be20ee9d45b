import type { CompanySpec } from '../config.js';
import type { CompanyData } from '../store/realm.js';
import { generateCompany, realmIdFor } from './generate.js';
import { recordedCompany } from './recorded.js';

/** The company a spec describes: its recorded objects when it has some, else one generated as of `spec.asOf`, or `now`. */
export function companyFrom(spec: CompanySpec, now: number): CompanyData {
  if (spec.records) return recordedCompany({ realmId: spec.realmId ?? realmIdFor(spec.seed), companyName: spec.companyName, records: spec.records, now });
  return generateCompany({ ...spec, now: spec.asOf ?? now });
}
