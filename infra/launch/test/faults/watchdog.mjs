// Ends what the fault suite started when the suite's process is gone, however it ended (Jest
// killed on a timeout, Ctrl-C, kill -9): the servers and the product run in process groups of
// their own, which nothing else would end. argv: the suite's pid, its state file (the process
// groups it owns, as JSON), its working directory. Exits once the directory is gone (a clean end).
import { existsSync, readFileSync, rmSync } from 'node:fs';

const [parentPid, stateFile, workDir] = process.argv.slice(2);

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const timer = setInterval(() => {
  if (!existsSync(workDir)) {
    clearInterval(timer);
    return;
  }
  if (alive(Number(parentPid))) return;
  clearInterval(timer);
  let groups = [];
  try {
    groups = JSON.parse(readFileSync(stateFile, 'utf8'));
  } catch {
    // Nothing registered yet.
  }
  for (const pid of groups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  // PostgreSQL's files stay busy for a moment after its processes are killed.
  setTimeout(() => rmSync(workDir, { recursive: true, force: true }), 1000);
}, 500);
