import { generationRecord, GENERATED_WITH, readGenerationRecord, writeGenerationRecord } from '../convert/generation-record';
import { MANIFEST_FILE } from '../skill/manifest';
import { setManifestMetadata } from '../skill/operation-edit';
import { declaredSafety } from '../skill/operation-file';
import { updateSkillFile, type SkillPackage } from '../skill/package';
import { removeOperations } from './remove';

/**
 * The skill as a read-only export holds it (SPEC 8.2): the safe operations only, the others
 * taken out by `removeOperations` (their Operations entries and the types only they reached
 * going with them), and `metadata.generated-with` recording `readOnly`, as
 * `convert --read-only` gives for the same operations. An operation without an `operation:`
 * block is not a tool a grant could call, and goes too, as in `convert --read-only`.
 */
export function readOnlyPackage(pkg: SkillPackage): SkillPackage {
  const unsafe = pkg.operations.filter((o) => !o.declaration || declaredSafety(o.declaration) !== 'safe').map((o) => o.file);
  const { pkg: safe } = removeOperations(pkg, unsafe);
  const manifest = safe.manifest;
  if (!manifest) return safe;
  const recorded = readGenerationRecord(manifest.data);
  // A record that cannot be read is the person's to fix; the export still says it is read-only.
  const record = generationRecord({ ...(recorded.ok ? recorded.value : {}), readOnly: true });
  const written = setManifestMetadata(MANIFEST_FILE, manifest.text, GENERATED_WITH, writeGenerationRecord(record)!);
  return written.ok ? updateSkillFile(safe, MANIFEST_FILE, written.value) : safe;
}
