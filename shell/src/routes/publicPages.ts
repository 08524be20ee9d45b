import { lazy } from 'react';

// Public pages are a separate chunk: a signed-in first load does not download them.
const publicPages = () => import('./public/index.js');

export const LandingPage = lazy(() => publicPages().then((m) => ({ default: m.LandingPage })));
export const LoginPage = lazy(() => publicPages().then((m) => ({ default: m.LoginPage })));
export const EulaPage = lazy(() => publicPages().then((m) => ({ default: m.EulaPage })));
export const PrivacyPage = lazy(() => publicPages().then((m) => ({ default: m.PrivacyPage })));
export const HelpPage = lazy(() => publicPages().then((m) => ({ default: m.HelpPage })));
export const InvitationPage = lazy(() => publicPages().then((m) => ({ default: m.InvitationPage })));
