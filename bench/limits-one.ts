/**
 * One case of bench/limits.ts in a process of its own, for its peak memory: prints the
 * process's peak RSS in KiB after preparing the input, and running it when asked.
 * Usage: node --import tsx bench/limits-one.ts <case index> run|prepare
 */
import { cases } from './limits';

const [index, mode] = process.argv.slice(2);
const run = cases()[Number(index)].prepare();
if (mode === 'run') await run();
console.log(process.resourceUsage().maxRSS);
