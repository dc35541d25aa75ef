import type { CompatRule } from '../rule';
import { targetDescriptionLength } from './target-description-length';
import { targetDescriptionRequired } from './target-description-required';
import { targetNameLength } from './target-name-length';
import { targetNamePattern } from './target-name-pattern';
import { targetNameUnique } from './target-name-unique';
import { targetRequestLimit } from './target-request-limit';
import { targetSchema } from './target-schema';
import { targetSchemaLimit } from './target-schema-limit';
import { targetSchemaRoot } from './target-schema-root';
import { targetSkill } from './target-skill';
import { targetToolCount } from './target-tool-count';

/** Every compatibility rule, in the order their problems are listed. */
export const COMPAT_RULES: readonly CompatRule[] = [
  targetToolCount,
  targetRequestLimit,
  targetNameLength,
  targetNamePattern,
  targetNameUnique,
  targetDescriptionRequired,
  targetDescriptionLength,
  targetSchemaRoot,
  targetSchema,
  targetSchemaLimit,
  targetSkill,
];
