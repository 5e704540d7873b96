// The script of the docs' pages: the live examples (<muranopl-playground>)
// and the service worker that keeps the site for offline visits. The
// pages read without it: the build wrote every example's output.

import './docs.css';
import { definePlayground } from './element';
import { registerOffline } from './offline';

definePlayground();
registerOffline('../sw.js');
