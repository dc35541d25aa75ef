/**
 * The V8 flags the bin sets before it compiles the bundle (cli/launch.ts), in the build's
 * warm-up as in every command, since V8 refuses a code cache written under other flags.
 *
 * `--interrupt-budget` at 8 times V8's default (66 KB of bytecode run before a function is
 * weighed for optimizing): a command lasts under a second or two, and with the default V8
 * spends much of it compiling functions with TurboFan on the other core, where the garbage
 * collector's helpers and the writer thread run, for code that ends before it pays back.
 * Only the hottest loops (YAML parsing, deflate, the tokenizer) are still optimized.
 * Kubernetes' `convert`: 0.54 → 0.46 s, CPU 0.88 → 0.60 s (docs/decisions.md).
 *
 * `--no-parallel-scavenge`: a young-generation collection is done by this thread alone. In
 * parallel, it is split among helper threads and waits for the last one, and when the other
 * core is busy (the writer thread validating or writing, another program) a helper waits
 * for it: with a busy loop on the other core, Kubernetes' `convert` took 0.57 s, and 0.52 s
 * with this flag (0.48 s either way with that core idle). Read at each collection, so it
 * can be set at run time (unlike the flags of concurrent marking, which crash V8 so set).
 *
 * `--no-incremental-marking-task`: the old generation is marked when it reaches V8's limit
 * (about 26 MB at first here), not already from a task started short of it (at 21 MB of 26
 * in Box's run), which suits a server's long life and not a command about to end: Box's
 * `convert` ended under the limit and paid 11 ms for a collection it did not need (201 →
 * 190 ms); Kubernetes, Stripe and OpenAI, which reach the limit anyway, are unchanged, and
 * `tokens` on Kubernetes' skill takes 628 → 589 ms.
 */
export const V8_FLAGS = `--interrupt-budget=${8 * 66 * 1024} --no-parallel-scavenge --no-incremental-marking-task`;

/**
 * What `convert` sets while js-yaml parses a YAML spec, then `V8_FLAGS` again: V8's own
 * interrupt budget. The parser's loops run hot for a tenth of a second and pay for being
 * optimized sooner; nothing is compiled from a code cache meanwhile (V8 would refuse it under
 * other flags). OpenAI's `convert` 409 → 399 ms, Stripe's 410 → 404 (median of 11).
 */
export const YAML_PARSE_FLAGS = `--interrupt-budget=${66 * 1024}`;
