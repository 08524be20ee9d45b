import { prefetchRemoteEntries } from './federation/remotes.js';

// The remote modules the first page shows start loading now, beside the app's own chunks,
// rather than after the app's first render, which holds the main thread for a while.
prefetchRemoteEntries(window.location.pathname);
// Async boundary: the shared modules that are not in this script (@printpool/ui's entries, such
// as the sidebar's menu: libs/platform/build/federation.js) are loaded before any app code runs.
import('./bootstrap');
