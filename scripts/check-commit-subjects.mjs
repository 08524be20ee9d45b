// Every commit subject stays within 72 characters (docs/development.md, Commits), so `git log
// --oneline` and review tools show it whole. Only commits after BASE are held to it: the history
// before it was written without the check and stays as it is.
//
//   node scripts/check-commit-subjects.mjs [base]     (default: the commit the check started from)
import { execFileSync } from 'node:child_process';

const MAX_SUBJECT = 72;
/** The main branch's head when the check was introduced; every later commit keeps the limit. */
const HISTORY_BASE = '4acb6eb7e56a1cac7295cd1cc9e42b6edc38e548';

const git = (...args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const known = (commit) => {
  try {
    git('cat-file', '-e', `${commit}^{commit}`);
    return true;
  } catch {
    return false;
  }
};

const base = process.argv[2] ?? HISTORY_BASE;
let range;
try {
  git('rev-parse', '--git-dir');
  range = known(base) ? `${base}..HEAD` : undefined;
} catch {
  process.stdout.write('commit subjects: not a git checkout, nothing to check\n');
  process.exit(0);
}
if (!range) {
  // A shallow clone that stops short of the base holds only commits made after it.
  if (git('rev-parse', '--is-shallow-repository').trim() !== 'true') {
    process.stderr.write(`commit subjects: ${base} is not a commit of this repository; name the base to check from\n`);
    process.exit(1);
  }
  range = 'HEAD';
}

// Merge commits are left out: git writes their subjects.
const commits = git('log', '--no-merges', '--format=%h%x00%s', range)
  .split('\n')
  .filter(Boolean)
  .map((line) => line.split('\0'));
const long = commits.filter(([, subject]) => [...subject].length > MAX_SUBJECT);
if (long.length > 0) {
  process.stderr.write(
    `commit subjects longer than ${MAX_SUBJECT} characters (reword them with git rebase -i):\n${long
      .map(([hash, subject]) => `  ${hash} (${[...subject].length}): ${subject}`)
      .join('\n')}\n`,
  );
  process.exit(1);
}
const since = range === 'HEAD' ? 'in this shallow clone' : `after ${git('rev-parse', '--short', base).trim()}`;
process.stdout.write(`commit subjects: ${commits.length} commits ${since}, none over ${MAX_SUBJECT} characters\n`);
