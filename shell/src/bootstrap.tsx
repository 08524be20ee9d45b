import { mountApp } from '@printpool/platform';
import { App } from './App.js';
import { prefetchRemoteEntries } from './federation/remotes.js';

prefetchRemoteEntries(window.location.pathname);
mountApp(<App />);
