// Plain JavaScript on purpose: it must run on the old Node versions it turns away. `npm start`
// runs it first (prestart), so a Node older than package.json's `engines` stops with one line
// naming the version instead of a stack trace about `.ts` files (docs/decisions/0002).
import fs from 'node:fs';

const wanted = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).engines
  .node;
const minimum = Number(/\d+/.exec(wanted)?.[0]);
const major = Number(process.versions.node.split('.')[0]);
if (major < minimum) {
  console.error(
    `The marketplace needs Node.js ${minimum} or newer (package.json engines "${wanted}"); this is Node.js ${process.version}. See README "Two commands".`,
  );
  process.exit(1);
}
