// Every HTTP body and entity type is declared once, in libs/contracts, and read from there by
// both sides (docs/development.md, "Contracts"): no other package declares a type of the same name
// as one the contracts export, nor a `...Body` of its own. A caller derives what it needs
// (RouteInput<'post /api/...'>['body'], RouteAnswer<...>, libs/contracts routeCall.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const CODE = /\.(ts|tsx)$/;
// A declaration (not a name in an import list); an alias that derives from a contract is fine.
const DECLARATION =
  /^\s*(?:export\s+)?(?:interface\s+([A-Z]\w*)\s*(?:\{|<|extends)|type\s+([A-Z]\w*)\s*(?:<[^=]*)?=(?!\s*(?:RouteInput|RouteAnswer|Required<RouteInput|z\.)))/;
// QuickBooks' own wire shapes (its Customer, Item, request bodies) are Intuit's, not PrintPool's contracts.
const INTUIT_SHAPES = /^(infra\/qbo-sandbox\/|svc-sync\/src\/(qbo|domain)\/)/;

const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => CODE.test(file) && existsSync(file) && !file.endsWith('.d.ts'));
const contractFiles = files.filter((file) => file.startsWith('libs/contracts/src/') && !/\.test\.tsx?$/.test(file));
const contractTypes = new Set(
  contractFiles.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/^export\s+(?:interface|type)\s+([A-Z]\w*)/gm)].map((match) => match[1])),
);

const problems = [];
for (const file of files) {
  if (file.startsWith('libs/contracts/') || INTUIT_SHAPES.test(file)) continue;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const match = DECLARATION.exec(line);
      const name = match?.[1] ?? match?.[2];
      if (!name) return;
      if (contractTypes.has(name)) problems.push(`${file}:${index + 1}: ${name} is libs/contracts' type: import it from @printpool/contracts`);
      else if (name.endsWith('Body'))
        problems.push(`${file}:${index + 1}: ${name} declares a request body: derive it from its route (RouteInput<'...'>['body'])`);
    });
}
if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`contract types: ${contractTypes.size} declared in libs/contracts, none again in ${files.length - contractFiles.length} other files\n`);
