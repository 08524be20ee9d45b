import { mountApp } from '@printpool/platform';
import { App } from './App.js';

mountApp(<App />);
