import { LegalDocument } from './LegalDocument.js';
import { PRIVACY_INTRO, PRIVACY_SECTIONS } from './privacySections.js';

export function PrivacyPage() {
  return <LegalDocument title="Privacy Policy" intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} />;
}
