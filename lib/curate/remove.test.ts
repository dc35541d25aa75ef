import { describe, expect, it } from 'vitest';
import { convertSpec, specInputFromDocument } from '../convert';
import { checkPackage } from '../rules';
import { packageFiles, parseSkillPackage, updateSkillFile } from '../skill/package';
import { manyOperationsSpec } from '../../test/many-operations';
import { operationsOrder, removeOperations, restoreOperations } from './remove';

function many() {
  const result = convertSpec(specInputFromDocument(manyOperationsSpec({ tags: 3, actions: 2 })), { sha256: 'abc' });
  return { result, pkg: parseSkillPackage({ folder: result.folder, files: result.files }) };
}

const types = (files: Map<string, string>) => Object.keys(JSON.parse(files.get('types.json') ?? '{}'));
const byTag = (report: ReturnType<typeof many>['result']['report'], tag: string) => report.declared.filter((d) => d.tags.includes(tag)).map((d) => d.file);

describe('removeOperations', () => {
  it('takes out the files, their Operations entries, and the types only they reached', () => {
    const { result, pkg } = many();
    expect(types(result.files)).toEqual(['Address', 'Customer', 'Invoice', 'Money', 'Payment']);
    const removal = removeOperations(pkg, [...byTag(result.report, 'customers'), ...byTag(result.report, 'invoices')]);
    const files = packageFiles(removal.pkg).files;
    expect([...files.keys()].filter((f) => /^(customer|invoice|list_customers|list_invoices)/.test(f))).toEqual([]);
    expect(files.get('SKILL.md')).not.toMatch(/`(create|get|update|delete)_(customer|invoice)`/);
    // Payment and Money are still used; Customer, Invoice and Address went with their operations.
    expect(types(files)).toEqual(['Money', 'Payment']);
    expect([...removal.prunedTypes.keys()].sort()).toEqual(['Address', 'Customer', 'Invoice']);
    expect(removal.removed.get('create_customer.md')).toEqual({ text: result.files.get('create_customer.md'), entry: '- `create_customer`: Create one of the customers.', read: expect.anything() });
    expect(removal.removed.get('create_customer.md')?.read).toBe(pkg.operations.find((o) => o.file === 'create_customer.md'));
    expect(checkPackage(removal.pkg)).toEqual([]);
  });

  it('drops types.json when no type is left, and ignores paths that are not operation files of the skill', () => {
    const { result, pkg } = many();
    const keep = ['get_health.md', 'list_payments.md'];
    const removal = removeOperations(pkg, [...result.files.keys()].filter((f) => !keep.includes(f)).concat(['nope.md']));
    expect([...packageFiles(removal.pkg).files.keys()]).toEqual(['SKILL.md', 'get_health.md', 'list_payments.md']);
    expect(removal.removed.has('SKILL.md')).toBe(false);
    expect(checkPackage(removal.pkg)).toEqual([]);
  });

  it('leaves a type no operation reached before alone (types-unused names it), and a types.json that does not parse', () => {
    const { result, pkg } = many();
    const typesText = result.files.get('types.json')!;
    const withSpare = updateSkillFile(pkg, 'types.json', typesText.replace('{\n', '{\n  "Spare": {"type": "object"},\n'));
    expect(types(packageFiles(removeOperations(withSpare, byTag(result.report, 'customers')).pkg).files)).toEqual(['Address', 'Invoice', 'Money', 'Payment', 'Spare']);
    const broken = updateSkillFile(pkg, 'types.json', `${typesText}}`);
    const removal = removeOperations(broken, byTag(result.report, 'customers'));
    expect(packageFiles(removal.pkg).files.get('types.json')).toBe(`${typesText}}`);
    expect(removal.prunedTypes.size).toBe(0);
  });
});

describe('restoreOperations', () => {
  it('puts everything back byte for byte: files, entries where they were, and the pruned types', () => {
    const { result, pkg } = many();
    const gone = [...result.files.keys()].filter((f) => f.endsWith('.md') && f !== 'SKILL.md' && !f.startsWith('list_payments'));
    const removal = removeOperations(pkg, gone);
    const order = operationsOrder(result.files.get('SKILL.md'));
    // Back in two goes, in another order than they left: the entries still land where they were.
    const half = gone.filter((_, i) => i % 2 === 0);
    const first = restoreOperations(removal.pkg, half.reverse(), removal.removed, removal.prunedTypes, order);
    const rest = gone.filter((f) => !half.includes(f));
    const second = restoreOperations(first.pkg, rest, removal.removed, removal.prunedTypes, order);
    expect(first.restored.length + second.restored.length).toBe(gone.length);
    expect(new Map([...packageFiles(second.pkg).files].sort())).toEqual(new Map([...result.files].sort()));
  });

  it('puts back only removed files, and each only once', () => {
    const { pkg } = many();
    const removal = removeOperations(pkg, ['get_payment.md']);
    const once = restoreOperations(removal.pkg, ['get_payment.md', 'get_payment.md', 'list_payments.md'], removal.removed, removal.prunedTypes);
    expect(once.restored).toEqual(['get_payment.md']);
    expect(restoreOperations(once.pkg, ['get_payment.md'], removal.removed, removal.prunedTypes).restored).toEqual([]);
  });

  it('appends an entry whose name the order does not know at the end of the list', () => {
    const { pkg } = many();
    const removal = removeOperations(pkg, ['get_payment.md']);
    const back = restoreOperations(removal.pkg, ['get_payment.md'], removal.removed, removal.prunedTypes, []);
    const lines = back.pkg.manifest!.text.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('- `get_payment`: Look up one of the payments.');
  });
});
