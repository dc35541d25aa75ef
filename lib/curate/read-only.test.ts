import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateSkill } from '../generate';
import { exportFiles } from '../bundle/bundle';
import { parseSkillPackage, packageFiles } from '../skill/package';
import { readOnlyPackage } from './read-only';
import { removeOperations } from './remove';

const specs = ['../../public/samples/hollowbrook.openapi.yaml', '../convert/fixtures/promises/openapi.yaml'];

async function generate(path: string, readOnly: boolean) {
  const url = new URL(path, import.meta.url);
  const files = [{ path: url.pathname.split('/').pop()!, text: readFileSync(fileURLToPath(url), 'utf8') }];
  const generated = await generateSkill({ files }, { bundleLimit: false, ...(readOnly ? { curation: { readOnly: true } } : {}) });
  if (!generated.ok) throw new Error(JSON.stringify(generated.problems));
  return parseSkillPackage({ folder: generated.value.result.folder, files: generated.value.result.files });
}

describe('readOnlyPackage', () => {
  for (const spec of specs) {
    it(`gives the files convert --read-only gives when the skill is ${spec.split('/').slice(-2).join('/')}`, async () => {
      const wizard = readOnlyPackage(await generate(spec, false));
      const cli = await generate(spec, true);
      expect(exportFiles(wizard, { tools: true }).files).toEqual(exportFiles(cli, { tools: true }).files);
    });
  }

  it('keeps what generated-with recorded, adding readOnly, when the skill was curated before', async () => {
    const pkg = await generate('../convert/fixtures/promises/openapi.yaml', false);
    const safeOne = pkg.operations.find((o) => o.declaration && o.declaration.method === 'GET')!;
    const kept = readOnlyPackage(removeOperations(pkg, [safeOne.file]).pkg);
    expect(kept.operations.map((o) => o.file)).not.toContain(safeOne.file);
    expect(packageFiles(kept).files.get('SKILL.md')).toContain('generated-with: "{\\"readOnly\\":true}"');
  });
});
