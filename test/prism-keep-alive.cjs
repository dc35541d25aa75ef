// Preloaded into Prism's mock server by test/prism.ts. Prism's parameter deserializers throw
// on some absent optional parameters (an array header, a space-delimited query), which would
// end the process; the throw is written out instead, and the test abandons that request.
'use strict';
const report = (e) => process.stdout.write(`\nprism-uncaught: ${String((e && e.message) || e).split('\n')[0]}\n`);
process.on('uncaughtException', report);
process.on('unhandledRejection', report);
