/** ./settings: sections of the shell's Settings page, one named export each. */
export { VendorProgramDefaultsCard } from './VendorProgramDefaultsCard.js';
