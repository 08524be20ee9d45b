import { LegalDocument } from './LegalDocument.js';
import { EULA_INTRO, EULA_SECTIONS } from './eulaSections.js';

export function EulaPage() {
  return <LegalDocument title="End User License Agreement" intro={EULA_INTRO} sections={EULA_SECTIONS} />;
}
