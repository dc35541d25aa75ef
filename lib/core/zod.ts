/**
 * zod as the project writes it everywhere (the CLI, the library, the wizard): the functional
 * form, `zod/mini` (`z.optional(z.string())`, `.check(z.minLength(1))`). Unlike the classic
 * form, it has no message but "Invalid input" until it is given a language, so English is
 * given here, once: every schema imports zod from this file, which runs before any of them
 * is made. Import it as `import * as z from '…/core/zod'`, not its `z` export (the whole
 * namespace as one value), so that a bundle keeps only the parts used.
 *
 * The classic form also installs the memoizer that lets a recursive schema (`z.lazy`) parse
 * data that refers to itself; no schema here is recursive, so it is left out.
 */
import { config } from 'zod/mini';
import { en } from 'zod/locales';

config(en());

export * from 'zod/mini';
