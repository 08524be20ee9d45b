// The gateway serves the floor's page at /floor/ (bench/frontend/src/webRoot.ts); the shell's
// routes then render the dashboard, as they do for the federated page opened at /dashboard.
window.history.replaceState(null, '', '/dashboard');
