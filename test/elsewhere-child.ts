/** The other process of test/elsewhere.ts: reads a job as JSON on stdin, writes its output bytes to stdout. */
import { runJob, type Job } from './elsewhere';

const chunks: Buffer[] = [];
for await (const c of process.stdin) chunks.push(c as Buffer);
const job = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Job;
process.stdout.write(await runJob(job, true));
