// The shell without its async boundary (shell/src/index.ts): no shared modules to negotiate
// and no remote entries to fetch ahead, so the app mounts as its one bundle runs.
import './openDashboard.js';
import '../../../../shell/src/bootstrap.js';
