import '@printpool/platform/rest-styles';
export { LandingPage } from './landing/LandingPage.js';
export { LoginPage } from './login/LoginPage.js';
export { EulaPage } from './legal/EulaPage.js';
export { PrivacyPage } from './legal/PrivacyPage.js';
export { HelpPage } from './help/HelpPage.js';
export { InvitationPage } from './invitation/InvitationPage.js';
