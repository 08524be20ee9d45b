import { prefetchRemoteEntries } from './federation/remotes.js';

// The remote modules the first page shows start loading now, beside the shared modules,
// rather than after the app's first render, which holds the main thread for a while.
prefetchRemoteEntries(window.location.pathname);
// Async boundary: shared singletons are negotiated before any app code runs.
import('./bootstrap');
